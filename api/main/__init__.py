"""The process: the `cardroom` command, the composition root that builds the HTTP service and
the workers, graceful shutdown and the entry points (simulate, audit, export, the OpenAPI
document)."""
