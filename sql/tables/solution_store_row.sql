-- One solution into solution_store (`queens init --materialize`): its
-- number, then its squares s1, …, s{{ N }}, bound in that order.
insert into solution_store values (?{% for k in range(1, N + 1) %}, ?{% endfor %});
