"""The per-game documentation for client developers, generated from the code.

`python -m gamedocs [FOLDER]` writes one Markdown page per hosted game and an index to
FOLDER (default `docs/games/` in the repository). Each page is built from the game's
`GameRules` value and its package docstring only: rules in brief, options, commands with a
request body, the view with a real example, events and what each viewer sees of them. The
examples come from seeded games (`gamedocs.samples`), so the same code gives the
same bytes, and `tests/api/test_gamedocs.py` fails when the committed pages differ.

A tool of the repository beside the service, not part of it (the image does not ship it):
it reads the games' Structs and their field docstrings from the source, which the published
contract never does.
"""
