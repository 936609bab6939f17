-- Quick play that fills with bots: when a table still waiting for players is filled with bots
-- (null: it waits for players alone).
ALTER TABLE quickplay_tables ADD COLUMN IF NOT EXISTS bots_at timestamptz;
CREATE INDEX IF NOT EXISTS quickplay_bots_due ON quickplay_tables (bots_at)
  WHERE open AND bots_at IS NOT NULL;
