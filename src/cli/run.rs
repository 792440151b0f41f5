//! `skidpad run`: simulate a level headless as fast as possible and report its final state
//! hash. Its input is one of three: controls held for a number of ticks, a replay's
//! recorded inputs (checked against the recorded hash), or the AI driving timed laps.

use super::context::Context;
use crate::ai::AiDifficulty;
use crate::app::game_mode::ModeReport;
use crate::app::headless::{self, ModeOptions, ModeRun, RecordedInputs, RunInput, RunOptions, RunReport};
use crate::app::Setup;
use crate::audio::meter::Loudness;
use crate::content::DEFAULT_LEVEL;
use crate::error::Error;
use crate::modes::championship::GridOrder;
use crate::modes::{Mode, Start};
use crate::replay::{Replay, ReplayHeader};
use crate::report::emit;
use crate::sim::VehicleControl;
use crate::vehicle::DEFAULT_CAR;
use clap::Args;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// Options of `run`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// Level name (see `skidpad levels`) or path to a level TOML.
    #[arg(long, value_name = "NAME|PATH", default_value = DEFAULT_LEVEL)]
    pub level: String,
    /// Car name (see `skidpad cars`) or path to a car TOML.
    #[arg(long, value_name = "NAME|PATH", default_value = DEFAULT_CAR)]
    pub car: String,
    /// Ticks to simulate.
    #[arg(long, value_name = "N", conflicts_with = "seconds")]
    pub ticks: Option<u64>,
    /// Simulated seconds to run (rounded to whole ticks at the profile's tick rate).
    #[arg(long, value_name = "S")]
    pub seconds: Option<f64>,
    /// Throttle held for the whole run, 0..1.
    #[arg(long, value_name = "X", default_value_t = 0.0)]
    pub throttle: f32,
    /// Steering held for the whole run, −1 (left) .. 1 (right).
    #[arg(long, value_name = "X", default_value_t = 0.0, allow_negative_numbers = true)]
    pub steer: f32,
    /// Print one JSON object: level, car, platform, tick_rate_hz, ticks, sim_seconds,
    /// state_hash, wall_seconds (and replay_matches with --replay).
    #[arg(long)]
    pub json: bool,
    /// Write the run's inputs to a replay file (atomically).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Run a replay's inputs on its level, car and platform instead, and check the final
    /// state hash against the recorded one (exit 1 when they differ).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["ticks", "seconds", "throttle", "steer", "players", "guest_car"])]
    pub replay: Option<PathBuf>,
    /// Render what the replay sounds like, heard from the chase camera at the default
    /// volumes, to a 16-bit stereo WAV file at 44.1 kHz (atomically): the same per-tick
    /// sound feed and mixer play uses, so the same replay gives the same bytes.
    #[arg(long, value_name = "FILE.wav", requires = "replay")]
    pub audio_out: Option<PathBuf>,
    /// Write the player car's telemetry as CSV (atomically), one row per tick after a
    /// header: tick, time_s, forward_speed_mps, engine_rpm, gear (−1 R, 0 N, 1..),
    /// clutch_slip_rpm, then per wheel i: w{i}_slip_ratio, w{i}_slip_angle_rad, w{i}_load_n,
    /// w{i}_compression_m, w{i}_suspension_force_n, w{i}_fx_n, w{i}_fy_n,
    /// w{i}_wheel_speed_mps. SI units; what a model lacks (the arcade car's engine) is 0.
    #[arg(long, value_name = "FILE.csv")]
    pub telemetry: Option<PathBuf>,
    /// AI opponents on a grid behind the player (levels with a track, e.g. circuit).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub ai: usize,
    /// The opponents' car.
    #[arg(long, value_name = "NAME|PATH", default_value = "sedan")]
    pub ai_car: String,
    /// How well the AI drives, the opponents' and --ai-driver's: rookie (80 % of the
    /// racing line's speed profile, wandering up to 1.2 m off the line), amateur (84 %,
    /// 0.8 m), pro (87 %, 0.4 m) or ace (90 %, on the line).
    #[arg(long, value_name = "LEVEL", default_value = "ace")]
    pub ai_difficulty: AiDifficulty,
    /// Let the AI drive the player's car along the level's racing line and time its laps
    /// (JSON: lap_time_s, lap_times_s, predicted_lap_time_s, max_off_track_m, max_footprint_off_track_m). The out-lap
    /// to the start line is not timed.
    #[arg(long, conflicts_with_all = ["throttle", "steer", "replay"])]
    pub ai_driver: bool,
    /// Timed laps: with --ai-driver, laps to drive; with --mode time-trial or race, laps to
    /// time or race.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub laps: u32,
    /// The game mode's rules: `free` (no goal), `time-trial` (laps from a rolling start,
    /// best lap, ghost and medal saved), `race` (the --ai N opponents from a standing start
    /// after a 3 s countdown, to --laps laps). JSON adds `mode` with laps, sectors,
    /// positions, medals.
    /// `challenge`: the level's scenario runs scored against its `[challenge]` (slip,
    /// jump, crash, bump): figures, medal, and the record.
    #[arg(long, value_enum, default_value = "free")]
    pub mode: Mode,
    /// A time trial's start: `rolling` (an out-lap to the line, then timed laps) or
    /// `standing` (the clock runs from the first tick; a race always starts standing).
    #[arg(long, value_enum, default_value = "rolling")]
    pub start: Start,
    /// Where records and ghosts (time trial, challenge) are read and written (default: the per-user
    /// data directory, $XDG_DATA_HOME/skidpad/records or ~/.local/share/skidpad/records); a
    /// championship's season is saved here too (`championship.season`; default the data
    /// directory itself).
    #[arg(long, value_name = "DIR")]
    pub save_dir: Option<PathBuf>,
    /// With `--mode championship`: the cup (`content/cups/NAME.toml`: rookie, saloon,
    /// world_tour). A saved season of that cup continues from its last round; `--car` must
    /// be one of the cup's cars.
    #[arg(long, value_name = "NAME")]
    pub cup: Option<String>,
    /// With `--mode championship`: each round's grid has the leader at the back.
    #[arg(long)]
    pub reversed_grid: bool,
    /// With `--mode championship`: play at most N rounds in this run (the season is saved
    /// after each).
    #[arg(long, value_name = "N")]
    pub rounds: Option<usize>,
    /// People playing, 1 to 4 (split screen): the players after the first line up on the
    /// grid behind them, ahead of any opponents, in `--guest-car` (a championship's
    /// people each take the slot its table gives them, and score). Held controls drive
    /// every player's car; with `--ai-driver` the AI drives each; `--record` keeps every
    /// player's inputs and `--replay` replays them.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=4))]
    pub players: u8,
    /// The car of the players after the first (default: `--car`).
    #[arg(long, value_name = "NAME|PATH")]
    pub guest_car: Option<String>,
}

