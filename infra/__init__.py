"""Adapters, in four rooms. From the ground up: `process` (what every process stands on: the one
`Settings`, Postgres pools, embedded servers, metrics, tracing, supervised work), `store` (the
event store in Postgres and in memory, migrations, append notices, quick play's tables),
`reading` (the relay, the Redis stream and its tail, the read models and their runner, rebuilds)
and `roles` (every kind of background work, grouped into roles, and the one builder that makes a
process of them)."""
