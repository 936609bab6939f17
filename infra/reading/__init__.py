"""The read side: the relay, the stream's tail, the read models and their runner. The relay that
publishes the log to a Redis stream, the stream's tail onto the bus, the read models in
Postgres, their catalog, their runner and their rebuilds."""
