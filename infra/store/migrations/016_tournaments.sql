-- Read model: tournaments, for their list (projections/tournaments.py).
CREATE TABLE IF NOT EXISTS tournaments (
  tournament_id text PRIMARY KEY,
  organiser     text NOT NULL,
  kind          text NOT NULL,
  format        text NOT NULL,
  status        text NOT NULL,
  seats         integer NOT NULL,
  rounds        integer NOT NULL,
  minutes       double precision NOT NULL,
  entries       integer NOT NULL,
  round         integer NOT NULL,
  starts_at     timestamptz NOT NULL,
  started_at    timestamptz,
  ends_at       timestamptz,
  finished_at   timestamptz
);
CREATE INDEX IF NOT EXISTS tournaments_by_status ON tournaments (status, starts_at);

-- Read model: each tournament's standings, an entry a row.
CREATE TABLE IF NOT EXISTS tournament_standings (
  tournament_id    text NOT NULL,
  entry            text NOT NULL,
  rank             integer NOT NULL,
  name             text NOT NULL,
  points           integer NOT NULL,
  buchholz         integer NOT NULL,
  sonneborn_berger integer NOT NULL,
  games            integer NOT NULL,
  wins             integer NOT NULL,
  byes             integer NOT NULL,
  withdrawn        boolean NOT NULL,
  PRIMARY KEY (tournament_id, entry)
);
