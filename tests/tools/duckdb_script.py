"""Loads queens' DuckDB script into an in-memory DuckDB and holds its model
against a queens SQLite file of the same board: every table and view of
the file that the script builds, with the same column names and rows (in
order where SQLite's view promises an order), and each relation described.
Prints one line per object; exits 1 if any differs or fails.

    python3 tests/tools/duckdb_script.py compare model.sql queens.db [name ...]
    python3 tests/tools/duckdb_script.py count model.sql [model.sql ...]
    python3 tests/tools/duckdb_script.py clash model.sql
    python3 tests/tools/duckdb_script.py taken model.sql
    python3 tests/tools/duckdb_script.py shadowing model.sql

`count` loads each script into a DuckDB of its own and prints its
`select count(*) from solution`, one line each. `clash` runs the script
where it cannot finish (a table of the user's named like one of queens',
and the model already there) and prints what each run left. `taken`, for
every table, view and index name the script makes (read off its `create`
lines), makes an object of the user's of that name first, runs the script
as DuckDB's shell would (stopping at its first error, then closing, which
rolls an open transaction back), and prints whether the first statement
stopped it naming that object and the database is as it was; exit 1 if
not every name was refused so. `shadowing` does the same for macros of the
user's named like DuckDB's own functions, and runs the script beside a
macro named like none.
"""

import sqlite3
import sys

import duckdb

from rows_alike import report

# Views whose rows come in board order in SQLite without a last `order by`:
# solution (its loops), and the numbered views (ordered parts joined with
# union all).
ORDERED = {"solution", "numbered_solution", "solution_class"}
# What the DuckDB script leaves out: a server's records of a version and of
# a derivation, which a script run once has no use for.
NOT_IN_SCRIPT = {"queens_version", "queens_derived", "solution_store"}


def load(model):
    duck = duckdb.connect()
    with open(model, encoding="utf-8") as f:
        duck.execute(f.read())
    return duck


def compare(duck, path, only):
    lite = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    objects = lite.execute(
        "select name, sql from sqlite_schema where type in ('table', 'view') order by name").fetchall()
    failed = 0
    for name, sql in objects:
        if (only and name not in only) or name in NOT_IN_SCRIPT:
            continue
        ordered = "\norder by" in sql.lower() or name in ORDERED
        failed += report(name, ordered, lite, duck, name)
    undescribed = [r[0] for r in duck.execute(
        "select table_name from duckdb_tables() where comment is null "
        "union all select view_name from duckdb_views() where not internal and comment is null"
    ).fetchall()]
    print("undescribed: " + (", ".join(sorted(undescribed)) or "none"))
    failed += len(undescribed)
    return failed


def clash(model):
    script = open(model, encoding="utf-8").read()
    relations = ("select count(*) from duckdb_tables() union all "
                 "select count(*) from duckdb_views() where not internal")
    for name, setup in [("a table named candidate", "create table candidate (x integer)"),
                        ("the model itself", script)]:
        duck = duckdb.connect()
        duck.execute(setup)
        before = duck.execute(relations).fetchall()
        try:
            duck.execute(script)
            print(f"{name}: the second run succeeded")
            continue
        except duckdb.Error as error:
            refused = str(error).splitlines()[0]
        duck.execute("rollback")
        after = duck.execute(relations).fetchall()
        print(f"{name}: refused ({refused}); relations before {before}, after {after}")
    print("solutions after:", duck.execute("select count(*) from solution").fetchone()[0])


def made(script):
    """(kind, name) of each `create [unique] table|view|index NAME` line."""
    names = []
    for line in script.splitlines():
        words = line.lower().split()
        if not words or words[0] != "create":
            continue
        words = words[1:]
        if words and words[0] == "unique":
            words = words[1:]
        if len(words) >= 2 and words[0] in ("table", "view", "index"):
            name = words[1].split("(")[0]
            if (words[0], name) not in names:
                names.append((words[0], name))
    return names


