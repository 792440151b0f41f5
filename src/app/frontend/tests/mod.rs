//! The front end's pages without GL: the path from the title to a level, Back from
//! anywhere, options written into the settings, remapping, and a monkey run of 100 000
//! random pad and keyboard presses.

use super::*;
use crate::app::game_mode::challenge::{challenge_lines, ChallengeOutcome};
use crate::app::game_mode::time_trial::Summary;
use crate::app::game_mode::{ModeResults, StandingsPage};
use crate::app::hud::{lap_clock, LevelMap, TableMotion};
use crate::app::menu::{NavAction, Widget};
use crate::content::LevelKind;
use crate::input::seats::InputDevice;
use skidpad_platform::{Key, PadButton};

fn catalog() -> Catalog {
    let level = |name: &str, kind: LevelKind, track: Option<f32>| LevelEntry {
        name: name.into(),
        info: crate::content::LevelInfo::named(name, kind),
        description: format!("{name} level"),
        size_m: (256.0, 256.0),
        track_length_m: track,
        has_course: track.is_some(),
        best_lap: None,
        challenge: None,
        challenge_medal: None,
        map: LevelMap::default(),
    };
    let car = |name: &str| CarEntry {
        name: name.into(),
        description: String::new(),
        model: "sim",
        mass_kg: 1500.0,
        power_kw: Some(100.0),
        drivetrain: Some("RWD"),
        top_speed_mps: Some(50.0),
        color: [0.8, 0.1, 0.1],
    };
    let mut slip = level("slip", LevelKind::Challenge, None);
    slip.challenge = Some(stop_challenge());
    // As `Catalog::load` lists them: by group, then name. The rows are the three groups'
    // headings, each before its level.
    Catalog {
        levels: vec![
            level("circuit", LevelKind::Circuit, Some(4300.0)),
            slip,
            level("proving_ground", LevelKind::TestGround, None),
        ],
        cars: vec![car("coupe"), car("sedan"), car("electric")],
        window_options: true,
        frame_caps_hz: vec![30, 60],
        cups: vec![
            cup("rookie", "Rookie Cup", &["coupe", "sedan"]),
            cup("saloon", "Saloon Series", &["sedan"]),
        ],
        season: None,
    }
}

/// A cup of the test catalog: three rounds on its circuit.
fn cup(name: &str, title: &str, cars: &[&str]) -> CupEntry {
    let round = crate::modes::championship::Round {
        level: "circuit".into(),
        laps: 2,
    };
    CupEntry {
        def: crate::modes::championship::CupDef {
            name: name.into(),
            title: title.into(),
            description: format!("{title} for testing"),
            class: "Arcade".into(),
            cars: cars.iter().map(|c| c.to_string()).collect(),
            field: 6,
            skill: AiDifficulty::Amateur,
            skill_spread: 0,
            rounds: vec![round; 3],
        },
        rounds: vec![("Skidpad Hills".into(), 2); 3],
    }
}

/// A one-goal stop challenge, as slip's `[challenge]` reads.
fn stop_challenge() -> crate::content::challenge::Challenge {
    use crate::content::challenge::{Better, Challenge, Goal};
    Challenge {
        description: "Stop inside the marks".into(),
        goals: vec![Goal {
            figure: crate::content::scenario::MetricRef {
                run: "asphalt_stop".into(),
                metric: "stop_distance_m".into(),
            },
            better: Better::Lower,
            targets: [19.6, 21.5, 24.3],
        }],
    }
}

fn nav(fe: &mut FrontEnd, actions: &[NavAction]) -> Outcome {
    let mut last = Outcome::Nothing;
    for a in actions {
        last = fe.apply(Pressed::Nav(*a));
    }
    last
}

