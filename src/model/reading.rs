//! The model's facts as the commands show them: the rows of the tables and
//! views that the page draws and `space` prints, as values (read by
//! `search::reading`, written by `render/`).

use crate::model::value::Value;

/// A square of the board: its name, column and row numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareFact {
    pub square: String,
    pub column: i64,
    pub row: i64,
}

/// A line of the board: its anchor square and direction (a row of `line`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineFact {
    pub anchor: String,
    pub mov_dir: String,
}

/// A row of `square_line`: `square` lies on the line (`anchor`, `mov_dir`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareOnLine {
    pub square: String,
    pub anchor: String,
    pub mov_dir: String,
}

/// A row of `symmetry`: its name and what it does, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymmetryFact {
    pub symmetry: String,
    pub description: String,
}

/// A row of `square_image`: `symmetry` moves `square` onto `image`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareImage {
    pub symmetry: String,
    pub square: String,
    pub image: String,
}

/// A row of `search_space`: a step of the reasoning and the size of the
/// search it leaves.
#[derive(Clone, Debug, PartialEq)]
pub struct ReasoningStep {
    pub step: String,
    pub reasoning: String,
    pub calculation: String,
    /// Exact where it fits in 64 bits, else NULL.
    pub search_space: Value,
    /// The view's own estimate, in words, for a size beyond 64 bits.
    pub about: String,
}

/// A row of `search_funnel`: the placements of k queens in columns 1 … k
/// by the candidate rule (None beyond 64 bits) and by the placement rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FunnelStep {
    pub queens: i64,
    pub by_candidate_rule: Option<i64>,
    pub by_placement_rule: i64,
}

/// A relation the page reads, with the SQL the database holds for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RelationDefinition {
    pub name: String,
    /// "table" or "view".
    pub kind: String,
    /// As the database keeps it; empty where it keeps none (a table on
    /// PostgreSQL).
    pub sql: String,
}

/// Everything the page shows of the board but its solutions.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardShown {
    pub n: u8,
    /// In board order.
    pub squares: Vec<SquareFact>,
    /// In the order the seed lists a square's lines (see sql/reading/line.sql).
    pub lines: Vec<LineFact>,
    pub square_lines: Vec<SquareOnLine>,
    /// By sym_no.
    pub symmetries: Vec<SymmetryFact>,
    pub images: Vec<SquareImage>,
    pub reasoning: Vec<ReasoningStep>,
    pub funnel: Vec<FunnelStep>,
    /// By level.
    pub tally: Vec<TallyLevel>,
    /// By name.
    pub definitions: Vec<RelationDefinition>,
}

/// The symmetry class of one solution: how many solutions the board's
/// symmetries make of it, the class's first in board order (its
/// representative) and the symmetry that moves the solution onto it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolutionClass {
    pub class_size: i64,
    pub representative: Vec<String>,
    /// The first such symmetry by sym_no.
    pub symmetry: String,
}

/// A table or view, as a catalog lists it: an SQLite file's, or the one
/// the model reads from its SQL text (`model::catalog`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogRelation {
    pub name: String,
    /// "table" or "view".
    pub kind: String,
    /// The statement that made the relation, comments and all.
    pub sql: String,
    /// Its columns, in order (none where they cannot be read).
    pub columns: Vec<String>,
}

/// A row of `search_tree_tally`: level k = `queens` of the search tree.
/// `entered` placements of k − 1 queens each try the N squares of column k
/// (`tried`); `placed` of them take a queen, the others die on a row
/// (`by_row`), a rising diagonal (`by_rising`) or a falling one
/// (`by_falling`), or, on a superqueens board, a knight's move
/// (`by_knight`, None on other boards).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TallyLevel {
    pub queens: i64,
    pub entered: i64,
    pub tried: i64,
    pub placed: i64,
    pub by_row: i64,
    pub by_rising: i64,
    pub by_falling: i64,
    pub by_knight: Option<i64>,
}

/// A square and the lines through it, as the walk reads them: its bitset
/// (a row of `line_set`) to test, its lines' names (`square_line`) to say
/// which one kills.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareLines {
    pub square: String,
    pub column: i64,
    pub row: i64,
    /// w0, …, w15 of line_set.
    pub words: Vec<i64>,
    /// Its lines, in the order that names one of the lines two squares
    /// share (sql/queries/line_order.sql), as square_line is read.
    pub lines: Vec<LineFact>,
}

/// Why a tried square dies: the line (`anchor`, `mov_dir`) it shares with
/// the queen on `attacker`, the first in column order whose lines meet its
/// own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kill {
    pub anchor: String,
    pub mov_dir: String,
    pub attacker: String,
}

/// One square the depth-first search tries: a row of `search_tree`, in the
/// order a backtracking program tries them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalkStep {
    /// 1, 2, … in the order of the walk.
    pub step: u64,
    /// s1 … s(k−1), the queens standing, then s_k, the square tried.
    pub squares: Vec<String>,
    /// None where the square takes a queen (placed = 1).
    pub kill: Option<Kill>,
    /// Where the square completes a solution: its number, in the order found.
    pub solution: Option<u64>,
    /// The queens lifted after this step, as the search backs up, the last
    /// column's first: the column tried is done, and so are these queens'.
    pub lifted: Vec<String>,
}

/// A description queens gives one of its tables or views, or one of their
/// columns, where the database keeps descriptions apart from the statement
/// (PostgreSQL's `comment on`; SQLite keeps the statement, comments and all).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment {
    pub relation: String,
    /// "table" or "view".
    pub kind: String,
    /// The column, or None for the relation itself.
    pub column: Option<String>,
    pub text: String,
}

/// Two queens that attack each other, and the line they share: its anchor,
/// its direction and its last square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attack {
    pub a: String,
    pub b: String,
    pub anchor: String,
    pub mov_dir: String,
    pub line_end: String,
    /// Whether the line runs over an edge of the board and comes back at
    /// the opposite one (a torus's).
    pub wraps: bool,
}
