-- Each game's newest snapshot: its table at one version, so a cold load folds only the events
-- after it. Taken off the write path; `schema` fingerprints the code that wrote it, and a
-- snapshot of another schema is never restored. The log stays the only truth: this table may
-- be emptied at any time.
CREATE TABLE IF NOT EXISTS snapshots (
  game_id   text PRIMARY KEY,
  version   integer NOT NULL,
  schema    text NOT NULL,
  last_hash text NOT NULL,
  phase     text NOT NULL,
  state     bytea NOT NULL,
  taken_at  timestamptz NOT NULL DEFAULT now()
);
