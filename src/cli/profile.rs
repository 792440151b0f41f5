//! `skidpad profile`: measure where the frame budget goes on a level.

use super::context::Context;
use crate::app::{AiPlayer, Setup};
use crate::content::DEFAULT_LEVEL;
use crate::error::Error;
use crate::report::emit;
use crate::tools::profile::ProfileOptions;
use crate::vehicle::DEFAULT_CAR;
use clap::Args;
use std::path::PathBuf;

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
    /// Draw every mesh in every pass, as if nothing were outside the view: measures what
    /// frustum culling saves (the frames look the same either way).
    #[arg(long)]
    pub no_culling: bool,
    /// Leave sun shadows out, as the options can: measures what the shadow pass costs.
    #[arg(long)]
    pub no_shadows: bool,
    /// Leave particles (smoke, dust, spray, sparks) out, as the options can: measures what
    /// they cost.
    #[arg(long)]
    pub no_particles: bool,
    /// Draw the 3D scene at a resolution that follows its GPU time, as play does with the
    /// option on (the report gives the mean and lowest scale).
    #[arg(long)]
    pub dynamic_resolution: bool,
    /// The AI drives the player's car round the level's racing line (its track's, or its
    /// AI loop on a level without one; as `run --ai-driver`) instead of the scenario
    /// script: whole laps with the field around the camera, timed in the report. With
    /// --ai 7 and --trace, a lap among a field frame by frame.
    #[arg(long)]
    pub ai_driver: bool,
    /// One tick per frame however long a frame takes: every run draws the same frames, so
    /// the exact counts (lit fragments, draws) of two builds compare frame for frame.
    #[arg(long)]
    pub fixed_step: bool,
    /// Print the report as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// People playing, 1 to 4 (split screen): a view each, drawn every frame; the
    /// players after the first on the grid behind them in `--car`, driven by the AI with
    /// `--ai-driver`, else on the first player's input.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=4))]
    pub players: u8,
    /// How two players share the screen: `stacked` (one above the other) or `side-by-side`.
    #[arg(long, value_name = "SPLIT", value_enum, default_value = "stacked")]
    pub split: crate::app::split_screen::TwoPlayerSplit,
}

/// Runs `skidpad profile`.
pub fn run(ctx: &Context, a: &ProfileArgs) -> Result<(), Error> {
    let mut setup = Setup::load(&ctx.root, &a.level, &a.car, ctx.profile.clone())?;
    setup.add_guests(&ctx.root, usize::from(a.players) - 1, &a.car)?;
    setup.add_opponents(&ctx.root, a.ai, &a.ai_car)?;
    let (ai_driver, guest_drivers) = if a.ai_driver {
        let line = crate::raceline::level_line(&ctx.root, &setup.level, &setup.car)?;
        let guests = (1..setup.player_count())
            .map(|p| AiPlayer::new(&line.line, &setup.car).at_seat(p))
            .collect();
        (Some(AiPlayer::new(&line.line, &setup.car)), guests)
    } else {
        (None, Vec::new())
    };
    let report = crate::tools::profile::profile(
        &setup,
        &ProfileOptions {
            frames: a.frames.max(1),
            headless: a.headless,
            trace: a.trace.clone(),
            culling: !a.no_culling,
            shadows: !a.no_shadows,
            particles: !a.no_particles,
            dynamic_resolution: a.dynamic_resolution,
            fixed_step: a.fixed_step,
            ai_driver,
            guest_drivers,
            two_player_split: a.split,
        },
    )?;
    emit(a.json, &report, || report.text())
}
