//! Free drive: any level, any car, no goal. It runs no rules and shows no panel; its
//! results page (reached only through the pause menu's Finish, which it does not offer)
//! names what was driven.

use super::seam::{GameMode, ModeResults};
use crate::app::setup::Setup;
use crate::modes::Mode;
use crate::sim::{SimWorld, TickInput};

/// Free drive as a game mode: nothing to time, never over.
#[derive(Debug, Clone, Copy, Default)]
pub struct FreeDriveMode;

impl GameMode for FreeDriveMode {
    fn mode(&self) -> Mode {
        Mode::FreeDrive
    }

    fn after_tick(&mut self, _world: &SimWorld, _input: &TickInput, _recorded: &[TickInput]) {}

    fn is_over(&self) -> bool {
        false
    }

    fn results(&self, setup: &Setup) -> ModeResults {
        ModeResults {
            lines: vec![format!("{} in the {}", setup.level.level.info.name, setup.car.name)],
            ..ModeResults::default()
        }
    }
}
