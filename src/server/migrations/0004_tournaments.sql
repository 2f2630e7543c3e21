-- Tournaments (issue 42): arenas and Swiss events. One instance owns each (`owner`), as games.
-- Standings are never stored: they are computed from the pairings' results, so a result
-- written twice cannot count twice.
CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    variant TEXT NOT NULL,
    rated BIGINT NOT NULL,
    base_ms BIGINT,
    inc_ms BIGINT,
    days BIGINT,
    rounds BIGINT,
    length_ms BIGINT,
    status TEXT NOT NULL,
    creator TEXT,
    starts_ms BIGINT NOT NULL,
    ends_ms BIGINT,
    round BIGINT NOT NULL,
    owner TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);
CREATE INDEX tournaments_status ON tournaments (status, starts_ms);
CREATE INDEX tournaments_creator ON tournaments (creator, created_ms);

-- Who entered, with the rating at entry (pairing numbers and arena order come from it).
CREATE TABLE tournament_players (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    player_key TEXT NOT NULL,
    name TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    joined_ms BIGINT NOT NULL,
    withdrawn BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, player_key)
);
CREATE INDEX tournament_players_player ON tournament_players (player_key, joined_ms);

-- Every pairing: a Swiss round's boards (round 1, 2, ...; `black` NULL is a bye for `white`),
-- an arena's games (round 0, board counting up). Written with the round's number in one
-- transaction, before the games are created, so a restart neither pairs a round twice nor
-- loses one.
CREATE TABLE tournament_pairings (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    round BIGINT NOT NULL,
    board BIGINT NOT NULL,
    white TEXT NOT NULL,
    black TEXT,
    game_id TEXT,
    result TEXT,
    white_berserk BIGINT NOT NULL,
    black_berserk BIGINT NOT NULL,
    plies BIGINT,
    start_ms BIGINT NOT NULL,
    end_ms BIGINT,
    PRIMARY KEY (tournament_id, round, board)
);
CREATE INDEX tournament_pairings_game ON tournament_pairings (game_id);

-- A tournament's game: its first-move wait ends in a loss for the side that never moved
-- (never an abort), and the tournament's director scores it.
ALTER TABLE games ADD COLUMN tournament TEXT;