#[test]
fn title_to_a_level_with_opponents() {
    use NavAction::*;
    let mut fe = FrontEnd::title(Settings::default(), catalog());
    assert_eq!(
        fe.apply(Pressed::Nav(Down)),
        Outcome::Nothing,
        "the title waits for A / Enter"
    );
    let a = Pressed::Button(PadButton::South, Some(Accept));
    assert_eq!(fe.apply(a), Outcome::Accepted);
    assert!(
        matches!(fe.page(), Page::Main(_)),
        "one press of A leaves the title and no more"
    );
    // Free drive → level select, which opens on the circuit (the first circuit) → car select.
    nav(&mut fe, &[Accept]);
    assert_eq!(fe.focused_level().map(|l| l.name.as_str()), Some("circuit"));
    let Page::Levels(rows) = fe.page() else {
        panic!("level select")
    };
    let labels: Vec<&str> = rows.items().iter().map(|i| i.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "Circuits",
            "Circuit",
            "Challenges",
            "Slip",
            "Test grounds",
            "Proving ground"
        ],
        "each group under its heading, each level by its name"
    );
    nav(&mut fe, &[Accept]);
    assert!(matches!(fe.page(), Page::Cars(_)));
    // The circuit has a track: the row before the last (the paint) sets the opponents (up
    // wraps to the paint, up again to it).
    nav(&mut fe, &[Up, Up, Right, Right, Right]);
    let out = nav(&mut fe, &[Down, Down, Down, Accept]);
    assert_eq!(
        out,
        Outcome::Start(Choice {
            mode: Mode::FreeDrive,
            level: "circuit".into(),
            car: "sedan".into(),
            opponents: 3,
            laps: 3,
            difficulty: None,
            party: Party::solo(InputDevice::Keyboard),
        })
    );
}

#[test]
fn a_level_without_a_track_offers_no_opponents() {
    use NavAction::*;
    let mut fe = FrontEnd::main_menu(Settings::default(), catalog());
    // Up from the circuit wraps to the last row, over the headings: proving_ground.
    nav(&mut fe, &[Accept, Up]);
    assert_eq!(fe.focused_level().map(|l| l.name.as_str()), Some("proving_ground"));
    nav(&mut fe, &[Accept]);
    let Page::Cars(m) = fe.page() else { panic!("car select") };
    assert_eq!(m.items().len(), 4, "one row per car, no opponents row, the paint row");
}

#[test]
fn quit_asks_first_and_no_is_the_default() {
    use NavAction::*;
    let mut fe = FrontEnd::main_menu(Settings::default(), catalog());
    // Up wraps to Quit.
    nav(&mut fe, &[Up, Accept]);
    assert!(matches!(fe.page(), Page::Confirm(_, Question::Quit)));
    assert_eq!(nav(&mut fe, &[Accept]), Outcome::Accepted, "No closes the question");
    assert!(matches!(fe.page(), Page::Main(_)));
    assert_eq!(nav(&mut fe, &[Accept, Down, Accept]), Outcome::QuitGame);
}

#[test]
fn options_change_the_settings_at_once() {
    use NavAction::*;
    let mut fe = FrontEnd::main_menu(Settings::default(), catalog());
    // Options: below the five modes.
    nav(&mut fe, &[Down, Down, Down, Down, Down, Accept]);
    assert!(matches!(fe.page(), Page::Options(_)));
    assert_eq!(nav(&mut fe, &[Left]), Outcome::SettingsChanged);
    assert_eq!(fe.settings().volumes.master, 0.75, "master volume 0.8 − 0.05");
    // Rumble is the seventh row: off, and the rumble it scales goes to nothing.
    nav(&mut fe, &[Down, Down, Down, Down, Down, Down]);
    assert_eq!(nav(&mut fe, &[Accept]), Outcome::SettingsChanged);
    assert!(!fe.settings().input.rumble);
    assert_eq!(fe.settings().input.rumble_scale(), 0.0);
    // ABS is the tenth.
    nav(&mut fe, &[Down, Down, Down]);
    let abs = fe.settings().assists.abs;
    assert_eq!(nav(&mut fe, &[Accept]), Outcome::SettingsChanged);
    assert_eq!(fe.settings().assists.abs, !abs);
}

