-- dangling_keys(key): the rows of table CHILD (one without rowid) that
-- break its foreign key from the columns FROM to the columns TO of table
-- PARENT: each row's primary key KEY as SQL literals, joined by ', '. As
-- SQLite checks a foreign key, a row with a NULL in the key's columns
-- refers to nothing and breaks nothing. Every name is quoted by the
-- caller.
select {% for k in KEY %}quote(c.{{ k }}){{ " || ', ' || " if not loop.last else "" }}{% endfor %}
from {{ CHILD }} as c
where {% for f in FROM %}c.{{ f }} is not null{{ " and " if not loop.last else "" }}{% endfor %}
  and not exists (
      select 1
      from {{ PARENT }} as p
      where ({% for t in TO %}p.{{ t }}{{ ", " if not loop.last else "" }}{% endfor %}) = ({% for f in FROM %}c.{{ f }}{{ ", " if not loop.last else "" }}{% endfor %})
  )
