--# The order that names a line two squares share, where they share more
--# than one (both diagonals, on an even torus): a row (RGHT) first, then
--# a falling diagonal (RGHT-DN), a rising one (RGHT-UP), a knight's move;
--# lines of one kind by direction, then by anchor. The one place the rule
--# is written: attacking_pair and search_tree keep the first shared line
--# with line_before; reading/square_line.sql lists the lines in this
--# order, and the walk of `trace --walk` and the page take the first
--# shared line as it lists them. Imported, never run:
--#     --@ from "queries/line_order.sql" import line_before
--# (its lines leave nothing where it is imported).
--#
--# line_order(line): the key of the square_line row `line` (an alias) in
--# this order, for `order by`; its second line is indented to follow
--# `      and (`, as line_before writes it.
{% macro line_order(line) -%}
case {{ line }}.mov_dir when 'RGHT' then 1 when 'RGHT-DN' then 2 when 'RGHT-UP' then 3 else 4 end,
           {{ line }}.mov_dir, {{ line }}.anchor
{%- endmacro %}
--# line_before(a, b): the line of square_line row `a` comes before that
--# of row `b` in this order; written for a condition after `      and `.
{% macro line_before(a, b) -%}
({{ line_order(a) }})
        < ({{ line_order(b) }})
{%- endmacro %}
