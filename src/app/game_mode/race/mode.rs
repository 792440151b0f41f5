//! A race in play and headless: the race's rules ([`crate::modes::RaceRules`]) after every
//! tick — the grid where the cars stand, the 3-2-1 countdown the world is held through
//! (nothing steps, so nobody moves before the go), every car's laps, positions and the gaps
//! around the player — its HUD (`panel`: the board and the countdown; `minimap`), its
//! results table (`results`) and `run --mode race`'s report.

use super::panel::{RaceBoard, RacePanel};
use super::results::{race_heading, race_table};
use crate::app::game_mode::seam::{GameMode, ModeReport, ModeResults, RunEnd, TickGate, TickPlan, WorldHost};
use crate::app::hud::LevelMap;
use crate::app::setup::Setup;
use crate::error::Error;
use crate::modes::championship::generate_field;
use crate::modes::{Course, Mode, RaceRules, ResultRow};
use crate::sim::{SimWorld, TickInput};
use glam::Vec2;
use serde::Serialize;

/// The player's car's index in the world (then the opponents).
const PLAYER: usize = 0;

/// The countdown's beep at each number (3, 2, 1), Hz: the mixer's generated blip.
pub const COUNT_BEEP_HZ: f32 = 440.0;
/// The beep at the go, Hz: an octave above the count's.
pub const GO_BEEP_HZ: f32 = 880.0;

/// A race as a game mode.
pub struct RaceMode {
    rules: RaceRules,
    /// The level's top-down map, for the minimap (made once, here).
    map: LevelMap,
    /// The countdown as last announced (None: nothing yet; Some(None): the go).
    announced: Option<Option<u32>>,
    /// The world's tick at the go (ticks are counted from it for the rules).
    go_tick: Option<u64>,
    /// Ticks the countdown held the world.
    countdown_ticks: u32,
    /// The world cars people drive: the first player's, then the guests' (split screen).
    players: Vec<usize>,
}

fn positions(world: &SimWorld) -> impl Iterator<Item = Vec2> + '_ {
    (0..world.cars().len()).map(|i| {
        let p = world.car_body(i).translation();
        Vec2::new(p.x, p.z)
    })
}

impl RaceMode {
    /// A race of `laps` laps on `setup`'s course for the cars of `world` where they stand
    /// (the grid). Bad input: a level without a course.
    pub fn new(setup: &Setup, world: &SimWorld, laps: u32) -> Result<Self, Error> {
        let grid: Vec<Vec2> = positions(world).collect();
        let rate = setup.profile.loop_config.tick_rate_hz;
        Ok(Self {
            rules: RaceRules::new(Course::of_level(&setup.level.level)?, laps.max(1), &grid, rate),
            map: LevelMap::of(&setup.level.level),
            go_tick: None,
            announced: None,
            countdown_ticks: 0,
            players: (0..setup.player_count())
                .map(|p| if p == 0 { PLAYER } else { setup.parked.len() + p })
                .collect(),
        })
    }

    /// Before a tick: true while the countdown holds the world (the caller does not step
    /// it); counts the countdown down.
    pub fn hold(&mut self) -> bool {
        let held = self.rules.hold();
        self.countdown_ticks += u32::from(held);
        held
    }

    /// After `hold`: the beep to play when the countdown shows a new number (or the go),
    /// once each.
    pub fn beep_hz(&mut self) -> Option<f32> {
        let shown = self.rules.countdown_shown();
        if self.announced == Some(shown) {
            return None;
        }
        self.announced = Some(shown);
        Some(if shown.is_some() { COUNT_BEEP_HZ } else { GO_BEEP_HZ })
    }

    /// After a tick of `world`: times every car and orders the field. Allocates nothing.
    pub fn time_field(&mut self, world: &SimWorld) {
        let go = *self.go_tick.get_or_insert(world.tick().saturating_sub(1));
        self.rules.after_tick(positions(world), world.tick() - go);
    }

    /// The figures the first player's HUD shows.
    pub fn board(&self) -> RaceBoard {
        self.board_of(PLAYER)
    }

    /// The figures the HUD of the player driving world car `car` shows.
    pub fn board_of(&self, car: usize) -> RaceBoard {
        let position = self.rules.position_of(car);
        let (gap_ahead_s, gap_behind_s) = self.rules.gaps_around(position);
        let laps = self.rules.laps();
        RaceBoard {
            countdown: self.rules.countdown_shown(),
            position,
            cars: self.rules.order().len(),
            lap: (self.rules.tracker(car).laps_done() + 1).min(laps),
            laps,
            gap_ahead_s,
            gap_behind_s,
            finished: self.rules.finished(car),
        }
    }

    /// Whether every player has finished (the race goes on for those still driving: a
    /// player who finished first watches the others home).
    pub fn finished(&self) -> bool {
        self.players.iter().all(|&car| self.rules.finished(car))
    }

    /// The level's map the minimap draws the cars on.
    pub fn map(&self) -> &LevelMap {
        &self.map
    }

    /// Time from the go to `world`'s latest tick, s (0 before the go).
    pub fn race_s(&self, world: &SimWorld) -> f64 {
        self.go_tick
            .map_or(0.0, |go| world.tick().saturating_sub(go) as f64 * self.rules.tick_s())
    }

