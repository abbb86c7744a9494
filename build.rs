fn main() {
    // The SQL files are embedded with include_dir, which cargo does not watch.
    println!("cargo:rerun-if-changed=migrations");
    println!("cargo:rerun-if-changed=sql");
}
