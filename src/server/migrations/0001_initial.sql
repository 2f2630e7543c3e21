-- Players: guests and accounts. `key` is the name in lower case (names are unique whatever
-- their case); `password` is an Argon2id PHC string, NULL for guests.
CREATE TABLE players (
    key TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    guest BIGINT NOT NULL,
    password TEXT,
    created_ms BIGINT NOT NULL
);

-- Sessions: the BLAKE2b hash of each 128-bit token, never the token itself.
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    player_key TEXT NOT NULL REFERENCES players (key),
    created_ms BIGINT NOT NULL
);

CREATE TABLE games (
    id TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    white TEXT NOT NULL,
    black TEXT NOT NULL,
    white_name TEXT NOT NULL,
    black_name TEXT NOT NULL,
    rated BIGINT NOT NULL,
    base_ms BIGINT,
    inc_ms BIGINT,
    days BIGINT,
    speed TEXT NOT NULL,
    start_text TEXT NOT NULL,
    status TEXT NOT NULL,
    result TEXT,
    reason TEXT,
    created_ms BIGINT NOT NULL,
    ended_ms BIGINT,
    white_ms BIGINT,
    black_ms BIGINT,
    last_ms BIGINT NOT NULL
);
CREATE INDEX games_status ON games (status);
CREATE INDEX games_white ON games (white, created_ms);
CREATE INDEX games_black ON games (black, created_ms);

CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games (id),
    ply BIGINT NOT NULL,
    mv TEXT NOT NULL,
    clock_ms BIGINT,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);

-- Glicko-2 ratings per player, variant and speed.
CREATE TABLE ratings (
    player_key TEXT NOT NULL REFERENCES players (key),
    variant TEXT NOT NULL,
    speed TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    PRIMARY KEY (player_key, variant, speed)
);

CREATE TABLE rating_history (
    player_key TEXT NOT NULL,
    variant TEXT NOT NULL,
    speed TEXT NOT NULL,
    game_id TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    at_ms BIGINT NOT NULL
);
CREATE INDEX rating_history_player ON rating_history (player_key, at_ms);
