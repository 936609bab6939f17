-- Read model: sandboxes, forked from finished games to study them (projections/sandboxes.py).
CREATE TABLE IF NOT EXISTS sandboxes (
  game_id    text PRIMARY KEY,
  kind       text NOT NULL,
  source     text NOT NULL,
  at         integer NOT NULL,
  forked_by  text,
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS sandboxes_by_source ON sandboxes (source, created_at DESC, game_id);
CREATE INDEX IF NOT EXISTS sandboxes_by_player ON sandboxes (forked_by, created_at DESC, game_id);
