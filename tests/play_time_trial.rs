//! The time trial as `skidpad play` drives it (`app::trial_run::TrialRun` over a
//! `Session`, the play loop's own pieces without the window): on the same inputs it times
//! the same laps as `run --mode time-trial` (the rules are shared, so the best lap must
//! agree to the bit, not within a tolerance), keeps the best lap in the record store, and
//! the ghost it writes replays to the state hash at that lap's end.

use skidpad::app::trial_run::TrialRun;
use skidpad::app::{Session, Setup};
use skidpad::assists::AssistSet;
use skidpad::content::{ContentRoot, PlatformProfile};
use skidpad::modes::{RecordKey, RecordStore};
use skidpad::replay::Replay;
use std::process::{Command, Output};

fn skidpad(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(args)
        .env("RUST_LOG", "warn")
        .output()
        .expect("the skidpad binary runs")
}

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).expect("stdout is one JSON object")
}

#[test]
fn play_times_the_same_laps_as_run_and_keeps_a_ghost_that_replays() {
    // The AI drives an out-lap and two laps of the proving ground's loop (about 40 s a lap
    // in the coupe); the run's inputs are what the player's pad would have given.
    let dir = tempfile::tempdir().unwrap();
    let headless_dir = dir.path().join("headless");
    let inputs_file = dir.path().join("inputs.rpl");
    let run = json(&skidpad(&[
        "run",
        "--level",
        "proving_ground",
        "--car",
        "coupe",
        "--mode",
        "time-trial",
        "--ai-driver",
        "--laps",
        "2",
        "--save-dir",
        headless_dir.to_str().unwrap(),
        "--record",
        inputs_file.to_str().unwrap(),
        "--json",
    ]));
    let tt = &run["mode"];
    let best = tt["best_lap_s"].as_f64().expect("the run timed a best lap");
    let hash = tt["ghost_state_hash"].as_str().unwrap().to_string();
    let inputs = Replay::load(&inputs_file).unwrap().inputs;

    let setup = Setup::load(
        &ContentRoot::Embedded,
        "proving_ground",
        "coupe",
        PlatformProfile::load("desktop").unwrap(),
    )
    .unwrap();
    let store_dir = dir.path().join("play");
    let mut session = Session::start(&setup);
    let assists = inputs.first().map_or(AssistSet::default(), |i| i.assists);
    let mut trial = TrialRun::new(&setup, session.world(), assists, 2, Some(RecordStore::new(&store_dir))).unwrap();
    assert_eq!(
        trial.board(0, &mut Vec::new()).lap_s,
        None,
        "a rolling start: an out-lap first"
    );
    let mut recorded = Vec::with_capacity(inputs.len());
    let mut laps_seen = Vec::new();
    let mut splits = Vec::new();
    let mut positions = Vec::with_capacity(inputs.len());
    for input in &inputs {
        session.tick(input);
        positions.push(session.world().player_body().translation());
        recorded.push(*input);
        trial.after_tick(session.world(), &recorded);
        let board = trial.board(session.world().tick(), &mut splits);
        if laps_seen.last() != Some(&board.laps_done) {
            laps_seen.push(board.laps_done);
        }
    }
    assert_eq!(laps_seen, [0, 1, 2], "both laps counted, one at a time");
    assert!(trial.new_record(), "the first laps on an empty store are a record");
    assert!(trial.finished(), "two laps chosen, two driven: the results are due");
    let board = trial.board(session.world().tick(), &mut splits);
    assert_eq!(board.best_lap_s, Some(best), "the same rules on the same world");
    assert!(board.last_lap_s.is_some());

    // The record, as the level select and the next trial read it.
    let store = RecordStore::new(&store_dir);
    let key = RecordKey {
        level: "proving_ground".into(),
        car: "coupe".into(),
        assists,
    };
    let record = store.load(&key).record.expect("the best lap was saved");
    assert_eq!(record.best_lap_s, Some(best));
    assert_eq!(record.best_splits_s.len(), 3, "the loop's default thirds");
    let (ghost, lap_start) = store.load_ghost(&record).unwrap().expect("with its ghost");
    assert!(lap_start > 0, "the ghost's lap starts after the out-lap");
    assert_eq!(format!("{:016x}", ghost.header.final_state_hash), hash);

    // The ghost is a replay of the inputs: run replays it to the lap's end state.
    let ghost_file = store.ghost_path(&key);
    let replayed = json(&skidpad(&["run", "--replay", ghost_file.to_str().unwrap(), "--json"]));
    assert_eq!(replayed["replay_matches"], true, "{replayed}");
    assert_eq!(replayed["state_hash"].as_str().unwrap(), hash);

    // A second trial reads the record: its best is the one to beat, before any lap.
    let session = Session::start(&setup);
    let again = TrialRun::new(&setup, session.world(), assists, 2, Some(RecordStore::new(&store_dir))).unwrap();
    let board = again.board(0, &mut splits);
    assert_eq!(board.best_lap_s, Some(best));
    assert_eq!(board.best_splits_s, record.best_splits_s.as_slice());

    // Its ghost waits at the best lap's start, where the player's car was when that lap
    // began: the same inputs in a world of its own reach the same state (determinism; a
    // millimetre allows for f32 rounding in the pose the snapshot keeps).
    let (_, ghost) = again.ghost_poses().expect("the record's ghost races the next trial");
    let at_start = positions[lap_start as usize - 1];
    let g = ghost.chassis.position;
    let at_start = glam::Vec3::new(at_start.x, at_start.y, at_start.z);
    assert!(
        g.distance(at_start) < 1e-3,
        "the ghost waits where its lap began: {g} vs {at_start}"
    );
    // And the trial that set the record races its new ghost on the next lap.
    assert!(trial.ghost_poses().is_some());
}
