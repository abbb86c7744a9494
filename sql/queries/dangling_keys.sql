-- dangling_keys(key): the rows of table CHILD (one without rowid) that
-- break its foreign key from the columns FROM to the columns TO of table
-- PARENT: each row's primary key KEY as SQL literals, joined by ', '. As
-- SQLite checks a foreign key, a row with a NULL in the key's columns
-- refers to nothing and breaks nothing. Every name is quoted by the
-- caller.
select {{k in KEY sep " || ', ' || ": quote(c.{k})}}
from {CHILD} as c
where {{f in FROM sep " and ": c.{f} is not null}}
  and not exists (
      select 1
      from {PARENT} as p
      where ({{t in TO sep ", ": p.{t}}}) = ({{f in FROM sep ", ": c.{f}}})
  )
