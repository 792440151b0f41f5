//! The starting grid: where each car of a race lines up. Slot 0 is the level's spawn
//! (pole); slot `k` is `k` × 10 m behind it along the racing line, alternate slots 1.6 m
//! either side of it, as circuits paint their grids. The people playing take consecutive
//! slots (the first player's, then each guest's), or each their own (a championship's grid
//! follows its table), and the AI opponents the rest in order.

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

/// Where everyone starts, given each person's slot (`slots`, seat order: the first
/// player's, then each guest's): the AI opponents fill the free slots in order. A list that
/// does not fit the grid (a slot past it, or one slot twice) puts the people together from
/// the first one's slot, as a one-player grid would. Returns, for each AI opponent in
/// order, its slot, and each person's.
pub fn grid_order(slots: &[usize], opponents: usize) -> (Vec<usize>, Vec<usize>) {
    let total = slots.len() + opponents;
    let fits = slots
        .iter()
        .enumerate()
        .all(|(i, &s)| s < total && !slots[..i].contains(&s));
    let people: Vec<usize> = if fits {
        slots.to_vec()
    } else {
        let from = slots.first().copied().unwrap_or(0).min(opponents);
        log::warn!("grid slots {slots:?} do not fit a grid of {total}: the people start together from slot {from}");
        (from..from + slots.len()).collect()
    };
    let ai = (0..total).filter(|k| !people.contains(k)).take(opponents).collect();
    (ai, people)
}

/// Moves everyone to their slot (`slots`: each person's, see [`grid_order`]) from the
/// grid they were spawned on (the people in slots `0..people`, the first player's car at
/// pole, the `opponents` after them in the world in slots `people..`). Only cars whose
/// slot changes move, so a grid that was right is left exactly as it was. Before the
/// first tick, so no driver has seen the old grid. `guest_cars` are the guests' world
/// indices.
pub fn arrange_grid(world: &mut SimWorld, line: &DrivingLine, slots: &[usize], guest_cars: &[usize], opponents: usize) {
    let people = slots.len();
    let (ai_slots, people_slots) = grid_order(slots, opponents);
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
    for (k, &slot) in ai_slots.iter().enumerate() {
        if slot != people + k {
            let (p, r) = pose_of(world, slot);
            world.teleport_car(first + k, p, r);
        }
    }
    for (h, &car) in guest_cars.iter().enumerate() {
        match people_slots.get(1 + h) {
            Some(&slot) if slot != 1 + h => {
                let (p, r) = pose_of(world, slot);
                world.teleport_car(car, p, r);
            }
            _ => {}
        }
    }
    if let Some(&slot) = people_slots.first().filter(|&&s| s != 0) {
        let (p, r) = pose_of(world, slot);
        world.teleport_player(p, r);
    }
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

    #[test]
    fn the_ai_fill_the_slots_the_people_leave() {
        // One player third on a grid of five: the AI take pole, second, then fourth and fifth.
        assert_eq!(grid_order(&[2], 4), (vec![0, 1, 3, 4], vec![2]));
        // Two people apart: the first player fifth, the guest on pole.
        assert_eq!(grid_order(&[4, 0], 3), (vec![1, 2, 3], vec![4, 0]));
        // Two people together from the first one's slot (the old grid of a party).
        assert_eq!(grid_order(&[0, 1], 2), (vec![2, 3], vec![0, 1]));
        // A slot twice, or past the grid: together from the first one's slot.
        assert_eq!(grid_order(&[1, 1], 2), (vec![0, 3], vec![1, 2]));
        assert_eq!(grid_order(&[9], 2), (vec![0, 1], vec![2]));
    }
}
