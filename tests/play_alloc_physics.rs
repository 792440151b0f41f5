//! Issue 21 item 3, not met yet: the physics step allocates nothing on every level, played
//! through the profiler's path as `tests/play_alloc_every_level.rs` plays it (that file
//! asserts every other phase). rapier still allocates when a contact forms against a mesh,
//! compound or height field (parry's per-pair workspace and per-sub-shape manifolds), when a
//! collider's broad-phase pair list outgrows its spare, and when islands split and merge
//! (the island manager's per-island lists); box-box contacts forming no longer do (the
//! narrow phase's pair pool, vendor/README.md rapier patch 6). Run with `-- --ignored`;
//! `cargo run --release --example alloc_sites -- LEVEL --profile [AI]` lists the sites.
//! One test function: the allocation count is process-wide (see the other file).

use skidpad::alloc_count::CountingAlloc;
use skidpad::app::Setup;
use skidpad::content::{ContentRoot, PlatformProfile};
use skidpad::tools::profile::{profile, ProfileOptions};

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

#[test]
#[ignore = "issue 21 item 3: rapier's island and mesh-contact bookkeeping still allocates"]
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