/// `run --json`: the run's report, and the mode's when one was played.
#[derive(Serialize)]
struct Printed<'a> {
    #[serde(flatten)]
    run: &'a RunReport,
    #[serde(skip_serializing_if = "Option::is_none")]
    mode: Option<&'a ModeReport>,
    /// With `--audio-out`: how loud the render is (EBU R128).
    #[serde(skip_serializing_if = "Option::is_none")]
    audio_loudness: Option<Loudness>,
}

/// What a run was set up to do: its world, its input, and (replaying) the final state
/// hash the recording ended on.
struct Planned {
    setup: Setup,
    input: RunInput,
    expected_hash: Option<u64>,
}

/// Runs `skidpad run`. The report is printed before a diverged replay is an error, so the
/// hash it ended on is there to compare.
pub fn run(ctx: &Context, a: &RunArgs) -> Result<(), Error> {
    if a.players > 1 && a.mode == Mode::Challenge {
        return Err(Error::bad_argument(
            "--players",
            "a challenge's runs are one car's: one player",
        ));
    }
    if a.mode == Mode::Championship {
        return run_championship(ctx, a);
    }
    if a.mode == Mode::Challenge {
        // The challenge plays its level's script: the level and car as given, no controls.
        let setup = Setup::load(&ctx.root, &a.level, &a.car, ctx.profile.clone())?;
        return run_mode(ctx, a, setup, RunInput::Recorded(Default::default()), None, None);
    }
    let Planned {
        setup,
        input,
        expected_hash,
    } = match &a.replay {
        Some(path) => from_replay(ctx, path)?,
        None if a.ai_driver => ai_driven(ctx, a)?,
        None => held(ctx, a)?,
    };
    if a.laps == 0 {
        return Err(Error::bad_argument("--laps", "must be at least 1"));
    }
    let mut loudness = None;
    if let (Some(path), RunInput::Recorded(inputs)) = (&a.audio_out, &input) {
        let samples = headless::render_audio(&setup, &inputs.first, Default::default());
        headless::save_wav(&samples, path)?;
        loudness = crate::audio::meter::measure(&samples);
    }
    run_mode(ctx, a, setup, input, expected_hash, loudness)
}

