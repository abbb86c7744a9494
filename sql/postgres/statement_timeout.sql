-- The user's statement (`queens query --timeout S`) is ended after
-- MILLISECONDS, and its waits for locks with it; for this transaction only.
set local statement_timeout = {{ MILLISECONDS }}
