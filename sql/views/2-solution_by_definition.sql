create view solution_by_definition ({{k in 1..N sep ", ": s{k}}}) as
-- solution_by_definition(s1, …, s{N}): the candidate placement s1, …, s{N}
-- in which no queen shares a line with a queen placed before it. With L(s) the
-- set of lines through square s (from square_line), queen k may stand on s_k
-- only if
--     L(s_k) ∩ (L(s_1) ∪ … ∪ L(s_(k-1))) = ∅
-- This view says exactly that, one NOT EXISTS … INTERSECT per queen; `solution`
-- computes the same rows fast. Rows come in board order (row numbers of s1,
-- s2, …; a square's row number is its name after the column letter).
select
    {{k in 1..N sep ",\n    ": c.s{k}}}
from candidate as c
where true
--@for k in 2..N
  -- queen {k}: L(s{k}) ∩ ({{j in 1..k-1 sep " ∪ ": L(s{j})}}) = ∅
  and not exists (
        select anchor, mov_dir from square_line where square in ({{j in 1..k-1 sep ", ": c.s{j}}})
        intersect
        select anchor, mov_dir from square_line where square = c.s{k})
--@end
order by
    {{k in 1..N sep ",\n    ": cast(substr(c.s{k}, 2) as integer)}};
