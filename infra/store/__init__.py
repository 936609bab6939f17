"""The event store, in Postgres and in memory. The Postgres adapter of the core's ports (and the
same ports in memory), the migrations, the notices an append sends, and quick play's tables."""
