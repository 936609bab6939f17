"""The published HTTP contract: the OpenAPI document a client generates its types from.

Litestar describes the routes from their signatures; this package makes that description
precise where a signature cannot: each game kind's commands, events (as every viewer receives
them, redacted forms included), options and view become components named after the kind
(`kinds`), next to the components over every kind and the API's own bodies (`schemas`). Every
operation also gets its refusals as `application/problem+json` with the `code`s it can answer
with, the seat-token security scheme where it takes one and a description (`operations`), and
examples taken from a real table of each kind (`examples`). `document` puts them together;
`serving` serves the result and the docs UI.

`cardroom openapi` prints the document (the TypeScript client in `web/` is generated
from it).
"""
