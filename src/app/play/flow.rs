//! Game flow: the screens of `skidpad play` as states of one machine.
//!
//! A screen is a state that takes the frame's events and advances (`update`), draws
//! itself, and finishes its frame once it is shown (`end_frame`, which may hand over to the
//! next screen). [`Flow`] holds the current one and the table of which follows which; the
//! play loop (`game_loop`) only pumps events, asks the flow, swaps and accounts the
//! frame. `Menus` (the title, main menu, level and car select, options, credits) → `Loading`
//! (the chosen level's first chunks decoding) → `Driving` (the race in the chosen game
//! mode, its pause menu included) → back to `Menus` when the player quits to the menu.
//! `--level`/`--car` start on `Loading`. When the mode is over (`Outcome::Finish`) its
//! results (the mode's own lines) are a front-end page on the `Menus` screen: Retry
//! starts the level again, the mode's Next (a challenge's) the next level it fits, Main
//! menu goes back.
//!
//! A mode that lasts rounds (a championship) is one object carried from round to round
//! (`carried`): Start season and Continue championship make it, each round is loaded from
//! its [`GameMode::next_round`] and raced on the grid it gives, and its results lead to
//! the standings page, whose Next round loads the next.
//!
//! - `stage`: the devices every screen plays through, and the frame's events.
//! - `frame`: a frame's phase timing, and the accounting of frames of play.
//! - `menus`, `loading`, `driving`: the screens; `pause_menu` (the race's pause menu),
//!   `feed` (replay in, recording out) and `feedback` (sound and rumble) serve the driving
//!   screen.

use super::driving::{Driving, FinishedRun, SplitScreen};
use super::feed::TickFeed;
use super::frame::{Frame, FrameAccount, FrameKind};
use super::launcher::Launcher;
use super::loading::Loading;
use super::menus::Menus;
use super::run_prep::RunPrep;
use super::stage::Stage;
use crate::app::frontend::{next_level, Catalog, Choice, FrontEnd, GuestChoice, Outcome, Party};
use crate::app::game_mode::championship::{self, SeasonStart};
use crate::app::game_mode::{self, FreeDriveMode, GameMode, ModeParams};
use crate::app::hud::LevelMap;
use crate::app::race::AiPlayer;
use crate::app::session::Session;
use crate::app::setup::Setup;
use crate::app::split_screen::TwoPlayerSplit;
use crate::modes::{Mode, RecordKey, Start};
use crate::settings::Settings;
use crate::vehicle::CarDef;
use skidpad_platform::Clock;

/// Where a game of `skidpad play` begins.
pub enum PlayStart {
    /// The title screen.
    Title,
    /// Straight into this level (`--level`, `--car`, `--replay`, tests), with the
    /// opponents' car and count still to add (`--ai N` on a level whose racing line may
    /// have to be searched: the loading screen finds it, as for a race chosen in the menus).
    Level(Box<Setup>, Option<Box<(CarDef, usize)>>),
}

/// The screen being shown.
pub enum Screen {
    /// The title and the menus.
    Menus(Box<Menus>),
    /// The level's first chunks decoding (boxed: it holds the loader and its buffers).
    Loading(Box<Loading>),
    /// The race.
    Driving(Box<Driving>),
}

