//! What happened in a tick that presentation reacts to: sliding tires (smoke), loose ground
//! (dust), tires rolling fast on wet ground (spray), landings and crashes (debris, sparks, rumble, sound). Derived from the state
//! after each step; nothing reads them back into the simulation.

use crate::content::material::MaterialId;
use glam::Vec3;

/// Slip power above which a tire smokes or throws dust, W.
pub const SLIP_EVENT_W: f32 = 5_000.0;
/// Ground speed above which wheels on loose ground raise dust, m/s.
pub const DUST_SPEED_MPS: f32 = 4.0;
/// Ground speed above which a tire rolling on a surface that throws spray (wet asphalt:
/// `particles = "spray"`) throws it up behind, m/s (about 30 km/h: below it the tread
/// sheds the water without lifting it).
pub const SPRAY_SPEED_MPS: f32 = 8.0;
/// A change of velocity in one tick larger than this (gravity aside) is a crash, m/s. No
/// vehicle force comes near it: 10 m/s² of thrust or braking is 0.17 m/s at 60 Hz.
pub const IMPACT_DV_MPS: f32 = 2.0;
/// Shortest flight that counts as a landing, s.
pub const LANDING_AIRTIME_S: f32 = 0.2;

/// One event.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SimEvent {
    /// A tire sliding at `position`.
    Slip {
        /// Which car (0 = the player).
        car: u8,
        /// Contact point.
        position: Vec3,
        /// Ground velocity of the car there.
        velocity: Vec3,
        /// Power dissipated, W.
        power_w: f32,
        /// On loose ground (dust rather than smoke).
        loose: bool,
        /// Which of the car's wheels (definition order): skid marks join a wheel's
        /// successive slips into one strip.
        wheel: u8,
        /// The material under the tire, if the ground has one (particle and mark colours).
        surface: Option<MaterialId>,
    },
    /// A wheel rolling on loose ground.
    Dust {
        /// Contact point.
        position: Vec3,
        /// Ground velocity there.
        velocity: Vec3,
        /// Which car (0 = the player).
        car: u8,
        /// Which of its wheels (definition order): ruts join a wheel's successive events.
        wheel: u8,
        /// The material under the tire, if the ground has one (particle and rut colours).
        surface: Option<MaterialId>,
    },
    /// A wheel rolling fast on a surface that throws spray (wet asphalt), not sliding: the
    /// water its tread lifts. Render scales the spray with `velocity`'s length.
    Spray {
        /// Contact point.
        position: Vec3,
        /// Ground velocity there.
        velocity: Vec3,
        /// Which car (0 = the player).
        car: u8,
        /// Which of its wheels (definition order).
        wheel: u8,
        /// The material under the tire (the spray's colour).
        surface: Option<MaterialId>,
    },
    /// The car came down after a jump.
    Landing {
        /// Which car.
        car: u8,
        /// Centre of the car at touchdown.
        position: Vec3,
        /// Vertical speed when it hit, m/s.
        speed_mps: f32,
    },
    /// The car hit something.
    Impact {
        /// Which car.
        car: u8,
        /// Where (on the side of the car that was hit).
        position: Vec3,
        /// Momentum exchanged, N·s.
        impulse_ns: f32,
        /// What it hit: the contact that pushed hardest this tick.
        struck: Struck,
    },
}

/// What a car that crashed hit (what the crash sounds like).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Struck {
    /// Another car, by index (0 = the player).
    Car(u8),
    /// The ground or something fixed: a barrier, a wall, a prop. Its material when the
    /// collider has one (props have none).
    Surface(Option<MaterialId>),
}
