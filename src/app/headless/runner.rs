//! `skidpad run`: a level simulated with no window, as fast as the machine goes, on held
//! controls, a replay's inputs or the AI driver, with a game mode (`app::game_mode`) run
//! after every tick.

use crate::app::game_mode::{GameMode, TickGate};
use crate::app::race::{AiRace, PastBorder, Race, TrackBorders};
use crate::app::setup::Setup;
use crate::error::Error;
use crate::raceline::RaceLine;
use crate::sim::{SimWorld, TickInput, VehicleControl, MAX_PLAYERS};
use crate::vehicle::Telemetry;
use serde::Serialize;
use skidpad_platform::{Clock, WallClock};

/// What drives the run.
#[derive(Debug, Clone)]
pub enum RunInput {
    /// The same controls for `ticks` ticks.
    Held {
        /// Ticks to simulate.
        ticks: u64,
        /// Controls held for the whole run.
        control: VehicleControl,
    },
    /// A recorded input per tick for every player (a replay).
    Recorded(RecordedInputs),
    /// The AI drives every player's car along `race`'s line until each has `laps` laps
    /// timed (the out-lap to the start is not) or `max_ticks` pass.
    AiDriven {
        /// The line and its profile.
        race: RaceLine,
        /// Timed laps to drive.
        laps: u32,
        /// Give up after this many ticks.
        max_ticks: u64,
        /// Each guest's line, profiled for their car (`race`'s where missing).
        guest_lines: Vec<RaceLine>,
    },
}

/// Every player's recorded inputs: one per tick each.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RecordedInputs {
    /// The first player's.
    pub first: Vec<TickInput>,
    /// Each guest's, in player order, as many as `first` (a shorter list runs out into
    /// no input).
    pub guests: Vec<Vec<TickInput>>,
}

impl From<Vec<TickInput>> for RecordedInputs {
    /// One player's inputs.
    fn from(first: Vec<TickInput>) -> Self {
        RecordedInputs {
            first,
            guests: Vec::new(),
        }
    }
}

/// How long to run and with what input.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// The inputs.
    pub input: RunInput,
    /// Keep every tick's input (for `--record`).
    pub record: bool,
    /// Keep the player car's telemetry after every tick (for `--telemetry`).
    pub telemetry: bool,
}

/// The player car's telemetry after one tick.
#[derive(Debug, Clone, Copy)]
pub struct TelemetryRow {
    /// The tick just simulated (the first is 1).
    pub tick: u64,
    /// Simulated time after it, s.
    pub time_s: f64,
    /// The car's telemetry.
    pub telemetry: Telemetry,
}

/// What `skidpad run --json` prints.
#[derive(Debug, Clone, Serialize)]
pub struct RunReport {
    /// Level name.
    pub level: String,
    /// Car name.
    pub car: String,
    /// Platform profile name.
    pub platform: String,
    /// Simulation rate.
    pub tick_rate_hz: u32,
    /// Ticks simulated.
    pub ticks: u64,
    /// Simulated time, seconds.
    pub sim_seconds: f64,
    /// Final state hash, 16 hex digits (a string, so JSON readers keep all 64 bits).
    pub state_hash: String,
    /// Wall time the run took, seconds.
    pub wall_seconds: f64,
    /// With `--replay`: whether the final state hash equals the recorded one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replay_matches: Option<bool>,
    /// AI opponents on the track.
    pub ai_opponents: usize,
    /// With `--ai-driver`: the first timed lap, s (absent when none was completed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lap_time_s: Option<f64>,
    /// With `--ai-driver`: every timed lap, s.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lap_times_s: Vec<f64>,
    /// With `--ai-driver`: the speed profile's lap time for the line driven, s.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub predicted_lap_time_s: Option<f64>,
    /// With `--ai-driver`: where the line came from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<String>,
    /// On a level with a track: how far the player's car got outside the track's borders
    /// (centre of mass beyond the border), m; 0 when it stayed on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_off_track_m: Option<f64>,
    /// On a level with a track: how far the player's car's footprint (the box of its
    /// overall width and length, at each of its four corners) got outside the track's
    /// borders, m; 0 when the whole car stayed on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_footprint_off_track_m: Option<f64>,
    /// With guests (`--players`): each guest's car and timed laps, in player order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub guests: Vec<GuestReport>,
    /// The first player's inputs run, when recording.
    #[serde(skip)]
    pub recorded: Vec<TickInput>,
    /// Each guest's inputs run, when recording.
    #[serde(skip)]
    pub recorded_guests: Vec<Vec<TickInput>>,
    /// The player car's telemetry after every tick, when asked for.
    #[serde(skip)]
    pub telemetry: Vec<TelemetryRow>,
    /// Wheels of the player car (the telemetry's columns).
    #[serde(skip)]
    pub wheel_count: usize,
    /// The final state hash as a number.
    #[serde(skip)]
    pub final_hash: u64,
}

