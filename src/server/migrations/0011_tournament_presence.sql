-- An arena pairs only connected players, and a player may be connected to any instance over
-- one PostgreSQL: the instances other than the owner mark the entrants connected to them
-- (`seen_ms`, Unix ms) every few seconds, and the owner counts those seen lately as connected.
ALTER TABLE tournament_players ADD COLUMN seen_ms BIGINT;
