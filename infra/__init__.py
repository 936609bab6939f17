"""Adapters and entry points: settings, the Postgres event store, embedded servers, the CLI."""