/// What a run reports of a guest (a player after the first).
#[derive(Debug, Clone, Serialize)]
pub struct GuestReport {
    /// Their car.
    pub car: String,
    /// With `--ai-driver`: every lap their AI timed, s.
    pub lap_times_s: Vec<f64>,
}

/// Simulates `setup` on `opts`' input with no mode (free drive).
pub fn run(setup: &Setup, opts: RunOptions) -> Result<RunReport, Error> {
    let race = Race::headless(setup);
    run_race(setup, race, opts, None)
}

/// Simulates `race` (a [`Race::headless`] of `setup`, before its first tick) on `opts`'
/// input, with `mode` played after every tick (built on that world): held controls and
/// the AI driver stop when the mode's run is over ([`GameMode::field_finished`]; without
/// a mode the AI driver stops after its own timer's laps); a replay runs all its inputs.
/// A tick the mode holds (a countdown) steps nothing and takes no input.
pub fn run_race(
    setup: &Setup,
    mut race: Race,
    opts: RunOptions,
    mut mode: Option<&mut dyn GameMode>,
) -> Result<RunReport, Error> {
    let (level, car, profile) = (&setup.level.level, &setup.car, &setup.profile);
    let clock = WallClock::new();
    let watched = mode.is_some();
    let ticks = match &opts.input {
        RunInput::Held { ticks, .. } => usize::try_from(*ticks).unwrap_or(usize::MAX),
        RunInput::Recorded(inputs) => inputs.first.len(),
        RunInput::AiDriven { max_ticks, .. } => usize::try_from(*max_ticks).unwrap_or(usize::MAX),
    };
    let mut track = TrackMonitor::new(setup);
    // Reserved up front: the tick loop itself never allocates.
    let too_long = |what: &str| Error::runtime(format!("{what}: {ticks} ticks are too many to keep in memory"));
    let players = race.world.player_count();
    let mut recorded = Vec::new();
    let mut recorded_guests = vec![Vec::new(); if opts.record { players - 1 } else { 0 }];
    if opts.record {
        recorded.try_reserve_exact(ticks).map_err(|_| too_long("--record"))?;
        for guest in &mut recorded_guests {
            guest.try_reserve_exact(ticks).map_err(|_| too_long("--record"))?;
        }
    }
    let mut telemetry = Vec::new();
    if opts.telemetry {
        telemetry
            .try_reserve_exact(ticks)
            .map_err(|_| too_long("--telemetry"))?;
    }
    // What a run watches after every tick, whoever drives.
    let mut observe = |world: &SimWorld, inputs: &[TickInput], mode: &mut Option<&mut dyn GameMode>| -> bool {
        let input = &inputs[0];
        track.after_tick(world);
        if opts.record {
            recorded.push(*input);
            for (guest, i) in recorded_guests.iter_mut().zip(&inputs[1..]) {
                guest.push(*i);
            }
        }
        if opts.telemetry {
            telemetry.push(TelemetryRow {
                tick: world.tick(),
                time_s: world.sim_seconds(),
                telemetry: world.telemetry(0),
            });
        }
        mode.as_deref_mut().is_some_and(|m| {
            m.after_tick(world, input, &recorded);
            m.field_finished()
        })
    };
    // Before a tick: what the mode says of it (a countdown holds the world).
    let gate = |race: &mut Race, mode: &mut Option<&mut dyn GameMode>| -> Result<TickGate, Error> {
        Ok(match mode.as_deref_mut() {
            Some(m) => m.before_tick(race)?.gate,
            None => TickGate::Step,
        })
    };
    let (mut lap_times, mut predicted, mut line) = (Vec::new(), None, None);
    let mut guest_laps = vec![Vec::new(); players - 1];
    // A tick's inputs, every player's (a fixed array: the loop allocates nothing).
    let mut tick_inputs = [TickInput::default(); MAX_PLAYERS];
    match &opts.input {
        RunInput::Held { ticks, control } => {
            let input = TickInput {
                control: control.sanitized(),
                reset: false,
                ..Default::default()
            };
            let mut stepped = 0;
            while stepped < *ticks {
                let Some(input) = gated(gate(&mut race, &mut mode)?, &input) else {
                    continue;
                };
                stepped += 1;
                // Every player holds the same controls.
                tick_inputs = [input; MAX_PLAYERS];
                race.step_players(&tick_inputs[..players]);
                if observe(&race.world, &tick_inputs[..players], &mut mode) {
                    break;
                }
            }
        }
        RunInput::Recorded(inputs) => {
            for t in 0..inputs.first.len() {
                let g = loop {
                    let g = gate(&mut race, &mut mode)?;
                    if g != TickGate::Hold {
                        break g;
                    }
                };
                for (p, slot) in tick_inputs[..players].iter_mut().enumerate() {
                    let recorded = match p {
                        0 => inputs.first.get(t),
                        _ => inputs.guests.get(p - 1).and_then(|g| g.get(t)),
                    };
                    *slot = gated(g, &recorded.copied().unwrap_or_default()).unwrap_or_default();
                }
                race.step_players(&tick_inputs[..players]);
                observe(&race.world, &tick_inputs[..players], &mut mode);
            }
        }
        RunInput::AiDriven {
            race: line_driven,
            laps,
            max_ticks,
            guest_lines,
        } => {
            let guest_lines: Vec<_> = guest_lines.iter().map(|l| l.line.clone()).collect();
            let mut ai = AiRace::on_lines(race, &line_driven.line, car, &guest_lines, setup.ai_difficulty);
            let mut stepped = 0;
            while stepped < *max_ticks {
                if gate(&mut ai.race, &mut mode)? == TickGate::Hold {
                    continue;
                }
                stepped += 1;
                ai.tick();
                let mode_over = observe(&ai.race.world, ai.inputs(), &mut mode);
                let all_lapped = std::iter::once(&ai.player)
                    .chain(&ai.guests)
                    .all(|p| p.laps_ticks().len() >= *laps as usize);
                if mode_over || (!watched && all_lapped) {
                    break;
                }
            }
            let dt = ai.race.world.dt_s() as f64;
            lap_times = ai.player.laps_ticks().iter().map(|t| *t as f64 * dt).collect();
            for (laps, guest) in guest_laps.iter_mut().zip(&ai.guests) {
                *laps = guest.laps_ticks().iter().map(|t| *t as f64 * dt).collect();
            }
            race = ai.race;
            predicted = Some(line_driven.predicted_lap_s as f64);
            line = Some(line_driven.source.clone());
        }
    }
    let (world, opponents) = (&race.world, &race.opponents);
    Ok(RunReport {
        level: level.name.clone(),
        car: car.name.clone(),
        platform: profile.name.clone(),
        tick_rate_hz: profile.loop_config.tick_rate_hz,
        ticks: world.tick(),
        sim_seconds: world.sim_seconds(),
        state_hash: format!("{:016x}", world.state_hash()),
        wall_seconds: clock.now().as_secs_f64(),
        replay_matches: None,
        ai_opponents: opponents.len(),
        lap_time_s: lap_times.first().copied(),
        lap_times_s: lap_times,
        predicted_lap_time_s: predicted,
        line,
        max_off_track_m: track.worst_m(),
        max_footprint_off_track_m: track.worst_footprint_m(),
        guests: guest_laps
            .into_iter()
            .enumerate()
            .map(|(g, lap_times_s)| GuestReport {
                car: setup
                    .guests
                    .get(g)
                    .map_or(String::new(), |guest| guest.car.name.clone()),
                lap_times_s,
            })
            .collect(),
        recorded,
        recorded_guests,
        telemetry,
        wheel_count: car.wheels.len(),
        final_hash: world.state_hash(),
    })
}

