//! `skidpad play` (the default command): open the title screen, or with `--level`/`--car`
//! (or `--max-frames`, or `--replay`) drive straight away, or watch a replay.

use super::context::Context;
use crate::ai::AiDifficulty;
use crate::app::Setup;
use crate::app::{Launcher, PlayOptions};
use crate::content::DEFAULT_LEVEL;
use crate::error::Error;
use crate::vehicle::{CarDef, DEFAULT_CAR};
use clap::Args;
use std::path::PathBuf;

/// Options of `play`.
#[derive(Debug, Args, Default)]
pub struct PlayArgs {
    /// Level name (see `skidpad levels`) or path to a level TOML: skip the menus and drive
    /// it (default with `--car` or `--max-frames`: proving_ground).
    #[arg(long, value_name = "NAME|PATH")]
    pub level: Option<String>,
    /// Car name (see `skidpad cars`) or path to a car TOML: skip the menus and drive it
    /// (default with `--level` or `--max-frames`: coupe).
    #[arg(long, value_name = "NAME|PATH")]
    pub car: Option<String>,
    /// Open the title screen even with `--max-frames` (scripted runs through the menus;
    /// menu frames count against `--max-frames` too).
    #[arg(long, conflicts_with_all = ["level", "car", "replay"])]
    pub front_end: bool,
    /// Quit after this many frames (unattended runs and smoke tests).
    #[arg(long, value_name = "N")]
    pub max_frames: Option<u64>,
    /// Draw nothing and run frames on a stepped clock as fast as the machine goes: each
    /// frame of play one tick (monkey and soak runs through the real screens; use with
    /// `--max-frames` and a pad script).
    #[arg(long)]
    pub unattended: bool,
    /// Save frame N (frames of play and menus counted from 0, as `--max-frames` counts
    /// them) as a PNG image; repeatable (`--capture 120:pause.png`).
    #[arg(long, value_name = "N:FILE.png", value_parser = parse_capture)]
    pub capture: Vec<(u64, PathBuf)>,
    /// The AI drives your car in every race, at its top setting on the level's racing line
    /// (as `run --ai-driver`): scripted runs of the real game through whole laps, demos.
    /// The pad still pauses and works the menus.
    #[arg(long)]
    pub ai_driver: bool,
    /// Record every tick's input to a replay file when the game ends: the last race played
    /// (the one the game closed in, or the last one left for the menus), named by its level
    /// and car.
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
    /// How well the opponents drive: rookie (80 % of the racing line's speed profile,
    /// wandering up to 1.2 m off the line), amateur (84 %, 0.8 m), pro (87 %, 0.4 m) or ace
    /// (90 %, on the line).
    #[arg(long, value_name = "LEVEL", default_value = "ace")]
    pub ai_difficulty: AiDifficulty,
}

/// `N:FILE.png` of `--capture`.
fn parse_capture(s: &str) -> Result<(u64, PathBuf), String> {
    let (n, file) = s
        .split_once(':')
        .ok_or_else(|| format!("`{s}`: expected FRAME:FILE.png, e.g. 120:pause.png"))?;
    let n = n
        .parse()
        .map_err(|_| format!("`{s}`: the frame `{n}` is not a whole number"))?;
    Ok((n, PathBuf::from(file)))
}

impl PlayArgs {
    /// What `skidpad` with no command plays: the title screen, every option at its
    /// command-line default.
    pub fn when_no_command() -> Self {
        Self {
            level: None,
            car: None,
            front_end: false,
            max_frames: None,
            unattended: false,
            capture: Vec::new(),
            ai_driver: false,
            record: None,
            replay: None,
            ai: 0,
            ai_car: "sedan".to_string(),
            ai_difficulty: AiDifficulty::default(),
        }
    }
}

impl PlayArgs {
    /// Whether play opens on the title screen: asked for, or nothing names a level to
    /// drive (no `--level`, `--car`, `--replay`, nor `--max-frames`, which tests use).
    pub fn opens_title(&self) -> bool {
        self.front_end
            || (self.level.is_none() && self.car.is_none() && self.replay.is_none() && self.max_frames.is_none())
    }
}

/// Runs `skidpad play`.
pub fn run(ctx: &Context, a: &PlayArgs) -> Result<(), Error> {
    let level = a.level.clone().unwrap_or_else(|| DEFAULT_LEVEL.to_string());
    let car = a.car.clone().unwrap_or_else(|| DEFAULT_CAR.to_string());
    let mut identity = (level, car, ctx.platform_arg.clone());
    let (setup, replay, guest_replays, opponents) = match &a.replay {
        _ if a.opens_title() => (None, None, Vec::new(), None),
        Some(path) => {
            let (setup, replay) = ctx.replay_setup(path)?;
            // A replay watched and recorded again names what it played, as it did.
            let h = &replay.header;
            identity = (h.level.clone(), h.car.clone(), h.platform.clone());
            (Some(setup), Some(replay.inputs), replay.guest_inputs, None)
        }
        None => {
            let mut setup = Setup::load(&ctx.root, &identity.0, &identity.1, ctx.profile.clone())?;
            setup.ai_difficulty = a.ai_difficulty;
            let opponents = later_opponents(ctx, &mut setup, a)?;
            (Some(setup), None, Vec::new(), opponents)
        }
    };
    let launcher = Launcher {
        root: ctx.root.clone(),
        profile: ctx.profile.clone(),
        settings_file: ctx.settings_file(),
    };
    crate::app::play(
        setup,
        opponents,
        launcher,
        PlayOptions {
            max_frames: a.max_frames,
            record: a.record.clone(),
            replay,
            guest_replays,
            identity,
            settings: ctx.settings(),
            unattended: a.unattended,
            capture: a.capture.clone(),
            ai_driver: a.ai_driver,
        },
    )
}

/// `--ai N`'s opponents on `setup`'s level: on a level with a track, their car (a bad name
/// is an error here, before any window opens) and count, for the loading screen to find
/// their racing line — searched on a worker with its progress shown when the level ships
/// none, as for a race chosen in the menus, instead of a window frozen or absent for
/// seconds. On a level without a track they are added now (its `ai_line`, or the error
/// saying it has none).
fn later_opponents(ctx: &Context, setup: &mut Setup, a: &PlayArgs) -> Result<Option<(CarDef, usize)>, Error> {
    if a.ai == 0 {
        return Ok(None);
    }
    if setup.level.level.track.is_none() {
        setup.add_opponents(&ctx.root, a.ai, &a.ai_car)?;
        return Ok(None);
    }
    Ok(Some((CarDef::load(&ctx.root, &a.ai_car)?, a.ai)))
}
