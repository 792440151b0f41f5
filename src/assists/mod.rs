//! Driving assists: what a player's car controls become before the car sees them.
//!
//! Each assist reads the car as the latest tick left it ([`CarReading`], built by the
//! simulation from its own state, so a replay reproduces it) and eases the controls —
//! throttle, brake (ABS: each wheel's share of it), steer — never the physics: with every assist off the controls pass
//! through untouched and the car is bit-identical to a car without assists. The chain runs
//! in a fixed order (steering, stability, traction, ABS), each seeing the previous one's
//! output. Which assists are on travels with each tick's input ([`AssistSet`]), so a
//! replay knows them.
//!
//! If a car feels wrong with an assist on, turn that assist off in the settings and
//! compare: with all off the car drives exactly as the model does.

pub mod abs;
pub mod gearbox;
mod preset;
mod settings;
pub mod stability;
pub mod steering;
pub mod traction;

pub use preset::AssistPreset;
pub use settings::AssistSettings;

use crate::vehicle::{VehicleControl, MAX_WHEELS};

/// Which assists act, as a tick's input carries them. The default is none (the car as
/// the physics has it), which is also what every replay written before assists existed
/// means.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AssistSet {
    /// Traction control: throttle eased while the driven wheels spin.
    pub traction: bool,
    /// Anti-lock brakes: brake eased while a wheel locks.
    pub abs: bool,
    /// Stability control: yaw rate held near what the car's linear model gives.
    pub stability: bool,
    /// Arcade cars: steering limited to what the tires can hold at speed.
    pub steering: bool,
}

impl AssistSet {
    /// Every assist on (the keyboard player's default).
    pub const ALL: AssistSet = AssistSet {
        traction: true,
        abs: true,
        stability: true,
        steering: true,
    };

    /// The set as four bits (1 traction, 2 ABS, 4 stability, 8 steering), for replays.
    pub fn bits(self) -> u8 {
        self.traction as u8 | (self.abs as u8) << 1 | (self.stability as u8) << 2 | (self.steering as u8) << 3
    }

    /// The set from [`AssistSet::bits`]; other bits are ignored.
    pub fn from_bits(bits: u8) -> AssistSet {
        AssistSet {
            traction: bits & 1 != 0,
            abs: bits & 2 != 0,
            stability: bits & 4 != 0,
            steering: bits & 8 != 0,
        }
    }

    /// Whether any assist is on.
    pub fn any(self) -> bool {
        self.bits() != 0
    }
}

/// Which assists changed the controls in the latest tick (the HUD's lamps).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AssistLamps {
    /// Traction control eased the throttle.
    pub traction: bool,
    /// ABS eased the brake.
    pub abs: bool,
    /// Stability control corrected steer, throttle or brake.
    pub stability: bool,
    /// The steering assist limited the steer.
    pub steering: bool,
}

/// The car as the latest tick left it, everything an assist may read. Built by the
/// simulation from its own state, never from a device or the clock.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct CarReading {
    /// Speed along the chassis forward axis, m/s.
    pub forward_speed_mps: f32,
    /// Yaw rate, rad/s, positive turning right (the sign of a right steer).
    pub yaw_rate_right_rad_per_s: f32,
    /// Largest slip ratio among the driven wheels on the ground (positive: spinning).
    pub drive_slip_ratio: f32,
    /// Most negative slip ratio among the wheels on the ground (−1: locked).
    pub brake_slip_ratio: f32,
    /// Each wheel's slip ratio, in definition order (0 for a wheel in the air or beyond
    /// the car's wheels).
    pub wheel_slip_ratios: [f32; MAX_WHEELS],
    /// Whether each wheel touches the ground, in definition order.
    pub wheel_grounded: [bool; MAX_WHEELS],
    /// Mean slip ratio of the wheels on the ground.
    pub mean_slip_ratio: f32,
    /// Lateral acceleration the tires give the car, m/s², positive toward the right
    /// (the sum of the tires' side forces over the mass; 0 for a model that reports none).
    pub lateral_accel_right_mps2: f32,
    /// Whether any wheel touches the ground (assists do nothing in the air).
    pub grounded: bool,
    /// Road-wheel angle at full steer at this speed, rad.
    pub max_steer_rad: f32,
    /// Steady-state yaw-rate gain of the car's linear bicycle model at this speed, 1/s
    /// (yaw rate per rad of road-wheel angle); `None` for a car without one (arcade) or
    /// beyond its critical speed.
    pub yaw_gain_per_s: Option<f32>,
    /// Wheelbase, m.
    pub wheelbase_m: f32,
    /// Whether the car is the arcade model (the steering assist is for those).
    pub arcade: bool,
}

/// The assists' state for one car, carried from tick to tick inside the simulation.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Assists {
    traction: traction::TractionControl,
    abs: abs::AntiLock,
    stability: stability::StabilityControl,
    lamps: AssistLamps,
}

impl Assists {
    /// The controls the car gets this tick: `control` through every assist in `set`.
    /// With an empty set `control` comes back unchanged (bit for bit).
    pub fn apply(&mut self, set: AssistSet, control: VehicleControl, car: &CarReading, dt_s: f32) -> VehicleControl {
        let mut c = control;
        let mut lamps = AssistLamps::default();
        if set.steering {
            lamps.steering = steering::limit(&mut c, car);
        }
        if set.stability {
            lamps.stability = self.stability.apply(&mut c, car, dt_s);
        } else {
            self.stability = Default::default();
        }
        if set.traction {
            lamps.traction = self.traction.apply(&mut c, car, dt_s);
        } else {
            self.traction = Default::default();
        }
        if set.abs {
            lamps.abs = self.abs.apply(&mut c, car, dt_s);
        } else {
            self.abs = Default::default();
        }
        self.lamps = lamps;
        c
    }

    /// Which assists acted in the latest tick.
    pub fn lamps(&self) -> AssistLamps {
        self.lamps
    }

    /// Forgets what the assists had learned (the car was reset or teleported).
    pub fn reset(&mut self) {
        *self = Self::default();
    }
}
