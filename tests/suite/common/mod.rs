//! Helpers shared by the integration tests: run the real binary, read the
//! database it wrote with a plain SQLite connection, and the published
//! sequences the answers are checked against.
#![allow(dead_code)] // each test file uses its own share of these

pub mod chromium;
pub mod files;
pub mod golden;
pub mod server;
pub mod wait;

pub use wait::{Bounded, wait_for, wait_until};

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use queens::model::board::Square;
use rusqlite::types::ValueRef;
use rusqlite::{Connection, OpenFlags};
use tempfile::TempDir;

/// The published counts, from the checker's one table of them.
pub use queens::checker::oeis::{A000170, A002562};

/// OEIS A002464: permutations of n with no two neighbours differing by 1
/// (Hertzsprung's problem), n = 1, 2, …
pub const A002464: [u64; 10] = [1, 0, 0, 2, 14, 90, 646, 5242, 47622, 479306];

/// OEIS A319284: row n lists the nodes at each depth 0 … n of the
/// backtracking tree of the n-queens search (the placements of k queens in
/// the first k columns, no two attacking), n = 1, 2, …, 12.
pub const A319284: [&[u64]; 12] = [
    &[1, 1],
    &[1, 2, 0],
    &[1, 3, 2, 0],
    &[1, 4, 6, 4, 2],
    &[1, 5, 12, 14, 12, 10],
    &[1, 6, 20, 36, 46, 40, 4],
    &[1, 7, 30, 76, 140, 164, 94, 40],
    &[1, 8, 42, 140, 344, 568, 550, 312, 92],
    &[1, 9, 56, 234, 732, 1614, 2292, 2038, 1066, 352],
    &[1, 10, 72, 364, 1400, 3916, 7552, 9632, 7828, 4040, 724],
    &[
        1, 11, 90, 536, 2468, 8492, 21362, 37248, 44148, 34774, 15116, 2680,
    ],
    &[
        1, 12, 110, 756, 4080, 16852, 52856, 120104, 195270, 222720, 160964, 68264, 14200,
    ],
];

/// OEIS A319283: the nodes of the n-queens backtracking tree (A319284's
/// row sums), n = 1, 2, …, 12.
pub const A319283: [u64; 12] = [2, 3, 6, 17, 54, 153, 552, 2057, 8394, 35539, 166926, 856189];

/// The `queens` binary, run in `dir`.
pub fn queens(dir: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_queens"));
    cmd.current_dir(dir);
    cmd
}

/// A scratch directory with a database built by `queens init --size n`.
pub struct Board {
    pub dir: TempDir,
    pub db: PathBuf,
    pub n: u8,
}

impl Board {
    pub fn new(n: u8) -> Board {
        let dir = TempDir::new().unwrap();
        let db = dir.path().join(format!("q{n}.db"));
        queens(dir.path())
            .args(["init", "--size", &n.to_string(), "--db"])
            .arg(&db)
            .assert()
            .success();
        Board { dir, db, n }
    }

    /// A scratch directory with a database built by `queens init --size n`
    /// and the shape flags `flags` (`--torus`, `--holes c2,f7`).
    pub fn shaped(n: u8, flags: &[&str]) -> Board {
        let dir = TempDir::new().unwrap();
        let db = dir.path().join(format!("q{n}.db"));
        queens(dir.path())
            .args(["init", "--size", &n.to_string(), "--db"])
            .arg(&db)
            .args(flags)
            .assert()
            .success();
        Board { dir, db, n }
    }

    /// A board of `--size size` (N, or CxR for a rectangle) and `flags`.
    pub fn sized(size: &str, flags: &[&str]) -> Board {
        let dir = TempDir::new().unwrap();
        let db = dir.path().join("q.db");
        queens(dir.path())
            .args(["init", "--size", size, "--db"])
            .arg(&db)
            .args(flags)
            .assert()
            .success();
        let cols = size.split('x').next().unwrap().parse().unwrap();
        Board { dir, db, n: cols }
    }

    /// Runs queens on this board's database (`--db` is added).
    pub fn run(&self, args: &[&str]) -> std::process::Output {
        queens(self.dir.path())
            .args(args)
            .arg("--db")
            .arg(&self.db)
            .bounded_output()
            .unwrap()
    }

    /// What queens prints on stdout for `args`; it must succeed.
    pub fn stdout(&self, args: &[&str]) -> String {
        stdout_of_success(self.run(args), args)
    }

