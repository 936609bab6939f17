"""Work that acts through the core on its own. The bot worker, the clock worker, the watch both
keep over games, the bots' strategies, where the search bot thinks (a process pool), the
challenge clock and the table clock."""
