//! The embedded default: SQLite files under faults, races, hostile names
//! and objects of the user's, and `doctor` on them.

mod doctor;
mod exports_and_user_objects;
mod faults;
mod hostile_inputs;
mod one_board;