/// `input` as `gate` lets the world step on it: None while held; no input at all on an
/// idle step; resets and restarts left out of a measured one.
fn gated(gate: TickGate, input: &TickInput) -> Option<TickInput> {
    match gate {
        TickGate::Hold => None,
        TickGate::Step => Some(*input),
        TickGate::StepIdle => Some(TickInput::default()),
        TickGate::StepWithoutResets => Some(TickInput {
            reset: false,
            restart: false,
            ..*input
        }),
    }
}

/// Watches how far the player's car leaves the level's track, if it has one: its centre,
/// and the corners of its footprint.
struct TrackMonitor {
    borders: Option<TrackBorders>,
    worst: PastBorder,
}

impl TrackMonitor {
    fn new(setup: &Setup) -> Self {
        Self {
            borders: TrackBorders::new(&setup.level, &setup.car),
            worst: PastBorder {
                centre_m: 0.0,
                footprint_m: 0.0,
            },
        }
    }

    fn after_tick(&mut self, world: &SimWorld) {
        if let Some(borders) = &mut self.borders {
            let now = borders.past(world.player_body());
            self.worst.centre_m = self.worst.centre_m.max(now.centre_m);
            self.worst.footprint_m = self.worst.footprint_m.max(now.footprint_m);
        }
    }

