//! What a tick consumes: the player's controls, already mapped from keyboard or pad.

// The controls are the vehicles' (the models consume them); re-exported so a tick's input
// reads as one place.
pub use crate::vehicle::VehicleControl;

use crate::assists::AssistSet;

/// Everything one tick consumes.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct TickInput {
    /// The player's controls.
    pub control: VehicleControl,
    /// Put the player back at the spawn point, upright and at rest.
    pub reset: bool,
    /// The driving assists that act on [`TickInput::control`] before the car sees it
    /// (none by default: the controls reach the car as they are).
    pub assists: AssistSet,
}
