-- legacy_functions(found): an earlier queens (before 2026-11-24) left, in
-- the schema $1, functions owned by its role queens_reader (queens_open,
-- queens_fetch, queens_query), which ran a user's query as that role.
select exists (
    select 1
    from pg_proc as p
    join pg_namespace as n on n.oid = p.pronamespace
    where n.nspname = $1
      and p.proname in ('queens_open', 'queens_fetch', 'queens_query')
      and pg_get_userbyid(p.proowner) = 'queens_reader'
) as found;
