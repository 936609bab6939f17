-- Read model: which games finished when, for the datasets (projections/finished.py).
CREATE TABLE IF NOT EXISTS finished_games (
  game_id     text PRIMARY KEY,
  kind        text NOT NULL,
  month       text NOT NULL,
  finished_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS finished_games_by_month
  ON finished_games (kind, month, finished_at, game_id);
