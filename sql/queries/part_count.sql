-- part_count(count): how many solutions start with queens on :s1 and :s2
-- (one part of the search; see partition.sql). SQLite pushes the two
-- equalities into the solution view, so only this part is searched.
select count(*)
from solution
where s1 = :s1
  and s2 = :s2;