#[test]
fn remapping_takes_the_next_button_and_frees_it_elsewhere() {
    use NavAction::*;
    let mut fe = FrontEnd::main_menu(Settings::default(), catalog());
    nav(&mut fe, &[Down, Down, Down, Down, Down, Accept]);
    // The Reset binding is eleventh from the bottom (under it: Camera, Shift up, Shift
    // down, Pause, Shadows, Particles, Dynamic resolution, Frame rate cap, Fullscreen,
    // Window size); up from the first row wraps.
    nav(&mut fe, &[Up, Up, Up, Up, Up, Up, Up, Up, Up, Up, Up]);
    assert_eq!(
        fe.page().menu().unwrap().items()[fe.page().menu().unwrap().focus()].label,
        "Reset car"
    );
    // A is the handbrake; pressed for Reset it moves there.
    fe.apply(Pressed::Nav(Accept));
    // A's press is taken by the capture alone: it does not also start a new capture.
    assert_eq!(
        fe.apply(Pressed::Button(PadButton::South, Some(Accept))),
        Outcome::SettingsChanged
    );
    assert_eq!(fe.page().menu().unwrap().capturing(), None);
    let b = &fe.settings().input.bindings;
    assert_eq!(
        b.buttons[&crate::input::bindings::Action::Reset],
        vec![PadButton::South]
    );
    assert!(b.buttons[&crate::input::bindings::Action::HandBrake].is_empty());
    // The row that lost A shows it no more.
    let shown = |label: &str| {
        let items = fe.page().menu().unwrap().items();
        items.iter().find(|i| i.label == label).unwrap().value_text()
    };
    assert_eq!(shown("Handbrake"), "- / Space");
    assert!(shown("Reset car").starts_with("South"), "{}", shown("Reset car"));
    // Escape cancels a capture and leaves the binding.
    fe.apply(Pressed::Nav(Accept));
    fe.apply(Pressed::Key(Key::Escape, Some(Back)));
    assert_eq!(fe.page().menu().unwrap().capturing(), None);
    assert_eq!(
        fe.settings().input.bindings.buttons[&crate::input::bindings::Action::Reset],
        vec![PadButton::South]
    );
}

#[test]
fn the_window_rows_only_where_the_display_can_change() {
    use NavAction::*;
    let labels = |fe: &FrontEnd| -> Vec<String> {
        fe.page()
            .menu()
            .unwrap()
            .items()
            .iter()
            .map(|i| i.label.clone())
            .collect()
    };
    let mut fe = FrontEnd::main_menu(Settings::default(), catalog());
    nav(&mut fe, &[Down, Down, Down, Down, Down, Accept]);
    assert_eq!(labels(&fe).last().map(String::as_str), Some("Window size"));
    // Window size is the last row: up wraps to it; right picks 1280 × 720.
    assert_eq!(nav(&mut fe, &[Up, Right]), Outcome::SettingsChanged);
    assert_eq!(fe.settings().display.window_height_px, 720);
    assert_eq!(nav(&mut fe, &[Up, Accept]), Outcome::SettingsChanged);
    assert!(fe.settings().display.fullscreen);
    let console = Catalog {
        window_options: false,
        frame_caps_hz: Vec::new(),
        ..catalog()
    };
    let mut fe = FrontEnd::main_menu(Settings::default(), console);
    nav(&mut fe, &[Down, Down, Down, Down, Down, Accept]);
    assert!(!labels(&fe)
        .iter()
        .any(|l| l == "Fullscreen" || l == "Window size" || l == "Frame rate cap"));
    // Shadows, particles and dynamic resolution are every profile's: the last three rows
    // there.
    nav(&mut fe, &[Up, Accept, Up, Accept, Up, Accept]);
    let d = fe.settings().display;
    assert!(!d.dynamic_resolution && !d.particles && !d.shadows, "{d:?}");
    // A handheld: a fixed screen, and frame-rate caps. The cap is the last row; right
    // from "Off" picks the first cap, left goes back to none.
    let handheld = Catalog {
        window_options: false,
        frame_caps_hz: vec![30, 40, 60],
        ..catalog()
    };
    let mut fe = FrontEnd::main_menu(Settings::default(), handheld);
    nav(&mut fe, &[Down, Down, Down, Down, Down, Accept]);
    assert_eq!(labels(&fe).last().map(String::as_str), Some("Frame rate cap"));
    assert!(!labels(&fe).iter().any(|l| l == "Fullscreen" || l == "Window size"));
    assert_eq!(nav(&mut fe, &[Up, Right, Right]), Outcome::SettingsChanged);
    assert_eq!(fe.settings().display.frame_cap_hz, 40);
    assert_eq!(nav(&mut fe, &[Left, Left]), Outcome::SettingsChanged);
    assert_eq!(fe.settings().display.frame_cap_hz, 0);
}

