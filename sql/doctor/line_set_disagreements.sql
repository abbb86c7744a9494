-- line_set_disagreements(pairs): of all pairs of squares (a, b), this many
-- have line sets that share a bit where square_line says they share no
-- line, or share no bit where it says they do. line_set is the bitset form
-- of square_line, so the answer must be 0.
select count(*) as pairs
from line_set as a, line_set as b
where ({% for w in range(0, 16) %}(a.w{{ w }} & b.w{{ w }}) <> 0{{ " or " if not loop.last else "" }}{% endfor %})
   <> exists (select anchor, mov_dir from square_line where square = a.square
              intersect
              select anchor, mov_dir from square_line where square = b.square);
