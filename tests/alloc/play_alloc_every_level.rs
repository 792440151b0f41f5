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

use skidpad::app::Setup;
use skidpad::content::{ContentRoot, PlatformProfile};
use skidpad::tools::profile::{profile, ProfileOptions, ProfileReport};

/// Plays `level` with `ai` AI sedans as `skidpad profile --headless --platform xbox` does.
fn play(level: &str, ai: usize) -> ProfileReport {
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
    let _alone = crate::alone();
    for (level, ai, must_stream) in PLAYS {
        phases_allocate_nothing(level, ai, must_stream);
    }
}

/// Regression: parry's spare contact manifolds (and workspaces, kept the same way) were one
/// pool for the whole process, topped up by each world at load, so a world stepping on
/// another thread (a test beside another, the racing-line search measuring a car on a
/// worker) took the spares of the first, whose ticks then allocated or not by how the
/// threads interleaved ("montreal: ticks allocate [0, 3, 0]" under load; Montreal with 7 AI
/// allocating in its physics phase when the alloc tests first shared one binary). The
/// pools are per thread now: spares filled here stay here whatever another thread takes.
#[test]
fn spare_contact_manifolds_stay_with_the_thread_that_filled_them() {
    use rapier3d::parry::query::details::{new_manifold, reserve_spare_manifolds};
    /// A manifold type of this test's own, so no world's pool is touched.
    #[derive(Default, Clone, Copy)]
    struct Mine;
    type Manifold = rapier3d::parry::query::ContactManifold<Mine, ()>;
    const SPARES: usize = 8;
    // A spare is told from a new manifold by the room its point list keeps.
    let fill = || {
        reserve_spare_manifolds::<Mine, ()>(
            SPARES,
            0,
            0,
            || {
                let mut m = Manifold::new();
                m.points.reserve(4);
                m
            },
            |_| {},
        )
    };
    fill();
    // Another thread fills the pool it sees and takes twice as many as it filled.
    std::thread::spawn(move || {
        fill();
        let taken: Vec<Manifold> = (0..2 * SPARES).map(|_| new_manifold()).collect();
        assert!(taken[0].points.capacity() >= 4, "the other thread's spares are its own");
    })
    .join()
    .expect("the other thread ran");
    let mine: Vec<Manifold> = (0..SPARES).map(|_| new_manifold()).collect();
    let spares = mine.iter().filter(|m| m.points.capacity() >= 4).count();
    assert_eq!(spares, SPARES, "this thread's spares were taken by another thread");
}
