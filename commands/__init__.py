"""The write side: command envelopes, the registry of games and the one command handler."""
