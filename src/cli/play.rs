//! `skidpad play` (the default command): open a window and drive, or watch a replay.

use super::context::Context;
use crate::app::PlayOptions;
use crate::app::Setup;
use crate::content::DEFAULT_LEVEL;
use crate::error::Error;
use crate::vehicle::DEFAULT_CAR;
use clap::Args;
use std::path::PathBuf;

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

impl PlayArgs {
    /// What `skidpad` with no command plays: every option at its command-line default.
    /// (`Default` leaves the names empty; clap's defaults are these.)
    pub fn when_no_command() -> Self {
        Self {
            level: DEFAULT_LEVEL.to_string(),
            car: DEFAULT_CAR.to_string(),
            max_frames: None,
            record: None,
            replay: None,
            ai: 0,
            ai_car: "sedan".to_string(),
        }
    }
}

/// Runs `skidpad play`.
pub fn run(ctx: &Context, a: &PlayArgs) -> Result<(), Error> {
    let (setup, replay) = match &a.replay {
        Some(path) => {
            let (setup, replay) = ctx.replay_setup(path)?;
            (setup, Some(replay.inputs))
        }
        None => {
            let mut setup = Setup::load(&ctx.root, &a.level, &a.car, ctx.profile.clone())?;
            setup.add_opponents(&ctx.root, a.ai, &a.ai_car)?;
            (setup, None)
        }
    };
    crate::app::play(
        &setup,
        PlayOptions {
            max_frames: a.max_frames,
            record: a.record.clone(),
            replay,
            identity: (a.level.clone(), a.car.clone(), ctx.platform_arg.clone()),
            settings: ctx.settings(),
        },
    )
}
