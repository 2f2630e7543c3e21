-- The computer analysis of finished games, one per game: `pending` while the engine works
-- through its positions, then `done` with the result (JSON, the protocol's `game_analysis`)
-- in `data`; `failed` may be asked for again.
CREATE TABLE analyses (
    game_id TEXT PRIMARY KEY,
    status TEXT NOT NULL,
    requested_by TEXT NOT NULL,
    requested_ms BIGINT NOT NULL,
    data TEXT
);
CREATE INDEX analyses_status ON analyses (status);