/// The screen machine of one game of `skidpad play`.
pub struct Flow {
    launcher: Launcher,
    settings: Settings,
    /// The level being played (or loading).
    setup: Option<Setup>,
    /// The driving screen's tick feed until the race begins.
    feed: Option<TickFeed>,
    /// Every race records its inputs (`play --record`: the last race played is written).
    record_every_run: bool,
    /// The last race the player left for the menus (what `end` reports when the game
    /// closes outside a race).
    finished: Option<FinishedRun>,
    /// The levels and cars, read when the menus first need them.
    catalog: Option<Catalog>,
    screen: Screen,
    /// The player chose to quit: the next update ends play.
    quit: bool,
    /// The mode being played (free drive for `--level` starts).
    mode: Mode,
    /// A time trial's timed laps, as chosen.
    laps: u32,
    /// What was chosen in the menus last (a challenge's Next keeps its car).
    choice: Option<Choice>,
    /// The loading screen measured (or tried to) the author time of the level being
    /// entered: the race screen does not measure it again on the game thread.
    author_time_prepared: bool,
    /// The AI drives the player's car in every race (`play --ai-driver`).
    ai_driver: bool,
    /// A mode that lasts more than one round (a championship), kept between its rounds:
    /// the next run starts its next round rather than a fresh mode.
    carried: Option<Box<dyn GameMode>>,
    /// Everyone at the screen for the season being played (who holds which controller,
    /// each guest's assists); None: the first player alone.
    season_party: Option<Party>,
}

