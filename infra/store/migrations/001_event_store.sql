-- The append-only log (the single source of truth) and what the write side keeps beside it.
CREATE TABLE IF NOT EXISTS events (
  global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tx_id           xid8     NOT NULL DEFAULT pg_current_xact_id(),
  stream_id       text     NOT NULL,
  version         integer  NOT NULL CHECK (version > 0),
  event_id        uuid     NOT NULL UNIQUE,
  type            text     NOT NULL,
  schema_version  smallint NOT NULL DEFAULT 1,
  data            jsonb    NOT NULL,
  metadata        jsonb    NOT NULL,
  recorded_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream_id, version)
);
CREATE INDEX IF NOT EXISTS events_tx_position ON events (tx_id, global_position);

-- One row per game: its kind and the secret seed, published by an event when the game ends.
CREATE TABLE IF NOT EXISTS games (
  game_id    text PRIMARY KEY,
  kind       text NOT NULL,
  secret     bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Seat tokens are stored only as SHA-256 hashes.
CREATE TABLE IF NOT EXISTS seat_tokens (
  game_id    text    NOT NULL,
  seat       integer NOT NULL,
  token_hash bytea   NOT NULL UNIQUE,
  PRIMARY KEY (game_id, seat)
);

-- Idempotency: the versions each command id produced in its game.
CREATE TABLE IF NOT EXISTS commands (
  stream_id     text    NOT NULL,
  command_id    text    NOT NULL,
  first_version integer NOT NULL,
  last_version  integer NOT NULL,
  PRIMARY KEY (stream_id, command_id)
);
