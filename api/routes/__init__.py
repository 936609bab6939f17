"""The HTTP resources, one module per resource. Only the composition root (`api.main.app`)
imports them."""
