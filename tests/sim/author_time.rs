//! The author time (#18: the gold target, the AI's lap at its top setting) of a level the
//! AI has never driven: a small ring given by path, as `--content` levels are, gets one
//! measured on first use and kept in the record, and the kept one is used after that.
//! Kept with it, its ghost (the AI's inputs for that lap), which a time trial with no
//! best lap of the player's races.

use skidpad::app::game_mode::time_trial::author_time_kept;
use skidpad::app::game_mode::time_trial::TimeTrialMode;
use skidpad::app::GameMode;
use skidpad::app::{Race, Session, Setup};
use skidpad::assists::AssistSet;
use skidpad::content::{ContentRoot, PlatformProfile};
use skidpad::modes::{Ghost, Mode, RecordKey, RecordStore};
use skidpad::sim::SyncProvider;

use crate::common;

/// The ring's centre-line radius and half-width, m.
const RADIUS_M: f64 = 60.0;
const HALF_WIDTH_M: f64 = 6.0;

/// A flat asphalt ring, 12 m wide, its start on the centre line.
fn ring_level(dir: &std::path::Path) -> std::path::PathBuf {
    common::track_level::ring_level(dir, RADIUS_M, HALF_WIDTH_M)
}

#[test]
fn a_level_without_an_author_time_gets_one_measured_once_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let level = ring_level(dir.path());
    let root = ContentRoot::Embedded;
    let setup = Setup::load(
        &root,
        level.to_str().unwrap(),
        "coupe",
        PlatformProfile::load("desktop").unwrap(),
    )
    .unwrap();
    let store = RecordStore::new(dir.path().join("records"));
    let key = RecordKey {
        mode: Mode::TimeTrial,
        level: setup.level.level.name.clone(),
        car: "coupe".into(),
        assists: AssistSet::default(),
    };
    assert!(store.load(&key).record.is_none(), "nothing on record to start with");

    let author_s = author_time_kept(&root, &setup, &store, &key)
        .unwrap()
        .expect("the AI laps the ring");
    // Steady cornering (circular motion, v = √(μ g r)): no line round the ring beats the
    // inside edge's length at the outside edge's grip-limited speed, with μ = 1.3 more
    // than any shipped tyre on asphalt holds; and the AI at its top setting is not slower
    // than 5 m/s round the centre line.
    let (r_in, r_out) = (RADIUS_M - HALF_WIDTH_M, RADIUS_M + HALF_WIDTH_M);
    let fastest_s = std::f64::consts::TAU * r_in / (1.3 * 9.81 * r_out).sqrt();
    let slowest_s = std::f64::consts::TAU * RADIUS_M / 5.0;
    eprintln!("author time {author_s:.3} s (bounds {fastest_s:.2}..{slowest_s:.2} s)");
    assert!(
        (fastest_s..slowest_s).contains(&author_s),
        "author time {author_s:.2} s, outside {fastest_s:.2}..{slowest_s:.2} s"
    );
    // Kept: the record holds it, with no lap of the player's.
    let kept = store.load(&key).record.expect("a record was made for it");
    assert_eq!(kept.author_s, Some(author_s));
    assert_eq!(kept.best_lap_s, None);
    // And used from there: a time on record is not measured again.
    let mut marked = kept;
    marked.author_s = Some(author_s + 1.0);
    store.save(&key, &marked).unwrap();
    assert_eq!(
        author_time_kept(&root, &setup, &store, &key).unwrap(),
        Some(author_s + 1.0)
    );
}

