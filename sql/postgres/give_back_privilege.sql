-- give_back_privilege: a privilege on one of queens' views (or on one of
-- its columns) given back on the view a rebuild made again: granted by its
-- own grantor, whose role the session takes for it where that is not the
-- view's owner, with its grant option; or, where the owner had revoked it
-- from itself, revoked again. Every word is a name the catalog quoted
-- (sql/postgres/view_acls.sql) or one of queens' own.
--@ if AS_GRANTOR
set role {{ GRANTOR }};
--@ endif
--@ if REVOKE
revoke {{ PRIVILEGE }}{% if ON_COLUMN %} ({{ COLUMN }}){% endif %} on {{ SCHEMA }}.{{ VIEW }} from {{ OWNER }};
--@ else
grant {{ PRIVILEGE }}{% if ON_COLUMN %} ({{ COLUMN }}){% endif %} on {{ SCHEMA }}.{{ VIEW }} to {{ GRANTEE }}{% if GRANTABLE %} with grant option{% endif %};
--@ endif
--@ if AS_GRANTOR
reset role;
--@ endif
