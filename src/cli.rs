//! The command line: parsing with clap, then dispatch to the front ends.

use crate::app::exit::{EXIT_BAD_INPUT, EXIT_NO_GRAPHICS, EXIT_RUNTIME};
use crate::app::headless::{RunInput, RunOptions};
use crate::app::play::PlayOptions;
use crate::app::screenshot::ShotOptions;
use crate::app::Failure;
use crate::app::Setup;
use crate::content::levels::{level_names, load_level, DEFAULT_LEVEL};
use crate::content::profile::DEFAULT_PROFILE;
use crate::content::{ContentRoot, PlatformProfile};
use crate::replay::{Replay, ReplayHeader};
use crate::sim::VehicleControl;
use crate::vehicle::definition::DEFAULT_CAR;
use crate::vehicle::CarDef;
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

const AFTER_HELP: &str = "\
Exit codes: 0 success; 1 runtime failure (e.g. an output file cannot be written);
2 bad input (unknown level or profile, unreadable or malformed file, value out of range);
3 no usable graphics (no display driver or no OpenGL 3.3 core context);
4 a check failed (scenario, validate, soak).

With no display (no DISPLAY/WAYLAND_DISPLAY) rendering uses SDL's offscreen driver; no audio
device plays silent; no gamepad leaves the keyboard. SKIDPAD_PAD_SCRIPT=FILE drives play from
timed pad events instead of real pads (tests; format in RELIABILITY.md).
RUST_LOG=debug shows more detail (over-budget frames, device probing).";

/// Skidpad: a console-class driving game and vehicle-dynamics sandbox.
#[derive(Debug, Parser)]
#[command(name = "skidpad", version, about, after_help = AFTER_HELP)]
pub struct Cli {
    /// Platform profile: a shipped name (desktop, xbox) or a path to a profile TOML.
    #[arg(long, global = true, value_name = "NAME|PATH", default_value = DEFAULT_PROFILE)]
    pub platform: String,

    /// Read content (levels, cars) from this directory instead of the copy built into the
    /// binary.
    #[arg(long, global = true, value_name = "DIR")]
    pub content: Option<PathBuf>,

    /// Settings file (volumes, deadzones, bindings). Default: settings.toml in the per-user
    /// settings directory ($XDG_CONFIG_HOME/skidpad or ~/.config/skidpad), written with the
    /// defaults when missing.
    #[arg(long, global = true, value_name = "FILE")]
    pub settings: Option<PathBuf>,

    /// What to do (default: play).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Open a window and drive (the default).
    Play(PlayArgs),
    /// Simulate a level headless, as fast as possible, and report its final state hash.
    Run(RunArgs),
    /// Render a level offscreen and write a PNG (no display needed).
    Screenshot(ShotArgs),
    /// List the levels with a one-line description each (`--check LEVEL`: its surfaces and
    /// materials as the physics sees them).
    Levels(crate::app::level_check::LevelsArgs),
    /// List the cars with a one-line description each.
    Cars,
    /// Run a level's scenario script (or every level's: `all`) headless and check it.
    Scenario(ScenarioArgs),
    /// Measure where the frame budget goes on a level (its scenario script drives).
    Profile(ProfileArgs),
    /// Analyse a sim car with the linear bicycle model: understeer gradient, yaw gain,
    /// yaw-mode roots, critical speed.
    Analyze(CarArgs),
    /// Drive a sim car through the validation suite (braking, circle, step steer,
    /// acceleration, top speed, coast-down) at 60, 120 and 240 Hz against physics.
    Validate(CarArgs),
    /// Convert a CARLA physics-control dump (`print(vehicle.get_physics_control())`, or the
    /// same as JSON) into a sim car file.
    ImportCarla(ImportArgs),
    /// Search a track's racing line with a genetic algorithm (or put a given line through
    /// the speed profile with --evaluate): lap time, CSV, plot.
    Raceline(crate::raceline::command::RacelineArgs),
    /// The long-run test: AI cars on every level for an hour of simulated time each,
    /// checking every body stays finite, the heap stays flat and the replay reproduces the
    /// final state hash. Exit code 4 when a check fails.
    Soak(crate::app::soak::SoakArgs),
}