/// `--mode championship`: the cup's season, its player's car driven by the AI.
fn run_championship(ctx: &Context, a: &RunArgs) -> Result<(), Error> {
    let Some(cup) = &a.cup else {
        return Err(Error::bad_argument(
            "--cup",
            "a championship needs a cup (rookie, saloon, world_tour)",
        ));
    };
    if !a.ai_driver {
        return Err(Error::bad_argument(
            "--ai-driver",
            "a headless championship is driven by the AI: add --ai-driver",
        ));
    }
    let report = headless::run_season(
        &ctx.root,
        &ctx.profile,
        &headless::SeasonOptions {
            cup: cup.clone(),
            car: Some(a.car.clone()),
            grid_order: if a.reversed_grid {
                GridOrder::Reversed
            } else {
                GridOrder::Standings
            },
            seed: 1,
            save_dir: a.save_dir.clone(),
            rounds: a.rounds,
            guests: usize::from(a.players) - 1,
            guest_car: a.guest_car.clone(),
            // The settings' name when there is a settings file (a headless run does not
            // write one).
            player_name: match ctx.settings_file().filter(|f| f.is_file()) {
                Some(_) => ctx.settings().player.name,
                None => crate::settings::Player::default().name,
            },
        },
    )?;
    emit(a.json, &report, || report.text())
}

/// Runs `setup` on `input` in `--mode` and prints what it reports; `expected_hash` is a
/// replay's recorded final hash.
fn run_mode(
    ctx: &Context,
    a: &RunArgs,
    setup: Setup,
    input: RunInput,
    expected_hash: Option<u64>,
    audio_loudness: Option<Loudness>,
) -> Result<(), Error> {
    let played = headless::run_mode(
        &setup,
        RunOptions {
            input,
            record: a.record.is_some(),
            telemetry: a.telemetry.is_some(),
        },
        &ModeOptions {
            mode: a.mode,
            laps: a.laps,
            start: a.start,
            save_dir: a.save_dir.clone(),
            root: ctx.root.clone(),
        },
    )?;
    let (mut report, mode) = match played {
        ModeRun::Ticked(report, mode) => (*report, mode),
        // A mode that played its own script prints its report alone.
        ModeRun::Scripted(mode) => return emit(a.json, &mode, || mode.summary().to_string()),
    };
    if let Some(path) = &a.telemetry {
        headless::save_telemetry(&report, path)?;
    }
    report.replay_matches = expected_hash.map(|h| h == report.final_hash);
    if let Some(path) = &a.record {
        Replay {
            header: recording_header(ctx, a, &setup, &report),
            inputs: std::mem::take(&mut report.recorded),
            guest_inputs: std::mem::take(&mut report.recorded_guests),
        }
        .save(path)?;
    }
    let printed = Printed {
        run: &report,
        mode: mode.as_ref(),
        audio_loudness,
    };
    emit(a.json, &printed, || {
        let mode_text = mode.as_ref().map_or(String::new(), |m| "\n".to_string() + m.summary());
        let audio_text = audio_loudness.map_or(String::new(), |l| {
            format!(
                "\naudio: {:.1} LUFS integrated, true peak {:.1} dBTP",
                l.integrated_lufs, l.true_peak_dbtp
            )
        });
        report.summary() + &mode_text + &audio_text + "\n"
    })?;
    check_replay_matched(expected_hash, &report)
}

