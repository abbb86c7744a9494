-- Schema 9: a board's facts and views follow their text.
--
-- Versions count table changes. Schemas 3 to 8 changed no table: each only
-- had every older board derive its facts or views again. Now a board
-- records the checksum of the SQL text its facts and views were derived
-- from, and a queens whose text differs derives them again (`queens
-- init`), as a repeatable migration is applied again when its checksum
-- changes. A file of schema 3 to 8 has the tables of schema 2; its
-- numbers stay taken, so that such a file is upgraded from where it is.

create table queens_derived (
    -- The facts and views of this board were derived from SQL text whose
    -- SHA-256 is `checksum`.
    checksum text not null check (length(checksum) = 64)
);
