"""One relation read in SQLite and in DuckDB, held against each other: the
same column names and the same rows, in order where `ordered`. Shared by
duckdb_reads.py (the file through DuckDB's SQLite extension) and
duckdb_script.py (DuckDB's own model from queens' script).
"""


def report(name, ordered, lite, duck, duck_name):
    """Prints one line for `name` (read as `duck_name` in DuckDB) and
    returns 1 if it differs or fails, else 0."""
    try:
        cursor = lite.execute(f"select * from {name}")
        expected_columns = [d[0] for d in cursor.description]
        expected = cursor.fetchall()
        result = duck.execute(f"select * from {duck_name}")
        columns = [d[0] for d in result.description]
        rows = result.fetchall()
    except Exception as error:  # a view DuckDB cannot read
        print(f"{name}: FAILED {str(error).splitlines()[0]}")
        return 1
    same_rows = rows == expected if ordered else sorted(map(repr, rows)) == sorted(map(repr, expected))
    if columns != expected_columns or not same_rows:
        print(f"{name}: DIFFERS columns {columns} vs {expected_columns}; "
              f"{len(rows)} rows vs {len(expected)}; first {rows[:1]} vs {expected[:1]}")
        return 1
    print(f"{name}: {len(rows)} rows, the same{' (in order)' if ordered else ''}")
    return 0
