"""What every process stands on: the one `Settings` and the variables it is read from, the
Postgres pool, the servers (configured or embedded), metrics, tracing and supervised work."""