/// Options of `analyze` and `validate`.
#[derive(Debug, Args)]
pub struct CarArgs {
    /// Car name (see `skidpad cars`) or path to a car TOML; a sim-model car.
    #[arg(long, value_name = "NAME|PATH", default_value = "sedan")]
    pub car: String,
    /// Print the report as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Options of `import-carla`.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The dump: a text file holding CARLA's VehiclePhysicsControl repr or its JSON.
    #[arg(value_name = "DUMP")]
    pub dump: PathBuf,
    /// Write the car file here (default: print it).
    #[arg(long, value_name = "FILE.toml")]
    pub out: Option<PathBuf>,
    /// The car's one-line description.
    #[arg(
        long,
        value_name = "TEXT",
        default_value = "Converted from a CARLA physics-control dump"
    )]
    pub description: String,
}

/// Options of `profile`.
#[derive(Debug, Args)]
pub struct ProfileArgs {
    /// Level name or path.
    #[arg(long, value_name = "NAME|PATH", default_value = DEFAULT_LEVEL)]
    pub level: String,
    /// Car name or path.
    #[arg(long, value_name = "NAME|PATH", default_value = DEFAULT_CAR)]
    pub car: String,
    /// Frames to measure (after one second of warm-up).
    #[arg(long, value_name = "N", default_value_t = 600)]
    pub frames: u64,
    /// No window: simulation and audio only.
    #[arg(long)]
    pub headless: bool,
    /// Write a Chrome Trace Event JSON (opens in Perfetto, ui.perfetto.dev).
    #[arg(long, value_name = "FILE.json")]
    pub trace: Option<PathBuf>,
    /// AI cars driving the level (its track, or its AI loop: circuit, crash).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub ai: usize,
    /// The AI cars' car.
    #[arg(long, value_name = "NAME|PATH", default_value = "sedan")]
    pub ai_car: String,
    /// Print the report as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Options of `scenario`.
#[derive(Debug, Args)]
pub struct ScenarioArgs {
    /// Level name, or `all` for every level that has a script.
    #[arg(value_name = "NAME|all")]
    pub level: String,
    /// Car to drive in runs that do not name one.
    #[arg(long, value_name = "NAME|PATH", default_value = DEFAULT_CAR)]
    pub car: String,
    /// Print one JSON object per level instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Options of `play`.
#[derive(Debug, Args, Default)]
pub struct PlayArgs {
    /// Level name (see `skidpad levels`) or path to a level TOML.
    #[arg(long, value_name = "NAME|PATH", default_value = DEFAULT_LEVEL)]
    pub level: String,
    /// Car name (see `skidpad cars`) or path to a car TOML.
    #[arg(long, value_name = "NAME|PATH", default_value = DEFAULT_CAR)]
    pub car: String,
    /// Quit after this many frames (unattended runs and smoke tests).
    #[arg(long, value_name = "N")]
    pub max_frames: Option<u64>,
    /// Record every tick's input to a replay file when the game ends.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Watch a replay (its level, car and platform) instead of playing.
    #[arg(long, value_name = "FILE")]
    pub replay: Option<PathBuf>,
    /// AI opponents on a grid behind you (levels with a track, e.g. circuit).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub ai: usize,
    /// The opponents' car.
    #[arg(long, value_name = "NAME|PATH", default_value = "sedan")]
    pub ai_car: String,
}

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
    #[arg(long, value_name = "FILE", conflicts_with_all = ["ticks", "seconds", "throttle", "steer"])]
    pub replay: Option<PathBuf>,
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
    /// Let the AI drive the player's car along the level's racing line and time its laps
    /// (JSON: lap_time_s, lap_times_s, predicted_lap_time_s, max_off_track_m). The out-lap
    /// to the start line is not timed.
    #[arg(long, conflicts_with_all = ["throttle", "steer", "replay"])]
    pub ai_driver: bool,
    /// With --ai-driver: timed laps to drive.
    #[arg(long, value_name = "N", default_value_t = 1, requires = "ai_driver")]
    pub laps: u32,
}

/// Options of `screenshot`.
#[derive(Debug, Args)]
pub struct ShotArgs {
    /// PNG file to write.
    #[arg(long, value_name = "FILE.png")]
    pub out: PathBuf,
    /// Level name (see `skidpad levels`) or path to a level TOML.
    #[arg(long, value_name = "NAME|PATH", default_value = DEFAULT_LEVEL)]
    pub level: String,
    /// Car name (see `skidpad cars`) or path to a car TOML.
    #[arg(long, value_name = "NAME|PATH", default_value = DEFAULT_CAR)]
    pub car: String,
    /// Frames (one tick each) to simulate before capturing.
    #[arg(long, value_name = "N", default_value_t = 120)]
    pub frames: u32,
    /// Image width (default: the platform profile's).
    #[arg(long, value_name = "PX")]
    pub width: Option<u32>,
    /// Image height (default: the platform profile's).
    #[arg(long, value_name = "PX")]
    pub height: Option<u32>,
    /// Leave the HUD (speedometer) out of the picture.
    #[arg(long)]
    pub no_hud: bool,
    /// Throttle held during the frames, 0..1.
    #[arg(long, value_name = "X", default_value_t = 0.0)]
    pub throttle: f32,
    /// Steering held during the frames, −1 (left) .. 1 (right).
    #[arg(long, value_name = "X", default_value_t = 0.0, allow_negative_numbers = true)]
    pub steer: f32,
    /// Brake held during the last `--brake-frames` frames, 0..1.
    #[arg(long, value_name = "X", default_value_t = 0.0)]
    pub brake: f32,
    /// How many of the last frames brake (with `--brake`).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub brake_frames: u32,
    /// AI opponents on a grid behind the player (levels with a track).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub ai: usize,
    /// The opponents' car.
    #[arg(long, value_name = "NAME|PATH", default_value = "sedan")]
    pub ai_car: String,
    /// `friction` colours the ground by the friction μ the physics uses (blue low, red high).
    #[arg(long, value_name = "VIEW", default_value = "normal", value_parser = ["normal", "friction"])]
    pub view: String,
}

/// Parses the process arguments, runs the command, and returns the exit code.
pub fn main() -> i32 {
    let cli = Cli::parse();
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("info"))
        .format_timestamp(None)
        .init();
    match run(cli) {
        Ok(()) => 0,
        Err(f) => {
            eprintln!("skidpad: {}", f.message);
            debug_assert!([
                EXIT_RUNTIME,
                EXIT_BAD_INPUT,
                EXIT_NO_GRAPHICS,
                crate::app::exit::EXIT_CHECK_FAILED
            ]
            .contains(&f.code));
            f.code
        }
    }
}

