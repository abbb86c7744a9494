create table solution_store (
    -- solution_store(solution_no, s1, …, s{{ N }}): s1, …, s{{ N }} is solution number
    -- solution_no in board order, found once by the solution view and kept
    -- (`queens init --materialize`), so that later questions need no search.
    -- While this table exists, numbered_solution reads it, and so do the
    -- views built on numbered_solution.
    solution_no integer primary key,
    {% for k in range(1, N + 1) %}s{{ k }} text not null{{ ",\n    " if not loop.last else "" }}{% endfor %}
);
