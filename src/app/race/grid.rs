//! The starting grid: where each car of a race lines up. Slot 0 is the level's spawn
//! (pole); slot `k` is `k` × 10 m behind it along the racing line, alternate slots 1.6 m
//! either side of it, as circuits paint their grids. The people playing take consecutive
//! slots (the first player's, then each guest's), the AI opponents the rest in order.

use crate::ai::DrivingLine;
use crate::sim::SimWorld;
use glam::{Quat, Vec2, Vec3};

/// Distance between grid slots along the line, m.
const GRID_SPACING_M: f32 = 10.0;
/// Lateral offset of alternate grid slots from the line, m.
const GRID_STAGGER_M: f32 = 1.6;
/// A car is put this far above the ground found under its slot, m, and settles onto it.
const ABOVE_GROUND_M: f32 = 0.4;

/// Grid slot `k` (1 = first behind the player) behind `start` along `line`: a position and
/// a heading about +Y.
pub fn grid_slot(line: &DrivingLine, start: Vec2, k: usize) -> (Vec2, f32) {
    let s0 = line.locate(start, None).s_m;
    let s = s0 - GRID_SPACING_M * k as f32;
    let p = line.point_at(s);
    let t = (line.point_at(s + 1.0) - p).normalize_or(Vec2::Y);
    // Left of the driving direction in world (x, z): (t.y, −t.x).
    let left = Vec2::new(t.y, -t.x);
    let side = if k % 2 == 1 { 1.0 } else { -1.0 };
    (p + left * (side * GRID_STAGGER_M), t.x.atan2(t.y))
}

/// Slot `k` behind a start at `start` heading `heading_rad` where there is no racing line
/// (free drive on a level without a track): straight back along the heading, staggered
/// as on a grid.
pub fn slot_behind(start: Vec2, heading_rad: f32, k: usize) -> (Vec2, f32) {
    // Forward in world (x, z) for a heading about +Y: (sin, cos); left (cos, −sin).
    let forward = Vec2::new(heading_rad.sin(), heading_rad.cos());
    let left = Vec2::new(forward.y, -forward.x);
    let side = if k % 2 == 1 { 1.0 } else { -1.0 };
    (
        start - forward * (GRID_SPACING_M * k as f32) + left * (side * GRID_STAGGER_M),
        heading_rad,
    )
}

/// Where slot `k` is on `world`'s ground: behind the first player's car along `line`, or
/// straight back from it without one; its pose.
pub fn slot_pose(world: &mut SimWorld, line: Option<&DrivingLine>, pole: (Vec3, Quat), k: usize) -> (Vec3, f32) {
    let (pole_position, pole_rotation) = pole;
    let start = Vec2::new(pole_position.x, pole_position.z);
    let (p, heading) = match line {
        Some(line) => grid_slot(line, start, k),
        None => {
            let forward = pole_rotation * Vec3::Z;
            slot_behind(start, forward.x.atan2(forward.z), k)
        }
    };
    let y = world.ground_height_at(p.x, p.y).unwrap_or(pole_position.y) + ABOVE_GROUND_M;
    (Vec3::new(p.x, y, p.y), heading)
}

/// Moves the people playing from the front of the grid to slots `slot..slot + humans`
/// (`humans` the first player and the guests, who were spawned in slots `0..humans`; the
/// `opponents` after them in the world in slots `humans..`): the opponents that were behind
/// them and now start ahead move up into slots `0..slot`. Before the first tick, so no
/// driver has seen the old grid. `guest_cars` are the guests' world indices.
pub fn move_players_back(
    world: &mut SimWorld,
    line: &DrivingLine,
    slot: usize,
    guest_cars: &[usize],
    opponents: usize,
) {
    let slot = slot.min(opponents);
    let pole = world.player_body();
    let pole = (pole.translation(), *pole.rotation());
    let pose_of = |world: &mut SimWorld, k: usize| -> (Vec3, Quat) {
        if k == 0 {
            return pole;
        }
        let (p, heading) = slot_pose(world, Some(line), pole, k);
        (p, Quat::from_rotation_y(heading))
    };
    // The opponents are the world's last cars (after any parked ones and the guests).
    let first = world.cars().len().saturating_sub(opponents);
    for k in 0..slot {
        let (p, r) = pose_of(world, k);
        world.teleport_car(first + k, p, r);
    }
    for (h, &car) in guest_cars.iter().enumerate() {
        let (p, r) = pose_of(world, slot + 1 + h);
        world.teleport_car(car, p, r);
    }
    let (p, r) = pose_of(world, slot);
    world.teleport_player(p, r);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_behind_a_start_go_back_along_its_heading_staggered() {
        // Facing +Z: slot 2 is 20 m back (−Z), on the right-hand stagger.
        let (p, h) = slot_behind(Vec2::ZERO, 0.0, 2);
        assert!((p.y + 20.0).abs() < 1e-4, "{p}");
        assert!((p.x.abs() - GRID_STAGGER_M).abs() < 1e-4, "{p}");
        assert_eq!(h, 0.0);
        // Facing +X (heading π/2): slot 1 is 10 m back along −X, staggered across Z.
        let (p, _) = slot_behind(Vec2::ZERO, std::f32::consts::FRAC_PI_2, 1);
        assert!((p.x + 10.0).abs() < 1e-4, "{p}");
        assert!((p.y.abs() - GRID_STAGGER_M).abs() < 1e-4, "{p}");
        // Alternate slots sit on opposite sides.
        let (a, _) = slot_behind(Vec2::ZERO, 0.0, 1);
        let (b, _) = slot_behind(Vec2::ZERO, 0.0, 2);
        assert!(a.x * b.x < 0.0, "{a} {b}");
    }
}
