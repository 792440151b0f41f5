//! `skidpad screenshot --screen`: a front-end screen or a mode's HUD offscreen, reached as
//! the player reaches it (pressing through the menus), with sample figures where a run
//! would have made them.

use super::scene::{flushed_and_read, overlay, ShotOptions};
use crate::app::game_mode::challenge::{challenge_lines, ChallengeOutcome};
use crate::app::game_mode::race::{race_heading, race_table, RaceBoard, RacePanel};
use crate::app::game_mode::time_trial::{LapBoard, PrepStep, Summary};
use crate::app::game_mode::{self, ModeParams, ModeResults, TickGate};
use crate::app::hud::{Element, HudState, LevelMap};
use crate::app::play::{draw_level_preview, draw_prep_screen, CarPreview, PrepScreen};
use crate::app::session::Session;
use crate::app::setup::Setup;
use crate::error::Error;
use crate::modes::Mode;
use crate::render::{read_back_buffer, Image, Renderer};
use crate::sim::TickInput;
use skidpad_platform::{Platform, WindowConfig};

/// A screen of the front end, for `skidpad screenshot --screen`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuShot {
    /// The title.
    Title,
    /// The main menu.
    Menu,
    /// Level select, on the shot's level.
    Levels,
    /// Car select, on the shot's car.
    Cars,
    /// Options.
    Options,
    /// Credits.
    Credits,
    /// The pause menu over `setup`'s level after `frames` ticks.
    Pause,
    /// The race's "controller disconnected" screen over `setup`'s level.
    Unplugged,
    /// A time trial's results (a sample: three laps, a new record, a silver medal).
    Results,
    /// The time trial's HUD over `setup`'s level (sample figures: lap 2, two splits in,
    /// one faster and one slower than the best) and a ghost car beside the player's.
    Trial,
    /// The time trial's HUD with no record yet (lap 1, one split in) and the author's
    /// ghost, gold, ahead of the player's car.
    TrialAuthor,
    /// The race's HUD over `setup`'s level (sample figures: the countdown at 2, P2/4 on
    /// lap 1 of 3, gaps both ways); `--ai N` puts the opponents on the grid.
    Race,
    /// The race's HUD as `Race`, paused, with the frame graph (sample frame times, some
    /// over budget) and the telemetry page on: every overlay at once, as the layout places
    /// them.
    RaceOverlays,
    /// A race's results table (a sample: the fullest field, eight cars, two still running).
    RaceResults,
    /// The challenge's HUD over `setup`'s level (a challenge level: its first run, braked
    /// from the launch for `frames` ticks with the figures measured so far).
    Challenge,
    /// A challenge's results (a sample: every goal at its silver value, a new record).
    ChallengeResults,
    /// The loading screen while a time trial's author lap is timed (a sample: 42 %).
    Loading,
    /// The championship page (cup, car, grid, paint), on the first cup.
    Championship,
    /// A championship round's results (a sample: round 2 of the season, eight drivers, one
    /// projected at the flag, one out of it).
    RoundResults,
    /// The standings after that round, the rows settled in their new places.
    Standings,
    /// The final standings after the season's last round, the player champion: the gold
    /// trophy beside them.
    SeasonEnd,
}