    fn worst_m(&self) -> Option<f64> {
        self.borders.as_ref().map(|_| self.worst.centre_m as f64)
    }

    fn worst_footprint_m(&self) -> Option<f64> {
        self.borders.as_ref().map(|_| self.worst.footprint_m as f64)
    }
}

impl RunReport {
    /// The human-readable summary printed without `--json`.
    pub fn summary(&self) -> String {
        format!(
            "{} with {}: {} ticks ({:.2} s simulated at {} Hz, {} profile) in {:.3} s wall; state hash {}",
            self.level,
            self.car,
            self.ticks,
            self.sim_seconds,
            self.tick_rate_hz,
            self.platform,
            self.wall_seconds,
            self.state_hash
        ) + &self.race_summary()
    }

    fn race_summary(&self) -> String {
        let mut s = String::new();
        if self.ai_opponents > 0 {
            s += &format!("; {} AI opponents", self.ai_opponents);
        }
        if let Some(p) = self.predicted_lap_time_s {
            let laps: Vec<String> = self.lap_times_s.iter().map(|t| format!("{t:.2} s")).collect();
            s += &format!(
                "\nAI driver on {}: laps [{}], the speed profile predicts {p:.2} s",
                self.line.as_deref().unwrap_or("?"),
                laps.join(", ")
            );
        }
        if let Some(off) = self.max_off_track_m {
            s += &format!("; furthest outside the track {off:.2} m");
        }
        if let Some(off) = self.max_footprint_off_track_m {
            s += &format!(" (its footprint {off:.2} m)");
        }
        for (g, guest) in self.guests.iter().enumerate() {
            let laps: Vec<String> = guest.lap_times_s.iter().map(|t| format!("{t:.2} s")).collect();
            s += &format!("\nplayer {} in the {}: laps [{}]", g + 2, guest.car, laps.join(", "));
        }
        s
    }
}
