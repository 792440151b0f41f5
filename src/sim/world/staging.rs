//! What callers change between ticks: cars added, the controls of cars no player drives,
//! teleports and velocities (AI recovery, scenario and test set-ups).

use super::slots::CarSlot;
use super::SimWorld;
use crate::sim::input::VehicleControl;
use crate::vehicle::{Car, CarDef};
use glam::{Quat, Vec3};
use rapier3d::prelude::*;

impl SimWorld {
    /// Adds a car of `def` at `position` facing `heading_rad` (about +Y), at rest, after
    /// every car already in the world (so the insertion order, and with it the state hash,
    /// depends only on the calls made). It holds its brakes until given controls. Returns
    /// its index.
    pub fn add_car(&mut self, def: &CarDef, position: Vec3, heading_rad: f32) -> usize {
        self.stream_around_cars_and(position);
        let pose = Pose::from_parts(position, Quat::from_rotation_y(heading_rad));
        self.cars
            .push(CarSlot::new(Car::spawn(&mut self.physics, def, pose), pose));
        self.refresh_query_structures();
        self.reserve_for_bodies();
        self.cars.len() - 1
    }

    /// Controls car `index` takes from the next tick on (a player's car takes its controls
    /// from each tick's input instead). Values are clamped and NaN becomes 0.
    pub fn set_car_control(&mut self, index: usize, control: VehicleControl) {
        if let Some(slot) = self.cars.get_mut(index) {
            slot.control = control.sanitized();
        }
    }

    /// The controls car `index` drives with: those last set by
    /// [`SimWorld::set_car_control`], or for a player's car what it drove with in the latest
    /// tick (their input through their assists). Neutral past the last car.
    pub fn car_control(&self, index: usize) -> VehicleControl {
        self.cars.get(index).map(|slot| slot.control).unwrap_or_default()
    }

    /// Puts the player's car at `position` with `rotation`, at rest (test and scenario
    /// set-ups; play uses the reset input).
    pub fn teleport_player(&mut self, position: Vec3, rotation: Quat) {
        self.teleport_car(0, position, rotation);
    }

    /// Puts car `index` at `position` with `rotation`, at rest (an AI car put back on its
    /// line; test set-ups).
    pub fn teleport_car(&mut self, index: usize, position: Vec3, rotation: Quat) {
        let slot = &mut self.cars[index];
        slot.car
            .teleport(&mut self.physics, Pose::from_parts(position, rotation));
        slot.velocity_before_mps = Vec3::ZERO;
        slot.air_ticks = 0;
        self.stream(&[position]);
        self.refresh_query_structures();
    }

    /// Sets the player's chassis velocity (test set-ups: a car launched at a speed).
    pub fn set_player_velocity(&mut self, linear_mps: Vec3, angular_rad_per_s: Vec3) {
        self.set_car_velocity(0, linear_mps, angular_rad_per_s);
    }

    /// Sets car `index`'s chassis velocity (test set-ups; index 0 is the player's).
    pub fn set_car_velocity(&mut self, index: usize, linear_mps: Vec3, angular_rad_per_s: Vec3) {
        let car = &mut self.cars[index].car;
        let b = &mut self.physics.bodies[car.body()];
        b.set_linvel(linear_mps, true);
        b.set_angvel(angular_rad_per_s, true);
        car.roll_with_body(&self.physics);
    }
}
