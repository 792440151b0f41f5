//! A time trial's per-tick work in play allocates nothing in steady state: the lap timing
//! and the HUD's figures read each tick allocate nothing; the ghost stepping its own world
//! allocates no more than the player's world does on the same inputs (the sim's own
//! exception: contact changes). The ticks a lap ends on are left out: they save a record
//! and set the ghost off again in a new world (allocations the module doc owns up to).

use skidpad::alloc_count::{allocations, CountingAlloc};
use skidpad::app::trial_run::TrialRun;
use skidpad::app::{Session, Setup};
use skidpad::assists::AssistSet;
use skidpad::content::{ContentRoot, PlatformProfile};
use skidpad::modes::RecordStore;
use skidpad::replay::Replay;
use std::process::Command;

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

#[test]
fn a_trial_tick_allocates_nothing_and_its_ghost_no_more_than_the_sim() {
    // Two AI laps of the proving ground headless: a record with a ghost, and the inputs.
    let dir = tempfile::tempdir().unwrap();
    let inputs_file = dir.path().join("inputs.rpl");
    let o = Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args([
            "run",
            "--level",
            "proving_ground",
            "--car",
            "coupe",
            "--mode",
            "time-trial",
        ])
        .args(["--ai-driver", "--laps", "2", "--save-dir", dir.path().to_str().unwrap()])
        .args(["--record", inputs_file.to_str().unwrap()])
        .env("RUST_LOG", "warn")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let inputs = Replay::load(&inputs_file).unwrap().inputs;

    let setup = Setup::load(
        &ContentRoot::Embedded,
        "proving_ground",
        "coupe",
        PlatformProfile::load("desktop").unwrap(),
    )
    .unwrap();
    let assists = inputs.first().map_or(AssistSet::default(), |i| i.assists);

    // On an empty store the out-lap and the first lap run without a ghost (the first lap
    // then sets the record, and the second races its ghost): the trial's own work, lap
    // timing and the HUD's figures, allocates nothing at all.
    let empty = tempfile::tempdir().unwrap();
    let first = measure(&setup, &inputs, assists, RecordStore::new(empty.path()), false);
    assert!(
        first.alone_ticks > 4000,
        "the out-lap and a lap were measured: {}",
        first.alone_ticks
    );
    assert_eq!(
        first.alone_allocs, 0,
        "allocations in {} trial ticks",
        first.alone_ticks
    );

    // With the record's ghost from the start: its world steps the best lap's inputs again,
    // and the sim may allocate when contacts change (ARCHITECTURE's tick invariant) — the
    // player's own world does the same on the same inputs. The ghost adds no more than that.
    let raced = measure(&setup, &inputs, assists, RecordStore::new(dir.path()), true);
    // Two laps of the loop at about 11 m/s for 39 s each come to about 850 m (851 m
    // measured); a ghost left standing at its line would add nothing.
    assert!(
        raced.ghost_moved_m > 600.0,
        "the ghost drove its laps: {} m",
        raced.ghost_moved_m
    );
    assert!(
        raced.ghost_allocs <= raced.world_allocs,
        "the ghost's ticks allocated {} times in {} ticks, the player's world {}",
        raced.ghost_allocs,
        raced.ghost_ticks,
        raced.world_allocs
    );
}

struct Measured {
    /// Ticks measured with no ghost, and the trial's allocations in them.
    alone_ticks: u32,
    alone_allocs: u64,
    /// Ticks measured with a ghost racing, and the trial's allocations in them.
    ghost_ticks: u32,
    ghost_allocs: u64,
    /// The player's world's allocations over the run.
    world_allocs: u64,
    /// How far the ghost drove, m.
    ghost_moved_m: f32,
}

/// Drives `inputs` through a session with a trial on `store`, counting the allocations of
/// the trial's per-tick work (leaving out the ticks a lap ends on) and of the player's
/// world ticks.
fn measure(
    setup: &Setup,
    inputs: &[skidpad::sim::TickInput],
    assists: AssistSet,
    store: RecordStore,
    ghost: bool,
) -> Measured {
    let mut session = Session::start(setup);
    let mut trial = TrialRun::new(setup, session.world(), assists, 2, Some(store)).unwrap();
    assert_eq!(trial.ghost_poses().is_some(), ghost);
    // The play loop's recording, reserved up front as its feed does.
    let mut recorded = Vec::with_capacity(inputs.len());
    let mut splits = Vec::with_capacity(8);
    let mut m = Measured {
        alone_ticks: 0,
        alone_allocs: 0,
        ghost_ticks: 0,
        ghost_allocs: 0,
        world_allocs: 0,
        ghost_moved_m: 0.0,
    };
    for input in inputs {
        let before_world = allocations();
        session.tick(input);
        m.world_allocs += allocations() - before_world;
        recorded.push(*input);
        let laps = trial.laps_done();
        let before = allocations();
        trial.after_tick(session.world(), &recorded);
        let board = trial.board(session.world().tick(), &mut splits);
        let shown = board.lap_s.unwrap_or(0.0) + board.splits.len() as f64;
        let moved = trial
            .ghost_poses()
            .map(|(a, b)| a.chassis.position.distance(b.chassis.position));
        let after = allocations();
        assert!(shown.is_finite());
        if trial.laps_done() == laps {
            match moved {
                Some(d) => {
                    m.ghost_allocs += after - before;
                    m.ghost_ticks += 1;
                    m.ghost_moved_m += d;
                }
                None => {
                    m.alone_allocs += after - before;
                    m.alone_ticks += 1;
                }
            }
        }
    }
    assert_eq!(trial.laps_done(), 2);
    m
}
