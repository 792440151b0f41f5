//! The seam every game mode implements once ([`GameMode`]), and what passes through it:
//! what a tick may do ([`TickPlan`], [`TickGate`]), the world a mode may replace
//! ([`WorldHost`]), the ghost it shows ([`GhostView`]), its results page ([`ModeResults`],
//! a season's [`StandingsPage`] after it), the round a multi-round mode runs next
//! ([`NextRound`]),
//! what a headless run hands it and gets back ([`RunEnd`], [`ModeReport`]) and what it is
//! built from ([`ModeParams`]).

use crate::ai::AiDifficulty;
use crate::app::hud::{HudPanel, Table};
use crate::app::race::Race;
use crate::app::session::Session;
use crate::app::setup::Setup;
use crate::assists::AssistSet;
use crate::content::ContentRoot;
use crate::error::Error;
use crate::modes::championship::Trophy;
use crate::modes::{Mode, RecordStore, Start};
use crate::sim::{CarPose, SimWorld, TickInput};
use serde::Serialize;

/// What a mode needs beyond the level to begin: the choices made in the menus or on the
/// command line.
#[derive(Clone)]
pub struct ModeParams {
    /// Laps to time or race (at least 1).
    pub laps: u32,
    /// A time trial's start (play's is rolling; a race's is always standing).
    pub start: Start,
    /// The assists on (they key the records).
    pub assists: AssistSet,
    /// Where records and ghosts are kept (None: not kept, the laps still timed).
    pub store: Option<RecordStore>,
    /// Whether a player drives it on screen (play): a time trial then races the best
    /// lap's ghost beside the player and lists up to 64 laps, as the player may drive on
    /// while the results come up; headless, no ghost races and only the laps asked for are
    /// listed (a replay that drives on reports those).
    pub on_screen: bool,
    /// Where content is read from (a challenge's runs name their own cars).
    pub root: ContentRoot,
}

/// What the world it runs on offers a mode before a tick: play's [`Session`] and the
/// headless runner's [`Race`] both carry one.
pub trait WorldHost {
    /// The world, between ticks, to move a car in (a challenge's car to its run's spawn).
    fn world_between_ticks(&mut self) -> &mut SimWorld;
    /// Puts `world` in place of the current one (a challenge's next run).
    fn replace_world(&mut self, world: SimWorld);
}

impl WorldHost for Session {
    fn world_between_ticks(&mut self) -> &mut SimWorld {
        Session::world_between_ticks(self)
    }
    fn replace_world(&mut self, world: SimWorld) {
        Session::replace_world(self, world);
    }
}

impl WorldHost for Race {
    fn world_between_ticks(&mut self) -> &mut SimWorld {
        &mut self.world
    }
    fn replace_world(&mut self, world: SimWorld) {
        self.world = world;
    }
}

/// Whether the world steps this tick, and on what.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TickGate {
    /// It steps on the players' inputs.
    Step,
    /// It steps on the players' inputs with resets and restarts left out (a measured run:
    /// it is measured from its launch).
    StepWithoutResets,
    /// It steps on no input at all (a challenge's car settling before its launch, or the
    /// challenge over).
    StepIdle,
    /// It does not step (a race's countdown: nobody moves before the go).
    Hold,
}

/// What a mode says before a tick.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TickPlan {
    /// Whether and how the world steps.
    pub gate: TickGate,
    /// A beep to play now, Hz (the countdown's numbers and its go).
    pub beep_hz: Option<f32>,
    /// The mode put a new world in place (the renderer's chunks of the old one must go).
    pub world_replaced: bool,
}

impl TickPlan {
    /// Step on the players' inputs, nothing else.
    pub const STEP: TickPlan = TickPlan {
        gate: TickGate::Step,
        beep_hz: None,
        world_replaced: false,
    };
}

/// The ghost car to draw beside the player's: its poses before and after its latest tick.
#[derive(Debug, Clone, Copy)]
pub struct GhostView<'a> {
    /// Before its latest tick.
    pub before: &'a CarPose,
    /// After it.
    pub after: &'a CarPose,
    /// Whether it is the author's lap (drawn gold) rather than the player's best (blue).
    pub authors: bool,
}