impl Flow {
    /// The settings in force (the options change them as the player goes).
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Starts on the title, or on the loading screen of a level (straight on its race when
    /// there is no loader thread: its chunks then load on the game thread). Races are
    /// driven with the player's `settings`, the first one's ticks fed by `feed`.
    /// With `ai_driver` the AI drives the player's car in every race (`play --ai-driver`).
    pub fn start(
        start: PlayStart,
        launcher: Launcher,
        settings: Settings,
        feed: TickFeed,
        ai_driver: bool,
        stage: &mut Stage,
    ) -> Self {
        let mut flow = Flow {
            launcher,
            settings,
            setup: None,
            record_every_run: feed.is_recording(),
            finished: None,
            feed: Some(feed),
            catalog: None,
            screen: Screen::Loading(Box::new(Loading::empty())),
            quit: false,
            mode: Mode::FreeDrive,
            laps: 1,
            choice: None,
            author_time_prepared: false,
            ai_driver,
            carried: None,
            season_party: None,
        };
        flow.screen = match start {
            PlayStart::Title => {
                let catalog = flow.catalog();
                Screen::Menus(Box::new(Menus::new(
                    FrontEnd::title(flow.settings.clone(), catalog),
                    stage,
                    &flow.launcher,
                )))
            }
            PlayStart::Level(setup, opponents) => flow.enter_level(*setup, opponents.map(|o| *o), stage),
        };
        apply_drawing(&flow.settings, stage);
        let window = |d: crate::settings::Display| (d.fullscreen, d.window_height_px);
        if window(flow.settings.display) != window(Default::default()) {
            apply_display(&flow.launcher, &flow.settings, stage);
        }
        flow
    }

    /// The levels and cars, read once.
    fn catalog(&mut self) -> Catalog {
        self.catalog.get_or_insert_with(|| self.launcher.catalog()).clone()
    }

    /// The loading screen of `setup` (or its race at once without a loader thread), with
    /// `opponents` (their car and count) still to add: their racing line is found on a
    /// worker while the screen shows the search ([`RunPrep::opponents_line`]).
    fn enter_level(&mut self, mut setup: Setup, opponents: Option<(CarDef, usize)>, stage: &Stage) -> Screen {
        setup.player_paint = self.settings.display.car_paint_color();
        let screen = match Loading::start(&setup, stage) {
            Some(loading) => {
                let prep = match opponents {
                    Some((car, count)) => self.opponents_prep(&mut setup, car, count),
                    None => {
                        let prep = self.author_time_prep(&setup);
                        self.author_time_prepared = prep.is_some();
                        prep
                    }
                };
                match prep {
                    Some(prep) => Screen::Loading(Box::new(loading.with_prep(prep))),
                    None => Screen::Loading(Box::new(loading)),
                }
            }
            None => {
                if let Some((car, count)) = opponents {
                    add_opponents_now(&self.launcher, &mut setup, car, count);
                }
                self.driving(Session::start(&setup), &setup, stage)
            }
        };
        self.setup = Some(setup);
        screen
    }

    /// The opponents' racing line on `setup`'s level for `count` cars of `car`, being found
    /// on a worker; without a thread, found now and set in `setup` (None).
    fn opponents_prep(&self, setup: &mut Setup, car: CarDef, count: usize) -> Option<RunPrep> {
        match RunPrep::opponents_line(self.launcher.root.clone(), setup.level.clone(), car.clone(), count) {
            Ok(prep) => Some(prep),
            Err(e) => {
                log::warn!("no thread to find the opponents' racing line on ({e}); finding it now");
                add_opponents_now(&self.launcher, setup, car, count);
                None
            }
        }
    }

    /// The race screen for `session` of `setup` in the flow's mode, taking the tick feed
    /// (a fresh one after the first; recording in a time trial, for the ghost).
    fn driving(&mut self, session: Session, setup: &Setup, stage: &Stage) -> Screen {
        let mut feed = self.feed.take().unwrap_or_default();
        if self.record_every_run {
            feed = feed.recording();
        }
        if self.mode == Mode::TimeTrial && !std::mem::take(&mut self.author_time_prepared) {
            self.keep_author_time(setup);
        }
        let params = ModeParams {
            laps: self.laps,
            start: Start::Rolling,
            assists: self.settings.assists.set(),
            store: self.launcher.records(),
            on_screen: true,
            root: self.launcher.root.clone(),
        };
        let kept = self.carried.take().filter(|m| m.mode() == self.mode);
        let next_round = kept.and_then(|mut m| match m.start_round(setup, session.world()) {
            Ok(()) => Some(m),
            Err(e) => {
                log::error!("the next round cannot start ({e}); a fresh {}", self.mode.label());
                None
            }
        });
        let mode: Box<dyn GameMode> = match next_round {
            Some(mode) => mode,
            None => match game_mode::build(self.mode, params, setup, session.world()) {
                Ok(mode) => mode,
                Err(e) => {
                    log::error!("no {} here, free drive instead: {e}", self.mode.label().to_lowercase());
                    Box::new(FreeDriveMode)
                }
            },
        };
        if mode.records_inputs() {
            feed = feed.recording();
        }
        let party = self.choice.as_ref().map(|c| c.party.clone()).unwrap_or_default();
        // `--ai-driver`: the AI at every wheel; else at the wheel of any person of a shared
        // season whom nobody took the seat of (their car still races for their points).
        let ais = self.ai_players(setup, if self.ai_driver { 0 } else { party.players() });
        let split = (setup.player_count() > 1).then(|| split_screen(&session, setup, &self.settings));
        let driving = Driving::new(session, &self.settings, feed, mode, stage)
            .with_ai_drivers(ais)
            .with_party(&party, split);
        Screen::Driving(Box::new(driving))
    }

    /// The AI at the wheel of `setup`'s players' cars from seat `from` on (none before it),
    /// at its top setting on the level's racing line for that car (as `run --ai-driver`);
    /// none, logged, when the level has no line for one (the players drive, or the car idles).
    fn ai_players(&self, setup: &Setup, from: usize) -> Vec<Option<AiPlayer>> {
        if from >= setup.player_count() {
            return Vec::new();
        }
        let cars = std::iter::once(&setup.car).chain(setup.guests.iter().map(|g| &g.car));
        let ais: Result<Vec<Option<AiPlayer>>, _> = cars
            .enumerate()
            .map(|(p, car)| match p < from {
                true => Ok(None),
                false => {
                    if from > 0 {
                        log::info!("player {}'s seat is empty: the AI drives their car", p + 1);
                    }
                    crate::raceline::level_line(&self.launcher.root, &setup.level, car)
                        .map(|line| Some(AiPlayer::new(&line.line, car).at_seat(p)))
                }
            })
            .collect();
        ais.unwrap_or_else(|e| {
            log::error!("the AI cannot drive here ({e}); the players drive");
            Vec::new()
        })
    }

    /// The key of the time trial's record on `setup` with the player's assists.
    fn trial_key(&self, setup: &Setup) -> RecordKey {
        RecordKey {
            mode: Mode::TimeTrial,
            level: setup.level.level.name.clone(),
            car: setup.car.name.clone(),
            assists: self.settings.assists.set(),
        }
    }

    /// In a time trial whose record has no author time: its measurement (and the racing
    /// line's search it may need) started on a worker, for the loading screen to wait
    /// on with its progress shown. None when there is nothing to measure, or no thread
    /// (then the race screen measures it on the game thread, [`Flow::keep_author_time`]).
    fn author_time_prep(&self, setup: &Setup) -> Option<RunPrep> {
        if self.mode != Mode::TimeTrial {
            return None;
        }
        let store = self.launcher.records()?;
        let key = self.trial_key(setup);
        if store.load(&key).record.is_some_and(|r| r.author_s.is_some()) {
            return None;
        }
        RunPrep::author_time(self.launcher.root.clone(), setup.clone(), store, key)
            .map_err(|e| log::warn!("no thread to time the author lap on ({e}); timing it before the race"))
            .ok()
    }

    /// Makes sure the time trial on `setup` has an author time (the AI's lap: the gold
    /// target) before its run loads the record: measured now if the record has none, the
    /// AI driving a lap headless (the circuit's out-lap and lap, 7 062 ticks: 1.2 s in a
    /// debug build), then kept. A failure costs only the medals, so it is logged and play
    /// goes on.
    fn keep_author_time(&self, setup: &Setup) {
        let Some(store) = self.launcher.records() else {
            return;
        };
        let key = self.trial_key(setup);
        let (level, car) = (&key.level, &key.car);
        match game_mode::time_trial::author_time_kept(&self.launcher.root, setup, &store, &key) {
            Ok(Some(s)) => log::info!("author time of {level} in the {car}: {s:.3} s"),
            Ok(None) => log::warn!("no author time for {level} in the {car}: the AI completed no lap"),
            Err(e) => log::warn!("no author time for {level} in the {car}: {e}"),
        }
    }

    /// What is shown, for logs: `loading`, a front-end page, or what the race shows.
    pub fn screen_name(&self) -> &'static str {
        match &self.screen {
            Screen::Menus(m) => m.page_name(),
            Screen::Loading(_) => "loading",
            Screen::Driving(d) => d.screen_name(),
        }
    }

