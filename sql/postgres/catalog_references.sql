-- catalog_references(fktable, fkcols, pktable, is_array, via, treatment,
-- why): the server's own list of the references between its catalogs
-- (pg_get_catalog_foreign_keys: column fkcols of a row of fktable names a
-- row of pktable), each with what the trust walk
-- (postgres/untrusted_dependencies.sql) does with it:
--
-- - 'follow': the walk goes on to the row it names. `via` says which row
--   of fktable the walk has reached: 'oid', the row that is the object
--   itself (a function's pg_proc row names its return type, an operator's
--   pg_operator row its negator); or the name of its key's first column,
--   when fktable's rows have no oid of their own but each belongs to the
--   object that column names (an aggregate's pg_aggregate row belongs to
--   its function, an index's pg_index row to the index, a column's
--   pg_attribute row to its relation);
-- - 'owner': the role that owns the row, whom the walk checks as an owner;
-- - 'key': the column that names the object the row belongs to (`via`);
-- - 'covered': a reference by several columns whose first column is a
--   reference of its own, followed or listed on its own row;
-- - 'not followed': the reference cannot carry another role's code, and
--   `why` says why.
--
-- A reference of a new server that fits none of these has treatment NULL:
-- tests/suite/postgres/catalog_walk.rs fails on it, so a new kind of reference is
-- thought through before it is trusted. The walk follows every reference
-- whose target may run code (a function, an operator, a type, a relation,
-- a collation, a conversion, an access method, a language, …); what it
-- does not follow is listed here, with the reason, by its target or by its
-- catalog, never by a list of the columns it follows.
with
fk (fktable, fkcols, pktable, pkcols, is_array) as (
    select fktable, fkcols, pktable, pkcols, is_array from pg_get_catalog_foreign_keys()
),
-- the catalogs whose rows are objects, with an oid of their own
has_oid (catalog) as (
    select a.attrelid from pg_attribute as a
    where a.attname = 'oid' and a.attnum > 0 and not a.attisdropped
      and a.attrelid in (select fktable from fk union select pktable from fk)
),
-- the first column of a catalog's primary key
key_first (catalog, col) as (
    select i.indrelid, a.attname::text
    from pg_index as i
    join pg_attribute as a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
    where i.indisprimary and i.indrelid in (select fktable from fk)
),
-- a catalog without oids whose key begins with a reference to an object:
-- each of its rows belongs to that object
satellite (catalog, key) as (
    select k.catalog, k.col
    from key_first as k
    join fk on fk.fktable = k.catalog and fk.fkcols = array[k.col] and fk.pkcols = array['oid']
    where k.catalog not in (select catalog from has_oid)
      and fk.pktable in (select catalog from has_oid)
),
-- the targets whose rows run no code, and why
inert_target (pktable, why) as (values
    ('pg_authid'::regclass,
     'a role runs no code: the role that owns each object the walk reaches is checked as '
     || 'its owner (owner), and the other references to roles name whom a row is for'),
    ('pg_namespace'::regclass,
     'a schema runs no code: stored node trees and SQL bodies name what they call by its '
     || 'oid, not by a name looked up in a schema, and a body kept as text is refused as such'),
    ('pg_tablespace'::regclass, 'a tablespace says where rows are stored; it runs no code'),
    ('pg_database'::regclass, 'a database runs no code of its own')
),
-- the catalogs whose references name nothing that runs, and why
inert_source (fktable, why) as (values
    ('pg_statistic'::regclass,
     'the operators and collations a column''s statistics were gathered with: the planner '
     || 'matches them against the query''s own, and runs the query''s operators on the '
     || 'values, never these (and only a superuser may read the catalog)')
),
classified (fktable, fkcols, pktable, is_array, via, treatment) as (
    select fk.fktable, fk.fkcols, fk.pktable, fk.is_array,
           case when fk.fktable in (select catalog from has_oid) then 'oid'
                else (select s.key from satellite as s where s.catalog = fk.fktable) end,
           case
               when cardinality(fk.fkcols) > 1
                    and exists (select from fk as one
                                where one.fktable = fk.fktable and one.fkcols = fk.fkcols[1:1])
                   then 'covered'
               when cardinality(fk.fkcols) > 1 or fk.pkcols <> array['oid'] then null
               when fk.fktable in (select fktable from inert_source) then 'inert source'
               when not has_column_privilege(fk.fktable, fk.fkcols[1], 'SELECT')
                   then 'unreadable'
               when fk.fktable not in (select catalog from has_oid)
                    and fk.fktable not in (select catalog from satellite) then 'about objects'
               when exists (select from satellite as s
                            where s.catalog = fk.fktable and s.key = fk.fkcols[1]) then 'key'
               when fk.pktable = 'pg_authid'::regclass and not fk.is_array
                    and fk.fktable in (select catalog from has_oid) then 'owner'
               when fk.pktable in (select pktable from inert_target) then 'inert target'
               else 'follow'
           end
    from fk
)
select c.fktable::text, c.fkcols::text[], c.pktable::text, c.is_array, c.via,
       case when c.treatment in ('inert source', 'unreadable', 'about objects', 'inert target')
            then 'not followed' else c.treatment end as treatment,
       case c.treatment
           when 'inert source' then (select why from inert_source as i where i.fktable = c.fktable)
           when 'inert target' then (select why from inert_target as i where i.pktable = c.pktable)
           when 'unreadable' then 'the connecting role may not read it, so no row of it is reached'
           when 'about objects'
               then 'no row of the catalog is an object or belongs to one (it has no oid, and '
                    || 'its key begins with no reference): it says things of objects'
       end as why
from classified as c
