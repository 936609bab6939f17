"""What every process stands on: settings, pools, servers, metrics, tracing. The one `Settings` and
the variables it is read from, the Postgres pool, the servers (configured or embedded), metrics,
tracing and supervised work."""
