-- Engine jobs (issue 37): with PostgreSQL, each computer move and each position of a game's
-- analysis is a row here, taken by an instance's engine threads or a `parachess-server worker`
-- (`FOR UPDATE SKIP LOCKED`, lowest `priority` first, then oldest). `state`: queued, taken
-- (by `taken_by` until `lease_until`; an expired lease makes it takeable again), done (with
-- `result`) or failed. The asker (`asked_by`) deletes the row once it has read the result,
-- or when the game moved on (a cancelled job is never searched). SQLite servers keep their
-- jobs in memory.
CREATE TABLE engine_jobs (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    priority BIGINT NOT NULL,
    state TEXT NOT NULL,
    lease_ms BIGINT NOT NULL,
    asked_by TEXT NOT NULL,
    lease_until BIGINT,
    taken_by TEXT,
    result TEXT,
    created_ms BIGINT NOT NULL,
    taken_ms BIGINT,
    done_ms BIGINT
);
CREATE INDEX engine_jobs_queue ON engine_jobs (state, priority, created_ms);
