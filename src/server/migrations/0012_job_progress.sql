-- The analysis board through engine workers (issue 37): a taker writes each finished depth's
-- lines of an analysis into `progress` (the protocol's outcome JSON, as `result`) and
-- announces `p:ID`; the asker reads it and shows the lines while the search goes on.
ALTER TABLE engine_jobs ADD COLUMN progress TEXT;
