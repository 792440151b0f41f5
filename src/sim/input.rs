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
    /// Put the player's car upright and at rest at the nearest free place behind it: on a
    /// track, on the track facing the racing direction; elsewhere, the nearest spawn or
    /// checkpoint.
    pub reset: bool,
    /// Put the player's car back at the level's start, upright and at rest (wins over
    /// [`TickInput::reset`] when both are set).
    pub restart: bool,
    /// The driving assists that act on [`TickInput::control`] before the car sees it
    /// (none by default: the controls reach the car as they are).
    pub assists: AssistSet,
}
