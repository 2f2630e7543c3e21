-- The instance that plays each game (several instances may share one PostgreSQL).
ALTER TABLE games ADD COLUMN owner TEXT NOT NULL DEFAULT 'main';
CREATE INDEX games_owner ON games (status, owner);
