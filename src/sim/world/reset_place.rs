//! The reset input: the player's car put upright, at rest, on the drivable surface at the
//! nearest free place behind where it was (`reset_guide.rs` says where to look), and the
//! restart input: back to the level's start.
//!
//! A place is free when a box round the car's chassis, lifted clear of the ground, touches
//! no collider but the car's own (walls, props, other cars); the ground height comes from
//! a ray cast down onto the level's fixed geometry. Both are rapier queries over the
//! state of the previous tick, so a replay that presses reset at the same tick lands at
//! the same place.

use super::reset_guide::{ResetSpot, StepBack};
use super::SimWorld;
use crate::vehicle::CarDef;
use glam::{Quat, Vec3};
use rapier3d::prelude::*;

/// How the reset steps back along a track: the first try 2 m behind the car's projection
/// on the centre line (behind whatever it ran into), then a car length and a bit (5 m)
/// further back each time the place is taken, up to 300 m.
const TRACK_STEP_BACK: StepBack = StepBack {
    first_back_m: 2.0,
    step_back_m: 5.0,
    max_tries: 60,
};

/// Room kept round the chassis when checking a place is free, m (each side).
const CLEARANCE_M: f32 = 0.3;

/// The free-place box starts this far above the car's lowest chassis box, m, so the ground
/// under it (a kerb, a gentle slope along the car) does not count as taking the place.
const GROUND_CLEARANCE_M: f32 = 0.35;

/// Where the ground is looked for: a ray from this high above the car's position, m ...
const GROUND_RAY_ABOVE_M: f32 = 50.0;
/// ... this long, m.
const GROUND_RAY_LENGTH_M: f32 = 500.0;

impl SimWorld {
    /// Puts player `player`'s car on the nearest free place behind it (on a track: on the
    /// centre line facing the racing direction; elsewhere: the nearest spawn or checkpoint),
    /// upright and at rest; where it started when no place is found.
    pub(super) fn reset_player_in_place(&mut self, player: usize) {
        let car = self.players[player].car;
        let car_m = self.physics.bodies[self.cars[car].car.body()].translation();
        let mut k = 0;
        while let Some(spot) = self.guide.spot(car_m, k, &TRACK_STEP_BACK) {
            if let Some(origin) = self.free_origin(car, spot, car_m.y) {
                self.put_car(car, origin, spot.heading_rad);
                return;
            }
            k += 1;
        }
        log::info!(
            "tick {}: no free place to reset the car near ({:.1}, {:.1}); back to the start",
            self.tick,
            car_m.x,
            car_m.z
        );
        self.restart_player(player);
    }

    /// The chassis origin for car `car` at `spot` when the place is free and has
    /// ground under it: the wheels just touching the ground (the suspension at full
    /// droop, so the car settles onto it rather than out of it). `near_y` is the car's
    /// height now, where the ground is looked for.
    fn free_origin(&mut self, car: usize, spot: ResetSpot, near_y: f32) -> Option<Vec3> {
        let at = Vec3::new(spot.xz_m.x, near_y, spot.xz_m.y);
        // A spawn far away may lie in chunks not yet in the world.
        self.stream_around_cars_and(at);
        let top = at + Vec3::Y * GROUND_RAY_ABOVE_M;
        let ground_y = top.y - self.cast_static_ray(top, -Vec3::Y, GROUND_RAY_LENGTH_M)?;
        let def = self.cars[car].car.def();
        let origin = Vec3::new(at.x, ground_y + def.reach_m(), at.z);
        let rotation = Quat::from_rotation_y(spot.heading_rad);
        let (centre, half) = occupancy_box(def);
        let shape = Cuboid::new(half);
        let pose = Pose::from_parts(origin + rotation * centre, rotation);
        let filter = QueryFilter::default().exclude_rigid_body(self.cars[car].car.body());
        let taken = self.physics.intersect_shape(pose, &shape, filter).next().is_some();
        (!taken).then_some(origin)
    }
}

/// The box checked for a free place, in the chassis frame: centre and half extents. The
/// chassis boxes' bounds, `CLEARANCE_M` wider all round, its bottom lifted by
/// `GROUND_CLEARANCE_M`.
fn occupancy_box(def: &CarDef) -> (Vec3, Vec3) {
    let (mut lo, mut hi) = (Vec3::splat(f32::INFINITY), Vec3::splat(f32::NEG_INFINITY));
    for b in &def.chassis {
        lo = lo.min(b.position_m - b.size_m * 0.5);
        hi = hi.max(b.position_m + b.size_m * 0.5);
    }
    if !(lo.is_finite() && hi.is_finite()) {
        // No chassis boxes (the parser refuses that): a small car's bounds.
        (lo, hi) = (Vec3::new(-0.9, 0.0, -2.2), Vec3::new(0.9, 1.4, 2.2));
    }
    lo -= Vec3::new(CLEARANCE_M, 0.0, CLEARANCE_M);
    hi += Vec3::splat(CLEARANCE_M);
    lo.y += GROUND_CLEARANCE_M;
    hi.y = hi.y.max(lo.y + 0.1);
    ((lo + hi) * 0.5, (hi - lo) * 0.5)
}