    /// Whether the screen takes pad input this frame: all but loading, which reads Back
    /// only while the work before a run is under way ([`Loading::takes_pads`]).
    pub fn takes_pads(&self, stage: &Stage) -> bool {
        match &self.screen {
            Screen::Loading(l) => l.takes_pads(stage),
            _ => true,
        }
    }

    /// Advances the screen by the frame's events. False when play ends now, undrawn.
    pub fn update(&mut self, stage: &mut Stage, frame: &mut Frame) -> bool {
        if self.quit {
            return false;
        }
        match &mut self.screen {
            Screen::Menus(m) => m.update(stage),
            Screen::Loading(l) => l.update(stage),
            Screen::Driving(d) => d.update(stage, frame),
        }
    }

    /// Draws the screen.
    pub fn draw(&mut self, stage: &mut Stage, frame: &mut Frame, account: &FrameAccount) {
        match &mut self.screen {
            Screen::Menus(m) => m.draw(stage),
            Screen::Loading(l) => l.draw(
                stage,
                self.setup.as_ref().map_or("", |s| s.level.level.info.name.as_str()),
            ),
            Screen::Driving(d) => d.draw(stage, frame, account),
        }
    }

    /// After the frame is shown: the screen finishes it and may hand over to the next
    /// (menus → loading once a level is chosen, loading → driving once the chunks are in,
    /// driving → loading on restart, → menus on quit to menu). Says what kind of frame it
    /// was.
    pub fn end_frame(&mut self, stage: &mut Stage, frame: &mut Frame) -> FrameKind {
        match &mut self.screen {
            Screen::Menus(m) => {
                m.end_frame(stage, frame.started());
                if let Some(s) = m.take_settings_change() {
                    let window = |d: crate::settings::Display| (d.fullscreen, d.window_height_px);
                    let display_changed = window(s.display) != window(self.settings.display);
                    self.settings = s.clone();
                    self.launcher.save_settings(&self.settings);
                    apply_drawing(&self.settings, stage);
                    if display_changed {
                        apply_display(&self.launcher, &self.settings, stage);
                    }
                }
                let device = m.front().device();
                let seated = m.front().season_party().cloned();
                match m.request() {
                    Some(Outcome::Start(choice)) => match self.launcher.setup(&choice) {
                        Ok((setup, opponents)) => {
                            self.mode = choice.mode;
                            self.laps = choice.laps.max(1);
                            self.choice = Some(choice.clone());
                            log::info!(
                                "playing {} in the {} with {} opponents ({})",
                                choice.level,
                                choice.car,
                                choice.opponents,
                                choice.mode.label()
                            );
                            self.screen = self.enter_level(setup, opponents, stage);
                        }
                        Err(e) => log::error!("cannot start {} with {}: {e}", choice.level, choice.car),
                    },
                    Some(Outcome::QuitGame) => {
                        log::info!("quit from the menus");
                        self.quit = true;
                    }
                    Some(Outcome::Restart) => {
                        if let Some(setup) = self.setup.take() {
                            log::info!("retry from the results");
                            self.screen = self.enter_level(setup, None, stage);
                        }
                    }
                    Some(Outcome::QuitToMenu) => {
                        log::info!("back to the main menu from the results");
                        self.carried = None;
                        self.screen = self.main_menu(stage);
                    }
                    Some(Outcome::StartSeason(choice)) => {
                        let catalog = self.catalog();
                        let guests = choice.party.season_guests();
                        let start = SeasonStart {
                            cup: &choice.cup,
                            car: &choice.car,
                            grid_order: choice.grid_order,
                            player_name: &self.settings.player.name,
                            // A new field each season: the clock (a stepped one under
                            // `--unattended`, so the monkey's seasons repeat).
                            seed: stage.clock.now().as_nanos() as u64 ^ 0x5EA5_0000,
                            guests: &guests,
                        };
                        self.season_party = Some(choice.party.clone());
                        let title_of = |level: &str| level_title(&catalog, level);
                        let keeping = self.launcher.season_keeping();
                        match championship::begin(&self.launcher.root, start, keeping, &title_of) {
                            Ok(mode) => self.enter_round(mode, stage),
                            Err(e) => log::error!("cannot start the championship: {e}"),
                        }
                    }
                    Some(Outcome::ContinueSeason) => {
                        let catalog = self.catalog();
                        let title_of = |level: &str| level_title(&catalog, level);
                        let paint = self.settings.display.car_paint_color();
                        let keeping = self.launcher.season_keeping();
                        self.season_party = None;
                        match championship::resume(&self.launcher.root, keeping, paint, &title_of) {
                            Some(resumed) => {
                                self.carried = Some(resumed.mode);
                                // The season's other people take their seats on its standings.
                                let kept = resumed.guests.iter().map(GuestChoice::kept).collect();
                                let front = FrontEnd::standings(self.settings.clone(), resumed.page)
                                    .with_season_guests(device, kept);
                                self.screen = Screen::Menus(Box::new(Menus::new(front, stage, &self.launcher)));
                            }
                            None => self.screen = self.main_menu(stage),
                        }
                    }
                    Some(Outcome::NextRound) => match self.carried.take() {
                        Some(mode) => {
                            if seated.is_some() {
                                self.season_party = seated;
                            }
                            self.enter_round(mode, stage)
                        }
                        None => self.screen = self.main_menu(stage),
                    },
                    _ => {}
                }
                FrameKind::Menu
            }
            Screen::Loading(l) if l.backed_out() => {
                // The work was cancelled; the loader and it go with the screen.
                self.screen = self.main_menu(stage);
                FrameKind::Wait
            }
            Screen::Loading(l) => {
                if let Some(mut setup) = self.setup.take() {
                    if let Some(session) = l.end_frame(&mut setup, stage) {
                        self.screen = self.driving(session, &setup, stage);
                    }
                    self.setup = Some(setup);
                }
                FrameKind::Wait
            }
            Screen::Driving(d) => {
                d.end_frame(stage, frame);
                if let Some(s) = d.take_settings_change() {
                    self.settings = s.clone();
                    self.launcher.save_settings(&self.settings);
                    apply_drawing(&self.settings, stage);
                }
                let request = d.request();
                if matches!(request, Some(Outcome::Restart | Outcome::QuitToMenu | Outcome::Finish)) {
                    stage.renderer.forget_chunks();
                    // The race is over: keep what `--record` writes and the log reports.
                    let (level, car) = names(self.setup.as_ref());
                    let mut run = d.finish(&level, &car);
                    run.grid = self.setup.as_ref().map(Setup::replay_grid).unwrap_or_default();
                    self.finished = Some(run);
                }
                // The mode that was played, taken as the screen is left: its run ended for the
                // results (a championship counts its round), or not (Restart).
                let ended = match request {
                    Some(Outcome::Finish) => Some(d.take_finished_mode()),
                    Some(Outcome::Restart) => Some(d.take_mode()),
                    _ => None,
                };
                match request {
                    Some(Outcome::Restart) => {
                        if let Some(setup) = self.setup.take() {
                            self.screen = self.enter_level(setup, None, stage);
                        }
                    }
                    Some(Outcome::QuitToMenu) => {
                        log::info!("back to the main menu from the race");
                        self.carried = None;
                        self.screen = self.main_menu(stage);
                    }
                    Some(Outcome::Finish) => {
                        let results = self
                            .setup
                            .as_ref()
                            .zip(ended.as_ref())
                            .map(|(setup, mode)| mode.results(setup))
                            .unwrap_or_default();
                        let rows = results.table.as_ref().map(|t| t.plain_rows()).unwrap_or_default();
                        log::info!("results: {}", [&results.lines[..], &rows[..]].concat().join("; "));
                        let next = results.next_label.and_then(|_| {
                            let catalog = self.catalog.get_or_insert_with(|| self.launcher.catalog());
                            self.choice.as_ref().and_then(|c| next_level(catalog, c))
                        });
                        let front = FrontEnd::results(self.settings.clone(), results, next);
                        self.screen = Screen::Menus(Box::new(Menus::new(front, stage, &self.launcher)));
                    }
                    Some(Outcome::QuitGame) => {
                        log::info!("quit from the pause menu");
                        self.quit = true;
                    }
                    _ => {}
                }
                // A mode that lasts rounds goes on with its next one (Retry, or the results'
                // Next); any other is built afresh for the next run.
                if let Some(mode) = ended.filter(|m| m.carries_over()) {
                    self.carried = Some(mode);
                }
                FrameKind::Play
            }
        }
    }

