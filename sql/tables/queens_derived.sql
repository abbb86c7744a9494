-- The record of what a board's facts and views were derived from: made by
-- migration 9, and made again by a rebuild where it is missing.
create table if not exists queens_derived (
    -- The facts and views of this board were derived from SQL text whose
    -- SHA-256 is `checksum`.
    checksum text not null check (length(checksum) = 64)
);
