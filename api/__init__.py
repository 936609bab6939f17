"""The service's interfaces, in rooms by concern. `http` (plumbing every route shares), `routes`
(one module per resource), `live` (Server-Sent Events), `contract` (the published OpenAPI
document and the game docs) and `main` (the process: command line and composition root)."""
