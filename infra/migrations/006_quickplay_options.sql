-- The options of each table offered to quick play (the game's options as the table holds
-- them, its clock under "clock"): quick play seats a caller only at a table of the kind's
-- default options and no clock, as it would open one. A table offered before this column
-- has none, and is no longer offered.
ALTER TABLE quickplay_tables ADD COLUMN IF NOT EXISTS options jsonb;
