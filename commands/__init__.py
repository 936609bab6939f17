"""The application core: the store's ports, the game repository, the write-only command
handler, the event bus, the bot and clock workers, replay and audit."""
