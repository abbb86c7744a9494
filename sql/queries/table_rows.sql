-- table_rows(c1, …): every row of table TABLE, in its columns COLUMNS (as
-- given: queens' own names, or a user's names quoted by the caller), in no
-- particular order. For the doctors' comparison of a table with a fresh
-- board's, and the dump of an SQLite file.
select {% for c in COLUMNS %}{{ c }}{{ ", " if not loop.last else "" }}{% endfor %}
from {{ TABLE }}
