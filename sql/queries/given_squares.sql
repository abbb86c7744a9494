-- given_squares(name): name is one of the square names in :squares (a
-- JSON array of names), once for each time it is given. Included by the
-- queries that take a placement (attacking_pair, class_of, completion).
--@ if SQLITE
-- The names are split off the array by hand: json_each would be hidden by
-- a table of the user's named json_each.
with recursive part (name, rest) as (
    select '', replace(replace(replace({{ param("squares") }}, '[', ''), ']', ''), '"', '') || ','
    union all
    select substr(rest, 1, instr(rest, ',') - 1), substr(rest, instr(rest, ',') + 1)
    from part
    where rest <> ''
)
select name from part where name <> ''
--@ else
select value as name from json_array_elements_text(cast(cast({{ param("squares") }} as text) as json)) as given (value)
--@ endif