    /// Loads the next round of `mode` (a mode that lasts rounds) on the grid it gives, the
    /// mode carried into the round's race; back to the main menu when it has none.
    fn enter_round(&mut self, mode: Box<dyn GameMode>, stage: &mut Stage) {
        let Some(round) = mode.next_round() else {
            log::info!("no round left: back to the main menu");
            self.screen = self.main_menu(stage);
            return;
        };
        match self.launcher.round_setup(&round) {
            Ok((setup, opponents)) => {
                log::info!(
                    "playing {} in the {} with {} opponents ({})",
                    round.level,
                    round.car,
                    round.opponent_skills.len(),
                    mode.mode().label()
                );
                self.mode = mode.mode();
                self.laps = round.laps.max(1);
                self.choice = Some(Choice {
                    mode: mode.mode(),
                    level: round.level.clone(),
                    car: round.car.clone(),
                    opponents: round.opponent_skills.len(),
                    laps: round.laps,
                    difficulty: None,
                    party: self.season_party.clone().unwrap_or_default(),
                });
                self.carried = Some(mode);
                self.screen = self.enter_level(setup, opponents, stage);
            }
            Err(e) => {
                log::error!("cannot load the round on {}: {e}", round.level);
                self.screen = self.main_menu(stage);
            }
        }
    }

