//! Which assists the player wants and the gearbox mode, as saved in the player's settings
//! (`crate::settings`); defined here so the assists need nothing above them.

use super::gearbox::GearboxMode;
use super::AssistSet;

/// Driving assists and the gearbox. All on by default: a keyboard player's first drive
/// should not be a spin; a player who wants the car raw turns them off here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AssistSettings {
    /// Traction control (throttle eased while the driven wheels spin).
    pub traction_control: bool,
    /// Anti-lock brakes (brake eased while a wheel locks).
    pub abs: bool,
    /// Stability control (yaw rate held near the car's linear model).
    pub stability_control: bool,
    /// Steering limited to what the tires hold at speed (arcade cars).
    pub steering_assist: bool,
    /// Automatic or manual gearbox.
    pub gearbox: GearboxMode,
}

impl Default for AssistSettings {
    fn default() -> Self {
        Self {
            traction_control: true,
            abs: true,
            stability_control: true,
            steering_assist: true,
            gearbox: GearboxMode::Automatic,
        }
    }
}

impl AssistSettings {
    /// The assists a tick's input carries.
    pub fn set(&self) -> AssistSet {
        AssistSet {
            traction: self.traction_control,
            abs: self.abs,
            stability: self.stability_control,
            steering: self.steering_assist,
        }
    }
}
