-- Read model: each player's news, at the log position of the event each notice comes from
-- (`slot` tells apart the notices one event makes for one player).
CREATE TABLE IF NOT EXISTS player_news (
  player          text     NOT NULL,
  tx_id           bigint   NOT NULL,
  global_position bigint   NOT NULL,
  slot            smallint NOT NULL,
  notice          jsonb    NOT NULL,
  PRIMARY KEY (player, tx_id, global_position, slot)
);

-- Read model: the tables each player sits at, until their game finishes.
CREATE TABLE IF NOT EXISTS player_tables (
  player    text    NOT NULL,
  game_id   text    NOT NULL,
  kind      text    NOT NULL,
  seat      integer NOT NULL,
  status    text    NOT NULL,
  version   integer NOT NULL,
  to_act    integer[] NOT NULL,
  your_turn boolean NOT NULL,
  PRIMARY KEY (player, game_id)
);

-- Read model: challenges, and when each open one expires (the clock worker's). An answer
-- updates its challenge's row by an upsert that names only what it changes, so the columns
-- the issue writes may not be declared NOT NULL.
CREATE TABLE IF NOT EXISTS challenges (
  challenge_id text PRIMARY KEY,
  challenger   text,
  challenged   text,
  kind         text,
  options      jsonb,
  seats        integer,
  bots         boolean,
  status       text NOT NULL,
  expires_at   timestamptz,
  game_id      text,
  reason       text
);
CREATE INDEX IF NOT EXISTS challenges_open ON challenges (expires_at) WHERE status = 'open';