#[test]
fn pause_menu_rows_and_back_resumes() {
    use NavAction::*;
    let mut fe = FrontEnd::pause(Settings::default(), None, Vec::new());
    assert_eq!(nav(&mut fe, &[Back]), Outcome::Resume);
    assert_eq!(nav(&mut fe, &[Down, Accept]), Outcome::Restart);
    assert_eq!(nav(&mut fe, &[Down, Accept]), Outcome::ResetCar);
    assert_eq!(nav(&mut fe, &[Down, Accept]), Outcome::Camera);
    nav(&mut fe, &[Down, Accept]);
    assert!(matches!(fe.page(), Page::Options(_)), "options from the pause menu");
    nav(&mut fe, &[Back]);
    assert_eq!(nav(&mut fe, &[Down, Accept]), Outcome::QuitToMenu);
    assert_eq!(nav(&mut fe, &[Down, Accept, Down, Accept]), Outcome::QuitGame);
}

/// A small seeded generator (xorshift64*), so the monkey run repeats exactly.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

#[test]
fn a_time_trial_refuses_a_level_without_laps_and_is_driven_alone() {
    use NavAction::*;
    let mut fe = FrontEnd::main_menu(Settings::default(), catalog());
    // Time trial is the second row.
    nav(&mut fe, &[Down, Accept]);
    assert!(matches!(fe.page(), Page::Levels(_)));
    assert_eq!(fe.choice().mode, Mode::TimeTrial);
    // The test catalog's proving_ground (up from the circuit the select opens on) has no
    // course: choosing it does nothing, and the detail panel says why (Mode::unfit).
    nav(&mut fe, &[Up, Accept]);
    assert!(
        matches!(fe.page(), Page::Levels(_)),
        "a level without laps is not chosen"
    );
    let proving = fe.catalog().level("proving_ground").unwrap();
    assert!(proving.unfit(Mode::TimeTrial).is_some());
    assert_eq!(proving.unfit(Mode::FreeDrive), None);
    // The circuit: the car select has a laps row and no opponents row; laps go from the
    // default 3 to 5, and a car starts the trial.
    nav(&mut fe, &[Down, Accept]);
    assert!(matches!(fe.page(), Page::Cars(_)));
    let labels: Vec<&str> = fe
        .page()
        .menu()
        .unwrap()
        .items()
        .iter()
        .map(|i| i.label.as_str())
        .collect();
    assert_eq!(
        labels,
        ["coupe", "sedan", "electric", "Laps", "Paint"],
        "no opponents in a trial"
    );
    // Up wraps to the paint row, up again to the laps.
    nav(&mut fe, &[Up, Up, Right, Down, Down]);
    assert_eq!(
        nav(&mut fe, &[Accept]),
        Outcome::Start(Choice {
            mode: Mode::TimeTrial,
            level: "circuit".into(),
            car: "coupe".into(),
            opponents: 0,
            laps: 5,
            difficulty: None,
            party: Party::solo(InputDevice::Keyboard),
        })
    );
}

