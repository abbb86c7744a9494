//! Other boards on a server: a torus, holes and superqueens built in a
//! PostgreSQL schema by the same SQL files, answering every command as the
//! SQLite file of the same board does, checked by doctor against a fresh
//! board of the same shape, and never rebuilt by a command that reads.

use crate::common;

use common::golden::assert_same_text;
use common::server::Schema;
use common::{Board, is_one_error, text};
// The checker's rules are a board value's (`checker::variants`); `Board` is
// the suite's database of one board.
use queens::model::board::Board as Rules;
use queens::model::board::Square;

fn server() -> String {
    common::server::postgres()
}

/// The boards held against SQLite's, with the flags that build them.
const BOARDS: &[(&str, &[&str])] = &[
    ("5", &["--torus"]),
    ("7", &["--torus"]),
    ("8", &["--holes", "c2,f7"]),
    ("8", &["--holes", "a4,d5,h2"]),
    ("10", &["--superqueens"]),
    ("7", &["--torus", "--superqueens", "--holes", "d4"]),
    ("5x7", &["--holes", "c4"]),
];

/// What both engines answer alike on every board of `BOARDS`.
const COMMANDS: &[&[&str]] = &[
    &["count"],
    &["count", "--fundamental"],
    &["solve", "--format", "csv"],
    &["solve", "--fundamental"],
    &["space"],
    &["trace"],
    &["export", "--format", "json"],
];

promise!(
    every_board_answers_on_postgresql_as_in_its_sqlite_file,
    needs = [Postgres]
);
fn every_board_answers_on_postgresql_as_in_its_sqlite_file() {
    let url = server();
    let schema = Schema::new(&url, "v");
    for (i, &(size, flags)) in BOARDS.iter().enumerate() {
        let mut init = vec!["init", "--size", size];
        if i > 0 {
            init.push("--force");
        }
        init.extend(flags);
        let said = schema.stdout(&init);
        let sqlite = Board::sized(size, flags);
        let n = sqlite.n;
        let rows: u8 = size.split('x').nth(1).map_or(n, |r| r.parse().unwrap());
        let name = format!("{size} {flags:?}");
        for args in COMMANDS {
            assert_same_text(
                "the SQLite file's",
                &sqlite.stdout(args),
                "PostgreSQL's",
                &schema.stdout(args),
                &format!("{name}: {args:?}"),
            );
        }
        // The view itself, against the checker's rules of the board.
        let mut rules = Rules {
            rows,
            ..Rules::square(n)
        };
        rules.torus = flags.contains(&"--torus");
        rules.superqueens = flags.contains(&"--superqueens");
        if let Some(at) = flags.iter().position(|f| *f == "--holes") {
            rules.holes = (flags[at + 1].split(','))
                .map(|h| Square::parse_on(h, n, rows).unwrap())
                .collect();
        }
        assert_eq!(schema.count("solution"), rules.count(), "{name}: {said}");
        let doctor = schema.run(&["doctor"]);
        assert!(doctor.status.success(), "{name}: {}", text(&doctor.stdout));
        assert!(text(&doctor.stdout).contains("shape"), "{name}");
    }
}

promise!(
    a_schema_keeps_its_shape_and_a_reading_command_never_changes_it,
    needs = [Postgres]
);
fn a_schema_keeps_its_shape_and_a_reading_command_never_changes_it() {
    let url = server();
    let schema = Schema::new(&url, "v");
    schema.stdout(&["init", "--torus", "--size", "5"]);
    let check = schema.run(&["check", "c5", "e2"]);
    assert!(
        text(&check.stdout).contains("the diagonal a3–e2, wrapped round the board's edge"),
        "{}",
        text(&check.stdout)
    );
    // Another shape from a command that reads: one line, and the schema
    // still holds the torus.
    for args in [
        &["count", "--plain"][..],
        &["count", "--holes", "a1"],
        &["solve", "--superqueens"],
    ] {
        let out = schema.run(args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(is_one_error(&err), "{args:?}: {err}");
        assert!(err.contains("holds a 5×5 torus"), "{args:?}: {err}");
    }
    assert_eq!(schema.stdout(&["count", "--torus"]), "10\n");
    // init: another shape needs --force; --force alone keeps the shape.
    let out = schema.run(&["init", "--plain"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    schema.stdout(&["init", "--force", "--size", "7"]);
    assert_eq!(schema.stdout(&["count"]), "28\n");
    schema.stdout(&["init", "--force", "--plain"]);
    assert_eq!(schema.stdout(&["count"]), "40\n");
}

promise!(
    solution_on_postgresql_lists_sqlite_s_rows_in_board_order_on_every_kind_of_board,
    needs = [Postgres]
);
also_on_postgres_18!(
    solution_on_postgresql_lists_sqlite_s_rows_in_board_order_on_every_kind_of_board,
    solution_on_postgresql_lists_sqlite_s_rows_in_board_order_on_every_kind_of_board_on_18
);
fn solution_on_postgresql_lists_sqlite_s_rows_in_board_order_on_every_kind_of_board() {
    // From 9×9 on a square board PostgreSQL's view meets in the middle
    // (sql/views/solution/postgres.sql), halves of 5 and 5 columns at
    // 10×10, of 6 and 5 at 11×11; a rectangle searches one column a step.
    // Holes that the mirror keeps (c2 and c9) and holes it does not (c2
    // and f7); a torus; superqueens, whose lines take more words of
    // line_set.
    let boards: &[(&str, &[&str])] = &[
        ("10", &[]),
        ("10", &["--holes", "c2,f7"]),
        ("10", &["--holes", "c2,c9"]),
        ("11", &["--torus"]),
        ("11", &["--superqueens"]),
        ("10x12", &["--holes", "b3"]),
    ];
    let schema = Schema::new(&server(), "v");
    for (i, &(size, flags)) in boards.iter().enumerate() {
        let mut init = vec!["init", "--size", size];
        if i > 0 {
            init.push("--force");
        }
        init.extend(flags);
        schema.stdout(&init);
        let sqlite = Board::sized(size, flags);
        let expected = sqlite.rows("select * from solution");
        let listed: Vec<Vec<String>> = schema
            .rows("select * from solution")
            .iter()
            .map(|row| (0..row.len()).map(|i| row.get::<_, String>(i)).collect())
            .collect();
        assert!(!expected.is_empty(), "{size} {flags:?}");
        assert_eq!(listed, expected, "{size} {flags:?}");
    }
}
