-- When a challenge was answered: the clock worker finishes opening the table of a challenge
-- accepted a while ago whose table was left half open (the accepting process stopped).
ALTER TABLE challenges ADD COLUMN IF NOT EXISTS answered_at timestamptz;
CREATE INDEX IF NOT EXISTS challenges_accepted ON challenges (answered_at)
  WHERE status = 'accepted';
