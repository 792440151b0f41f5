//! The `skidpad` binary: everything is in the library; see `skidpad --help`.

fn main() {
    std::process::exit(skidpad::cli::main());
}
