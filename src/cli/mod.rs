//! The command line: the clap definitions, then dispatch. Every command has its own module
//! with its `Args` and its `run` (`raceline`'s and `soak`'s live with their code, in
//! `raceline::command` and `app::soak`); `exit` is the only place an error becomes an exit
//! code.

mod car_tools;
mod cars;
mod context;
mod exit;
mod import_carla;
mod levels;
mod play;
mod profile;
mod records;
mod run;
mod scenario;
mod screenshot;

pub use car_tools::CarArgs;
pub use context::Context;
pub use import_carla::ImportArgs;
pub use levels::LevelsArgs;
pub use play::PlayArgs;
pub use profile::ProfileArgs;
pub use records::RecordsArgs;
pub use run::RunArgs;
pub use scenario::ScenarioArgs;
pub use screenshot::ShotArgs;

use crate::content::DEFAULT_PROFILE;
use crate::error::Error;
use crate::tools::raceline_search::RacelineArgs;
use crate::tools::soak::SoakArgs;
use clap::{Parser, Subcommand};
use skidpad_platform::GlRequest;
use std::path::PathBuf;

const AFTER_HELP: &str = "\
Exit codes: 0 success; 1 runtime failure (e.g. an output file cannot be written);
2 bad input (unknown level or profile, unreadable or malformed file, value out of range);
3 no usable graphics (no display driver, or neither an OpenGL 3.3 core nor an ES 3.0
context: see --gl);
4 a check failed (scenario, validate, soak).

With no display (no DISPLAY/WAYLAND_DISPLAY) rendering uses SDL's offscreen driver; no audio
device plays silent; no gamepad leaves the keyboard. SKIDPAD_PAD_SCRIPT=FILE drives play from
timed pad events instead of real pads (tests; format in RELIABILITY.md).
A pad SDL's database does not know works with its SDL mapping line in
SDL_GAMECONTROLLERCONFIG (one line a pad, as Steam and handheld launchers set it); the log
says at start which lines were taken, and which refused and why.
RUST_LOG=debug shows more detail (over-budget frames, device probing).";

/// Skidpad: a console-class driving game and vehicle-dynamics sandbox.
#[derive(Debug, Parser)]
#[command(name = "skidpad", version, about, after_help = AFTER_HELP)]
pub struct Cli {
    /// Platform profile: a shipped name (desktop, xbox, handheld) or a path to a profile TOML.
    #[arg(long, global = true, value_name = "NAME|PATH", default_value = DEFAULT_PROFILE)]
    pub platform: String,

    /// Read content (levels, cars) from this directory instead of the copy built into the
    /// binary.
    #[arg(long, global = true, value_name = "DIR")]
    pub content: Option<PathBuf>,

    /// Settings file (volumes, deadzones, bindings, display; the options menu saves it).
    /// Default: settings.toml in the per-user
    /// settings directory ($XDG_CONFIG_HOME/skidpad or ~/.config/skidpad), written with the
    /// defaults when missing.
    #[arg(long, global = true, value_name = "FILE")]
    pub settings: Option<PathBuf>,

    /// OpenGL API for the commands that open a window (play, screenshot, profile): `core`
    /// (3.3 core), `es` (ES 3.0, as console-class devices and handheld PCs offer), or `auto`
    /// (core, else ES 3.0 with a log line). Default: the profile's `[render] gl`, else auto.
    #[arg(long, global = true, value_name = "auto|core|es", value_parser = parse_gl)]
    pub gl: Option<GlRequest>,

    /// What to do (default: play).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Open the title screen and play; with --level/--car drive straight away (the default).
    Play(PlayArgs),
    /// Simulate a level headless, as fast as possible, and report its final state hash.
    Run(RunArgs),
    /// Render a level offscreen and write a PNG (no display needed).
    Screenshot(ShotArgs),
    /// List the levels with a one-line description each (`--check LEVEL`: its surfaces and
    /// materials as the physics sees them).
    Levels(LevelsArgs),
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
    Raceline(RacelineArgs),
    /// The long-run test: AI cars on every level for an hour of simulated time each,
    /// checking every body stays finite, the sound mixes every tick with no underrun, the
    /// heap stays flat and the replay reproduces the final state hash. Exit code 4 when a
    /// check fails.
    Soak(SoakArgs),
    /// List the saved records: best laps, medals and ghosts per level + car + assist set,
    /// and championship trophies (`--save-dir DIR` or the per-user data directory).
    Records(RecordsArgs),
}

/// `--gl`'s value.
fn parse_gl(name: &str) -> Result<GlRequest, String> {
    GlRequest::parse(name).ok_or_else(|| format!("must be one of {}", GlRequest::NAMES.join(", ")))
}

/// Parses the process arguments, runs the command, and returns the exit code.
pub fn main() -> i32 {
    let cli = Cli::parse();
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("info"))
        .format_timestamp(None)
        .init();
    match run(cli) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("skidpad: {e}");
            exit::exit_code(e.kind())
        }
    }
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), Error> {
    let mut ctx = Context::new(cli.content.as_deref(), &cli.platform, cli.settings)?;
    if let Some(gl) = cli.gl {
        ctx.profile.gl = gl;
    }
    match cli
        .command
        .unwrap_or_else(|| Command::Play(PlayArgs::when_no_command()))
    {
        Command::Play(a) => play::run(&ctx, &a),
        Command::Run(a) => run::run(&ctx, &a),
        Command::Screenshot(a) => screenshot::run(&ctx, &a),
        Command::Levels(a) => levels::run(&ctx, &a),
        Command::Cars => cars::run(&ctx),
        Command::Scenario(a) => scenario::run(&ctx, &a),
        Command::Profile(a) => profile::run(&ctx, &a),
        Command::Analyze(a) => car_tools::run_analyze(&ctx, &a),
        Command::Validate(a) => car_tools::run_validate(&ctx, &a),
        Command::ImportCarla(a) => import_carla::run(&a),
        Command::Raceline(a) => crate::tools::raceline_search::run(&ctx.root, &a),
        Command::Soak(a) => crate::tools::soak::run(&ctx.root, &ctx.profile, &a),
        Command::Records(a) => records::run(&a),
    }
}
