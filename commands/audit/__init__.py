"""The audit of a finished game, from its published log alone. Its checks (the chain, the
seed, every command decided again, the standings), and the reports kept while a log is
unchanged."""
