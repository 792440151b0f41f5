//! What a wheel did in the latest tick, as both car models report it (for drawing, sound,
//! particles and the fault check).

use crate::content::material::MaterialId;
use glam::Vec3;

/// One wheel's state after the latest tick.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct WheelState {
    /// The ray hit the ground within reach.
    pub grounded: bool,
    /// reach − hit distance, m (0 in the air).
    pub compression_m: f32,
    /// Wheel centre height in the chassis frame: on the ground, or fully drooped.
    pub center_y_m: f32,
    /// Steering angle, radians about chassis +Y (positive turns left).
    pub steer_rad: f32,
    /// Spin rate, rad/s (positive rolling forward).
    pub spin_rate_rad_per_s: f32,
    /// Spin angle for drawing, radians in [0, 2π).
    pub spin_angle_rad: f32,
    /// Power the tire dissipates sliding (sideways and under braking), W: what makes
    /// smoke and squeal.
    pub slip_power_w: f32,
    /// Where the ray met the ground (world), when grounded.
    pub contact_m: Vec3,
    /// The ground under it is loose (throws dust).
    pub on_loose: bool,
    /// The material under it, when grounded on ground that has one (presentation only:
    /// particle and skid-mark colours; never hashed, never read back by the physics).
    pub surface: Option<MaterialId>,
}

impl WheelState {
    /// Whether every number in it is finite.
    pub fn is_finite(&self) -> bool {
        self.finite_probe().is_finite()
    }

    /// Every number in it times zero, summed: zero (±0) while all are finite, NaN once one
    /// is not (∞·0 and NaN·0 are NaN, and a NaN stays in a sum). Summed over many states,
    /// one test says whether all are finite, with no branch per number.
    pub fn finite_probe(&self) -> f32 {
        let c = self.contact_m;
        [
            self.compression_m,
            self.center_y_m,
            self.steer_rad,
            self.spin_rate_rad_per_s,
            self.spin_angle_rad,
            self.slip_power_w,
            c.x,
            c.y,
            c.z,
        ]
        .iter()
        .fold(0.0, |probe, v| probe + v * 0.0)
    }
}
