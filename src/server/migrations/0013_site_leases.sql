-- What one instance of a site does for all of them (issue 37: the showcase game), held under a
-- lease its holder renews; once it has run out (the holder stopped), another instance takes it
-- in one statement, so only one does.
CREATE TABLE site_leases (
    name TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    until_ms BIGINT NOT NULL
);
