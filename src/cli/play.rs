//! `skidpad play` (the default command): open a window and drive, or watch a replay.

use super::context::Context;
use crate::ai::AiDifficulty;
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
    /// How well the opponents drive: rookie (80 % of the racing line's speed profile,
    /// wandering up to 1.2 m off the line), amateur (84 %, 0.8 m), pro (87 %, 0.4 m) or ace
    /// (90 %, on the line).
    #[arg(long, value_name = "LEVEL", default_value = "ace")]
    pub ai_difficulty: AiDifficulty,
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
            ai_difficulty: AiDifficulty::default(),
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
            setup.ai_difficulty = a.ai_difficulty;
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
