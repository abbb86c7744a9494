-- solution(s1, …, s{{ N }}) in board order, in one statement that Citus pushes
-- down to the workers: each worker lists the solutions of the parts it
-- holds (PART_SEARCH, the part's search, as count.sql explains), and the
-- coordinator puts them in order: part by part (parts are numbered in board order),
-- then by the rows of the queens after the first two. A square's name is
-- its column letter followed by its row number, so the row number is the
-- name from its second character on. Only the parts numbered first to
-- last are listed (see count.sql).
select {% for k in range(1, N + 1) %}s.s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}
from search_part as p
cross join lateral (
    select *
    from (
        {{ PART_SEARCH | indent(8) }}
    ) as s
    where p.s3 is null or s.s3 = p.s3
) as s
where p.part_no between cast({{ param("first") }} as bigint) and cast({{ param("last") }} as bigint)
order by p.part_no{% for k in range(3, N + 1) %}, cast(substr(s.s{{ k }}, 2) as integer){% endfor %};
