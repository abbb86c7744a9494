fn main() {
    // The SQL files are embedded with include_dir, which cargo does not watch.
    println!("cargo:rerun-if-changed=migrations");
    println!("cargo:rerun-if-changed=sql");
    // The PostgreSQL tests run only where a server is given (.ci/run starts
    // one); elsewhere they are compiled as ignored, so that `cargo test`
    // counts them as not run rather than as passed.
    println!("cargo:rustc-check-cfg=cfg(queens_postgres)");
    println!("cargo:rerun-if-env-changed=QUEENS_TEST_POSTGRES");
    if std::env::var_os("QUEENS_TEST_POSTGRES").is_some_and(|url| !url.is_empty()) {
        println!("cargo:rustc-cfg=queens_postgres");
    }
    // The page's tests drive a real browser: Debian's chromium, where it is
    // installed (.ci/run installs it).
    println!("cargo:rustc-check-cfg=cfg(queens_chromium)");
    // (/usr/bin, not the file: a path that does not exist would run this
    // script, and rebuild the crate, at every build.)
    println!("cargo:rerun-if-changed=/usr/bin");
    if std::path::Path::new("/usr/bin/chromium").exists() {
        println!("cargo:rustc-cfg=queens_chromium");
    }
    // The same for the Citus tests and their cluster.
    println!("cargo:rustc-check-cfg=cfg(queens_citus)");
    println!("cargo:rerun-if-env-changed=QUEENS_TEST_CITUS");
    if std::env::var_os("QUEENS_TEST_CITUS").is_some_and(|url| !url.is_empty()) {
        println!("cargo:rustc-cfg=queens_citus");
    }
}
