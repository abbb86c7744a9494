-- part_rows(s1, …, sN): the solutions that start with queens on :s1 and
-- :s2, in board order (one part of the search; see partition.sql).
select *
from solution
where s1 = :s1
  and s2 = :s2;
