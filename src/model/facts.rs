//! The model's facts as the commands show them: the rows of the tables and
//! views that the page draws and `space` prints, as values (read by
//! `search::facts`, written by `render/`).

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

/// A row of `search_tree_tally`: level k = `queens` of the search tree,
/// the placements that enter it, the squares tried, those placed, and those
/// killed by a row, a rising and a falling diagonal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TallyStep {
    pub queens: i64,
    pub entered: i64,
    pub tried: i64,
    pub placed: i64,
    pub by_row: i64,
    pub by_rising: i64,
    pub by_falling: i64,
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
pub struct BoardFacts {
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
    pub tally: Vec<TallyStep>,
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

/// A table or view, as an SQLite file's catalog lists it.
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
