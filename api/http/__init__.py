"""HTTP plumbing every route shares. Errors as problem+json, seat and player tokens, rate limits,
CORS, security headers, request ids, parameters, pages and request bodies."""
