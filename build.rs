// The migrations are embedded with include_dir, which cargo does not watch.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
