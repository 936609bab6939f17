"""The write path of every aggregate, and the event bus. A game as this process holds it, the
command handler that decides and appends commands to games, the one "decide, append on a stream,
tell the bus" every aggregate (tables, players, challenges) is written through, the event bus
every consumer in the process hears, challenges as the application runs them, and redaction."""
