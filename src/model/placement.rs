//! A placement of queens as the search hands it to the output.

use serde::Serialize;

/// One placement of queens: a solution with its number in board order, and
/// the size of its symmetry class when listing fundamental solutions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Placement {
    pub solution: i64,
    pub squares: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class_size: Option<i64>,
}
