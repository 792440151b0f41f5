//! What a car reports each tick for `skidpad run --telemetry` and the HUD's telemetry
//! page: the quantities users of the CARLA vehicle model (PhysX) ask for (CARLA's
//! telemetry questions) — slip, loads, suspension, tire forces, wheel speed, engine and
//! gearbox.

use super::chassis::MAX_WHEELS;

/// One wheel after a tick. Quantities a model does not have are 0.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct WheelTelemetry {
    /// Slip ratio (ω·r − v_x)/max(|v_x|, v_min).
    pub slip_ratio: f32,
    /// Slip angle, radians.
    pub slip_angle_rad: f32,
    /// Tire normal load, N.
    pub load_n: f32,
    /// Suspension compression from full droop, m.
    pub compression_m: f32,
    /// Suspension force along the chassis up axis, N.
    pub suspension_force_n: f32,
    /// Tire force along the wheel's heading, N.
    pub tire_fx_n: f32,
    /// Tire force along the wheel's axle (positive left), N.
    pub tire_fy_n: f32,
    /// Rim speed ω·r, m/s.
    pub wheel_speed_mps: f32,
}

/// A car after a tick.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Telemetry {
    /// Speed along the chassis forward axis, m/s.
    pub forward_speed_mps: f32,
    /// Engine speed, rpm (0 for models without an engine).
    pub engine_rpm: f32,
    /// Gear: −1 reverse, 0 neutral, 1.. forward (0 for models without a gearbox).
    pub gear: i8,
    /// Clutch slip: engine rpm minus the rpm the wheels impose through the gearbox.
    pub clutch_slip_rpm: f32,
    /// Wheels in use.
    pub wheel_count: usize,
    /// Per wheel, in definition order.
    pub wheels: [WheelTelemetry; MAX_WHEELS],
}

impl Telemetry {
    /// The wheels in use.
    pub fn wheels(&self) -> &[WheelTelemetry] {
        &self.wheels[..self.wheel_count]
    }
}