#[test]
fn level_select_notes_the_best_lap_and_medal_on_record() {
    use crate::modes::{Medal, Record};
    let record = |mode: Mode, level: &str, car: &str, best: Option<f64>, medal: Option<Medal>| Record {
        mode,
        level: level.into(),
        car: car.into(),
        assists: 0,
        best_lap_s: best,
        best_splits_s: Vec::new(),
        medal,
        author_s: None,
        ghost_file: None,
        ghost_lap_start_tick: None,
        author_ghost_file: None,
        author_ghost_lap_start_tick: None,
        build: String::new(),
        challenge_runs: Vec::new(),
    };
    let mut c = catalog();
    let mut crash = c.level("circuit").unwrap().clone();
    crash.name = "crash".into();
    c.levels.push(crash);
    c.set_records(&[
        record(Mode::TimeTrial, "circuit", "coupe", Some(95.5), Some(Medal::Bronze)),
        record(Mode::TimeTrial, "circuit", "sedan", Some(93.25), None),
        record(Mode::TimeTrial, "circuit", "electric", Some(99.0), Some(Medal::Silver)),
        // `crash` has a lap course and a challenge: each mode's medal is its own.
        record(Mode::TimeTrial, "crash", "coupe", Some(40.0), Some(Medal::Bronze)),
        record(Mode::Challenge, "crash", "coupe", None, Some(Medal::Gold)),
        record(Mode::Challenge, "slip", "sedan", None, Some(Medal::Silver)),
    ]);
    // The fastest lap over the cars, the best medal over them.
    assert_eq!(c.level("circuit").unwrap().best_lap, Some((93.25, Some(Medal::Silver))));
    assert_eq!(c.level("slip").unwrap().best_lap, None);
    assert_eq!(c.level("slip").unwrap().challenge_medal, Some(Medal::Silver));
    assert_eq!(c.level("crash").unwrap().best_lap, Some((40.0, Some(Medal::Bronze))));
    assert_eq!(c.level("crash").unwrap().challenge_medal, Some(Medal::Gold));
    assert_eq!(lap_clock(93.25), "1:33.250");
}

#[test]
fn results_offer_retry_then_the_main_menu_and_say_what_was_driven() {
    use crate::modes::Medal;
    use NavAction::*;
    let summary = Summary {
        level: "circuit".into(),
        car: "coupe".into(),
        laps: 3,
        best_lap_s: Some(93.25),
        previous_best_s: Some(95.0),
        new_record: true,
        author_s: Some(90.0),
        medal: Some(Medal::Silver),
    };
    let lines = summary.lines();
    assert!(lines.iter().any(|l| l == "Best lap: 1:33.250  NEW RECORD"), "{lines:?}");
    assert!(
        lines.iter().any(|l| l == "Medal: silver (author time 1:30.000)"),
        "{lines:?}"
    );
    let results = ModeResults {
        lines: summary.lines(),
        ..ModeResults::default()
    };
    let mut fe = FrontEnd::results(Settings::default(), results, None);
    assert!(matches!(fe.page(), Page::Results(_)));
    assert_eq!(fe.results_page().lines, lines);
    // Back (the prompt's B / Esc) goes to the main menu, like its row.
    assert_eq!(fe.apply(Pressed::Nav(Back)), Outcome::QuitToMenu);
    // Retry is focused first: one press races again.
    assert_eq!(nav(&mut fe, &[Accept]), Outcome::Restart);
    assert_eq!(nav(&mut fe, &[Down, Accept]), Outcome::QuitToMenu);
    // No author time yet: no medal, and the page says how one is set.
    let plain = Summary {
        author_s: None,
        medal: None,
        ..summary
    };
    assert!(plain.lines().iter().any(|l| l.contains("No author time")));
}

