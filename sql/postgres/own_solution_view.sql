-- own_solution_view(own): the view solution in the schema $1 is the one
-- queens wrote with its other views (own true), or a view written since
-- (own false). queens writes all of a board's views in one transaction
-- (its build, or Citus's distribution of the board, which writes them
-- again), so their rules in pg_rewrite carry that transaction's id
-- (xmin); solution's is compared with candidate's, which it does not
-- read. A view replaced later (`create or replace view`, or dropped and
-- made again) was written by a later transaction, and so were views a
-- dump restored one by one. No row where either view is missing.
select s.xmin operator(pg_catalog.=) c.xmin
from pg_catalog.pg_namespace as n
join pg_catalog.pg_class as sv on sv.relnamespace operator(pg_catalog.=) n.oid
join pg_catalog.pg_rewrite as s on s.ev_class operator(pg_catalog.=) sv.oid
join pg_catalog.pg_class as cv on cv.relnamespace operator(pg_catalog.=) n.oid
join pg_catalog.pg_rewrite as c on c.ev_class operator(pg_catalog.=) cv.oid
where n.nspname operator(pg_catalog.=) $1
  and sv.relname operator(pg_catalog.=) 'solution'
  and sv.relkind operator(pg_catalog.=) 'v'
  and s.rulename operator(pg_catalog.=) '_RETURN'
  and cv.relname operator(pg_catalog.=) 'candidate'
  and cv.relkind operator(pg_catalog.=) 'v'
  and c.rulename operator(pg_catalog.=) '_RETURN';
