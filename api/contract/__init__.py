"""The published HTTP contract: the OpenAPI document a client generates its types from.

Litestar describes the routes from their signatures and security; this package makes that
description precise where a signature cannot (`document`): each game kind's commands, events
(redacted forms included), options and view become components named after the kind, next to
the unions over the kinds and the API's own bodies (`components`); every operation gets its
refusals as `application/problem+json` with the `code`s it can answer with, a description
and the examples its route gives (`api.http.described`). `serving` serves the result and
the docs UI; `cardroom openapi` prints it (the TypeScript client in `web/` is generated from
it).
"""
