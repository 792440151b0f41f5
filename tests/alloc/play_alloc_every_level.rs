//! Allocations in play, through the profiler's own path (`skidpad profile --headless
//! --platform xbox`): every level driven by its scenario script for 600 frames after the
//! profiler's one-second warm-up, with AI cars on the levels that have an AI loop (crash:
//! eight cars through the prop stacks and into each other; the circuit and Montreal: seven
//! lapping, the chunks streaming in and out around them). Each phase's allocations per tick are read
//! from the report, as a player of `profile` reads them.
//!
//! Every phase is asserted allocation-free on every level, the physics step included
//! (issue 21 item 3): rapier's islands, solver buffers and pair lists, parry's per-pair
//! workspaces and the sub-shape manifolds a car's box makes against a chunk's compound
//! (crash's walls and box stacks, jump's ramp slices), height field or triangle mesh (a road's or kerb's) come from pools
//! sized at load (vendor/README.md). One test function plays every level: the count is
//! process-wide, and the test harness allocates when it reports a finished test, which a
//! second test measuring at that moment would count.
//!
//! If this fails, `cargo run --release --example alloc_sites -- LEVEL` lists the call
//! sites; PERFORMANCE.md "Allocations" has the figures per level and phase.

use skidpad::alloc_count::CountingAlloc;
use skidpad::app::Setup;
use skidpad::content::{ContentRoot, PlatformProfile};
use skidpad::tools::profile::{profile, ProfileOptions, ProfileReport};

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

/// The allocation count is process-wide: one level is measured at a time.
static MEASURING: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Plays `level` with `ai` AI sedans as `skidpad profile --headless --platform xbox` does.
fn play(level: &str, ai: usize) -> ProfileReport {
    let _alone = MEASURING.lock().unwrap_or_else(|e| e.into_inner());
    let root = ContentRoot::Embedded;
    let xbox = PlatformProfile::load("xbox").expect("the xbox profile ships");
    let mut setup = Setup::load(&root, level, "coupe", xbox).expect("shipped levels load");
    setup.add_opponents(&root, ai, "sedan").expect("the sedan ships");
    let opts = ProfileOptions::headless(600);
    profile(&setup, &opts).expect("a headless profile runs")
}

/// The phases that allocated, and how much per tick, in the report's words.
fn allocating_phases(r: &ProfileReport) -> Vec<(&'static str, f64)> {
    r.phase_allocations_per_tick
        .iter()
        .filter(|(_, &n)| n > 0.0)
        .map(|(&p, &n)| (p, n))
        .collect()
}

/// No phase of a tick allocates on `level` with `ai` AI cars, rapier's step included, and
/// the run did stream when `must_stream` (else the streaming check would hold vacuously).
fn phases_allocate_nothing(level: &str, ai: usize, must_stream: bool) {
    let r = play(level, ai);
    assert!(
        !must_stream || r.chunks_streamed > 0,
        "{level} with {ai} AI: no chunk entered or left in the measured frames"
    );
    let allocating = allocating_phases(&r);
    assert!(
        allocating.is_empty(),
        "{level} with {ai} AI ({} chunks streamed): phases allocating per tick: {allocating:?}",
        r.chunks_streamed
    );
}

/// The measured plays: level, AI cars, whether chunks must stream in the measured frames.
const PLAYS: [(&str, usize, bool); 11] = [
    ("circuit", 7, true),
    ("circuit", 0, true),
    ("crash", 8, false),
    ("proving_ground", 0, false),
    ("slip", 0, false),
    ("jump", 0, true),
    ("crash", 0, false),
    ("bump", 0, false),
    // Its 6 s run down the back straight crosses chunk borders (200 m chunks) as the
    // circuit's does.
    ("montreal", 0, true),
    // Its run down the start straight crosses a chunk border 25 m from the grid.
    ("spielberg", 0, true),
    // Seven sedans spread over a 4.4 km lap: chunks stream around each of them, and their
    // boxes meet the road's and kerbs' triangle meshes (parry's rigid-mesh pairs and
    // rapier's solver clusters over them allocated 0.378 a tick before rapier patch 13).
    ("montreal", 7, true),
];

#[test]
fn no_phase_allocates_on_any_level() {
    for (level, ai, must_stream) in PLAYS {
        phases_allocate_nothing(level, ai, must_stream);
    }
}