/// A mode's results page: its lines, its table (a race's finishing order), and whether it
/// offers the next level this mode fits (a challenge's "Next challenge") with that
/// button's label, or a season's standings after it (a championship) in place of Retry.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ModeResults {
    /// The page's lines, in order, above the table.
    pub lines: Vec<String>,
    /// The results table, aligned in columns.
    pub table: Option<Table>,
    /// The label of the button that starts the next level of this mode, if it offers one.
    pub next_label: Option<&'static str>,
    /// The standings page the results lead to (a championship's table after the round);
    /// the results then offer no Retry: the round is counted.
    pub standings: Option<StandingsPage>,
}

/// A season's table after a round, the page after a championship round's results: the
/// rows move from their places before the round to their places after it as the points
/// count up.
#[derive(Debug, Clone, PartialEq)]
pub struct StandingsPage {
    /// The page's title ("Rookie Cup").
    pub title: String,
    /// Lines above the table: after which round, and at the end the trophy.
    pub lines: Vec<String>,
    /// The standings.
    pub table: Table,
    /// The next round's button ("Next round"); None after the last round.
    pub next_round: Option<String>,
    /// The player's trophy, shown beside the final standings.
    pub trophy: Option<Trophy>,
}

/// The next round of a mode that lasts rounds (a championship), as the flow sets it up:
/// the level, the player's car, the laps, and the opponents with each one's skill, paint
/// and place on the grid.
#[derive(Debug, Clone, PartialEq)]
pub struct NextRound {
    /// The level.
    pub level: String,
    /// The player's car.
    pub car: String,
    /// Laps.
    pub laps: u32,
    /// The opponents' car.
    pub opponents_car: String,
    /// Each opponent's skill, in grid order (as many as there are opponents).
    pub opponent_skills: Vec<AiDifficulty>,
    /// Each opponent's AI palette slot, in grid order.
    pub opponent_paint_slots: Vec<usize>,
    /// The player's grid slot, 0 for pole.
    pub player_grid_slot: usize,
    /// The other people of a split-screen season, in seat order (none alone).
    pub guests: Vec<RoundGuest>,
}

/// A person after the first in a split-screen round: their car, paint and slot.
#[derive(Debug, Clone, PartialEq)]
pub struct RoundGuest {
    /// Their car.
    pub car: String,
    /// Their paint (an index into render's palette; None: the car's own colour).
    pub paint: Option<usize>,
    /// Their grid slot, 0 for pole.
    pub grid_slot: usize,
}

impl NextRound {
    /// Puts the round's grid in `setup` (its opponents are added beside it, as a race's;
    /// the guests are seated by the launcher, [`NextRound::guests`]).
    pub fn arrange(&self, setup: &mut Setup) {
        setup.opponent_skills = self.opponent_skills.clone();
        setup.opponent_paint_slots = self.opponent_paint_slots.clone();
        setup.player_grid_slot = self.player_grid_slot;
        setup.guest_grid_slots = self.guests.iter().map(|g| g.grid_slot).collect();
    }
}

/// How a headless run ended, for a mode's report: every tick's input from the first (the
/// run records while a mode that keeps ghosts plays) and who drove.
pub struct RunEnd<'a> {
    /// Every input stepped, from the first tick.
    pub recorded: &'a [TickInput],
    /// Whether the AI drove the player's car (its lap then sets the author time).
    pub ai_driven: bool,
}

/// What `run --mode` adds to the run's report: the mode's figures as JSON (an object whose
/// `name` says the mode) and as text. Each mode serialises its own report type, so the
/// JSON keeps that type's field order.
#[derive(Debug)]
pub struct ModeReport {
    json: Box<serde_json::value::RawValue>,
    text: String,
}

impl ModeReport {
    /// `report` (a type with a `name` field first) as JSON, and `text` for people.
    pub fn new(report: &impl Serialize, text: String) -> Result<Self, Error> {
        let json = serde_json::value::to_raw_value(report).map_err(|e| Error::runtime(e.to_string()))?;
        Ok(Self { json, text })
    }

    /// The text `run` prints after the run's summary.
    pub fn summary(&self) -> &str {
        &self.text
    }

    /// The report as JSON.
    pub fn json(&self) -> &str {
        self.json.get()
    }
}

impl Serialize for ModeReport {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.json.serialize(s)
    }
}

