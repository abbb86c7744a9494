-- Another reader of a command takes the snapshot SNAPSHOT (a string
-- literal) that the command's first reader exported.
set transaction snapshot {{ SNAPSHOT }};
