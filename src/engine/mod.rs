//! The databases a board can live in, behind one interface. Each engine
//! lives in a folder of its own here and is the only code that names its
//! driver: `sqlite/` (a file, the embedded default), `postgres/` (a schema
//! on a server), `citus/` (a PostgreSQL schema spread over a Citus
//! cluster, built on `postgres/`).
//!
//! What an engine provides:
//!
//! - an [`Engine`] for one `--db`: it opens [`Reader`]s on the board (and
//!   siblings that read the same board from other threads), creates,
//!   upgrades and rebuilds the board for `init`, and, where it can, stores
//!   the solutions, distributes the search, dumps itself as SQL and runs
//!   `doctor`'s checks of its own;
//! - a [`Reader`]: one read transaction, in which it runs queens' SQL
//!   (templates from `sql/`, which it expands for its dialect), a user's
//!   statement in a sandbox (`query`), and, on a cluster, the distributed
//!   parts of the search ([`Cluster`]).
//!
//! A fourth engine is a folder here that implements these traits, and one
//! line in [`connect`] that picks it for the `--db` it serves.
//!
//! Each concern has its file: [`interface`] (the traits), [`registry`]
//! (the one file that names all three engines), [`target`] (what `--db`
//! names) and [`findings`] (`doctor`'s report). The reference board
//! every doctor compares with is SQLite's [`FreshBoard`]; the registry
//! hands it to the server engines as a [`ReferenceBoard`].

pub mod citus;
pub mod findings;
pub mod interface;
pub mod postgres;
pub mod registry;
pub mod sqlite;
pub mod target;

pub use crate::model::reading::Comment;
pub use crate::model::value::Value;
pub use findings::{Finding, board_finding, model_finding, multiset_difference};
pub use interface::{
    Cluster, Engine, Inspection, KeptCount, KeptParts, Origin, Param, Params, Reader,
    ReferenceBoard, ReferenceFor, Snapshot, SolutionStore, board_size_from, check_current,
    check_requested_size,
};
pub use registry::{Asked, Substitute, connect, connect_for_reading, explain, postgres_script};
pub use sqlite::{
    AnswerBounds, AnswerInterrupt, AnswerNeeds, FreshBoard, answer_functions, answer_needs,
    answer_rows, answer_steps, bounded_answer_rows, image_of_file,
};
pub use target::{Target, hide_passwords};
