//! The `skidpad` binary: everything is in the library; see `skidpad --help`.

/// Counts heap allocations for `skidpad profile` (two relaxed atomic adds each).
#[global_allocator]
static ALLOC: skidpad::alloc_count::CountingAlloc = skidpad::alloc_count::CountingAlloc;

fn main() {
    // While this is the only thread (software_gl.rs says why).
    skidpad_platform::software_gl::prefer_spare_llvmpipe_worker();
    std::process::exit(skidpad::cli::main());
}
