//! A challenge as `skidpad play` plays it (`app::challenge_run::ChallengeRun` over a
//! `Session`, the play loop's own pieces without the window), fed the scenario script's
//! inputs: every goal's figure is the headless scenario runner's (`run --mode challenge`)
//! to the bit, the medal is the same, and it is kept in the record store. Its per-tick
//! work and the HUD's figures allocate nothing within a run.

use skidpad::alloc_count::{thread_allocations, CountingAlloc};
use skidpad::app::challenge_run::ChallengeRun;
use skidpad::app::{Session, Setup};
use skidpad::assists::AssistSet;
use skidpad::content::{ContentRoot, PlatformProfile};
use skidpad::modes::{score_challenge, RecordKey, RecordStore};
use skidpad::sim::{TickInput, VehicleControl};

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

#[test]
fn slip_played_on_the_scripts_inputs_measures_what_the_headless_runner_does() {
    let root = ContentRoot::Embedded;
    let setup = Setup::load(&root, "slip", "coupe", PlatformProfile::load("desktop").unwrap()).unwrap();
    let headless = skidpad::scenario::run_scenario(&setup, &root).unwrap();
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
    let mut challenge = ChallengeRun::new(&setup, &root, AssistSet::default(), Some(store.clone())).unwrap();
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
        let settling = challenge.before_tick(&mut session).unwrap();
        session.tick(if settling { &idle } else { &brake });
        challenge.after_tick(session.world());
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
        mode: skidpad::modes::RecordMode::Challenge,
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
    let root = ContentRoot::Embedded;
    for level in ["jump", "crash", "bump"] {
        let setup = Setup::load(&root, level, "coupe", PlatformProfile::load("desktop").unwrap()).unwrap();
        let headless = skidpad::scenario::run_scenario(&setup, &root).unwrap();
        let def = setup.level.level.challenge.clone().unwrap();
        let script = setup.level.level.scenario.clone().unwrap();
        let figure = |runs: &[skidpad::modes::RunResult], run: &str, metric: &str| {
            runs.iter()
                .find(|r| r.name == run)
                .and_then(|r| r.metrics.get(metric).copied())
        };
        let mut session = Session::start(&setup);
        let mut challenge = ChallengeRun::new(&setup, &root, AssistSet::default(), None).unwrap();
        let mut ticks = 0;
        while !challenge.finished() {
            let settling = challenge.before_tick(&mut session).unwrap();
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
            challenge.after_tick(session.world());
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
    let root = ContentRoot::Embedded;
    let setup = Setup::load(&root, "slip", "coupe", PlatformProfile::load("desktop").unwrap()).unwrap();
    let mut session = Session::start(&setup);
    let mut challenge = ChallengeRun::new(&setup, &root, AssistSet::default(), None).unwrap();
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
        let settling = challenge.before_tick(&mut session).unwrap();
        let mid = thread_allocations() - before;
        session.tick(if settling { &idle } else { &brake });
        let before = thread_allocations();
        challenge.after_tick(session.world());
        let board = challenge.board(session.world());
        for f in board.figures.iter().flatten() {
            text.clear();
            skidpad::app::challenge_hud::write_value(&mut text, f.metric, f.value);
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