#[test]
fn a_time_trial_pause_menu_finishes_the_run() {
    use NavAction::*;
    let mut fe = FrontEnd::pause(Settings::default(), Some("Finish"), Vec::new());
    // Finish follows Restart; the rows after it do what they did.
    assert_eq!(nav(&mut fe, &[Down, Accept]), Outcome::Restart);
    assert_eq!(nav(&mut fe, &[Down, Accept]), Outcome::Finish);
    assert_eq!(nav(&mut fe, &[Down, Accept]), Outcome::ResetCar);
    assert_eq!(nav(&mut fe, &[Down, Accept]), Outcome::Camera);
    let free = FrontEnd::pause(Settings::default(), None, Vec::new());
    assert!(!free.page().menu().unwrap().items().iter().any(|i| i.label == "Finish"));
}

#[test]
fn a_race_needs_laps_and_offers_opponents_and_difficulty() {
    use NavAction::*;
    let mut fe = FrontEnd::main_menu(Settings::default(), catalog());
    // Race is the third row.
    nav(&mut fe, &[Down, Down, Accept]);
    assert!(matches!(fe.page(), Page::Levels(_)));
    assert_eq!(fe.choice().mode, Mode::Race);
    let proving = fe.catalog().level("proving_ground").unwrap();
    assert!(proving.unfit(Mode::Race).is_some(), "no course in the test catalog");
    nav(&mut fe, &[Up, Accept]);
    assert!(
        matches!(fe.page(), Page::Levels(_)),
        "a level without laps is not chosen"
    );
    // The circuit: laps, opponents (1..7, 3 at first), difficulty (rookie..ace, pro at
    // first); free drive's optional opponents row is not there.
    nav(&mut fe, &[Down, Accept]);
    let menu = fe.page().menu().unwrap();
    let labels: Vec<&str> = menu.items().iter().map(|i| i.label.as_str()).collect();
    assert_eq!(
        labels,
        ["coupe", "sedan", "electric", "Laps", "Opponents", "Difficulty", "Paint"]
    );
    fn shown(fe: &FrontEnd, row: usize) -> (String, String) {
        match &fe.page().menu().unwrap().items()[row].widget {
            Widget::Choice { index, options } => (options[*index].clone(), options.join(" ")),
            w => panic!("row {row} is {w:?}"),
        }
    }
    assert_eq!(shown(&fe, 3).0, "3");
    assert_eq!(shown(&fe, 4), ("3".to_string(), "1 2 3 4 5 6 7".to_string()));
    assert_eq!(shown(&fe, 5), ("pro".to_string(), "rookie amateur pro ace".to_string()));
    // Opponents 3 → 4, difficulty pro → amateur, then the first car starts the race.
    nav(&mut fe, &[Down, Down, Down, Down, Right, Down, Left]);
    assert_eq!(shown(&fe, 4).0, "4");
    assert_eq!(shown(&fe, 5).0, "amateur");
    nav(&mut fe, &[Up, Up, Up, Up, Up]);
    assert_eq!(
        nav(&mut fe, &[Accept]),
        Outcome::Start(Choice {
            mode: Mode::Race,
            level: "circuit".into(),
            car: "coupe".into(),
            opponents: 4,
            laps: 3,
            difficulty: Some(AiDifficulty::Amateur),
            party: Party::solo(InputDevice::Keyboard),
        })
    );
}

#[test]
fn a_race_untouched_starts_with_its_defaults() {
    use NavAction::*;
    let mut fe = FrontEnd::main_menu(Settings::default(), catalog());
    nav(&mut fe, &[Down, Down, Accept, Accept]);
    let Outcome::Start(c) = nav(&mut fe, &[Accept]) else {
        panic!("the first car starts the race")
    };
    assert_eq!((c.opponents, c.laps, c.difficulty), (3, 3, Some(AiDifficulty::Pro)));
}

