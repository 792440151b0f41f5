//! Issue 21 item 3: the physics step allocates nothing on any level, played through the
//! profiler's path as `tests/alloc/play_alloc_every_level.rs` plays it (which asserts every
//! phase), here with the physics phase's figure per level gathered into one message. The
//! last sites to go were a contact pair between a car's box and a chunk's compound making a
//! manifold for a part it had none for (crash's walls and stacks, jump's ramp slices), now
//! from parry's pool of spare manifolds (vendor/README.md parry 6), and the broad phase's
//! pair list of a collider under more than 16 others (rapier 11). If this fails,
//! `cargo run --release --example alloc_sites -- LEVEL --profile [AI]` lists the sites.
//! One test function: the allocation count is process-wide (see the other file).

use skidpad::app::Setup;
use skidpad::content::{ContentRoot, PlatformProfile};
use skidpad::tools::profile::{profile, ProfileOptions};

#[test]
fn the_physics_step_allocates_nothing_on_any_level() {
    let _workers = crate::beside_others();
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