impl MenuShot {
    /// Every screen with its `--screen` name.
    pub const NAMES: [(MenuShot, &'static str); 21] = [
        (MenuShot::Title, "title"),
        (MenuShot::Menu, "menu"),
        (MenuShot::Levels, "levels"),
        (MenuShot::Cars, "cars"),
        (MenuShot::Options, "options"),
        (MenuShot::Credits, "credits"),
        (MenuShot::Pause, "pause"),
        (MenuShot::Unplugged, "unplugged"),
        (MenuShot::Results, "results"),
        (MenuShot::Trial, "trial"),
        (MenuShot::TrialAuthor, "trial-author"),
        (MenuShot::Race, "race"),
        (MenuShot::RaceOverlays, "race-overlays"),
        (MenuShot::RaceResults, "race-results"),
        (MenuShot::Challenge, "challenge"),
        (MenuShot::ChallengeResults, "challenge-results"),
        (MenuShot::Loading, "loading"),
        (MenuShot::Championship, "championship"),
        (MenuShot::RoundResults, "round-results"),
        (MenuShot::Standings, "standings"),
        (MenuShot::SeasonEnd, "season-end"),
    ];
}

/// Renders a front-end screen offscreen, as the player reaches it by pressing through the
/// menus (level and car select focused on `setup`'s), prompts for `device`. The pause menu
/// is drawn over `setup`'s level after `opts.frames` ticks; the car select over `preview`.
pub fn capture_screen(
    setup: &Setup,
    catalog: crate::app::frontend::Catalog,
    which: MenuShot,
    device: crate::app::menu::Device,
    preview: Option<&CarPreview>,
    opts: ShotOptions,
) -> Result<Image, Error> {
    use crate::app::frontend::{draw, Backdrop, FrontEnd};
    use crate::app::menu::{NavAction, Pressed};
    let settings = crate::settings::Settings::default();
    let car_index = catalog.cars.iter().position(|c| c.name == setup.car.name);
    let mut front = match which {
        MenuShot::Title => FrontEnd::title(settings, catalog),
        MenuShot::Pause => FrontEnd::pause(settings, None, setup.profile.frame_caps_hz.clone()),
        MenuShot::Results => FrontEnd::results(
            settings,
            ModeResults {
                lines: sample_summary(setup).lines(),
                ..ModeResults::default()
            },
            None,
        ),
        MenuShot::RaceResults => FrontEnd::results(settings, sample_race_results(setup), None),
        MenuShot::RoundResults | MenuShot::Standings => {
            FrontEnd::results(settings, sample_round_results(setup, false), None)
        }
        MenuShot::SeasonEnd => FrontEnd::results(settings, sample_round_results(setup, true), None),
        MenuShot::ChallengeResults => {
            let next = crate::app::frontend::Choice {
                mode: Mode::Challenge,
                ..Default::default()
            };
            let results = ModeResults {
                lines: sample_challenge_lines(setup)?,
                next_label: Some("Next challenge"),
                ..ModeResults::default()
            };
            FrontEnd::results(settings, results, Some(next))
        }
        _ => FrontEnd::main_menu(settings, catalog),
    };
    let press = |front: &mut FrontEnd, actions: &[NavAction]| {
        for a in actions {
            front.apply(Pressed::Nav(*a));
        }
    };
    let downs = |n: usize| vec![NavAction::Down; n];
    // Down, as a player would, until the level select's focus is on the level (it opens
    // on the first the mode fits).
    let focus_level = |front: &mut FrontEnd| {
        for _ in 0..front.catalog().levels.len() {
            if front.focused_level().is_none_or(|l| l.name == setup.level.level.name) {
                break;
            }
            front.apply(Pressed::Nav(NavAction::Down));
        }
    };
    let f = &mut front;
    match which {
        MenuShot::Levels => {
            // A challenge level's select is shown as Challenges lists it.
            if setup.level.level.challenge.is_some() {
                press(
                    f,
                    &downs(Mode::ALL.iter().position(|&m| m == Mode::Challenge).unwrap_or(0)),
                );
            }
            press(f, &[NavAction::Accept]);
            focus_level(f);
        }
        MenuShot::Cars => {
            press(f, &[NavAction::Accept]);
            focus_level(f);
            press(f, &[NavAction::Accept]);
            press(f, &downs(car_index.unwrap_or(0)));
            super::guests::seat_guests(f, opts.players);
        }
        // Below the modes.
        MenuShot::Options => {
            press(f, &downs(Mode::ALL.len()));
            press(f, &[NavAction::Accept]);
        }
        MenuShot::Credits => {
            press(f, &downs(Mode::ALL.len() + 1));
            press(f, &[NavAction::Accept]);
        }
        MenuShot::Championship => {
            press(
                f,
                &downs(Mode::ALL.iter().position(|&m| m == Mode::Championship).unwrap_or(0)),
            );
            press(f, &[NavAction::Accept]);
            super::guests::seat_guests(f, opts.players);
        }
        // The results' first button opens the standings; the rows are shown settled.
        MenuShot::Standings | MenuShot::SeasonEnd => {
            press(f, &[NavAction::Accept]);
            f.advance(10.0);
        }
        _ => {}
    }
    let platform = Platform::open(&WindowConfig {
        title: "skidpad screenshot".into(),
        width: opts.width,
        height: opts.height,
        vsync: false,
        offscreen: true,
        gl: setup.profile.gl,
    })?;
    let (w, h) = platform.drawable_size();
    let mut renderer = Renderer::for_profile(&setup.profile)?;
    let mut hud = crate::render::Hud::for_height(h)?;
    let mut backdrop = Backdrop::Plain;
    if which == MenuShot::Challenge {
        return challenge_hud_shot(setup, opts, &mut renderer, &mut hud, w, h);
    }
    if which == MenuShot::Loading {
        let screen = PrepScreen {
            step: PrepStep::TimingAuthorLap,
            fraction: 0.42,
            back: device,
            title_safe: setup.profile.title_safe,
        };
        draw_prep_screen(&renderer, &mut hud, &screen, w, h);
        let image = read_back_buffer(w, h);
        crate::render::gl_check::check("screenshot readback")?;
        return Ok(image);
    }
    if matches!(
        which,
        MenuShot::Pause
            | MenuShot::Unplugged
            | MenuShot::Trial
            | MenuShot::TrialAuthor
            | MenuShot::Race
            | MenuShot::RaceOverlays
    ) {
        backdrop = Backdrop::Paused;
        let mut session = Session::start(setup);
        for _ in 0..opts.frames {
            session.tick(&TickInput::default());
        }
        let mut events = Vec::new();
        session.drain_chunk_events(&mut events);
        renderer.apply_chunk_events(&events);
        let camera = session.camera(1.0);
        let mut view = session.frame_view(1.0, &camera);
        // In the trial shot, a ghost a little ahead and to the side, as one racing the
        // player looks.
        let ghost = session.snapshot().cars.first().copied().map(|mut car| {
            let c = &mut car.chassis;
            c.position += c.rotation * glam::Vec3::new(2.2, 0.0, 5.0);
            car
        });
        let trial = matches!(which, MenuShot::Trial | MenuShot::TrialAuthor);
        let authors = which == MenuShot::TrialAuthor;
        if trial {
            view.ghost = ghost.as_ref().map(|g| (g, g));
            view.ghost_is_authors = authors;
        }
        renderer.draw(&view, w, h);
        if trial {
            // With a record: lap 2 against the best. Without (the author's ghost racing):
            // lap 1, nothing to compare the splits with.
            let splits = [(30.412, Some(-0.214)), (61.937, Some(0.118))];
            let first_split = [(31.207, None)];
            let board = if authors {
                LapBoard {
                    lap_s: Some(44.518),
                    laps_done: 0,
                    last_lap_s: None,
                    last_delta_s: None,
                    best_lap_s: None,
                    author_s: Some(91.874),
                    author_ghost: true,
                    best_splits_s: &[],
                    splits: &first_split,
                }
            } else {
                LapBoard {
                    lap_s: Some(72.345),
                    laps_done: 1,
                    last_lap_s: Some(94.501),
                    last_delta_s: Some(1.251),
                    best_lap_s: Some(93.250),
                    author_s: Some(91.874),
                    author_ghost: false,
                    best_splits_s: &[30.626, 61.819, 93.250],
                    splits: &splits,
                }
            };
            let history = crate::time::FrameHistory::new(1);
            overlay(
                &mut hud,
                setup,
                &session,
                &history,
                HudState::default(),
                w,
                h,
                Some(&board),
                None,
                |_, _| {},
            );
            return flushed_and_read(&mut hud, w, h);
        }
        if matches!(which, MenuShot::Race | MenuShot::RaceOverlays) {
            let board = RaceBoard {
                countdown: Some(2),
                position: 2,
                cars: 4,
                lap: 1,
                laps: 3,
                gap_ahead_s: Some(0.84),
                gap_behind_s: Some(1.37),
                finished: false,
            };
            let map = LevelMap::of(&setup.level.level);
            // The overlays shot: paused, the frame graph and the telemetry page on, the
            // countdown over.
            let overlays = which == MenuShot::RaceOverlays;
            let board = RaceBoard {
                countdown: if overlays { None } else { board.countdown },
                ..board
            };
            let (history, state) = if overlays {
                let state = HudState {
                    frame_graph: true,
                    telemetry: true,
                    ..HudState::default()
                };
                (sample_history(setup.profile.frame_budget), state)
            } else {
                (crate::time::FrameHistory::new(1), HudState::default())
            };
            let mut pause = overlays.then(|| {
                FrontEnd::pause(
                    crate::settings::Settings::default(),
                    None,
                    setup.profile.frame_caps_hz.clone(),
                )
            });
            let pause_size = pause
                .as_ref()
                .map(|p| crate::app::frontend::paused_size(&hud, p, h as f32));
            let panel = RacePanel { board, map: &map };
            overlay(
                &mut hud,
                setup,
                &session,
                &history,
                state,
                w,
                h,
                Some(&panel),
                pause_size,
                |hud, layout| {
                    if let (Some(p), Some(r)) = (pause.as_mut(), layout.get(Element::PauseMenu)) {
                        crate::app::frontend::draw_paused_in(hud, p, device, [r.x, r.y, r.w, r.h], w, h);
                    }
                },
            );
            return flushed_and_read(&mut hud, w, h);
        }
        if which == MenuShot::Pause {
            // The pause menu where the game's layout puts it, over the dial it hides.
            let history = crate::time::FrameHistory::new(1);
            let size = crate::app::frontend::paused_size(&hud, &front, h as f32);
            overlay(
                &mut hud,
                setup,
                &session,
                &history,
                HudState::default(),
                w,
                h,
                None,
                Some(size),
                |hud, layout| {
                    if let Some(r) = layout.get(Element::PauseMenu) {
                        crate::app::frontend::draw_paused_in(hud, &mut front, device, [r.x, r.y, r.w, r.h], w, h);
                    }
                },
            );
            return flushed_and_read(&mut hud, w, h);
        }
        if which == MenuShot::Unplugged {
            let state = crate::app::hud::HudState {
                controller_lost: true,
                pad_connected: false,
                ..Default::default()
            };
            let history = crate::time::FrameHistory::new(1);
            overlay(&mut hud, setup, &session, &history, state, w, h, None, None, |_, _| {});
            return flushed_and_read(&mut hud, w, h);
        }
    } else if let Some(preview) = preview {
        backdrop = Backdrop::CarPreview;
        // Three-quarters on from the front left.
        let region = crate::app::frontend::car_preview_region(&hud, &front, w, h);
        preview.draw(&mut renderer, region, 0.8, w, h);
    } else {
        renderer.clear(w, h);
    }
    let slot = draw(&mut hud, &mut front, device, backdrop, w, h);
    // The level select's preview of the focused level (`setup`'s), drawn first in the back
    // buffer, which is cleared again for the page.
    let level_image = slot.as_ref().map(|_| {
        let drawn = draw_level_preview(setup, &mut renderer, w, h);
        renderer.clear(w, h);
        drawn
    });
    hud.flush(w, h);
    if let (Some(slot), Some(drawn)) = (&slot, &level_image) {
        renderer.draw_image(drawn, slot.rect, w, h);
    }
    let image = read_back_buffer(w, h);
    crate::render::gl_check::check("screenshot readback")?;
    Ok(image)
}

/// The `challenge` screenshot: `setup`'s challenge played through its game mode on its
/// first run for `opts.frames` ticks after the launch, braking hard from it (the scenario
/// runner's own steps and measurements), the mode's panel over the frame.
fn challenge_hud_shot(
    setup: &Setup,
    opts: ShotOptions,
    renderer: &mut Renderer,
    hud: &mut crate::render::Hud,
    w: u32,
    h: u32,
) -> Result<Image, Error> {
    let mut session = Session::start(setup);
    let params = ModeParams {
        laps: 1,
        start: crate::modes::Start::Rolling,
        assists: Default::default(),
        store: None,
        on_screen: true,
        root: crate::content::ContentRoot::Embedded,
    };
    let mut challenge = game_mode::build(Mode::Challenge, params, setup, session.world())?;
    let mut measured = 0;
    while measured < opts.frames {
        let plan = challenge.before_tick(&mut session)?;
        let mut input = TickInput::default();
        if plan.gate != TickGate::StepIdle {
            input.control.brake = 1.0;
            measured += 1;
        }
        session.tick(&input);
        challenge.after_tick(session.world(), &input, &[]);
        if challenge.is_over() {
            break;
        }
    }
    let mut events = Vec::new();
    session.drain_chunk_events(&mut events);
    renderer.apply_chunk_events(&events);
    let camera = session.camera(1.0);
    let view = session.frame_view(1.0, &camera);
    renderer.draw(&view, w, h);
    let history = crate::time::FrameHistory::new(1);
    let world = session.world();
    let mut drawn = false;
    challenge.show_panel(world, 0, &mut |panel| {
        overlay(
            hud,
            setup,
            &session,
            &history,
            HudState::default(),
            w,
            h,
            Some(panel),
            None,
            |_, _| {},
        );
        drawn = true;
    });
    if !drawn {
        overlay(
            hud,
            setup,
            &session,
            &history,
            HudState::default(),
            w,
            h,
            None,
            None,
            |_, _| {},
        );
    }
    flushed_and_read(hud, w, h)
}

/// The lines the `challenge-results` screenshot shows: `setup`'s challenge with every goal
/// at its silver value, silver won over a bronze before (a new record).
fn sample_challenge_lines(setup: &Setup) -> Result<Vec<String>, Error> {
    let level = &setup.level.level;
    let challenge = level.challenge.as_ref().ok_or_else(|| {
        Error::bad_argument(
            "--screen",
            format!(
                "level `{}` has no [challenge]: give --level slip, jump, crash or bump",
                level.name
            ),
        )
    })?;
    let result = crate::modes::score_challenge(challenge, |run, metric| {
        challenge
            .goals
            .iter()
            .find(|g| g.figure.run == run && g.figure.metric == metric)
            .map(|g| g.targets[1])
    });
    let outcome = ChallengeOutcome {
        result,
        previous_medal: Some(crate::modes::Medal::Bronze),
        new_record: true,
    };
    Ok(challenge_lines(&level.info.name, &setup.car.name, &outcome))
}

/// The table the `race-results` screenshot shows: made-up figures for eight cars of the
/// longest shipped name on `setup`'s level, the player third, the last two still running.
fn sample_race_results(setup: &Setup) -> ModeResults {
    let rows: Vec<crate::modes::ResultRow> = (0..8)
        .map(|i| {
            let finished = i < 6;
            crate::modes::ResultRow {
                position: i + 1,
                car_index: [3, 5, 0, 1, 2, 4, 6, 7][i],
                car: "big_wheeler".into(),
                laps: if finished { 3 } else { 2 },
                total_time_s: finished.then_some(601.25 + 2.5 * i as f64),
                best_lap_s: Some(198.5 + 0.75 * i as f64),
                gap_ahead_s: None,
            }
        })
        .collect();
    // A field named as a race's is.
    let field = crate::modes::championship::generate_field(7, 8, "You", &setup.car.name, &[], |_, _| {
        crate::ai::AiDifficulty::Pro
    });
    let who = |car: usize| (field[car].name.clone(), setup.car_paint(car).to_array());
    ModeResults {
        lines: vec![race_heading(&setup.level.level.info.name, 3)],
        table: Some(race_table(&rows, 3, &[0], &who)),
        ..ModeResults::default()
    }
}

/// The results the `round-results` and `standings` screenshots show: round 2 of a made-up
/// three-round season on `setup`'s level, eight drivers, the player (a name near the
/// longest the settings allow) up from fourth to second, one car projected at the flag,
/// one out; with `last`, round 3 too, which the player wins to take the title.
fn sample_round_results(setup: &Setup, last: bool) -> ModeResults {
    use crate::app::game_mode::championship::{round_table, standings_table};
    use crate::modes::championship::{CupDef, GridOrder, PointsTable, Round, RoundFinish, Season};
    let round = Round {
        level: setup.level.level.name.clone(),
        laps: 3,
    };
    let cup = CupDef {
        name: "sample".into(),
        title: "Saloon Series".into(),
        description: String::new(),
        class: "Saloons".into(),
        cars: vec![setup.car.name.clone()],
        field: 8,
        skill: crate::ai::AiDifficulty::Pro,
        skill_spread: 2,
        rounds: vec![round; 3],
    };
    let mut season = Season::start(
        &cup,
        &PointsTable::default(),
        7,
        "Alessandra Figueira",
        &setup.car.name,
        GridOrder::Standings,
    );
    let finish = |order: [usize; 8], out: Option<usize>| -> Vec<RoundFinish> {
        order
            .iter()
            .enumerate()
            .map(|(i, &driver)| {
                let ran = out != Some(driver);
                RoundFinish {
                    driver,
                    position: ran.then_some(i + 1),
                    time_s: ran.then_some(601.25 + 1.75 * i as f64),
                }
            })
            .collect()
    };
    let _ = season.record_round(finish([3, 1, 4, 0, 2, 5, 6, 7], None));
    let mut before = season.standings.clone();
    let mut round = finish([1, 0, 2, 5, 4, 6, 7, 3], Some(3));
    let _ = season.record_round(round.clone());
    if last {
        before = season.standings.clone();
        round = finish([0, 2, 5, 4, 1, 6, 7, 3], None);
        let _ = season.record_round(round.clone());
    }
    let done = season.results.len();
    let paint = setup.car_paint(0);
    let mut projected = vec![false; 8];
    projected[6] = true;
    let lines = if last {
        vec![
            "Final standings".into(),
            crate::app::game_mode::championship::trophy_line(&season),
        ]
    } else {
        vec![
            "After round 2 of 3".into(),
            format!("Next, round 3 of 3: {}", race_heading(&setup.level.level.info.name, 3)),
        ]
    };
    let standings = crate::app::game_mode::StandingsPage {
        title: season.title.clone(),
        lines,
        table: standings_table(&season, Some(&before), season.results.last(), paint),
        next_round: (!last).then(|| "Next round".into()),
        trophy: season.trophy(),
    };
    ModeResults {
        lines: vec![
            format!(
                "Saloon Series, round {done} of 3: {}",
                race_heading(&setup.level.level.info.name, 3)
            ),
            "~ still running at the flag: placed at the pace they kept".into(),
        ],
        table: Some(round_table(&season, &round, &projected, paint)),
        standings: Some(standings),
        ..ModeResults::default()
    }
}

/// The results the `results` screenshot shows: made-up figures on `setup`'s level and car.
fn sample_summary(setup: &Setup) -> Summary {
    Summary {
        level: setup.level.level.name.clone(),
        car: setup.car.name.clone(),
        laps: 3,
        best_lap_s: Some(93.25),
        previous_best_s: Some(95.5),
        new_record: true,
        author_s: Some(90.0),
        medal: Some(crate::modes::Medal::Silver),
    }
}

/// Made-up frame times for the overlays shot: 240 frames around 60 % of `budget`, every
/// 23rd a spike to 1.3 budgets and every 97th to 2.1, the render phase the longest.
fn sample_history(budget: std::time::Duration) -> crate::time::FrameHistory {
    let mut history = crate::time::FrameHistory::new(240);
    for i in 0..240u32 {
        let wobble = ((i * 7919) % 13) as f32 / 13.0;
        let share = match i {
            i if i % 97 == 50 => 2.1,
            i if i % 23 == 11 => 1.3,
            _ => 0.5 + 0.2 * wobble,
        };
        let total = budget.mul_f32(share);
        let mut phase = [std::time::Duration::ZERO; crate::time::Phase::COUNT];
        phase[crate::time::Phase::Render as usize] = total.mul_f32(0.7);
        history.push(crate::time::FramePhases {
            phase,
            total,
            ..Default::default()
        });
    }
    history
}
