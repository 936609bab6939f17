"""The application core, in four rooms. From the ground up: `log` (what is stored and how it reads:
the store's ports, the codec and its upcasters, new records, the published log, snapshots,
replay), `core` (the one write path: the game repository, the command handler, every aggregate's
stream writes, the event bus, challenges, redaction), and above it `workers` (the bots, the
clocks, where the search bot thinks) beside `audit` (a finished game checked from its published
log alone)."""
