-- server_major(major): the server is PostgreSQL `major` (15 for 15.18).
select current_setting('server_version_num')::integer / 10000 as major
