-- Idempotency keys are scoped to the operation and the caller ("create", "seat",
-- "command by seat N") within a game, and remember the fingerprint (SHA-256) of the request
-- they came with, so a key sent again with another request is refused, not answered.
-- Rows recorded before keep the empty scope and fingerprint, which no new request uses.
ALTER TABLE commands ADD COLUMN IF NOT EXISTS scope text NOT NULL DEFAULT '';
ALTER TABLE commands ADD COLUMN IF NOT EXISTS fingerprint bytea NOT NULL DEFAULT ''::bytea;
ALTER TABLE commands DROP CONSTRAINT IF EXISTS commands_pkey;
ALTER TABLE commands ADD PRIMARY KEY (stream_id, scope, command_id);
