//! The one place a [`Mode`] becomes its type: a new mode adds its row here.

use super::challenge::ChallengeMode;
use super::free_drive::FreeDriveMode;
use super::race::RaceMode;
use super::seam::{GameMode, ModeParams};
use super::time_trial::TimeTrialMode;
use crate::app::setup::Setup;
use crate::error::Error;
use crate::modes::Mode;
use crate::sim::SimWorld;

/// Builds `mode`'s type for `setup` with `world` as it stands before its first tick. Bad
/// input: a level the mode cannot be played on (no course for laps, no `[challenge]`).
pub fn build(mode: Mode, params: ModeParams, setup: &Setup, world: &SimWorld) -> Result<Box<dyn GameMode>, Error> {
    Ok(match mode {
        Mode::FreeDrive => Box::new(FreeDriveMode),
        Mode::TimeTrial => Box::new(TimeTrialMode::new(setup, world, params)?),
        // A championship's round outside its season (the flow carries the season's own
        // mode from round to round; headless, `run_season` plays it) is a race.
        Mode::Race | Mode::Championship => Box::new(RaceMode::new(setup, world, params.laps)?),
        Mode::Challenge => Box::new(ChallengeMode::new(setup, &params.root, params.assists, params.store)?),
    })
}
