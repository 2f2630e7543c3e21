-- A Swiss whose rounds start at set times (issue 42): round R+1 starts at `starts_ms` plus R
-- times `round_every_ms`, or when round R's last game ends if that is later. `next_round_ms`
-- is written with round R in one transaction, so a server killed with `kill -9` waits for
-- the same time when it comes back. Both NULL: each round starts when the one before ends.
ALTER TABLE tournaments ADD COLUMN round_every_ms BIGINT;
ALTER TABLE tournaments ADD COLUMN next_round_ms BIGINT;
