//! AI opponents: cars on a grid behind the player, each driven along the level's line by
//! its own [`AiDriver`], following rather than ramming a car ahead, and put back on the
//! line when overturned or stuck.

use crate::ai::{AiDifficulty, AiDriver, DrivingLine, StuckWatch};
use crate::sim::SimWorld;
use crate::vehicle::CarDef;
use glam::{Vec2, Vec3};
use std::sync::Arc;

/// Distance between grid slots along the line, m.
const GRID_SPACING_M: f32 = 10.0;
/// Lateral offset of alternate grid slots from the line, m.
const GRID_STAGGER_M: f32 = 1.6;
/// An AI car watches for cars this far ahead on the line, m (beyond the gap it keeps at
/// the circuit's top speeds, 8 + 0.3 × 55 ≈ 25 m).
const FOLLOW_DISTANCE_M: f32 = 60.0;
/// The gap it keeps to a car ahead at rest, centre to centre, m.
const FOLLOW_GAP_M: f32 = 8.0;
/// The gap grows by this much per m/s of its own speed, s (a time gap). Without it, a queue
/// of aces behind a slower car at speed touched 34 times a lap (8 m centre to centre left
/// 3.4 m between bumpers at 40 m/s: under 0.1 s); with 0.3 s, none (tests/ai_racecraft.rs).
const FOLLOW_TIME_GAP_S: f32 = 0.3;
/// How fast it closes a larger gap: speed over the car ahead per metre of extra gap, 1/s.
const FOLLOW_GAIN_PER_S: f32 = 0.5;

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

/// AI cars in a world, each with its driver.
#[derive(Debug, Clone, Default)]
pub struct Opponents {
    cars: Vec<(usize, CarDef, AiDriver, StuckWatch)>,
    /// Per world car: where on the line it was last tick (search hint).
    hints: Vec<Option<usize>>,
    /// Per world car, this tick: position, distance along the line, offset from it, speed.
    places: Vec<(Vec2, f32, f32, f32)>,
    /// How well they drive.
    difficulty: AiDifficulty,
}

impl Opponents {
    /// Adds one car per entry of `defs` to `world` on the grid behind the player, each
    /// driven along `line` at the top difficulty.
    pub fn spawn(world: &mut SimWorld, line: &Arc<DrivingLine>, defs: &[CarDef]) -> Opponents {
        Self::spawn_at(world, line, defs, AiDifficulty::Ace)
    }

    /// As [`Opponents::spawn`], every driver at `difficulty`; each car's grid slot seeds
    /// its wander off the line (deterministic: the same grid races the same way).
    pub fn spawn_at(
        world: &mut SimWorld,
        line: &Arc<DrivingLine>,
        defs: &[CarDef],
        difficulty: AiDifficulty,
    ) -> Opponents {
        let p = world.player_body().translation();
        let start = Vec2::new(p.x, p.z);
        let mut cars = Vec::with_capacity(defs.len());
        for (k, def) in defs.iter().enumerate() {
            let (slot, heading) = grid_slot(line, start, k + 1);
            let y = world.ground_height_at(slot.x, slot.y).unwrap_or(p.y) + 0.4;
            let index = world.add_car(def, Vec3::new(slot.x, y, slot.y), heading);
            cars.push((
                index,
                def.clone(),
                AiDriver::new(line.clone(), def, difficulty.settings(k as u64 + 1)),
                StuckWatch::default(),
            ));
        }
        let n = world.cars().len();
        Opponents {
            cars,
            hints: vec![None; n],
            places: Vec::with_capacity(n),
            difficulty,
        }
    }

    /// Sets every AI car's controls for the next tick from the world as it is. An AI car
    /// closing on any car ahead of it on the line (within the following distance and
    /// nearly in its path) aims no faster than that car plus a margin that shrinks with the
    /// gap, keeping a gap that grows with its speed, so it follows rather than rams.
    pub fn drive(&mut self, world: &mut SimWorld) {
        let Some(line) = self.cars.first().map(|(_, _, d, _)| d.line().clone()) else {
            return;
        };
        let dt = world.dt_s();
        let length = line.length_m();
        // Every car's place on the line, once per tick (each located near where it was).
        let n = world.cars().len();
        self.hints.resize(n, None);
        self.places.clear();
        for (i, hint) in self.hints.iter_mut().enumerate() {
            let p = world.car_body(i).translation();
            let at = line.locate(Vec2::new(p.x, p.z), *hint);
            *hint = Some(at.index);
            self.places
                .push((Vec2::new(p.x, p.z), at.s_m, at.offset_m, world.car_forward_speed(i)));
        }
        for (index, def, driver, watch) in &mut self.cars {
            let (my_pos, my_s, my_offset, my_speed) = self.places[*index];
            let mut cap = f32::INFINITY;
            for (other, &(pos, s, offset, speed)) in self.places.iter().enumerate() {
                if other == *index || pos.distance_squared(my_pos) > FOLLOW_DISTANCE_M * FOLLOW_DISTANCE_M * 2.25 {
                    continue;
                }
                let gap = (s - my_s).rem_euclid(length);
                if gap > 0.0 && gap < FOLLOW_DISTANCE_M && (offset - my_offset).abs() < 2.5 {
                    // Constant time-gap spacing (adaptive cruise control's policy; Rajamani,
                    // Vehicle Dynamics and Control, ch. 6): the gap kept grows with speed.
                    let want_m = FOLLOW_GAP_M + FOLLOW_TIME_GAP_S * my_speed.max(0.0);
                    cap = cap.min(speed.max(0.0) + FOLLOW_GAIN_PER_S * (gap - want_m));
                }
            }
            let telemetry = world.telemetry(*index);
            let c = driver.control_capped(def, world.car_body(*index), &telemetry, dt, cap);
            world.set_car_control(*index, c);
            // Held back by a car ahead (cap near 0) is waiting, not stuck.
            if watch.update(world.car_body(*index), cap > 2.0 * crate::ai::STILL_BELOW_MPS, dt) {
                put_back_on_line(world, *index, &line, my_s);
            }
        }
    }

    /// The AI cars' definitions, in world order.
    pub fn defs(&self) -> impl Iterator<Item = &CarDef> {
        self.cars.iter().map(|(_, d, _, _)| d)
    }

    /// How well they drive.
    pub fn difficulty(&self) -> AiDifficulty {
        self.difficulty
    }

    /// How many.
    pub fn len(&self) -> usize {
        self.cars.len()
    }

    /// None at all.
    pub fn is_empty(&self) -> bool {
        self.cars.is_empty()
    }
}

/// Puts car `index`, overturned or stuck, back on `line` where it was (`s_m` along it),
/// upright, facing along the line, at rest, just above the ground.
fn put_back_on_line(world: &mut SimWorld, index: usize, line: &DrivingLine, s_m: f32) {
    let p = line.point_at(s_m);
    let t = (line.point_at(s_m + 1.0) - p).normalize_or(Vec2::Y);
    let fallback = world.car_body(index).translation().y;
    let y = world.ground_height_at(p.x, p.y).unwrap_or(fallback) + 0.4;
    log::info!(
        "tick {}: AI car {index} overturned or stuck for {} s; put back on its line at ({:.1}, {:.1})",
        world.tick(),
        crate::ai::STUCK_AFTER_S,
        p.x,
        p.y
    );
    world.teleport_car(
        index,
        Vec3::new(p.x, y, p.y),
        glam::Quat::from_rotation_y(t.x.atan2(t.y)),
    );
}
