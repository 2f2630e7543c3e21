-- One owner per tournament across instances over one PostgreSQL (issue 42): the owner renews
-- `lease_ms` (when its lease runs out, Unix ms) every time its director looks; once a lease
-- has run out, another instance may take the tournament over (`owner` and `lease_ms` changed
-- in one statement that names the old owner, so only one does).
ALTER TABLE tournaments ADD COLUMN lease_ms BIGINT;
