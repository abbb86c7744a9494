-- A change of the board in the schema SCHEMA holds, from before it looks
-- for objects of the user's that depend on queens' tables TABLES (those
-- the schema holds) until it ends, the strongest lock on each of them
-- that still lets others read them, EXCLUSIVE. Every statement that
-- would add something a change fires or changes takes a lock that
-- conflicts with it (a trigger or a foreign key SHARE ROW EXCLUSIVE, a
-- child table SHARE UPDATE EXCLUSIVE, a rule or a policy ACCESS
-- EXCLUSIVE), as does a write to their rows: such a statement waits (up
-- to the lock timeout) until the change commits or rolls back, and what
-- the change finds before its first write is what its writes fire.
lock table {% for table in TABLES %}{{ SCHEMA }}.{{ table }}{{ ", " if not loop.last else "" }}{% endfor %}
    in exclusive mode;