/// `--replay FILE`: the recording's set-up and inputs, and the hash they must end on.
fn from_replay(ctx: &Context, path: &Path) -> Result<Planned, Error> {
    let (setup, replay) = ctx.replay_setup(path)?;
    Ok(Planned {
        setup,
        expected_hash: Some(replay.header.final_state_hash),
        input: RunInput::Recorded(RecordedInputs {
            first: replay.inputs,
            guests: replay.guest_inputs,
        }),
    })
}

/// `--ai-driver`: the AI drives the player's car for `--laps` timed laps, within a tick
/// limit.
fn ai_driven(ctx: &Context, a: &RunArgs) -> Result<Planned, Error> {
    let setup = load_setup(ctx, a)?;
    let race = crate::raceline::level_line(&ctx.root, &setup.level, &setup.car)?;
    let guest_lines = setup
        .guests
        .iter()
        .map(|g| crate::raceline::level_line(&ctx.root, &setup.level, &g.car))
        .collect::<Result<Vec<_>, _>>()?;
    // Room for the slowest car's laps.
    let max_ticks = std::iter::once(&race)
        .chain(&guest_lines)
        .map(|line| ai_max_ticks(a, line, ctx.profile.loop_config.tick_rate_hz))
        .max()
        .unwrap_or(0);
    Ok(Planned {
        setup,
        input: RunInput::AiDriven {
            race,
            laps: a.laps,
            max_ticks,
            guest_lines,
        },
        expected_hash: None,
    })
}

/// The default: `--throttle` and `--steer` held for `--ticks` or `--seconds`.
fn held(ctx: &Context, a: &RunArgs) -> Result<Planned, Error> {
    let setup = load_setup(ctx, a)?;
    let ticks = held_ticks(a.ticks, a.seconds, rate_hz(ctx))?;
    let control = held_control(a.throttle, a.steer)?;
    Ok(Planned {
        setup,
        input: RunInput::Held { ticks, control },
        expected_hash: None,
    })
}

/// The level and car as given, with the guests and the opponents.
fn load_setup(ctx: &Context, a: &RunArgs) -> Result<Setup, Error> {
    let mut setup = Setup::load(&ctx.root, &a.level, &a.car, ctx.profile.clone())?;
    let guest_car = a.guest_car.as_deref().unwrap_or(&a.car);
    setup.add_guests(&ctx.root, usize::from(a.players) - 1, guest_car)?;
    setup.add_opponents(&ctx.root, a.ai, &a.ai_car)?;
    setup.ai_difficulty = a.ai_difficulty;
    Ok(setup)
}

/// The profile's tick rate, for turning seconds into ticks.
fn rate_hz(ctx: &Context) -> f64 {
    ctx.profile.loop_config.tick_rate_hz as f64
}

/// `seconds` as whole ticks at `rate_hz`; `None` when it is not a finite, non-negative
/// number.
fn seconds_to_ticks(seconds: f64, rate_hz: f64) -> Option<u64> {
    (seconds.is_finite() && seconds >= 0.0).then(|| (seconds * rate_hz).round() as u64)
}

/// Ticks to hold the controls for: `--ticks`, else `--seconds`; one of them is required.
fn held_ticks(ticks: Option<u64>, seconds: Option<f64>, rate_hz: f64) -> Result<u64, Error> {
    match (ticks, seconds) {
        (Some(t), _) => Ok(t),
        (None, Some(s)) => seconds_to_ticks(s, rate_hz)
            .ok_or_else(|| Error::bad_argument("--seconds", format!("must be a finite, non-negative number, got {s}"))),
        (None, None) => Err(Error::bad_argument(
            "--ticks",
            "give --ticks N, --seconds S or --replay FILE",
        )),
    }
}

/// The AI driver's tick limit: `--ticks`, else `--seconds`, else room for the out-lap and
/// every timed lap three times over at the line's predicted lap time, plus two minutes. (An
/// unusable `--seconds` falls back to that room rather than refuse.)
fn ai_max_ticks(a: &RunArgs, line: &crate::raceline::RaceLine, tick_rate_hz: u32) -> u64 {
    a.ticks
        .or_else(|| a.seconds.and_then(|s| seconds_to_ticks(s, f64::from(tick_rate_hz))))
        .unwrap_or_else(|| line.ai_run_ticks(a.laps, tick_rate_hz))
}

