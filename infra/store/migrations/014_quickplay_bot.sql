-- Quick play's bots are of the strategy the caller chose (the earliest wait's caller's).
ALTER TABLE quickplay_tables ADD COLUMN IF NOT EXISTS bot text NOT NULL DEFAULT 'random';
