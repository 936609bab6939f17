-- Where each log reader (the relay, every projection) has got to, in commit order.
CREATE TABLE IF NOT EXISTS checkpoints (
  name            text PRIMARY KEY,
  tx_id           bigint NOT NULL,
  global_position bigint NOT NULL,
  updated_at      timestamptz NOT NULL DEFAULT now()
);

-- Read model: tables waiting for players.
CREATE TABLE IF NOT EXISTS lobby (
  game_id    text PRIMARY KEY,
  kind       text NOT NULL,
  options    jsonb NOT NULL,
  seats      text[] NOT NULL DEFAULT '{}',
  min_seats  integer NOT NULL,
  max_seats  integer NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS lobby_created ON lobby (created_at DESC, game_id);

-- Read model: one public summary per game.
CREATE TABLE IF NOT EXISTS table_summaries (
  game_id       text PRIMARY KEY,
  kind          text NOT NULL,
  status        text NOT NULL,
  version       integer NOT NULL,
  seats         text[] NOT NULL,
  to_act        integer[] NOT NULL,
  public_view   jsonb NOT NULL,
  last_activity timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS table_summaries_activity ON table_summaries (last_activity DESC, game_id);

-- Read model: results per player and kind, and each player's games.
CREATE TABLE IF NOT EXISTS seat_names (
  game_id text    NOT NULL,
  seat    integer NOT NULL,
  name    text    NOT NULL,
  PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS scoreboard (
  kind   text    NOT NULL,
  player text    NOT NULL,
  played integer NOT NULL,
  won    integer NOT NULL,
  points bigint  NOT NULL,
  PRIMARY KEY (kind, player)
);
CREATE INDEX IF NOT EXISTS scoreboard_rank ON scoreboard (kind, won DESC, points DESC, player);
CREATE TABLE IF NOT EXISTS player_games (
  player      text    NOT NULL,
  game_id     text    NOT NULL,
  kind        text    NOT NULL,
  seat        integer NOT NULL,
  score       integer NOT NULL,
  place       integer NOT NULL,
  finished_at timestamptz NOT NULL,
  PRIMARY KEY (game_id, seat)
);
CREATE INDEX IF NOT EXISTS player_games_recent ON player_games (player, finished_at DESC);