/// One game mode being played: its rules run after each tick, its HUD panel, its results,
/// what it keeps. One type per mode implements it once, for play and headless alike.
///
/// The order within a tick is the contract (play's driving screen and the headless runner
/// both keep it): [`before_tick`](GameMode::before_tick), the step (unless held), then
/// [`after_tick`](GameMode::after_tick). A mode that lasts more than one round (a
/// championship) keeps its state in its type across [`start_round`](GameMode::start_round)
/// calls (see [`carries_over`](GameMode::carries_over)) and saves it in its own hooks,
/// atomically, through the records directory.
pub trait GameMode {
    /// Which mode this is.
    fn mode(&self) -> Mode;

    /// Whether the mode lasts more than one round (a championship): the flow then keeps
    /// this one object from round to round — Retry and the results' Next start the next
    /// round through [`start_round`](GameMode::start_round) — instead of building a fresh
    /// mode for each run. One-round modes keep the default, false.
    fn carries_over(&self) -> bool {
        false
    }

    /// Starts a round on `setup` with `world` before its first tick (called only on a mode
    /// that [carries over](GameMode::carries_over): a championship's next race). An error
    /// leaves the round to a freshly built mode.
    fn start_round(&mut self, _setup: &Setup, _world: &SimWorld) -> Result<(), Error> {
        Ok(())
    }

    /// Before a tick: starts what is due (a challenge's next run, put in `host` as a fresh
    /// world) and says whether and on what the world steps.
    fn before_tick(&mut self, _host: &mut dyn WorldHost) -> Result<TickPlan, Error> {
        Ok(TickPlan::STEP)
    }

    /// After a tick of `world` stepped on `input`; `recorded` is every input from the
    /// run's first tick when the run records ([`GameMode::records_inputs`]), else empty.
    /// Allocates nothing in steady state.
    fn after_tick(&mut self, world: &SimWorld, input: &TickInput, recorded: &[TickInput]);

    /// Whether the mode is over for the player: the results are due.
    fn is_over(&self) -> bool;

    /// Whether the whole run is over: a headless run stops here. A race waits for every
    /// car's flag (play ends it at the player's); the others are over with the player.
    fn field_finished(&self) -> bool {
        self.is_over()
    }

    /// Whether the run must record every input from its first tick (a time trial: a new
    /// best lap's ghost is the run's inputs).
    fn records_inputs(&self) -> bool {
        false
    }

    /// Whether the pause menu offers Finish (the results now).
    fn offers_finish(&self) -> bool {
        false
    }

    /// The pause menu's label for Finish ("Retire" in a championship: the round is
    /// counted with the player out of it).
    fn finish_label(&self) -> &'static str {
        "Finish"
    }

    /// The player's run ends on `world` (their flag, or the pause menu's Finish), before
    /// its results: a mode that keeps a round's result (a championship) counts and saves it
    /// here, once. Not called on Restart or Quit to menu (the round is then not counted).
    fn end_run(&mut self, _world: &SimWorld) {}

    /// The next round, for a mode that lasts rounds: what the flow loads when the player
    /// goes on (None: the last round is run, or the mode has none).
    fn next_round(&self) -> Option<NextRound> {
        None
    }

    /// Hands `show` the panel this mode draws on `player`'s HUD this frame, reading
    /// `world` (not called for a mode without one). `player` is 0 for the one player.
    fn show_panel(&mut self, _world: &SimWorld, _player: usize, _show: &mut dyn FnMut(&dyn HudPanel)) {}

    /// The ghost to draw beside the player's car, if one races.
    fn ghost(&self) -> Option<GhostView<'_>> {
        None
    }

    /// The results page for the run on `setup`.
    fn results(&self, setup: &Setup) -> ModeResults;

    /// After a headless run's last tick: keeps what the mode keeps at the end, and its
    /// report for `run --mode` (None: free drive adds nothing).
    fn finish_headless(&mut self, _setup: &Setup, _end: &RunEnd) -> Result<Option<ModeReport>, Error> {
        Ok(None)
    }

    /// A mode that `run --mode` plays from its level's own script rather than from the
    /// run's inputs (a challenge: its scenario runs) does so here and returns what `run`
    /// prints in place of the run's report; None for the others.
    fn run_scripted(&mut self, _setup: &Setup) -> Option<Result<ModeReport, Error>> {
        None
    }
}
