-- definition_disagreements(rows): this many rows are in solution but not
-- in solution_by_definition, or the other way round. The fast view must
-- answer exactly what the rule, written literally, answers: 0.
select (select count(*) from (select * from solution except select * from solution_by_definition))
     + (select count(*) from (select * from solution_by_definition except select * from solution)) as rows;
