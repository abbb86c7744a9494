-- The record of what a board's facts and views were derived from: made by
-- migration 9 (where a table of that name of the user's stops the upgrade),
-- and made again by a rebuild where it is missing (REMADE).
create table {% if REMADE %}if not exists {% endif %}queens_derived (
    -- The facts and views of this board were derived from SQL text whose
    -- SHA-256 is `checksum`.
    checksum text not null check (length(checksum) = 64)
);
