-- Friends' invitations (/invite/CODE), kept so that a restart keeps the open ones and any
-- instance over one PostgreSQL answers a link. `game` is NULL while the invitation is open,
-- '' while its game is being made (since `taken_ms`), then the game's id.
CREATE TABLE invites (
    code TEXT PRIMARY KEY,
    owner_key TEXT NOT NULL,
    owner_name TEXT NOT NULL,
    owner_guest BIGINT NOT NULL,
    variant TEXT NOT NULL,
    tc TEXT,
    days BIGINT,
    rated BIGINT NOT NULL,
    color TEXT,
    created_ms BIGINT NOT NULL,
    taken_ms BIGINT,
    game TEXT
);
CREATE INDEX invites_owner ON invites (owner_key);
CREATE INDEX invites_created ON invites (created_ms);
