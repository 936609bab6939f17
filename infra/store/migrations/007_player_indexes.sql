-- A player's page reads their scoreboard rows and ratings by player across kinds; both
-- tables are keyed by (kind, player), which a lookup by player alone cannot use.
CREATE INDEX IF NOT EXISTS scoreboard_player ON scoreboard (player);
CREATE INDEX IF NOT EXISTS ratings_player ON ratings (player);
