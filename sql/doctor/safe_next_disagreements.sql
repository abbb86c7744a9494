-- safe_next_disagreements(steps): this many rows are in safe_next without
-- being a pair of squares in neighbouring columns whose line sets share no
-- line, or are such a pair without being in safe_next. safe_next offers a
-- queen exactly the squares the previous queen does not attack, so the
-- answer must be 0.
with safe_pair (cl_no, prev_rw_no, rw_no, square{% for w in range(0, 16) %}, w{{ w }}{% endfor %}) as (
    select b.cl_no, a.rw_no, b.rw_no, b.square{% for w in range(0, 16) %}, b.w{{ w }}{% endfor %}
    from line_set as a
    join line_set as b on b.cl_no = a.cl_no + 1
    where {% for w in range(0, 16) %}(a.w{{ w }} & b.w{{ w }}) = 0{{ " and " if not loop.last else "" }}{% endfor %}
),
stored (cl_no, prev_rw_no, rw_no, square{% for w in range(0, 16) %}, w{{ w }}{% endfor %}) as (
    select cl_no, prev_rw_no, rw_no, square{% for w in range(0, 16) %}, w{{ w }}{% endfor %} from safe_next
)
select (select count(*) from (select * from safe_pair except select * from stored))
     + (select count(*) from (select * from stored except select * from safe_pair)) as steps;
