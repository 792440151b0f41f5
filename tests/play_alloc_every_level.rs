//! Allocations in play, through the profiler's own path (`skidpad profile --headless
//! --platform xbox`): every level driven by its scenario script for 600 frames after the
//! profiler's one-second warm-up, with AI cars on the levels that have an AI loop (crash:
//! eight cars through the prop stacks and into each other; the circuit: seven lapping, the
//! chunks streaming in and out around them). Each phase's allocations per tick are read
//! from the report, as a player of `profile` reads them.
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
    let opts = ProfileOptions {
        frames: 600,
        headless: true,
        trace: None,
        culling: true,
        dynamic_resolution: false,
    };
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

/// The streaming phase allocates nothing on `level` with `ai` AI cars, and the run did
/// stream when `must_stream` (else the check would hold vacuously).
fn streaming_allocates_nothing(level: &str, ai: usize, must_stream: bool) {
    let r = play(level, ai);
    assert!(
        !must_stream || r.chunks_streamed > 0,
        "{level} with {ai} AI: no chunk entered or left in the measured frames"
    );
    let streaming = r.phase_allocations_per_tick.get("streaming").copied().unwrap_or(0.0);
    assert_eq!(
        streaming,
        0.0,
        "{level} with {ai} AI: streaming allocates ({} chunks streamed); every phase: {:?}",
        r.chunks_streamed,
        allocating_phases(&r)
    );
}

#[test]
fn the_circuit_streams_without_allocating_with_seven_ai_cars_lapping() {
    streaming_allocates_nothing("circuit", 7, true);
}

#[test]
fn the_circuit_streams_without_allocating_on_its_script() {
    streaming_allocates_nothing("circuit", 0, true);
}

#[test]
fn crash_streams_without_allocating_with_eight_ai_cars() {
    streaming_allocates_nothing("crash", 8, false);
}

#[test]
fn every_other_level_streams_without_allocating_on_its_script() {
    for level in ["proving_ground", "slip", "jump", "crash", "bump"] {
        streaming_allocates_nothing(level, 0, false);
    }
}

#[test]
fn montreal_streams_without_allocating_on_its_script() {
    // Its 6 s run down the back straight crosses chunk borders (200 m chunks) as the
    // circuit's does.
    streaming_allocates_nothing("montreal", 0, true);
}
