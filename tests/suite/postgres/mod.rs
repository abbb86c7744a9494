//! A PostgreSQL server shared with other roles: the same model, its
//! session pinned, trust in other roles' objects, grants, and `doctor`
//! (on Citus coordinators too).

mod catalog_walk;
mod doctor;
mod model;
mod pinned_path;
mod roles_and_grants;
mod shared_board;
mod trust;
mod variants;
