-- untrusted_dependencies(what, owner, why): reading or rebuilding the
-- schema $1 would run `what`, owned by `owner` (NULL: not the reason), and
-- `why` says how it fails to be trusted: 'member' when `what` is a role
-- the user named and `owner` a role that can act as it (a member of it)
-- that is trusted on no account of its own; 'owner' when `owner` is neither a
-- superuser, nor a role with the connecting role's privileges, nor one of
-- the roles $2 the user trusts (`--trust-owner`); 'body' when `what` is a
-- function whose body the catalog does not record (plpgsql, or SQL written
-- as a string), so whatever it calls cannot be followed, and its owner is
-- not the connecting role itself; 'config' when `what` is a function with
-- a SET clause (what it calls then looks names up under its settings) and
-- its owner is not the connecting role; 'text' when `what` calls one of
-- PostgreSQL's own functions that run SQL given as text or change a
-- setting (query_to_xml, ts_stat, set_config, …), or read a value as a
-- type named at run time (record_in, array_in, domain_in, …), or an
-- extension's that
-- runs SQL on a connection of its own (dblink), whose SQL cannot be
-- followed either.
--
-- What runs is everything the schema's objects lead to, followed as far
-- as it goes along two kinds of step: what pg_depend records (a view's
-- rule and what it reads and calls; of every relation reached, its own
-- rules, triggers, policies, defaults, checks and indexes; every cast from
-- or to a type, which built-ins look up as they run), and every reference
-- of a reached object's catalog row that the server's own list of catalog
-- references holds (pg_get_catalog_foreign_keys: an operator's negator and
-- commutator, which pg_depend leaves out, a type's input, output, receive,
-- send, typmod, analyze and subscript functions, an aggregate's support
-- functions, a range's canonical and subtype_diff functions, …), but
-- those postgres/catalog_references.sql lists as unable to carry another
-- role's code, each with its reason. The steps along catalog references
-- are written by postgres/catalog_edges.sql from that list, on the server
-- that runs the walk, and inserted here (FOLLOW, and OWNERS for the roles
-- that own what is reached). A third step goes to every type that a
-- reached object's stored tree names, which pg_depend may leave out. The
-- walk stops at PostgreSQL's own objects, made with the server (those of
-- pg_catalog and information_schema, whose rows only a superuser can make
-- name anything else), and at the objects of an extension a superuser
-- owns, which the server's administrator installed. A superuser owns the
-- catalog; queens' own objects are the connecting role's. Parts that have
-- no owner of their own (a rule, a trigger, a cast) are walked through,
-- and answer for the relation or function they belong to.
with recursive
s as (select oid from pg_namespace where nspname = $1),
-- the connecting role
me (oid) as (select oid from pg_roles where rolname = current_user),
own (classid, objid) as (
    select 'pg_class'::regclass::oid, c.oid from pg_class as c join s on c.relnamespace = s.oid
    union all
    select 'pg_proc'::regclass::oid, p.oid from pg_proc as p join s on p.pronamespace = s.oid
    -- an earlier queens' functions for its role queens_reader, which
    -- readers refuse and init removes, by name (legacy_reader.sql)
    where not (p.proname in ('queens_open', 'queens_fetch', 'queens_query')
               and pg_get_userbyid(p.proowner) = 'queens_reader')
    union all
    select 'pg_type'::regclass::oid, t.oid from pg_type as t join s on t.typnamespace = s.oid
    union all
    select 'pg_operator'::regclass::oid, o.oid from pg_operator as o join s on o.oprnamespace = s.oid
    union all
    select 'pg_collation'::regclass::oid, c.oid from pg_collation as c join s on c.collnamespace = s.oid
    union all
    select 'pg_conversion'::regclass::oid, c.oid from pg_conversion as c join s on c.connamespace = s.oid
    union all
    select 'pg_statistic_ext'::regclass::oid, x.oid from pg_statistic_ext as x join s on x.stxnamespace = s.oid
    union all
    select 'pg_opclass'::regclass::oid, c.oid from pg_opclass as c join s on c.opcnamespace = s.oid
    union all
    select 'pg_opfamily'::regclass::oid, f.oid from pg_opfamily as f join s on f.opfnamespace = s.oid
    union all
    select 'pg_ts_config'::regclass::oid, c.oid from pg_ts_config as c join s on c.cfgnamespace = s.oid
    union all
    select 'pg_ts_dict'::regclass::oid, d.oid from pg_ts_dict as d join s on d.dictnamespace = s.oid
),
-- PostgreSQL's own functions that run SQL given as text, change a setting
-- for the rest of the session, or read a value as a type named at run
-- time (whose input functions and domain checks are then another role's,
-- unrecorded); and the extensions' that run SQL
-- given as text (tablefunc's crosstab and connectby, xml2's xpath_table)
-- or on a connection of their own (dblink's, Citus's run_command_on_…),
-- which the walk otherwise trusts as the server's.
runs_sql_text (oid) as (
    select p.oid from pg_proc as p
    where p.pronamespace = 'pg_catalog'::regnamespace
      and p.proname in ('query_to_xml', 'query_to_xmlschema', 'query_to_xml_and_xmlschema',
                        'cursor_to_xml', 'cursor_to_xmlschema',
                        'table_to_xml', 'table_to_xmlschema', 'table_to_xml_and_xmlschema',
                        'schema_to_xml', 'schema_to_xmlschema', 'schema_to_xml_and_xmlschema',
                        'database_to_xml', 'database_to_xmlschema', 'database_to_xml_and_xmlschema',
                        'ts_stat', 'ts_rewrite', 'set_config',
                        -- a type's input named by an OID reckoned at run
                        -- time: its checks and functions go unrecorded
                        'record_in', 'record_recv', 'array_in', 'array_recv',
                        'domain_in', 'domain_recv', 'range_in', 'range_recv',
                        'multirange_in', 'multirange_recv',
                        'pg_input_is_valid', 'pg_input_error_info',
                        -- an index named at run time, its expressions run
                        'brin_summarize_new_values', 'brin_summarize_range',
                        'brin_desummarize_range', 'gin_clean_pending_list')
    union all
    select p.oid from pg_proc as p
    join pg_depend as e
      on e.classid = 'pg_proc'::regclass and e.objid = p.oid and e.deptype = 'e'
    where p.proname like 'dblink%' or p.proname like 'run_command_on%'
       or p.proname = 'citus_run_local_command'
       -- tablefunc's, which a database's owner may install (it is a
       -- trusted extension), and xml2's: they run the query they are given
       or p.proname like 'crosstab%' or p.proname in ('connectby', 'xpath_table')
       -- amcheck's, which run the expressions of an index named when they
       -- run, as the brin and gin functions above do
       or p.proname in ('bt_index_check', 'bt_index_parent_check', 'gin_index_check')
),
-- every object the schema's objects lead to (calls 0); and for each that
-- calls one of runs_sql_text's functions, a row that says so (calls: the
-- function). A direct call is `:funcid N` in the object's stored tree,
-- pinned built-ins included, which pg_depend leaves out; a call through
-- an operator or an aggregate built on the function is a reference of
-- the operator's or the aggregate's catalog row (not of a type's: its
-- input function, record_in for a row type, reads values of that very
-- type, whose parts are reached). Both are read as the walk reaches the
-- object, with the tree and the row it reads for its next steps, so
-- neither is read twice. (postgres/stored_tree.sql leaves out the
-- connecting role's own trees, as its own plpgsql is left.)
reached (classid, objid, calls) as (
    select classid, objid, 0::oid from own
    union
    select step.classid, step.objid, step.calls
    from reached as r
    cross join lateral (
        -- what it refers to
        select d.refclassid, d.refobjid, 0::oid from pg_depend as d
        where d.classid = r.classid and d.objid = r.objid and d.deptype in ('n', 'a', 'i')
        union all
        -- its own parts: a relation's rules, triggers, policies, defaults,
        -- constraints, indexes, row type; a type's array type; and every
        -- cast between a type and one of PostgreSQL's own, which built-ins
        -- look up as they run (`quote_literal`, `||`, `to_json` find a
        -- type's cast to text or json themselves, so no view records it).
        -- (A cast between two roles' types runs only where SQL names the
        -- other type, which is recorded; whoever may use a type may make
        -- one, and could otherwise bar every reader by making one.)
        select d.classid, d.objid, 0::oid from pg_depend as d
        where d.refclassid = r.classid and d.refobjid = r.objid
          and (d.deptype in ('a', 'i')
               or (d.classid = 'pg_cast'::regclass
                   and exists (select from pg_cast as c
                               join pg_type as t on t.oid in (c.castsource, c.casttarget)
                                                and t.oid <> r.objid
                               where c.oid = d.objid
                                 and t.typnamespace = 'pg_catalog'::regnamespace)))
        union all
        -- what its catalog row (and the rows that belong to it) names, by
        -- the server's own list of references (postgres/catalog_edges.sql,
        -- which says what is not followed and why): an operator's function,
        -- negator and commutator, which pg_depend leaves out, a type's
        -- input, output and other functions, an aggregate's support
        -- functions, a range's canonical and subtype_diff functions, …;
        -- and where that is one of runs_sql_text's functions, that the
        -- object calls it
        select v.classid, v.objid, v.calls
        from (
            {{ FOLLOW | indent(12) }}
        ) as f (classid, objid)
        cross join lateral (
            select f.classid, f.objid, 0::oid
            union all
            select r.classid, r.objid, f.objid
            where f.classid = 'pg_proc'::regclass and r.classid <> 'pg_type'::regclass
              and f.objid in (select oid from runs_sql_text)
        ) as v (classid, objid, calls)
        union all
        -- what the server looks up by a reached object, which no row of it
        -- names: an operator's entries in operator families (a sort or a
        -- hash by the operator runs its family's support functions), and a
        -- type's operator classes (a sort, a group or a distinct on the
        -- type runs its default class's functions); the entries and
        -- classes lead on to their families' functions
        select 'pg_amop'::regclass::oid, a.oid, 0::oid from pg_amop as a
        where r.classid = 'pg_operator'::regclass and a.amopopr = r.objid
        union all
        select 'pg_opclass'::regclass::oid, c.oid, 0::oid from pg_opclass as c
        where r.classid = 'pg_type'::regclass and c.opcintype = r.objid
        union all
        -- a relation's inheritance children and partitions, which reading
        -- the relation reads too (their indexes' expressions and checks
        -- are folded by the planner as it plans)
        select 'pg_class'::regclass::oid, i.inhrelid, 0::oid from pg_inherits as i
        where r.classid = 'pg_class'::regclass and i.inhparent = r.objid
        union all
        -- every type a reached object's stored tree names (`:consttype N`,
        -- `:resulttype N`, `:typid N`, …): pg_depend records most, not
        -- all (PostgreSQL 17's `json_value(… returning d)` records no
        -- domain d, and reads the value as d, checks and all, as it runs);
        -- and every call the tree makes of one of runs_sql_text's functions
        -- (strpos, not a regular expression: the views' trees are long, and
        -- a search for each of a few words is the faster)
        select v.classid, v.objid, v.calls
        from (
            {% filter indent(12) %}{% include "postgres/stored_tree.sql" %}{% endfilter %}
        ) as t (tree)
        cross join lateral (
            select 'pg_type'::regclass::oid, m.found[1]::oid, 0::oid
            from regexp_matches(t.tree, ':[a-z_]*(?:type|typid|typeid) ([0-9]+)', 'g')
                as m (found)
            union all
            select r.classid, r.objid, f.oid
            from runs_sql_text as f
            where strpos(t.tree, ':funcid ' || f.oid::text || ' ') > 0
        ) as v (classid, objid, calls)
    ) as step (classid, objid, calls)
    -- (a row that says what an object calls is kept, not walked from)
    where r.calls = 0
      and (step.calls <> 0
           or (step.objid <> 0
               -- (a schema runs no code: postgres/catalog_references.sql)
               and step.classid <> 'pg_namespace'::regclass::oid
               -- (an extension's objects stop the walk only where a
               -- superuser owns the extension: an ordinary role may
               -- install a trusted extension and then add objects of its
               -- own to it with `alter extension … add`)
               and not exists (
                   select from pg_depend as e
                   join pg_extension as x
                     on e.refclassid = 'pg_extension'::regclass and x.oid = e.refobjid
                   join pg_roles as xo on xo.oid = x.extowner
                   where e.classid = step.classid and e.objid = step.objid
                     and e.deptype = 'e' and xo.rolsuper)
               -- PostgreSQL's own objects, made with the server (initdb):
               -- those of pg_catalog and information_schema, whose rows
               -- only a superuser can make name anything else, are the
               -- ones below the first oid an object made later has
               -- (FirstNormalObjectId, 16384). (Not by their schema's
               -- name: pg_identify_object, asked of an object whose schema
               -- another session drops meanwhile, ends the server process
               -- on PostgreSQL 15.)
               and step.objid >= 16384))
),
-- the roles that own what was reached (a part, such as a rule, a
-- trigger or a cast, has no owner of its own: it answers for what it
-- belongs to, which the walk reaches too)
owned (classid, objid, owner) as (
    select r.classid, r.objid, o.owner
    from reached as r
    cross join lateral (
        {{ OWNERS | indent(8) }}
    ) as o (owner)
    where r.calls = 0
),
-- what was reached that calls one of runs_sql_text's functions
runs_text (classid, objid, called) as (
    select classid, objid, calls from reached where calls <> 0
),
found (what, owner, why, rank) as (
    -- a role that can act as a trusted one (a member of it, which may `set
    -- role` to it and change its objects) and is trusted on no account of
    -- its own
    select t.rolname::text, m.rolname::text, 'member', 0
    from pg_roles as t
    join pg_roles as m
      on m.oid <> t.oid
     and (pg_has_role(m.oid, t.oid, 'MEMBER')
          -- before PostgreSQL 16, a role that may create roles may grant
          -- itself any ordinary role, and so act as it
          or (m.rolcreaterole and not t.rolsuper
              and current_setting('server_version_num')::integer < 160000))
    where t.rolname::text = any($2::text[])
      and not m.rolsuper and not pg_has_role(m.oid, current_user, 'USAGE')
      and not m.rolname::text = any($2::text[])
    union all
    -- (a relation's row type, and an array of it, answer for the relation,
    -- which is named in their place)
    select pg_describe_object(o.classid, o.objid, 0), pg_get_userbyid(o.owner), 'owner',
           case o.classid when 'pg_class'::regclass then 1 when 'pg_operator'::regclass then 2
                when 'pg_proc'::regclass then 3 when 'pg_type'::regclass then 5 else 4 end
    from owned as o join pg_roles as r on r.oid = o.owner
    where not r.rolsuper and not pg_has_role(r.oid, current_user, 'USAGE')
      and not r.rolname::text = any($2::text[])
    union all
    select pg_describe_object(o.classid, o.objid, 0), pg_get_userbyid(o.owner), 'body', 6
    from owned as o join pg_proc as p on o.classid = 'pg_proc'::regclass and p.oid = o.objid
    join pg_language as l on l.oid = p.prolang
    where l.lanname not in ('internal', 'c') and p.prosqlbody is null
      and p.proowner <> (select oid from me)
    union all
    -- a function reached that sets something for what it calls (a SET
    -- clause): a search_path set there makes the names its callees look
    -- up as they run (an extension's SQL in quotes calls others by bare
    -- name) find another role's functions
    select pg_describe_object(o.classid, o.objid, 0), pg_get_userbyid(o.owner), 'config', 8
    from owned as o join pg_proc as p on o.classid = 'pg_proc'::regclass and p.oid = o.objid
    where p.proconfig is not null
      and p.proowner <> (select oid from me)
    union all
    -- (a view's rule is named as its view)
    select coalesce(
               (select pg_describe_object('pg_class'::regclass, w.ev_class, 0)
                from pg_rewrite as w
                where t.classid = 'pg_rewrite'::regclass and w.oid = t.objid),
               pg_describe_object(t.classid, t.objid, 0))
           || ' calls ' || t.called::regprocedure::text,
           null, 'text', 7
    from runs_text as t
)
select what, owner, why from found order by rank, what limit 1;