    /// The rules, for the results table.
    pub fn rules(&self) -> &RaceRules {
        &self.rules
    }
}

/// What `run --mode race` reports.
#[derive(Debug, Clone, Serialize)]
pub struct RaceReport {
    /// The mode's name: `race`.
    pub name: &'static str,
    /// Laps raced.
    pub laps: u32,
    /// Ticks the countdown held the world (3-2-1-go).
    pub countdown_ticks: u32,
    /// Whether every car finished.
    pub all_finished: bool,
    /// The results table, in finishing order.
    pub results: Vec<ResultRow>,
}

impl RaceReport {
    /// The text `run` prints after the run's summary.
    fn text(&self) -> String {
        let clock = |s: f64| format!("{}:{:06.3}", (s / 60.0).floor() as u64, s % 60.0);
        let mut out = format!(
            "race of {} laps after a {}-tick countdown\n",
            self.laps, self.countdown_ticks
        );
        for row in &self.results {
            out += &format!(
                "{:>2}. car {} {:<12} laps {} total {} best {}{}\n",
                row.position,
                row.car_index,
                row.car,
                row.laps,
                row.total_time_s.map_or("DNF".to_string(), clock),
                row.best_lap_s.map_or("-".to_string(), clock),
                row.gap_ahead_s.map_or(String::new(), |g| format!(" +{g:.3} s"))
            );
        }
        out.pop();
        out
    }
}

/// A seed from `name` (FNV-1a, 64 bits): the same name, the same seed on every machine.
fn name_seed(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The names of `setup`'s cars in the world's order: the player's, the parked cars', the
/// guests', then the opponents'.
fn car_names(setup: &Setup) -> Vec<&str> {
    std::iter::once(setup.car.name.as_str())
        .chain(setup.parked.iter().map(|c| c.name.as_str()))
        .chain(setup.guests.iter().map(|g| g.car.name.as_str()))
        .chain(setup.opponents.iter().map(|c| c.name.as_str()))
        .collect()
}

/// Who drives world car `car` of `setup` in a results table: a guest is "Player 2" and
/// on; the others are `field`'s, counted without the guests (so a field keeps its names
/// whoever plays).
fn driver_name(setup: &Setup, field: &[crate::modes::championship::Driver], car: usize) -> String {
    let first_guest = 1 + setup.parked.len();
    let guests = setup.guests.len();
    if (first_guest..first_guest + guests).contains(&car) {
        return format!("Player {}", car - first_guest + 2);
    }
    let k = if car >= first_guest + guests { car - guests } else { car };
    field.get(k).map_or_else(|| format!("Car {car}"), |d| d.name.clone())
}

impl GameMode for RaceMode {
    fn mode(&self) -> Mode {
        Mode::Race
    }

    fn before_tick(&mut self, _host: &mut dyn WorldHost) -> Result<TickPlan, Error> {
        let held = self.hold();
        Ok(TickPlan {
            gate: if held { TickGate::Hold } else { TickGate::Step },
            beep_hz: self.beep_hz(),
            world_replaced: false,
        })
    }

    fn after_tick(&mut self, world: &SimWorld, _input: &TickInput, _recorded: &[TickInput]) {
        self.time_field(world);
    }

    /// The player's chequered flag ends the race for them: the table shows who is still
    /// running.
    fn is_over(&self) -> bool {
        self.finished()
    }

    fn field_finished(&self) -> bool {
        self.rules.all_finished()
    }

    fn offers_finish(&self) -> bool {
        true
    }

    fn show_panel(&mut self, world: &SimWorld, player: usize, show: &mut dyn FnMut(&dyn crate::app::hud::HudPanel)) {
        let car = world.player_car_index(player).unwrap_or(PLAYER);
        show(&RacePanel {
            board: self.board_of(car),
            map: &self.map,
        });
    }

    fn results(&self, setup: &Setup) -> ModeResults {
        let names = car_names(setup);
        // The opponents named as a championship's field is (never "AI 3"), drawn from the
        // level's name: a level's races have the same field each time.
        let field = generate_field(
            name_seed(&setup.level.level.name),
            self.rules.order().len(),
            "You",
            &setup.car.name,
            &[],
            |_, _| crate::ai::AiDifficulty::Pro,
        );
        let who = |car: usize| (driver_name(setup, &field, car), setup.car_paint(car).to_array());
        ModeResults {
            lines: vec![race_heading(&setup.level.level.info.name, self.rules.laps())],
            table: Some(race_table(
                &self.rules.results(&names),
                self.rules.laps(),
                &self.players,
                &who,
            )),
            ..ModeResults::default()
        }
    }

    fn finish_headless(&mut self, setup: &Setup, _end: &RunEnd) -> Result<Option<ModeReport>, Error> {
        let report = RaceReport {
            name: "race",
            laps: self.rules.laps(),
            countdown_ticks: self.countdown_ticks,
            all_finished: self.rules.all_finished(),
            results: self.rules.results(&car_names(setup)),
        };
        let text = report.text();
        Ok(Some(ModeReport::new(&report, text)?))
    }
}
