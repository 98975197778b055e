//! Rebuilds the server when any file of the page (`web/`) changes, so new
//! files are embedded without Rust changes.

fn main() {
    println!("cargo:rerun-if-changed=web");
}
