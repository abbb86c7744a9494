-- solution(s1, …, s{N}) in board order, in one statement that Citus pushes
-- down to the workers: each worker lists the solutions of the parts it
-- holds (PART_SEARCH, the part's search, as count.sql explains), and the
-- coordinator puts them in order: part by part (parts are numbered in board order),
-- then by the rows of the queens after the first two. A square's name is
-- its column letter followed by its row number, so the row number is the
-- name from its second character on. Only the parts numbered first to
-- last are listed (see count.sql).
select {{k in 1..N sep ", ": s.s{k}}}
from search_part as p
cross join lateral (
    select *
    from (
        --@insert PART_SEARCH
    ) as s
    where p.s3 is null or s.s3 = p.s3
) as s
where p.part_no between cast({:first} as bigint) and cast({:last} as bigint)
order by p.part_no{{k in 3..N sep "": , cast(substr(s.s{k}, 2) as integer)}};
