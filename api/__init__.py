"""The HTTP API: Litestar app factory, resources and the mapping of errors to problem+json."""
