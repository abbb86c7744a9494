"""Reads every table and view of a queens database through DuckDB's SQLite
extension and holds each against what SQLite itself answers: the same
column names, the same rows (in the same order where the view orders
them). Prints one line per object; exits 1 if any differs or fails.

    python3 tests/tools/duckdb_reads.py queens.db [name ...]
"""

import glob
import os
import sqlite3
import sys

import duckdb
import duckdb_ext

from rows_alike import report


ORDERED_BY_PARTS = {"numbered_solution", "solution_class"}


def sqlite_extension():
    pattern = os.path.join(list(duckdb_ext.__path__)[0], "extensions", "*", "*",
                           "sqlite_scanner.duckdb_extension")
    return glob.glob(pattern)[0]


def main(path, only):
    lite = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    duck = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    duck.execute(f"LOAD '{sqlite_extension()}'")
    duck.execute(f"ATTACH '{path}' AS q (TYPE sqlite, READ_ONLY)")
    objects = lite.execute(
        "select name, sql from sqlite_schema where type in ('table', 'view') order by name").fetchall()
    failed = 0
    for name, sql in objects:
        if only and name not in only:
            continue
        # Rows come in a promised order only from a view that orders them
        # (its last clause), or that joins ordered parts with union all
        # (numbered_solution and solution_class, their first 200 rows and
        # the rest: DuckDB documents that union all, limit, where and
        # subqueries keep the order); tables and the others are sets.
        ordered = "\norder by" in sql.lower() or name in ORDERED_BY_PARTS
        failed += report(name, ordered, lite, duck, f"q.{name}")
    # DuckDB lists every table and view of the file (its information
    # schema; `show all tables` over an attached SQLite file gives a
    # different count from run to run in DuckDB 1.4, whatever the file).
    listed = {r[0] for r in duck.execute(
        "select table_name from information_schema.tables where table_catalog = 'q'").fetchall()}
    missing = sorted({name for name, _ in objects} - listed)
    print(f"listed: {len(listed)} of {len(objects)}" + (f", missing {missing}" if missing else ""))
    failed += len(missing)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main(sys.argv[1], set(sys.argv[2:]))
