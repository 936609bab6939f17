"""`python -m gamedocs [FOLDER]`: write the pages (to `docs/games/` by default)."""

import sys

from gamedocs.pages import main

raise SystemExit(main(sys.argv[1:]))
