-- The lessons' stars per player (guests too, under their session's player): the best of each
-- stage, from 1 to 3. `lesson` is the lesson's id (`03-rook`), `stage` counts from 0.
CREATE TABLE lesson_progress (
    player_key TEXT NOT NULL REFERENCES players (key),
    lesson TEXT NOT NULL,
    stage BIGINT NOT NULL,
    stars BIGINT NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (player_key, lesson, stage)
);
