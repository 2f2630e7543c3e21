-- Puzzle ratings (issue 37): a Glicko-2 rating per player (guests too) and per puzzle, as
-- lichess keeps them, and each player's first finish of each puzzle (what counts, once).
CREATE TABLE puzzle_players (
    player_key TEXT PRIMARY KEY REFERENCES players (key),
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    played BIGINT NOT NULL,
    solved BIGINT NOT NULL
);

-- A puzzle is named by its stable id (src/study/puzzle.rs `Puzzle::id`); its row exists once
-- an attempt has moved its rating (before that it has the rating it was shipped with).
CREATE TABLE puzzle_ratings (
    puzzle TEXT PRIMARY KEY,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    attempts BIGINT NOT NULL
);

CREATE TABLE puzzle_attempts (
    player_key TEXT NOT NULL REFERENCES players (key),
    puzzle TEXT NOT NULL,
    solved BIGINT NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (player_key, puzzle)
);
