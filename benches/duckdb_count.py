"""Times `select count(*) from solution` on queens' DuckDB model against
the public bitmask recursive CTE, in one DuckDB process, interleaved.

    python3 benches/duckdb_count.py MODEL.sql N RUNS BITMASK_SQL

MODEL.sql is `queens export --format sql --dialect duckdb --size N`;
BITMASK_SQL counts the N×N board's solutions from a table k(z) = 1 … N.
Prints the DuckDB version, then both counts and both medians in ms.
"""

import statistics
import sys
import time

import duckdb


def main() -> None:
    model, n, runs, bitmask = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    con = duckdb.connect()
    with open(model, encoding="utf-8") as f:
        con.execute(f.read())
    con.execute("create table k (z integer primary key)")
    con.execute(f"insert into k select range + 1 from range({n})")
    queries = {"view": "select count(*) from solution", "bitmask": bitmask}
    counts = {name: con.execute(sql).fetchone()[0] for name, sql in queries.items()}
    times = {name: [] for name in queries}
    for _ in range(runs):
        for name, sql in queries.items():
            start = time.perf_counter()
            con.execute(sql).fetchall()
            times[name].append(time.perf_counter() - start)
    print(duckdb.__version__)
    print(counts["view"], counts["bitmask"])
    print(*(f"{statistics.median(times[name]) * 1e3:.3f}" for name in queries))


if __name__ == "__main__":
    main()
