-- taken_relations(name, kind): the schema $1 holds a relation of any kind
-- named `name`, one of the names $2 of queens' relations: tables, views,
-- sequences, indexes, materialized views, foreign tables and composite
-- types share one namespace, so queens could not make its own there.
-- `kind` is in words, for the refusal.
select c.relname::text as name,
       case c.relkind
           when 'r' then 'table'
           when 'p' then 'partitioned table'
           when 'v' then 'view'
           when 'm' then 'materialized view'
           when 'f' then 'foreign table'
           when 'S' then 'sequence'
           when 'i' then 'index'
           when 'I' then 'partitioned index'
           when 'c' then 'composite type'
           else 'relation'
       end as kind
from pg_class as c
join pg_namespace as n on n.oid = c.relnamespace
where n.nspname = $1 and c.relname = any($2)
order by c.relname
limit 1;
