-- The options of each table offered to quick play, as its `table.created` event records them
-- (the game's options, normalized, and its clock under "clock"): quick play seats a caller
-- only at a table of the kind's default options and no clock, as it would open one.
ALTER TABLE quickplay_tables ADD COLUMN IF NOT EXISTS options jsonb;
UPDATE quickplay_tables AS offered SET options = created.data -> 'options'
  FROM events AS created
  WHERE offered.options IS NULL AND created.stream_id = offered.game_id AND created.version = 1;