def everything(duck):
    """What the database and the session hold, to compare before and after."""
    return duck.execute(
        "select database_name || ' table ' || table_name || ' ' || estimated_size "
        "from system.main.duckdb_tables() "
        "union all select database_name || ' view ' || view_name "
        "from system.main.duckdb_views() where not internal "
        "union all select database_name || ' index ' || index_name "
        "from system.main.duckdb_indexes() "
        "order by 1").fetchall()


def as_the_shell(duck, script):
    """Runs the script as DuckDB's shell does, stopping at its first error
    and then closing, which rolls an open transaction back; what it said."""
    try:
        duck.execute(script)
        return "the script ran"
    except duckdb.Error as error:
        duck.execute("rollback")
        return str(error).splitlines()[0]


def taken(model):
    script = open(model, encoding="utf-8").read()
    failed = 0
    names = made(script)
    # Each name as an object of the user's in the schema in use, and each
    # table or view name as a temporary table too, which an unqualified
    # name finds first.
    tries = [(kind, name, "") for kind, name in names]
    tries += [(kind, name, "temporary ") for kind, name in names if kind != "index"]
    for kind, name, temporary in tries:
        duck = duckdb.connect()
        if kind == "index":
            duck.execute(f"create table my_{name} (x integer); create index {name} on my_{name} (x)")
        else:
            duck.execute(f"create {temporary}table {name} (square varchar); "
                         f"insert into {name} values ('c5')")
        before = everything(duck)
        said = as_the_shell(duck, script)
        held = f"already holds the {temporary}{'index' if kind == 'index' else 'table'} {name},"
        same = everything(duck) == before
        ok = held in said and same
        print(f"{temporary}{kind} {name}: {'refused' if ok else 'NOT REFUSED'}"
              f"{'' if same else ', the database changed'} ({said})")
        failed += not ok
    print(f"tries: {len(tries)}, refused: {len(tries) - failed}")
    return failed


# Macros of the user's named like DuckDB's own functions, which take their
# places (in the first statement's own check, and in the script's views):
# each refused by name, nothing made. (DuckDB 1.4 lets a table macro take
# the place of a catalog function even where the call names the system
# catalog: there the first statement stops at DuckDB's own binder error,
# nothing made.) A macro named like no built-in is no concern of the
# script, which runs.
SHADOWING = [
    ("macro", "lower", "create macro lower(x) as 'hole'", "drop macro lower"),
    ("table macro", "duckdb_tables", "create macro duckdb_tables() as table select 1 as x",
     "drop macro table duckdb_tables"),
    ("temporary macro", "error", "create temporary macro error(x) as 0", "drop macro temp.error"),
]


def macros(script):
    failed = 0
    for kind, name, make, drop in SHADOWING + [(None, "mine", "create macro mine(x) as x", "")]:
        duck = duckdb.connect()
        duck.execute(make)
        said = as_the_shell(duck, script)
        if not kind:
            ok = said == "the script ran"
            print(f"a macro of no built-in name, {name}: {'ran' if ok else 'REFUSED'} ({said})")
            failed += not ok
            continue
        duck.execute(drop)
        nothing_made = everything(duck) == []
        named = f"already holds the {kind} {name}, which takes the place of" in said
        stopped = kind == "table macro" and duckdb.__version__.startswith("1.4.") \
            and said.startswith("Binder Error")
        ok = (named or stopped) and nothing_made
        print(f"{kind} {name}: {'as it should' if ok else 'NOT REFUSED'}"
              f"{'' if nothing_made else ', the database changed'} ({said})")
        failed += not ok
    return failed


def main():
    mode, model = sys.argv[1], sys.argv[2]
    if mode == "clash":
        clash(model)
        return
    if mode == "taken":
        sys.exit(1 if taken(model) else 0)
    if mode == "shadowing":
        sys.exit(1 if macros(open(model, encoding="utf-8").read()) else 0)
    if mode == "count":
        for each in sys.argv[2:]:
            print(load(each).execute("select count(*) from solution").fetchone()[0])
        return
    sys.exit(1 if compare(load(model), sys.argv[3], set(sys.argv[4:])) else 0)


if __name__ == "__main__":
    main()