    /// The main menu, its level select showing the records as they now stand; no level.
    fn main_menu(&mut self, stage: &mut Stage) -> Screen {
        let mut catalog = self.catalog();
        self.launcher.note_records(&mut catalog);
        self.launcher.note_season(&mut catalog);
        self.catalog = Some(catalog.clone());
        let front = FrontEnd::main_menu(self.settings.clone(), catalog);
        self.setup = None;
        Screen::Menus(Box::new(Menus::new(front, stage, &self.launcher)))
    }

    /// How the game ended: the race it closed in, else the last race the player left for
    /// the menus, with its recording; None when no race was played.
    pub fn end(self) -> Option<FinishedRun> {
        match self.screen {
            Screen::Driving(mut d) => {
                let (level, car) = names(self.setup.as_ref());
                Some(d.finish(&level, &car))
            }
            _ => self.finished,
        }
    }
}

/// What a race of several players draws beyond one player's: the layout the settings
/// choose, the level's map, each player's car and paint for its dots.
fn split_screen(session: &Session, setup: &Setup, settings: &Settings) -> SplitScreen {
    let world = session.world();
    SplitScreen {
        two: if settings.display.split_side_by_side {
            TwoPlayerSplit::SideBySide
        } else {
            TwoPlayerSplit::Stacked
        },
        map: LevelMap::of(&setup.level.level),
        dots: (0..world.player_count())
            .filter_map(|p| world.player_car_index(p))
            .map(|car| (car, setup.car_paint(car).extend(1.0).to_array()))
            .collect(),
    }
}

