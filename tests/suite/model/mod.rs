//! The relations of the model, each held against the published tables
//! (OEIS) and the independent native checker.

mod expansions;
mod facts;
mod filters;
mod funnel;
mod order;
mod rectangles;
mod scale;
mod search_tree;
mod solutions;
mod symmetry;
mod trace;
mod variants;
