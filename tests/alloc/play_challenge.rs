//! A challenge as `skidpad play` plays it (`app::game_mode::challenge::ChallengeMode` over a
//! `Session`, the play loop's own pieces without the window), fed the scenario script's
//! inputs: every goal's figure is the headless scenario runner's (`run --mode challenge`)
//! to the bit, the medal is the same, and it is kept in the record store. Its per-tick
//! work and the HUD's figures allocate nothing within a run.

use skidpad::alloc_count::thread_allocations;
use skidpad::app::game_mode::challenge::ChallengeMode;
use skidpad::app::game_mode::{GameMode, TickGate};
use skidpad::app::{Session, Setup};
use skidpad::assists::AssistSet;
use skidpad::content::{ContentRoot, PlatformProfile};
use skidpad::modes::{score_challenge, RecordKey, RecordStore};
use skidpad::sim::{TickInput, VehicleControl};

#[test]
fn slip_played_on_the_scripts_inputs_measures_what_the_headless_runner_does() {
    let _workers = crate::beside_others();
    let root = ContentRoot::Embedded;
    let setup = Setup::load(&root, "slip", "coupe", PlatformProfile::load("desktop").unwrap()).unwrap();
    let headless = skidpad::app::scenario::run_scenario(&setup, &root).unwrap();
    let challenge_def = setup.level.level.challenge.clone().unwrap();
    let figure = |runs: &[skidpad::modes::RunResult], run: &str, metric: &str| {
        runs.iter()
            .find(|r| r.name == run)
            .and_then(|r| r.metrics.get(metric).copied())
    };
    let expected = score_challenge(&challenge_def, |run, metric| figure(&headless.runs, run, metric));

    let dir = tempfile::tempdir().unwrap();
    let store = RecordStore::new(dir.path());
    let mut session = Session::start(&setup);
    let mut challenge = ChallengeMode::new(&setup, &root, AssistSet::default(), Some(store.clone())).unwrap();
    // The slip script's stop runs: `inputs = [{ at_s = 0.0, brake = 1.0 }]`, no input while
    // the car settles.
    let brake = TickInput {
        control: VehicleControl {
            brake: 1.0,
            ..Default::default()
        },
        reset: false,
        ..Default::default()
    };
    let idle = TickInput::default();
    let rate = setup.profile.loop_config.tick_rate_hz as u64;
    let mut ticks = 0u64;
    while !challenge.finished() {
        let settling = challenge.before_tick(&mut session).unwrap().gate == TickGate::StepIdle;
        let input = if settling { &idle } else { &brake };
        session.tick(input);
        challenge.after_tick(session.world(), input, &[]);
        ticks += 1;
        assert!(ticks < 5 * 13 * rate, "the challenge ends within its runs' seconds");
    }

    // Every goal's figure, bit for bit.
    let played = challenge.run_results();
    assert_eq!(played.len(), 5, "the five stop runs the goals measure: {played:?}");
    for goal in &challenge_def.goals {
        let (run, metric) = (goal.figure.run.as_str(), goal.figure.metric.as_str());
        let (p, h) = (
            figure(played, run, metric).unwrap(),
            figure(&headless.runs, run, metric).unwrap(),
        );
        assert_eq!(p.to_bits(), h.to_bits(), "{run}.{metric}: play {p}, headless {h}");
    }
    let outcome = challenge.outcome().unwrap();
    assert_eq!(outcome.result, expected);
    // The coupe braking from the launch stops inside the level's own checks (asphalt
    // 17.5–20 m from the linear-damping braking model in the level file), so it earns a medal.
    assert!(outcome.result.medal.is_some(), "{:?}", outcome.result);
    assert!(outcome.new_record, "a first medal is a record");
    assert_eq!(outcome.previous_medal, None);

    // A stop ends once the car has stopped: fewer ticks than the script's 5 × 12 s.
    assert!(ticks < 5 * 12 * rate, "{ticks} ticks");

    // Kept, under the level, car and assists played.
    let key = RecordKey {
        mode: skidpad::modes::Mode::Challenge,
        level: "slip".into(),
        car: "coupe".into(),
        assists: AssistSet::default(),
    };
    let kept = store.load(&key).record.expect("the medal was saved");
    assert_eq!(kept.medal, outcome.result.medal);
}

