//! Issue 21 item 3, not met yet: the physics step allocates nothing on every level, played
//! through the profiler's path as `tests/play_alloc_every_level.rs` plays it (that file
//! asserts every phase, physics included, on every level but crash and jump). What still
//! allocates: a contact pair between a compound and a convex shape making a manifold for a
//! sub-shape it had none for (parry's `contact_manifolds_composite_shape_shape`: the
//! manifold's point list, its boxed sub-shape pose, rapier's solver-contact list, the
//! pair's manifold list): crash 0.007 a tick with or without AI, jump 0.013. Islands, solver
//! buffers, pair lists and parry's per-pair workspaces no longer do (vendor/README.md
//! rapier 8-10, parry 4-5). Run with `-- --ignored`;
//! `cargo run --release --example alloc_sites -- LEVEL --profile [AI]` lists the sites.
//! One test function: the allocation count is process-wide (see the other file).

use skidpad::alloc_count::CountingAlloc;
use skidpad::app::Setup;
use skidpad::content::{ContentRoot, PlatformProfile};
use skidpad::tools::profile::{profile, ProfileOptions};

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

#[test]
#[ignore = "issue 21 item 3: parry's composite-shape contact makes a new sub-shape manifold (points, pose box, solver contacts) when a car's compound meets a new part: crash 0.007/tick, jump 0.013/tick"]
fn the_physics_step_allocates_nothing_on_any_level() {
    let root = ContentRoot::Embedded;
    let mut allocating = Vec::new();
    for (level, ai) in [
        ("circuit", 7),
        ("circuit", 0),
        ("crash", 8),
        ("crash", 0),
        ("proving_ground", 0),
        ("jump", 0),
        ("bump", 0),
        ("slip", 0),
    ] {
        let xbox = PlatformProfile::load("xbox").expect("the xbox profile ships");
        let mut setup = Setup::load(&root, level, "coupe", xbox).expect("shipped levels load");
        setup.add_opponents(&root, ai, "sedan").expect("the sedan ships");
        let opts = ProfileOptions::headless(600);
        let r = profile(&setup, &opts).expect("a headless profile runs");
        if let Some(per_tick) = r.phase_allocations_per_tick.get("physics") {
            allocating.push(format!("{level} with {ai} AI: {per_tick:.3}/tick"));
        }
    }
    assert!(allocating.is_empty(), "the physics step allocates: {allocating:?}");
}