/// A command-line argument refused: exit code 2, the field named.
pub(crate) fn bad_input(field: &str, problem: impl Into<String>) -> Failure {
    Failure::from(crate::content::ContentError::new("command line", field, problem))
}

/// The player's settings, with any warnings logged (never an error: a console game starts
/// with defaults rather than refuse).
fn load_settings(path: Option<&std::path::Path>) -> crate::settings::Settings {
    let path = path
        .map(std::path::Path::to_path_buf)
        .or_else(|| skidpad_platform::files::config_dir().map(|d| d.join("settings.toml")));
    let Some(path) = path else {
        log::warn!("no settings directory (neither XDG_CONFIG_HOME nor HOME is set); using the default settings");
        return crate::settings::Settings::default();
    };
    let (settings, warnings) = crate::settings::Settings::load(&path);
    for w in warnings {
        log::warn!("{w}");
    }
    settings
}

/// Prints `report` as one JSON line, or as the text `text` gives.
pub(crate) fn emit(json: bool, report: &impl serde::Serialize, text: impl FnOnce() -> String) -> Result<(), Failure> {
    if json {
        println!(
            "{}",
            serde_json::to_string(report).map_err(|e| Failure::runtime(e.to_string()))?
        );
    } else {
        print!("{}", text());
    }
    Ok(())
}

