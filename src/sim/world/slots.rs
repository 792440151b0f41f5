//! What the world keeps per car and per prop, one struct each, so adding a car or a prop
//! cannot leave part of its state behind.

use crate::sim::input::VehicleControl;
use crate::vehicle::{Car, GroundCache, Wake, WakeProbe};
use glam::Vec3;
use rapier3d::prelude::*;
use std::cell::RefCell;

/// Brake held by parked cars.
const PARKED: VehicleControl = VehicleControl {
    throttle: 0.0,
    steer: 0.0,
    brake: 1.0,
    hand_brake: true,
    reverse: false,
    manual_gear_shift: false,
    gear: 0,
    wheel_brake_scale: None,
};

/// What the world keeps for one car, in one place so adding a car cannot leave its parts out
/// of step.
pub(super) struct CarSlot {
    /// The car: its chassis body handle, definition and model state.
    pub(super) car: Car,
    /// Controls for the next tick when it is not the player's (parked cars hold their
    /// brakes; added cars take what `SimWorld::set_car_control` gives them).
    pub(super) control: VehicleControl,
    /// Chassis velocity before the latest step (impacts and landings are judged against it).
    pub(super) velocity_before_mps: Vec3,
    /// Ticks in a row with no wheel on the ground.
    pub(super) air_ticks: u32,
    /// Where it was after the latest tick whose state was finite.
    pub(super) last_good: Pose,
    /// Where it started: the fallback when it faults again soon after a reset.
    pub(super) home: Pose,
    /// The tick of its latest fault reset.
    pub(super) last_fault_tick: Option<u64>,
    /// The static ground around it, for its wheel rays (a cell: the rays fill it as they go).
    pub(super) ground: RefCell<GroundCache>,
    /// Its lamps after the latest tick, from the controls it drove with: what the
    /// snapshot hands render (not part of the state hash).
    pub(super) lamps: Lamps,
    /// The wake it leaves (its definition's, copied here so the pairs' loop reads the slots
    /// alone).
    pub(super) wake: Wake,
    /// Where it was and how it moved at the start of the latest tick, as the wakes read it.
    pub(super) probe: WakeProbe,
    /// Its aerodynamic drag's scale in the latest tick: 1 in clean air, less in another
    /// car's wake (`slipstream.rs`; derived from the state, not part of its hash).
    pub(super) drag_scale: f32,
}

/// A car's rear lamps, lit from the controls it drove with in the latest tick.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Lamps {
    /// Brake lamps: the brake pedal is pressed (past a light touch).
    pub(super) brake: bool,
    /// Reverse lamps: driving in reverse.
    pub(super) reverse: bool,
}

impl Lamps {
    /// The lamps `control` lights: brake lamps from 5 % pedal (a pedal switch closes
    /// early in the travel), reverse lamps when the car drives in reverse.
    pub(super) fn from_control(control: &VehicleControl) -> Lamps {
        Lamps {
            brake: control.brake > 0.05,
            reverse: control.reverse || (control.manual_gear_shift && control.gear < 0),
        }
    }
}

impl CarSlot {
    /// A car just spawned at `home`, at rest, holding its brakes.
    pub(super) fn new(car: Car, home: Pose) -> CarSlot {
        CarSlot {
            wake: car.def().slipstream,
            car,
            control: PARKED,
            velocity_before_mps: Vec3::ZERO,
            air_ticks: 0,
            last_good: home,
            home,
            last_fault_tick: None,
            ground: RefCell::new(GroundCache::new()),
            lamps: Lamps::default(),
            probe: WakeProbe::default(),
            drag_scale: 1.0,
        }
    }
}

/// A dynamic prop: its body and where it started (where a faulted prop is put back).
pub(super) struct PropSlot {
    pub(super) body: RigidBodyHandle,
    pub(super) home: Pose,
}
