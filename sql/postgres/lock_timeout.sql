-- No statement of queens waits for ever behind another session's lock: it
-- gives up after TIMEOUT (a string literal), and says whose table it
-- waited for.
set lock_timeout = {{ TIMEOUT }};
