//! The `skidpad` binary: everything is in the library; see `skidpad --help`.

/// Counts heap allocations for `skidpad profile` (two relaxed atomic adds each).
#[global_allocator]
static ALLOC: skidpad::alloc_count::CountingAlloc = skidpad::alloc_count::CountingAlloc;

fn main() {
    std::process::exit(skidpad::cli::main());
}
