"""The event store: the Postgres adapter of the core's ports (and the same ports in memory),
the migrations, the notices an append sends, and quick play's tables."""
