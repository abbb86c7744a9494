"""Reads a queens database with the SQLite of one apsw wheel (each wheel
bundles one SQLite version), as a user of that SQLite would.

    python3 tests/tools/old_sqlite.py APSW_DIR DB rows SQL      # every row, one per line, tab-separated
    python3 tests/tools/old_sqlite.py APSW_DIR DB plan SQL      # EXPLAIN QUERY PLAN, one step per line
    python3 tests/tools/old_sqlite.py APSW_DIR DB time SQL      # seconds to the first 3 rows and to all
    python3 tests/tools/old_sqlite.py APSW_DIR DB first SQL     # seconds to the first 3 rows only
    python3 tests/tools/old_sqlite.py APSW_DIR DB budget:S SQL  # every row, or "interrupted" past S steps of 100,000 instructions

The first line printed is the SQLite version.
"""

import sys
import time

sys.path.insert(0, sys.argv[1])
import apsw  # noqa: E402


def main(db, mode, sql):
    print(apsw.sqlitelibversion())
    conn = apsw.Connection(db, flags=apsw.SQLITE_OPEN_READONLY)
    if mode == "rows":
        for row in conn.execute(sql):
            print("\t".join(str(v) for v in row))
    elif mode == "plan":
        for row in conn.execute("explain query plan " + sql):
            print(row[-1])
    elif mode == "time":
        started = time.perf_counter()
        cursor = conn.execute(sql)
        for _ in range(3):
            next(cursor)
        first = time.perf_counter() - started
        rows = 3 + sum(1 for _ in cursor)
        print(f"{first:.6f} {time.perf_counter() - started:.6f} {rows}")
    elif mode.startswith("budget:"):
        # Instructions, not seconds: the same count on any machine.
        budget = int(mode.split(":")[1])
        steps = [0]

        def step():
            steps[0] += 1
            return steps[0] > budget

        conn.setprogresshandler(step, 100_000)
        try:
            rows = ["\t".join(str(v) for v in row) for row in conn.execute(sql)]
        except apsw.InterruptError:
            print(f"interrupted after {budget} steps")
            return
        print("\n".join(rows))
        print(f"{steps[0]} steps")
    elif mode == "first":
        started = time.perf_counter()
        cursor = conn.execute(sql)
        for _ in range(3):
            next(cursor)
        print(f"{time.perf_counter() - started:.6f}")


if __name__ == "__main__":
    main(sys.argv[2], sys.argv[3], sys.argv[4])