#[test]
fn challenges_take_only_a_challenge_level_and_their_results_offer_the_next() {
    use NavAction::*;
    let mut fe = FrontEnd::main_menu(Settings::default(), catalog());
    // Free drive, Time trial, Race, Championship, Challenges.
    nav(&mut fe, &[Down, Down, Down, Down, Accept]);
    assert_eq!(fe.choice().mode, Mode::Challenge);
    assert!(matches!(fe.page(), Page::Levels(_)));
    assert_eq!(
        fe.focused_level().map(|l| l.name.as_str()),
        Some("slip"),
        "the select opens on the first level the mode fits"
    );
    // proving_ground has no challenge: Accept stays; its panel says why.
    let proving = fe.catalog().level("proving_ground").unwrap();
    assert!(proving.unfit(Mode::Challenge).is_some());
    nav(&mut fe, &[Down, Accept]);
    assert!(matches!(fe.page(), Page::Levels(_)), "no challenge on proving_ground");
    nav(&mut fe, &[Down, Down, Accept]);
    let Page::Cars(menu) = fe.page() else {
        panic!("slip has a challenge: the car select");
    };
    assert_eq!(
        menu.items().len(),
        4,
        "one row per car, no laps or opponents rows, the paint row"
    );
    let started = nav(&mut fe, &[Down, Accept]);
    let Outcome::Start(choice) = started else {
        panic!("{started:?}");
    };
    assert_eq!(
        (choice.mode, choice.level.as_str(), choice.car.as_str()),
        (Mode::Challenge, "slip", "sedan")
    );

    // Next: the next challenge level (slip is the only one here: slip again), same car.
    let next = next_level(&catalog(), &choice).unwrap();
    assert_eq!(
        (next.mode, next.level.as_str(), next.car.as_str()),
        (Mode::Challenge, "slip", "sedan")
    );
    let page = ModeResults {
        lines: vec!["slip".into()],
        next_label: Some("Next challenge"),
        ..ModeResults::default()
    };
    let mut results = FrontEnd::results(Settings::default(), page, Some(next.clone()));
    let Page::Results(menu) = results.page() else {
        panic!("the results page");
    };
    let rows: Vec<&str> = menu.items().iter().map(|i| i.label.as_str()).collect();
    assert_eq!(rows, ["Retry", "Next challenge", "Main menu"]);
    assert_eq!(nav(&mut results, &[Down, Accept]), Outcome::Start(next));
    let mut results = FrontEnd::results(Settings::default(), ModeResults::default(), None);
    assert_eq!(
        nav(&mut results, &[Down, Accept]),
        Outcome::QuitToMenu,
        "no next: Main menu"
    );
}

#[test]
fn a_challenge_results_page_names_each_goal_its_medal_and_a_new_record() {
    let result = crate::modes::score_challenge(&stop_challenge(), |_, _| Some(20.5));
    let lines = challenge_lines(
        "slip",
        "coupe",
        &ChallengeOutcome {
            result,
            previous_medal: Some(crate::modes::Medal::Bronze),
            new_record: true,
        },
    );
    assert_eq!(
        lines,
        [
            "slip in the coupe",
            "Stop inside the marks",
            "asphalt_stop: stop 20.50 m  silver",
            "Medal: silver  NEW RECORD",
            "Best before: bronze",
        ]
    );
}

#[test]
fn the_car_selects_paint_row_sets_the_players_paint_in_the_settings() {
    use NavAction::*;
    let mut fe = FrontEnd::main_menu(Settings::default(), catalog());
    nav(&mut fe, &[Accept, Accept]);
    let Page::Cars(m) = fe.page() else { panic!("car select") };
    assert_eq!(m.items().last().map(|i| i.label.as_str()), Some("Paint"));
    assert_eq!(fe.settings().display.car_paint, None, "the car's own colour at first");
    // Up wraps to the paint row; two steps right: the second named paint.
    nav(&mut fe, &[Up]);
    assert_eq!(fe.apply(Pressed::Nav(Right)), Outcome::SettingsChanged);
    assert_eq!(fe.apply(Pressed::Nav(Right)), Outcome::SettingsChanged);
    assert_eq!(fe.settings().display.car_paint, Some(1));
    assert_eq!(
        fe.settings().display.car_paint_color(),
        crate::render::paint_color(crate::render::PAINTS[1].0)
    );
}

mod championship;
mod monkey;