/// A replay and the level, car and platform it was recorded on, refused if another build
/// recorded it.
fn replay_setup(root: &ContentRoot, path: &std::path::Path) -> Result<(Setup, Replay), Failure> {
    let replay = Replay::load(path)?;
    replay.check_build(&path.display().to_string())?;
    let h = &replay.header;
    let mut setup = Setup::load(root, &h.level, &h.car, PlatformProfile::load(&h.platform)?)?;
    setup.add_opponents(root, h.ai_opponents as usize, &h.ai_car)?;
    Ok((setup, replay))
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), Failure> {
    let root = match &cli.content {
        Some(dir) if !dir.is_dir() => {
            return Err(bad_input("--content", format!("{} is not a directory", dir.display())))
        }
        Some(dir) => ContentRoot::Dir(dir.clone()),
        None => ContentRoot::Embedded,
    };
    let profile = PlatformProfile::load(&cli.platform)?;
    let platform_arg = cli.platform.clone();
    match cli.command.unwrap_or(Command::Play(PlayArgs {
        level: DEFAULT_LEVEL.to_string(),
        car: DEFAULT_CAR.to_string(),
        max_frames: None,
        record: None,
        replay: None,
        ai: 0,
        ai_car: "sedan".to_string(),
    })) {
        Command::Play(a) => {
            let (setup, replay) = match &a.replay {
                Some(path) => {
                    let (setup, replay) = replay_setup(&root, path)?;
                    (setup, Some(replay.inputs))
                }
                None => {
                    let mut setup = Setup::load(&root, &a.level, &a.car, profile)?;
                    setup.add_opponents(&root, a.ai, &a.ai_car)?;
                    (setup, None)
                }
            };
            crate::app::play::play(
                &setup,
                PlayOptions {
                    max_frames: a.max_frames,
                    record: a.record.clone(),
                    replay,
                    identity: (a.level.clone(), a.car.clone(), platform_arg.clone()),
                    settings: load_settings(cli.settings.as_deref()),
                },
            )
        }
        Command::Run(a) => {
            let (setup, input, expected) = match &a.replay {
                Some(path) => {
                    let (setup, replay) = replay_setup(&root, path)?;
                    let expected = replay.header.final_state_hash;
                    (setup, RunInput::Recorded(replay.inputs), Some(expected))
                }
                None if a.ai_driver => {
                    let mut setup = Setup::load(&root, &a.level, &a.car, profile.clone())?;
                    setup.add_opponents(&root, a.ai, &a.ai_car)?;
                    let race = crate::app::race::level_line(&root, &setup.level, &setup.car)?;
                    let rate = profile.loop_config.tick_rate_hz as f64;
                    // Room for the out-lap and every timed lap three times over.
                    let limit = ((a.laps as f64 + 1.0) * race.predicted_lap_s as f64 * 3.0 + 120.0) * rate;
                    let max_ticks = match (a.ticks, a.seconds) {
                        (Some(t), _) => t,
                        (None, Some(s)) if s.is_finite() && s >= 0.0 => (s * rate).round() as u64,
                        _ => limit as u64,
                    };
                    if a.laps == 0 {
                        return Err(bad_input("--laps", "must be at least 1"));
                    }
                    (
                        setup,
                        RunInput::AiDriven {
                            race,
                            laps: a.laps,
                            max_ticks,
                        },
                        None,
                    )
                }
                None => {
                    let mut setup = Setup::load(&root, &a.level, &a.car, profile.clone())?;
                    setup.add_opponents(&root, a.ai, &a.ai_car)?;
                    let ticks = match (a.ticks, a.seconds) {
                        (Some(t), _) => t,
                        (None, Some(s)) if s.is_finite() && s >= 0.0 => {
                            (s * profile.loop_config.tick_rate_hz as f64).round() as u64
                        }
                        (None, Some(s)) => {
                            return Err(bad_input(
                                "--seconds",
                                format!("must be a finite, non-negative number, got {s}"),
                            ))
                        }
                        (None, None) => {
                            return Err(bad_input("--ticks", "give --ticks N, --seconds S or --replay FILE"))
                        }
                    };
                    for (name, v, lo) in [("--throttle", a.throttle, 0.0), ("--steer", a.steer, -1.0)] {
                        if !(v.is_finite() && (lo..=1.0).contains(&v)) {
                            return Err(bad_input(name, format!("must be between {lo} and 1, got {v}")));
                        }
                    }
                    let control = VehicleControl {
                        throttle: a.throttle,
                        steer: a.steer,
                        ..VehicleControl::default()
                    };
                    (setup, RunInput::Held { ticks, control }, None)
                }
            };
            let mut report = crate::app::headless::run(
                &setup,
                RunOptions {
                    input,
                    record: a.record.is_some(),
                    telemetry: a.telemetry.is_some(),
                },
            )?;
            if let Some(path) = &a.telemetry {
                crate::app::headless::save_telemetry(&report, path)?;
            }
            report.replay_matches = expected.map(|h| h == report.final_hash);
            if let Some(path) = &a.record {
                Replay {
                    header: ReplayHeader {
                        format: crate::replay::FORMAT,
                        build: crate::replay::build_identity(),
                        level: a
                            .replay
                            .as_ref()
                            .map_or(a.level.clone(), |_| setup.level.level.name.clone()),
                        car: a.replay.as_ref().map_or(a.car.clone(), |_| setup.car.name.clone()),
                        platform: a
                            .replay
                            .as_ref()
                            .map_or(platform_arg.clone(), |_| setup.profile.name.clone()),
                        tick_rate_hz: setup.profile.loop_config.tick_rate_hz,
                        ai_opponents: setup.opponents.len() as u32,
                        ai_car: if setup.opponents.is_empty() {
                            String::new()
                        } else {
                            a.replay
                                .as_ref()
                                .map_or(a.ai_car.clone(), |_| setup.opponents[0].name.clone())
                        },
                        final_state_hash: report.final_hash,
                    },
                    inputs: std::mem::take(&mut report.recorded),
                }
                .save(path)?;
            }
            emit(a.json, &report, || report.summary() + "\n")?;
            match (expected, report.replay_matches) {
                (Some(h), Some(false)) => Err(Failure::runtime(format!(
                    "replay diverged: recorded final state hash {h:016x}, got {}",
                    report.state_hash
                ))),
                _ => Ok(()),
            }
        }
        Command::Screenshot(a) => {
            let mut setup = Setup::load(&root, &a.level, &a.car, profile.clone())?;
            setup.add_opponents(&root, a.ai, &a.ai_car)?;
            let opts = ShotOptions {
                frames: a.frames,
                width: a.width.unwrap_or(profile.width),
                height: a.height.unwrap_or(profile.height),
                hud: !a.no_hud,
                throttle: a.throttle,
                steer: a.steer,
                brake: a.brake,
                brake_frames: a.brake_frames,
                view: match a.view.as_str() {
                    "friction" => crate::render::friction_view::GroundView::Friction,
                    _ => crate::render::friction_view::GroundView::Albedo,
                },
            };
            for (name, v, lo) in [
                ("--throttle", a.throttle, 0.0),
                ("--steer", a.steer, -1.0),
                ("--brake", a.brake, 0.0),
            ] {
                if !(v.is_finite() && (lo..=1.0).contains(&v)) {
                    return Err(bad_input(name, format!("must be between {lo} and 1, got {v}")));
                }
            }
            for (name, v) in [("--width", opts.width), ("--height", opts.height)] {
                if !(16..=8192).contains(&v) {
                    return Err(bad_input(name, format!("must be between 16 and 8192 pixels, got {v}")));
                }
            }
            crate::app::screenshot::screenshot(&setup, opts, &a.out)?;
            log::info!("wrote {}", a.out.display());
            Ok(())
        }
        Command::Levels(a) => crate::app::level_check::run(&a, &root),
        Command::Scenario(a) => {
            let names = if a.level == "all" {
                level_names(&root)
                    .into_iter()
                    .filter(|n| load_level(&root, n).map(|l| l.level.scenario.is_some()).unwrap_or(true))
                    .collect()
            } else {
                vec![a.level.clone()]
            };
            let mut failed = Vec::new();
            for name in names {
                let setup = Setup::load(&root, &name, &a.car, profile.clone())?;
                let report = crate::scenario::run_scenario(&setup, &root)?;
                emit(a.json, &report, || report.text())?;
                if !report.pass {
                    failed.push(name);
                }
            }
            if failed.is_empty() {
                Ok(())
            } else {
                Err(Failure {
                    code: crate::app::exit::EXIT_CHECK_FAILED,
                    message: format!("scenario checks failed in: {}", failed.join(", ")),
                })
            }
        }
        Command::Profile(a) => {
            let mut setup = Setup::load(&root, &a.level, &a.car, profile)?;
            setup.add_opponents(&root, a.ai, &a.ai_car)?;
            let report = crate::app::profile::profile(
                &setup,
                &crate::app::profile::ProfileOptions {
                    frames: a.frames.max(1),
                    headless: a.headless,
                    trace: a.trace.clone(),
                },
            )?;
            emit(a.json, &report, || report.text())?;
            Ok(())
        }
        Command::Cars => {
            for name in CarDef::names(&root) {
                match CarDef::load(&root, &name) {
                    Ok(c) => println!("{name:<16} {:<7} {}", c.model_name(), c.description),
                    Err(e) => println!("{name:<16} (broken: {e})"),
                }
            }
            Ok(())
        }
        Command::Analyze(a) => {
            let car = CarDef::load(&root, &a.car)?;
            let report = crate::app::car_tools::analyze(&car)?;
            emit(a.json, &report, || report.text())
        }
        Command::Validate(a) => {
            let car = CarDef::load(&root, &a.car)?;
            let materials = crate::content::levels::materials(&root)?;
            let report = crate::validation::validate(&materials, &car, &crate::validation::RATES_HZ)?;
            emit(a.json, &report, || crate::app::car_tools::validation_text(&report))?;
            if report.pass() {
                Ok(())
            } else {
                Err(Failure {
                    code: crate::app::exit::EXIT_CHECK_FAILED,
                    message: format!("{}: validation checks failed", car.name),
                })
            }
        }
        Command::ImportCarla(a) => {
            let label = a.dump.display().to_string();
            let bytes = crate::content::root::read_file(&a.dump)?;
            let text = String::from_utf8(bytes)
                .map_err(|_| crate::content::ContentError::new(&label, "(file)", "not UTF-8 text"))?;
            let converted = crate::vehicle::carla_import::convert_dump(&label, &text, &a.description)?;
            for w in &converted.warnings {
                log::warn!("{label}: {w}");
            }
            match &a.out {
                Some(out) => {
                    skidpad_platform::files::write_atomically(out, converted.toml.as_bytes())
                        .map_err(|e| Failure::runtime(format!("{}: cannot write the car: {e}", out.display())))?;
                    eprintln!(
                        "wrote {} ({} warnings; check them, then `skidpad validate --car {}`)",
                        out.display(),
                        converted.warnings.len(),
                        out.display()
                    );
                }
                None => print!("{}", converted.toml),
            }
            Ok(())
        }
        Command::Raceline(a) => crate::raceline::command::run(&root, &a),
        Command::Soak(a) => crate::app::soak::run(&root, &profile, &a),
    }
}
