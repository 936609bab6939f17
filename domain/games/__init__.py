"""One module (or package) per game, each ending in `rules = GameRules(...)`."""
