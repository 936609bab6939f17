-- Players: each handle's token, stored only as its SHA-256 hash, written by the append that
-- records the player's registration (the `player:<handle>` stream).
CREATE TABLE IF NOT EXISTS player_tokens (
  handle     text  PRIMARY KEY,
  token_hash bytea NOT NULL UNIQUE
);

-- Scoreboards are now kept per player (seats linked to a player token, and bots), no longer
-- per free seat name: their tables are emptied and the projection folds the log again.
TRUNCATE seat_names, scoreboard, player_games;
DELETE FROM checkpoints WHERE name = 'scoreboards';

-- Read model: ratings per player and kind (OpenSkill, Plackett-Luce), and every change.
CREATE TABLE IF NOT EXISTS ratings (
  kind    text             NOT NULL,
  player  text             NOT NULL,
  mu      double precision NOT NULL,
  sigma   double precision NOT NULL,
  ordinal double precision NOT NULL,
  played  integer          NOT NULL,
  PRIMARY KEY (kind, player)
);
CREATE INDEX IF NOT EXISTS ratings_rank ON ratings (kind, ordinal DESC, player);
CREATE TABLE IF NOT EXISTS rating_changes (
  player      text             NOT NULL,
  kind        text             NOT NULL,
  game_id     text             NOT NULL,
  mu          double precision NOT NULL,
  sigma       double precision NOT NULL,
  ordinal     double precision NOT NULL,
  change      double precision NOT NULL,
  finished_at timestamptz      NOT NULL,
  PRIMARY KEY (game_id, player)
);
CREATE INDEX IF NOT EXISTS rating_changes_recent ON rating_changes (player, finished_at DESC);

-- Quick play: the tables it opened (and rematches), each with the seats it fills.
CREATE TABLE IF NOT EXISTS quickplay_tables (
  game_id    text        PRIMARY KEY,
  kind       text        NOT NULL,
  seats      integer     NOT NULL,
  open       boolean     NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS quickplay_open ON quickplay_tables (kind, seats, created_at)
  WHERE open;