/// Finds the level's racing line for `count` opponents in `car` on the game thread and
/// sets them in `setup` (no thread to find it on); a failure is logged and play goes on
/// without them.
fn add_opponents_now(launcher: &Launcher, setup: &mut Setup, car: CarDef, count: usize) {
    match crate::raceline::level_line(&launcher.root, &setup.level, &car) {
        Ok(line) => setup.set_opponents(car, count, line),
        Err(e) => log::error!("no opponents: {e}; play goes on without"),
    }
}

/// `level`'s name as players know it, from `catalog` (its file name if it is not listed).
fn level_title(catalog: &Catalog, level: &str) -> String {
    catalog
        .level(level)
        .map_or_else(|| level.to_string(), |l| l.info.name.clone())
}

/// The level's and the car's names of `setup` (empty without one).
fn names(setup: Option<&Setup>) -> (String, String) {
    setup.map_or_else(Default::default, |s| (s.level.level.name.clone(), s.car.name.clone()))
}

/// The window `settings` ask for (desktop profile: size and fullscreen), and the HUD's font
/// fitted to it.
fn apply_display(launcher: &Launcher, settings: &Settings, stage: &mut Stage) {
    let (w, h, fullscreen) = launcher.window(settings);
    match stage.platform.set_display(w, h, fullscreen) {
        Ok(()) => log::info!("window {w}x{h}{}", if fullscreen { ", fullscreen" } else { "" }),
        Err(e) => log::warn!("window {w}x{h} (fullscreen {fullscreen}): {e}"),
    }
    stage.fit_hud();
}

/// Shadows, particles and dynamic resolution as the settings ask.
fn apply_drawing(settings: &Settings, stage: &mut Stage) {
    stage.renderer.set_shadows(settings.display.shadows);
    stage.renderer.set_particles(settings.display.particles);
    stage.dynamic_resolution = settings.display.dynamic_resolution;
}
