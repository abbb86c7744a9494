-- A change of the board in the schema SCHEMA waits (up to the lock
-- timeout) until no command reads it, and keeps new readers waiting until
-- its transaction ends: readers lock queens_version before they take
-- their snapshot.
lock table {{ SCHEMA }}.queens_version in access exclusive mode;