    /// A plain read-only SQLite connection: nothing of the CLI is loaded.
    pub fn connect(&self) -> Connection {
        Connection::open_with_flags(&self.db, OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap()
    }

    pub fn count(&self, sql: &str) -> u64 {
        self.connect()
            .query_row(sql, [], |row| row.get::<_, i64>(0))
            .unwrap() as u64
    }

    /// Every row of a query, each value as text.
    pub fn rows(&self, sql: &str) -> Vec<Vec<String>> {
        rows_of(&self.connect(), sql).unwrap()
    }

    /// Makes the file look as the first release wrote it (schema 1): no
    /// symmetry tables, and none of the views made from them.
    pub fn back_to_schema_1(&self) {
        Connection::open(&self.db)
            .unwrap()
            .execute_batch(
                "drop view fundamental_solution; drop view solution_class;
                 drop view solution_queen; drop view numbered_solution;
                 drop table square_image; drop table symmetry;
                 drop table hole; drop table board_shape; drop table board_rows;
                 drop index square_line_one_a_step;
                 drop table queens_derived; pragma user_version = 1;",
            )
            .unwrap();
    }

    /// Takes the file back to what the queens of schema 8 wrote: the
    /// same tables but queens_derived, which came with schema 9.
    pub fn back_to_schema_8(&self) {
        Connection::open(&self.db)
            .unwrap()
            .execute_batch(BACK_TO_SCHEMA_8)
            .unwrap();
    }

    /// The placements a view returns, as squares.
    pub fn placements(&self, view: &str) -> Vec<Vec<Square>> {
        self.rows(&format!("select * from {view}"))
            .iter()
            .map(|row| {
                row.iter()
                    .map(|name| Square::parse(name, self.n).unwrap())
                    .collect()
            })
            .collect()
    }

    /// The line `queens check` names for each pair of the board's squares
    /// that attack each other (attacking_pair, the pair in board order):
    /// every square checked at once, (a, b) → (anchor, mov_dir).
    pub fn lines_check_names(&self) -> NamedLines {
        let squares: Vec<String> = (self.rows("select square from square order by cl_no, rw_no"))
            .into_iter()
            .map(|row| row[0].clone())
            .collect();
        let mut args = vec!["check"];
        args.extend(squares.iter().map(String::as_str));
        let out = self.run(&args);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        let mut named = NamedLines::new();
        for sentence in text(&out.stdout).lines().filter(|l| l.contains(" attack ")) {
            // "c5 and f2 attack each other along the RGHT-DN line anchored at a7 (…)"
            let words: Vec<&str> = sentence.split(' ').collect();
            let pair = (words[0].to_string(), words[2].to_string());
            assert_eq!(words[9..12], ["line", "anchored", "at"], "{sentence}");
            let line = (words[12].to_string(), words[8].to_string());
            assert!(named.insert(pair, line).is_none(), "{sentence}");
        }
        named
    }

    /// The pairs of squares (in board order) that share more than one line.
    pub fn pairs_sharing_two_lines(&self) -> Vec<(String, String)> {
        (self.rows(
            "select a.square, b.square from square_line as a \
             join square_line as b on b.anchor = a.anchor and b.mov_dir = a.mov_dir \
             join square as sa on sa.square = a.square join square as sb on sb.square = b.square \
             where (sa.cl_no, sa.rw_no) < (sb.cl_no, sb.rw_no) \
             group by a.square, b.square having count(*) > 1",
        ))
        .into_iter()
        .map(|row| (row[0].clone(), row[1].clone()))
        .collect()
    }
}

/// The line named for each pair of squares that share one: (a, b), a
/// before b in board order → (anchor, mov_dir).
pub type NamedLines = std::collections::BTreeMap<(String, String), (String, String)>;

/// The statements that take a file of this build back to schema 8: the
/// tables schema 9 (queens_derived), schema 10 (board_shape, hole) and
/// schema 11 (board_rows) made go, and the index schema 10 made on
/// square_line. (Schema 10 makes mov_dir, square_line, line_set and
/// safe_next again, so theirs need not be the old ones.)
pub const BACK_TO_SCHEMA_8: &str = "drop table queens_derived; drop table hole; \
     drop table board_shape; drop table board_rows; drop index square_line_one_a_step; \
     pragma user_version = 8;";

/// A value as text; numbers in their shortest form.
/// Every row of a query on `conn`, each value as text, or the error that
/// ended it (an interrupt, say).
pub fn rows_of(conn: &Connection, sql: &str) -> rusqlite::Result<Vec<Vec<String>>> {
    let mut stmt = conn.prepare(sql)?;
    let width = stmt.column_count();
    stmt.query_map([], |row| {
        (0..width).map(|i| row.get_ref(i).map(value_text)).collect()
    })?
    .collect()
}

/// The first `k` rows solution_class gives on the `n`×`n` board, as the
/// native checker makes them, for boards whose first `k` solutions are each
/// their own class's representative (asserted): class j, represented by
/// solution j, of as many members as the solution has distinct images.
pub fn first_classes(n: u8, k: usize) -> Vec<Vec<String>> {
    let all = queens::checker::solutions(n);
    (0..k)
        .map(|j| {
            let images = queens::checker::images(&all[j]);
            assert_eq!(images.iter().min(), Some(&all[j]), "solution {}", j + 1);
            let size = images
                .iter()
                .collect::<std::collections::BTreeSet<_>>()
                .len();
            let no = (j + 1).to_string();
            let mut row = vec![no.clone()];
            row.extend(
                queens::checker::squares_of(&all[j])
                    .iter()
                    .map(|q| q.name()),
            );
            row.extend([no.clone(), size.to_string(), no, "identity".to_string()]);
            row
        })
        .collect()
}

fn value_text(value: ValueRef<'_>) -> String {
    match value {
        ValueRef::Null => "NULL".to_string(),
        ValueRef::Integer(i) => i.to_string(),
        ValueRef::Real(f) => f.to_string(),
        ValueRef::Text(t) => String::from_utf8_lossy(t).into_owned(),
        ValueRef::Blob(b) => format!("{b:?}"),
    }
}

/// The bytes of a file, to show it was not touched.
pub fn contents(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap()
}

/// Squares from names, for readable expectations.
pub fn squares(names: &str, n: u8) -> Vec<Square> {
    names
        .split_whitespace()
        .map(|s| Square::parse(s, n).unwrap())
        .collect()
}

/// Whether stderr is one error as queens reports it: one line naming the
/// problem, or (for a mistake in the command line itself, which clap
/// finds) that line followed by clap's usage and the help to read.
pub fn is_one_error(stderr: &str) -> bool {
    stderr.starts_with("queens: ")
        && !stderr.contains("panicked")
        && (stderr.lines().count() == 1 || stderr.ends_with("--help'.\n"))
}

/// The `queens` binary, run in `dir` as nobody when the tests run as root
/// (who may write anything), so that file permissions mean what they say;
/// as the tests' own user otherwise.
pub fn queens_as_a_plain_user(dir: &Path) -> Command {
    let root = Command::new("id")
        .arg("-u")
        .bounded_output()
        .is_ok_and(|o| text(&o.stdout).trim() == "0");
    let mut command = if root {
        let mut command = Command::new("setpriv");
        command.args(["--reuid=65534", "--regid=65534", "--clear-groups"]);
        command.arg(env!("CARGO_BIN_EXE_queens"));
        command
    } else {
        Command::new(env!("CARGO_BIN_EXE_queens"))
    };
    command.current_dir(dir);
    command
}

/// Runs the `queens` binary in `dir` with `args` and waits for it.
pub fn run_in(dir: &Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
        .current_dir(dir)
        .args(args)
        .bounded_output()
        .unwrap()
}

/// What in a page's own code would load or send something over the
/// network: a page that holds none of it works offline.
pub const LOADS_FROM_THE_NETWORK: [&str; 13] = [
    "src=",
    "href=",
    "url(",
    "@import",
    "fetch(",
    "XMLHttpRequest",
    "http:",
    "https:",
    "<link",
    "<iframe",
    "<img",
    "WebSocket",
    "import(",
];

/// Bytes a process printed, as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Makes a FIFO (named pipe) at `path`.
pub fn make_fifo(path: &Path) {
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .bounded_status()
        .unwrap();
    assert!(made.success(), "mkfifo {}", path.display());
}

/// The most memory process `pid` has held so far, in kB (Linux's VmHWM).
pub fn peak_memory_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap()
}

