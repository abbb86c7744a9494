-- keeping(present, ours, may_keep, role): the schema holds a relation
-- named search_part_count (present: a schema distributed by an earlier
-- queens has none); it is queens' table of kept counts (ours): a table
-- Citus distributes beside search_part, as 03-search_part_count.sql makes
-- it, and not a relation of the user's under that name; and the session's
-- role may read it and add rows to it (may_keep), which a count needs to
-- keep its parts' counts. `role` is that role, for the note that says why
-- no count is kept.
select to_regclass('search_part_count') is not null as present,
       exists (
           select 1
           from pg_dist_partition as kept
           join pg_dist_partition as parts on parts.colocationid = kept.colocationid
           where kept.logicalrelid = to_regclass('search_part_count')
             and parts.logicalrelid = to_regclass('search_part')
             and kept.partmethod = 'h'
       ) as ours,
       coalesce(has_table_privilege(to_regclass('search_part_count'), 'select')
                and has_table_privilege(to_regclass('search_part_count'), 'insert'), false)
           as may_keep,
       current_user::text as role;