#[test]
fn the_author_ghost_replays_the_author_lap_and_races_a_trial_with_no_record() {
    let dir = tempfile::tempdir().unwrap();
    let level = ring_level(dir.path());
    let root = ContentRoot::Embedded;
    let setup = Setup::load(
        &root,
        level.to_str().unwrap(),
        "coupe",
        PlatformProfile::load("desktop").unwrap(),
    )
    .unwrap();
    let store = RecordStore::new(dir.path().join("records"));
    let key = RecordKey {
        mode: Mode::TimeTrial,
        level: setup.level.level.name.clone(),
        car: "coupe".into(),
        assists: AssistSet::default(),
    };
    // Timed as the loading screen times it: the record gets the time and its ghost.
    let author_s = author_time_kept(&root, &setup, &store, &key)
        .unwrap()
        .expect("the AI laps the ring");
    let record = store.load(&key).record.expect("kept");
    assert_eq!(record.best_lap_s, None, "no lap of the player's");
    assert_eq!(record.ghost_file, None, "and no ghost of the player's");
    let (ghost, lap_start) = store
        .load_author_ghost(&record)
        .unwrap()
        .expect("the author lap's ghost is kept with its time");
    assert!(lap_start > 0, "the author's lap starts after its out-lap");

    // A ghost is a replay: stepped in a world of its own as the trial steps it (the level
    // with the player's car only), its inputs reach the state recorded at the lap's end.
    let world = Race::level_world(&setup, Box::new(SyncProvider::new(setup.level.chunks.clone())));
    let mut replayed = Ghost::new(world, ghost.inputs.clone().into(), lap_start);
    while replayed.step() {}
    assert_eq!(replayed.tick(), ghost.inputs.len() as u64);
    assert_eq!(
        replayed.state_hash(),
        ghost.header.final_state_hash,
        "the author ghost ends where the author lap ended"
    );

    // A time trial with no best lap on record races the author's ghost. The player drives
    // the author's own inputs: the same lap in the same world (the sim is deterministic),
    // so the trial must time the author time to the bit, and the ghost it races must sit
    // exactly on the player's car at every tick both worlds are at.
    let mut session = Session::start(&setup);
    let mut trial =
        TimeTrialMode::in_play(&setup, session.world(), AssistSet::default(), 1, Some(store.clone())).unwrap();
    assert!(trial.ghost_is_authors(), "no ghost of the player's: the author's races");
    assert!(trial.board(0, &mut Vec::new()).author_ghost, "and the panel says so");
    let mut recorded = Vec::with_capacity(ghost.inputs.len());
    // The player's car's position after each tick (index: the tick), to hold the ghost's
    // against at the tick its own world is at.
    let mut player_at = vec![session.snapshot().cars[0].chassis.position];
    let mut raced_ticks = 0u64;
    for input in &ghost.inputs {
        session.tick(input);
        player_at.push(session.snapshot().cars[0].chassis.position);
        recorded.push(*input);
        trial.after_tick(session.world(), input, &recorded);
        if trial.laps_done() > 0 {
            continue;
        }
        let (Some((_, car)), [Some(ghost_tick), _]) = (trial.ghost_poses(), trial.ghost_world_ticks()) else {
            continue;
        };
        assert!(trial.ghost_is_authors());
        if ghost_tick > lap_start {
            raced_ticks += 1;
            assert_eq!(
                car.chassis.position, player_at[ghost_tick as usize],
                "the author's ghost at its tick {ghost_tick} is not where the same inputs put the player's car"
            );
        }
    }
    let lap_ticks = ghost.inputs.len() as u64 - lap_start;
    eprintln!("the author ghost raced {raced_ticks} of the lap's {lap_ticks} ticks");
    assert!(
        raced_ticks + 2 >= lap_ticks,
        "the ghost raced the whole lap beside the player: {raced_ticks} of {lap_ticks} ticks"
    );
    let mut splits = Vec::new();
    let board = trial.board(session.world().tick(), &mut splits);
    assert_eq!(
        board.best_lap_s,
        Some(author_s),
        "the author's inputs drive the author time"
    );
    // That lap is now the player's record: from the next line on, the player's ghost races.
    assert!(trial.new_record());
    assert!(
        !trial.ghost_is_authors(),
        "the player's own ghost replaces the author's"
    );
    let again = TimeTrialMode::in_play(
        &setup,
        Session::start(&setup).world(),
        AssistSet::default(),
        1,
        Some(store),
    )
    .unwrap();
    assert!(
        !again.ghost_is_authors(),
        "with a best lap's ghost on record, the player's races"
    );
}