/// Runs tmux with `args` on the server of the socket `socket` (see
/// `TmuxShell`), failing the test if tmux fails; its output.
fn tmux(socket: &Path, args: &[&str]) -> String {
    let out = std::process::Command::new("tmux")
        .arg("-S")
        .arg(socket)
        .args(args)
        .bounded_output()
        .expect("tmux, which .ci/run installs");
    assert!(
        out.status.success(),
        "tmux {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A bash in a detached tmux session of 100×10 (a terminal the tests can
/// type into and read), killed when dropped. Each session has a tmux server
/// of its own, on a socket in a scratch folder of its own: on one shared
/// server, a test whose session ended the server could take another
/// test's new session with it ("server exited unexpectedly").
pub struct TmuxShell {
    session: String,
    socket: PathBuf,
    _dir: TempDir,
}

impl TmuxShell {
    pub fn start(name: &str) -> TmuxShell {
        let session = format!("{name}-{}", std::process::id());
        let dir = TempDir::new().unwrap();
        let socket = dir.path().join("tmux");
        tmux(
            &socket,
            &[
                "new-session",
                "-d",
                "-s",
                &session,
                "-x",
                "100",
                "-y",
                "10",
                "bash --norc --noprofile",
            ],
        );
        TmuxShell {
            session,
            socket,
            _dir: dir,
        }
    }

    /// Types `keys` (a line, or a key such as `C-c`) and presses Enter if asked.
    pub fn send(&self, keys: &str, enter: bool) {
        let mut args = vec!["send-keys", "-t", &self.session, keys];
        if enter {
            args.push("Enter");
        }
        tmux(&self.socket, &args);
    }

    /// What the terminal shows now.
    pub fn screen(&self) -> String {
        tmux(&self.socket, &["capture-pane", "-p", "-t", &self.session])
    }

    /// What the terminal shows once `seen` holds of it, for as long as it
    /// takes up to the suite's deadline. `seen` should also hold once the
    /// command has ended, so that a test fails at once instead of at the
    /// deadline.
    pub fn screen_once(&self, seen: impl Fn(&str) -> bool) -> String {
        wait_for("the terminal to show what the test looks for", || {
            let screen = self.screen();
            seen(&screen).then_some(screen)
        })
    }
}

/// Whether the `echo exit=$?` typed after a command has run: a line that
/// is `exit=` and a number. (The typed line holds `exit=$?`, which a long
/// enough command line wraps onto a line of its own.)
pub fn said_its_exit(screen: &str) -> bool {
    screen.lines().any(|line| {
        line.trim_end()
            .strip_prefix("exit=")
            .is_some_and(|code| !code.is_empty() && code.bytes().all(|b| b.is_ascii_digit()))
    })
}

impl Drop for TmuxShell {
    fn drop(&mut self) {
        // A Drop cannot fail the test: `ended` says on stderr if tmux hangs.
        if let Ok(mut kill) = std::process::Command::new("tmux")
            .arg("-S")
            .arg(&self.socket)
            .arg("kill-server")
            .spawn()
        {
            wait::ended(&mut kill, "tmux kill-server");
        }
    }
}

/// The stdout of a run of queens with `args`, which must have succeeded.
pub fn stdout_of_success(output: std::process::Output, args: &[&str]) -> String {
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// Asserts that a run was refused as queens refuses: exit `code`, nothing
/// on stdout, and one error line naming the problem (`says`) on stderr. A
/// mistake in the command line itself (exit 2, found by clap) is named on
/// the first line, which clap follows with the usage and the help to read.
pub fn assert_refused(out: &std::process::Output, code: i32, says: &str) {
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{stderr}");
    assert!(
        out.stdout.is_empty(),
        "printed on stdout: {}",
        text(&out.stdout)
    );
    let first = stderr.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("queens: ") && first.contains(says),
        "expected {says:?} in: {stderr}"
    );
    if stderr.lines().count() > 1 {
        assert_eq!(code, 2, "{stderr}");
        assert!(stderr.ends_with("--help'.\n"), "{stderr}");
    }
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// A run of `queens ARGS` under an address-space limit of `limit` KiB, in
/// the directory `dir`, which is its TMPDIR too.
pub struct LimitedRun {
    /// The shell line, for messages.
    pub line: String,
    pub out: std::process::Output,
    /// Its standard error.
    pub said: String,
    /// Ended by SIGABRT (the shell execs queens): Rust's allocator, or
    /// the standard library short of a signal stack, as the guarantees
    /// page says.
    pub aborted: bool,
}

/// `queens ARGS` run so.
pub fn under_memory_limit(limit: u32, args: &str, dir: &std::path::Path) -> LimitedRun {
    let line = format!(
        "ulimit -v {limit}; exec {} {args}",
        env!("CARGO_BIN_EXE_queens")
    );
    let out = std::process::Command::new("bash")
        .current_dir(dir)
        .env("TMPDIR", dir)
        // As a developer's shell has it: Rust's panic and error backtraces
        // asked for, whose locks a process short of memory once waited on.
        .env("RUST_BACKTRACE", "1")
        .args(["-c", &line])
        .bounded_output()
        .unwrap();
    let said = text(&out.stderr);
    let aborted = std::os::unix::process::ExitStatusExt::signal(&out.status) == Some(6);
    LimitedRun {
        line,
        out,
        said,
        aborted,
    }
}
