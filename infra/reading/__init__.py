"""The read side: the relay that publishes the log to a Redis stream, the stream's tail onto
the bus, the read models in Postgres, their catalog, their runner and their rebuilds."""
