create view solution_by_definition ({% for k in range(1, N + 1) %}s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}) as
-- solution_by_definition(s1, …, s{{ N }}): the candidate placement s1, …, s{{ N }}
-- in which no queen shares a line with a queen placed before it. With L(s) the
-- set of lines through square s (from square_line), queen k may stand on s_k
-- only if
--     L(s_k) ∩ (L(s_1) ∪ … ∪ L(s_(k-1))) = ∅
-- This view says exactly that, one NOT EXISTS … INTERSECT per queen; `solution`
-- computes the same rows fast. Rows come in board order (row numbers of s1,
-- s2, …; a square's row number is its name after the column letter).
select
    {% for k in range(1, N + 1) %}c.s{{ k }}{{ ",\n    " if not loop.last else "" }}{% endfor %}
from candidate as c
where true
--@ for k in range(2, N + 1)
  -- queen {{ k }}: L(s{{ k }}) ∩ ({% for j in range(1, k) %}L(s{{ j }}){{ " ∪ " if not loop.last else "" }}{% endfor %}) = ∅
  and not exists (
        select anchor, mov_dir from square_line where square in ({% for j in range(1, k) %}c.s{{ j }}{{ ", " if not loop.last else "" }}{% endfor %})
        intersect
        select anchor, mov_dir from square_line where square = c.s{{ k }})
--@ endfor
order by
    {% for k in range(1, N + 1) %}cast(substr(c.s{{ k }}, 2) as integer){{ ",\n    " if not loop.last else "" }}{% endfor %};