/// The held controls: throttle in 0..1, steering in −1..1, both finite.
fn held_control(throttle: f32, steer: f32) -> Result<VehicleControl, Error> {
    for (name, v, lo) in [("--throttle", throttle, 0.0), ("--steer", steer, -1.0)] {
        if !(v.is_finite() && (lo..=1.0).contains(&v)) {
            return Err(Error::bad_argument(
                name,
                format!("must be between {lo} and 1, got {v}"),
            ));
        }
    }
    Ok(VehicleControl {
        throttle,
        steer,
        ..VehicleControl::default()
    })
}

/// The header `--record` writes. A fresh run names what it played as the user named it
/// (names or paths, and `--platform` as given); a replayed run as the replay's set-up
/// loaded it.
fn recording_header(ctx: &Context, a: &RunArgs, setup: &Setup, report: &RunReport) -> ReplayHeader {
    let first_opponent = setup.opponents.first().map_or("", |d| d.name.as_str());
    let (level, car, platform, ai_car) = match a.replay {
        Some(_) => (
            setup.level.level.name.as_str(),
            setup.car.name.as_str(),
            setup.profile.name.as_str(),
            first_opponent,
        ),
        None => (
            a.level.as_str(),
            a.car.as_str(),
            ctx.platform_arg.as_str(),
            a.ai_car.as_str(),
        ),
    };
    let guest_car = match a.replay {
        Some(_) => None,
        None => a.guest_car.as_deref().or(Some(&a.car)),
    };
    let grid = setup.replay_grid();
    ReplayHeader {
        opponent_skills: grid.opponent_skills,
        grid_slots: grid.grid_slots,
        guest_cars: setup
            .guests
            .iter()
            .map(|g| guest_car.map_or(g.car.name.clone(), str::to_owned))
            .collect(),
        ai_difficulty: if setup.opponents.is_empty() {
            String::new()
        } else {
            setup.ai_difficulty.name().to_string()
        },
        ..ReplayHeader::new(
            level,
            car,
            platform,
            setup.profile.loop_config.tick_rate_hz,
            setup.opponents.len(),
            ai_car,
            report.final_hash,
        )
    }
}

/// A replay that did not end on its recorded hash is a runtime failure (exit 1): a
/// determinism bug, or the recording's content changed under it.
fn check_replay_matched(expected_hash: Option<u64>, report: &RunReport) -> Result<(), Error> {
    match (expected_hash, report.replay_matches) {
        (Some(h), Some(false)) => Err(Error::runtime(format!(
            "replay diverged: recorded final state hash {h:016x}, got {}",
            report.state_hash
        ))),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_round_to_whole_ticks() {
        assert_eq!(seconds_to_ticks(1.0, 60.0), Some(60));
        assert_eq!(seconds_to_ticks(0.0251, 60.0), Some(2));
        assert_eq!(seconds_to_ticks(-1.0, 60.0), None);
        assert_eq!(seconds_to_ticks(f64::NAN, 60.0), None);
        assert_eq!(seconds_to_ticks(f64::INFINITY, 60.0), None);
    }

    #[test]
    fn held_ticks_need_ticks_or_seconds() {
        assert_eq!(held_ticks(Some(7), None, 60.0).unwrap(), 7);
        assert_eq!(held_ticks(None, Some(2.0), 60.0).unwrap(), 120);
        assert!(held_ticks(None, None, 60.0).unwrap_err().message().contains("--ticks"));
        assert!(held_ticks(None, Some(f64::NAN), 60.0)
            .unwrap_err()
            .message()
            .contains("--seconds"));
    }

    #[test]
    fn held_controls_out_of_range_or_not_finite_are_refused() {
        assert!(held_control(1.0, -1.0).is_ok());
        for (t, s) in [
            (1.5, 0.0),
            (-0.1, 0.0),
            (0.0, 1.1),
            (f32::NAN, 0.0),
            (0.0, f32::INFINITY),
        ] {
            assert!(held_control(t, s).is_err(), "{t} {s}");
        }
    }
}
