-- Read model: the unfinished games the bot and clock workers watch from their start.
CREATE TABLE IF NOT EXISTS watched_games (
  game_id text PRIMARY KEY,
  bots    boolean NOT NULL DEFAULT false,
  clock   boolean NOT NULL DEFAULT false
);
