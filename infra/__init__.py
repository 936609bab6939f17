"""Adapters: the Postgres event store and read models, the relay and the tail of the Redis
stream, the projection runner, embedded servers, migrations and the one `Settings`."""