/// Jump, crash and bump as play plays them on their scripts' inputs (each challenge run
/// holds its one scripted input, `throttle` here, from the launch): every goal's figure is
/// the headless runner's to the bit, and the medal (or none) the same. These runs last
/// their full seconds, as headless.
#[test]
fn jump_crash_and_bump_played_on_the_scripts_inputs_measure_what_the_headless_runner_does() {
    let _workers = crate::beside_others();
    let root = ContentRoot::Embedded;
    for level in ["jump", "crash", "bump"] {
        let setup = Setup::load(&root, level, "coupe", PlatformProfile::load("desktop").unwrap()).unwrap();
        let headless = skidpad::app::scenario::run_scenario(&setup, &root).unwrap();
        let def = setup.level.level.challenge.clone().unwrap();
        let script = setup.level.level.scenario.clone().unwrap();
        let figure = |runs: &[skidpad::modes::RunResult], run: &str, metric: &str| {
            runs.iter()
                .find(|r| r.name == run)
                .and_then(|r| r.metrics.get(metric).copied())
        };
        let mut session = Session::start(&setup);
        let mut challenge = ChallengeMode::new(&setup, &root, AssistSet::default(), None).unwrap();
        let mut ticks = 0;
        while !challenge.finished() {
            let settling = challenge.before_tick(&mut session).unwrap().gate == TickGate::StepIdle;
            let name = challenge.board(session.world()).run_name.to_string();
            let run = script.runs.iter().find(|r| r.name == name).unwrap();
            assert!(run.inputs.len() <= 1 && run.inputs.iter().all(|i| i.at_s == 0.0 && i.target.is_none()));
            let input = match (settling, run.inputs.first()) {
                (false, Some(i)) => TickInput {
                    control: VehicleControl {
                        throttle: i.throttle,
                        steer: i.steer,
                        brake: i.brake,
                        hand_brake: i.hand_brake,
                        ..Default::default()
                    },
                    ..Default::default()
                },
                _ => TickInput::default(),
            };
            session.tick(&input);
            challenge.after_tick(session.world(), &input, &[]);
            ticks += 1;
            assert!(ticks < 60 * 60, "{level}: the challenge ends");
        }
        for goal in &def.goals {
            let (run, metric) = (goal.figure.run.as_str(), goal.figure.metric.as_str());
            let p = figure(challenge.run_results(), run, metric).unwrap();
            let h = figure(&headless.runs, run, metric).unwrap();
            assert_eq!(
                p.to_bits(),
                h.to_bits(),
                "{level} {run}.{metric}: play {p}, headless {h}"
            );
        }
        let expected = score_challenge(&def, |run, metric| figure(&headless.runs, run, metric));
        assert_eq!(challenge.outcome().unwrap().result, expected, "{level}");
    }
}

#[test]
fn a_challenge_tick_and_its_hud_figures_allocate_nothing_within_a_run() {
    let _workers = crate::beside_others();
    let root = ContentRoot::Embedded;
    let setup = Setup::load(&root, "slip", "coupe", PlatformProfile::load("desktop").unwrap()).unwrap();
    let mut session = Session::start(&setup);
    let mut challenge = ChallengeMode::new(&setup, &root, AssistSet::default(), None).unwrap();
    let brake = TickInput {
        control: VehicleControl {
            brake: 1.0,
            ..Default::default()
        },
        ..Default::default()
    };
    let idle = TickInput::default();
    // Ticks 40 to 100 of the first run: launched (settling is 30 ticks at 60 Hz) and still
    // braking (the asphalt stop from 20 m/s takes about 2.2 s), so no run starts or ends.
    let (mut counted, mut allocations) = (0, 0);
    let mut text = String::with_capacity(128);
    for tick in 0..100 {
        let before = thread_allocations();
        let settling = challenge.before_tick(&mut session).unwrap().gate == TickGate::StepIdle;
        let mid = thread_allocations() - before;
        let input = if settling { &idle } else { &brake };
        session.tick(input);
        let before = thread_allocations();
        challenge.after_tick(session.world(), input, &[]);
        let board = challenge.board(session.world());
        for f in board.figures.iter().flatten() {
            text.clear();
            skidpad::app::game_mode::challenge::write_value(&mut text, f.metric, f.value);
        }
        if tick >= 40 {
            assert!(!board.settling && board.run == 1, "tick {tick}: {board:?}");
            allocations += mid + thread_allocations() - before;
            counted += 1;
        }
    }
    assert_eq!(counted, 60);
    assert_eq!(allocations, 0, "allocations in 60 ticks of the challenge's own work");
}

