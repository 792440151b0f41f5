//! The command line: parsing with clap, then dispatch to the front ends.

use crate::app::exit::{EXIT_BAD_INPUT, EXIT_NO_GRAPHICS, EXIT_RUNTIME};
use crate::app::headless::RunOptions;
use crate::app::play::PlayOptions;
use crate::app::screenshot::ShotOptions;
use crate::app::Failure;
use crate::app::Setup;
use crate::content::levels::{level_names, load_level, DEFAULT_LEVEL};
use crate::content::profile::DEFAULT_PROFILE;
use crate::content::{ContentRoot, PlatformProfile};
use crate::sim::VehicleControl;
use crate::vehicle::definition::DEFAULT_CAR;
use crate::vehicle::CarDef;
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

const AFTER_HELP: &str = "\
Exit codes: 0 success; 1 runtime failure (e.g. an output file cannot be written);
2 bad input (unknown level or profile, unreadable or malformed file, value out of range);
3 no usable graphics (no display driver or no OpenGL 3.3 core context);
4 a scenario check failed.

With no display (no DISPLAY/WAYLAND_DISPLAY) rendering uses SDL's offscreen driver.
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
    /// List the levels with a one-line description each.
    Levels,
    /// List the cars with a one-line description each.
    Cars,
    /// Run a level's scenario script (or every level's: `all`) headless and check it.
    Scenario(ScenarioArgs),
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
    /// state_hash, wall_seconds.
    #[arg(long)]
    pub json: bool,
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

fn bad_input(field: &str, problem: impl Into<String>) -> Failure {
    Failure::from(crate::content::ContentError::new("command line", field, problem))
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
    match cli.command.unwrap_or(Command::Play(PlayArgs {
        level: DEFAULT_LEVEL.to_string(),
        car: DEFAULT_CAR.to_string(),
        max_frames: None,
    })) {
        Command::Play(a) => {
            let setup = Setup::load(&root, &a.level, &a.car, profile)?;
            crate::app::play::play(
                &setup,
                PlayOptions {
                    max_frames: a.max_frames,
                },
            )
        }
        Command::Run(a) => {
            let setup = Setup::load(&root, &a.level, &a.car, profile.clone())?;
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
                (None, None) => return Err(bad_input("--ticks", "give --ticks N or --seconds S")),
            };
            for (name, v, lo) in [("--throttle", a.throttle, 0.0), ("--steer", a.steer, -1.0)] {
                if !(v.is_finite() && (lo..=1.0).contains(&v)) {
                    return Err(bad_input(name, format!("must be between {lo} and 1, got {v}")));
                }
            }
            let report = crate::app::headless::run(
                &setup,
                RunOptions {
                    ticks,
                    control: VehicleControl {
                        throttle: a.throttle,
                        steer: a.steer,
                        ..VehicleControl::default()
                    },
                },
            )?;
            if a.json {
                println!(
                    "{}",
                    serde_json::to_string(&report).map_err(|e| Failure::runtime(e.to_string()))?
                );
            } else {
                println!("{}", report.summary());
            }
            Ok(())
        }
        Command::Screenshot(a) => {
            let setup = Setup::load(&root, &a.level, &a.car, profile.clone())?;
            let opts = ShotOptions {
                frames: a.frames,
                width: a.width.unwrap_or(profile.width),
                height: a.height.unwrap_or(profile.height),
                hud: !a.no_hud,
                throttle: a.throttle,
                steer: a.steer,
                brake: a.brake,
                brake_frames: a.brake_frames,
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
        Command::Levels => {
            for name in level_names(&root) {
                match load_level(&root, &name) {
                    Ok(l) => println!("{name:<16} {}", l.level.description),
                    Err(e) => println!("{name:<16} (broken: {e})"),
                }
            }
            Ok(())
        }
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
                if a.json {
                    println!(
                        "{}",
                        serde_json::to_string(&report).map_err(|e| Failure::runtime(e.to_string()))?
                    );
                } else {
                    print!("{}", report.text());
                }
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
        Command::Cars => {
            for name in CarDef::names(&root) {
                match CarDef::load(&root, &name) {
                    Ok(c) => println!("{name:<16} {}", c.description),
                    Err(e) => println!("{name:<16} (broken: {e})"),
                }
            }
            Ok(())
        }
    }
}
