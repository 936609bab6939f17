"""The audit: a finished game checked from its published log alone (the chain, the seed,
every command decided again, the standings), and the reports kept while a log is unchanged."""