/// Plays slip's challenge on `input_for(run, measured tick)` after settling, keeping
/// records in `store`; returns the finished challenge.
fn play_slip(setup: &Setup, store: &RecordStore, brake: f32) -> ChallengeMode {
    let root = ContentRoot::Embedded;
    let mut session = Session::start(setup);
    let mut challenge = ChallengeMode::new(setup, &root, AssistSet::default(), Some(store.clone())).unwrap();
    let rate = setup.profile.loop_config.tick_rate_hz as u64;
    let mut ticks = 0u64;
    while !challenge.finished() {
        let settling = challenge.before_tick(&mut session).unwrap().gate == TickGate::StepIdle;
        // Braking that varies with the tick, so the recording is not one input repeated.
        let input = if settling {
            TickInput::default()
        } else {
            TickInput {
                control: VehicleControl {
                    brake: brake - 0.2 * (ticks % 7) as f32 / 7.0,
                    steer: 0.05 * ((ticks % 11) as f32 / 11.0 - 0.5),
                    ..Default::default()
                },
                ..Default::default()
            }
        };
        session.tick(&input);
        challenge.after_tick(session.world(), &input, &[]);
        ticks += 1;
        assert!(ticks < 5 * 13 * rate, "the challenge ends within its runs' seconds");
    }
    challenge
}

#[test]
fn a_challenge_attempt_is_kept_with_its_record_and_replays_to_its_hash_and_figures() {
    let _workers = crate::beside_others();
    use skidpad::app::game_mode::challenge::replay_challenge_run;
    let root = ContentRoot::Embedded;
    let setup = Setup::load(&root, "slip", "coupe", PlatformProfile::load("desktop").unwrap()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let store = RecordStore::new(dir.path());
    let key = RecordKey {
        mode: skidpad::modes::Mode::Challenge,
        level: "slip".into(),
        car: "coupe".into(),
        assists: AssistSet::default(),
    };

    let first = play_slip(&setup, &store, 1.0);
    let record = store.load(&key).record.expect("the attempt was saved");
    assert_eq!(record.challenge_runs.len(), 5, "one replay per run: {record:?}");
    let played = first.run_results();
    let runs = store.load_challenge_runs(&record).unwrap();
    for ((entry, replay), played) in runs.iter().zip(played) {
        assert_eq!(entry.run, played.name);
        assert!(
            dir.path().join(&entry.file).is_file(),
            "{} beside the record",
            entry.file
        );
        // The recording's hash is the world's at the run's end as played.
        assert_eq!(format!("{:016x}", replay.header.final_state_hash), played.state_hash);
        let again = replay_challenge_run(&setup, &root, &entry.run, replay).unwrap();
        assert_eq!(again.state_hash, played.state_hash, "run {}", entry.run);
        assert!(!entry.figures.is_empty(), "run {} kept its figures", entry.run);
        for (metric, saved) in &entry.figures {
            let replayed = again.metrics[metric.as_str()];
            // Against the figures as played, to the bit (determinism).
            assert_eq!(
                replayed.to_bits(),
                played.metrics[metric.as_str()].to_bits(),
                "{metric}"
            );
            // Against the record's: a JSON decimal, which serde_json's default parser
            // reads back to within one unit in the last place.
            assert!(
                (replayed - saved).abs() <= f64::EPSILON * replayed.abs(),
                "{}.{metric}: replayed {replayed}, saved {saved}",
                entry.run
            );
        }
    }

    // A worse attempt (a softer brake: longer stops, no better medal) keeps the first.
    let files_before: Vec<Vec<u8>> = record
        .challenge_runs
        .iter()
        .map(|e| std::fs::read(dir.path().join(&e.file)).unwrap())
        .collect();
    let second = play_slip(&setup, &store, 0.5);
    assert!(!second.outcome().unwrap().new_record);
    let after = store.load(&key).record.unwrap();
    assert_eq!(after.challenge_runs, record.challenge_runs);
    for (e, before) in after.challenge_runs.iter().zip(&files_before) {
        assert_eq!(&std::fs::read(dir.path().join(&e.file)).unwrap(), before, "{}", e.file);
    }

    // `skidpad records` lists the kept attempt, a line per run with its replay file.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(["records", "--save-dir", dir.path().to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    for e in &record.challenge_runs {
        let line = format!("  run {:<14} {}", e.run, e.file);
        assert!(text.contains(&line), "`{line}` not in:\n{text}");
    }

    // A recording of one run is refused on another with a message naming both.
    let (entry, replay) = &runs[0];
    let other = runs.iter().find(|(e, _)| e.run != entry.run).unwrap();
    let mut wrong_car = replay.clone();
    wrong_car.header.car = "sedan".into();
    let err = replay_challenge_run(&setup, &root, &other.0.run, &wrong_car).unwrap_err();
    assert!(err.to_string().contains("sedan"), "{err}");
}
