//! AI opponents: cars on a grid behind the player, each driven along the level's line by
//! its own [`AiDriver`] with its own [`Racecraft`] (following rather than ramming a car
//! ahead, passing, giving room, defending), and put back beside the line when overturned
//! or stuck.

use super::grid::grid_slot;
use crate::ai::{
    AiDifficulty, AiDriver, CarPlace, DrivingLine, LinePosition, LineRoom, Located, Plan, Racecraft, StuckWatch,
    Traffic, FOLLOW_GAP_M, SEE_AHEAD_M, SEE_BEHIND_M,
};
use crate::sim::SimWorld;
use crate::vehicle::CarDef;
use glam::{Vec2, Vec3};
use std::sync::Arc;

/// A car put back on the track waits off the racing line, this far short of the room at
/// its edge, m (rejoining from there, [`Racecraft`], without cutting across traffic).
const PUT_BACK_EDGE_MARGIN_M: f32 = 0.5;
/// Without racecraft (the tests' following-only baseline): an AI car watches for cars
/// this far ahead on the line, m (beyond the gap it keeps at the circuit's top speeds,
/// 8 + 0.3 × 55 ≈ 25 m).
const FOLLOW_DISTANCE_M: f32 = 60.0;
/// Without racecraft: a car ahead this close to its offset from the line is in its path, m.
const FOLLOW_LATERAL_M: f32 = 2.5;
/// Without racecraft: the gap kept grows by this much per m/s of speed, s. Without it a
/// queue of aces behind a slower car at speed touched 34 times a lap (8 m centre to centre
/// left 3.4 m between bumpers at 40 m/s); with 0.3 s, none (tests/sim/ai_racecraft.rs).
const FOLLOW_TIME_GAP_S: f32 = 0.3;
/// Without racecraft: how fast it closes a larger gap, 1/s.
const FOLLOW_GAIN_PER_S: f32 = 0.5;

/// One AI car: its place in the world, its driver and its racecraft.
#[derive(Debug, Clone)]
struct Opponent {
    /// Index of its car in the world.
    index: usize,
    def: CarDef,
    driver: AiDriver,
    watch: StuckWatch,
    racecraft: Racecraft,
    /// Its speed scale (the difficulty's pace), for the pace it aims at.
    speed_scale: f32,
    /// The plan it drove last tick (for logs and tests).
    plan: Plan,
}

/// AI cars in a world, each with its driver.
#[derive(Debug, Clone, Default)]
pub struct Opponents {
    cars: Vec<Opponent>,
    /// Room beside the line, shared (a level without a track has none: no passing).
    room: Arc<LineRoom>,
    /// Per world car: where on the line it was last tick (search hint).
    hints: Vec<Option<usize>>,
    /// Per world car, this tick: position and its place on the line.
    places: Vec<(Vec2, CarPlace)>,
    /// Per world car, this tick: the hint its search started from and what it found (its
    /// driver takes it rather than search again: [`AiDriver::control_located`]).
    located: Vec<(Option<usize>, LinePosition)>,
    /// The world tick `places` were found at: the AI at the player's wheel plans
    /// ([`Opponents::plan_for`]) before the opponents drive in the same tick, and the cars
    /// have not moved in between.
    located_at_tick: Option<u64>,
    /// How well they drive (the setting; a mixed field reports its first car's).
    difficulty: AiDifficulty,
    /// Whether they race each other ([`Racecraft`]: pass, give room, defend, rejoin; the
    /// default race) or only follow (a baseline for the tests).
    racecraft: bool,
}

impl Opponents {
    /// Adds one car per entry of `defs` to `world` on the grid behind the player, each
    /// driven along `line` at the top difficulty, with no room to pass.
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
        Self::spawn_field(world, line, None, defs, &[difficulty], 1)
    }

    /// As [`Opponents::spawn`], car `k` at `difficulties[k]` (the last repeated for the
    /// rest; the top difficulty if empty); racing each other within `room` beside the line
    /// when given, else only following. The first lines up in grid slot `first_slot` (1:
    /// behind the one player; after the guests when several play).
    pub fn spawn_field(
        world: &mut SimWorld,
        line: &Arc<DrivingLine>,
        room: Option<&Arc<LineRoom>>,
        defs: &[CarDef],
        difficulties: &[AiDifficulty],
        first_slot: usize,
    ) -> Opponents {
        let p = world.player_body().translation();
        let start = Vec2::new(p.x, p.z);
        let mut cars = Vec::with_capacity(defs.len());
        let difficulty_of = |k: usize| difficulties.get(k).or(difficulties.last()).copied().unwrap_or_default();
        for (k, def) in defs.iter().enumerate() {
            let (slot, heading) = grid_slot(line, start, first_slot + k);
            let y = world.ground_height_at(slot.x, slot.y).unwrap_or(p.y) + 0.4;
            let index = world.add_car(def, Vec3::new(slot.x, y, slot.y), heading);
            let difficulty = difficulty_of(k);
            let (width_m, length_m) = footprint_m(def);
            cars.push(Opponent {
                index,
                def: def.clone(),
                driver: AiDriver::new(line.clone(), def, difficulty.settings(k as u64 + 1)),
                watch: StuckWatch::default(),
                racecraft: Racecraft::new(difficulty.racecraft(), width_m, length_m),
                speed_scale: difficulty.speed_scale(),
                plan: Plan::default(),
            });
        }
        let n = world.cars().len();
        Opponents {
            cars,
            room: room.cloned().unwrap_or_default(),
            hints: vec![None; n],
            places: Vec::with_capacity(n),
            located: Vec::with_capacity(n),
            located_at_tick: None,
            difficulty: difficulty_of(0),
            racecraft: room.is_some(),
        }
    }

    /// Sets every AI car's controls for the next tick from the world as it is: each sees
    /// the cars around it ([`Traffic`]) and its racecraft decides where across the track
    /// to drive and how fast at most (following a car ahead rather than ramming it,
    /// passing on a free side, giving room, defending, rejoining), which its driver
    /// carries out.
    pub fn drive(&mut self, world: &mut SimWorld) {
        let Some(line) = self.cars.first().map(|c| c.driver.line().clone()) else {
            return;
        };
        let dt = world.dt_s();
        let length = line.length_m();
        self.locate_all(world, &line);
        for car in &mut self.cars {
            let me = self.places[car.index].1;
            let traffic = traffic_around(&self.places, car.index, length);
            let plan = if self.racecraft {
                let wander = car.driver.steered_wander_m(me.s_m, me.speed_mps);
                car.racecraft
                    .plan(&traffic, &line, &self.room, car.speed_scale, wander, dt)
            } else {
                follow_only(&self.places, car.index, length)
            };
            let telemetry = world.telemetry(car.index);
            let (hint, at) = self.located[car.index];
            let located = Located {
                line: &line,
                p: self.places[car.index].0,
                hint,
                at,
            };
            let body = world.car_body(car.index);
            let c = car
                .driver
                .control_located(&car.def, body, &telemetry, dt, &plan, Some(located));
            world.set_car_control(car.index, c);
            car.plan = plan;
            // Held back by a car ahead (cap near 0) is waiting, not stuck.
            let wants_to_move = plan.speed_cap_mps > 2.0 * crate::ai::STILL_BELOW_MPS;
            if car.watch.update(world.car_body(car.index), wants_to_move, dt) {
                let offset = put_back_on_line(world, car.index, &line, &self.room, me.s_m);
                car.racecraft.rejoin_from(offset);
            }
        }
    }

    /// The plan of world car `index` driven by `driver` with `racecraft` among these cars
    /// (the AI at the player's wheel racing them as they race each other: it gives room to a
    /// car alongside too), as [`Opponents::drive`] plans each of its own; None when they do
    /// not race (following only, or no opponents): then it drives its line alone.
    pub fn plan_for(
        &mut self,
        world: &SimWorld,
        index: usize,
        racecraft: &mut Racecraft,
        speed_scale: f32,
        driver: &AiDriver,
    ) -> Option<Plan> {
        let line = self.cars.first().map(|c| c.driver.line().clone())?;
        if !self.racecraft || index >= world.cars().len() {
            return None;
        }
        self.locate_all(world, &line);
        let me = self.places[index].1;
        let traffic = traffic_around(&self.places, index, line.length_m());
        let wander = driver.steered_wander_m(me.s_m, me.speed_mps);
        Some(racecraft.plan(&traffic, &line, &self.room, speed_scale, wander, world.dt_s()))
    }

    /// Where world car `index` was found on the opponents' line at the last locating, and
    /// from which hint: for its driver's [`AiDriver::control_located`], which takes it only
    /// if it was its own search.
    pub fn located(&self, index: usize) -> Option<Located<'_>> {
        let line = self.cars.first()?.driver.line();
        let (hint, at) = *self.located.get(index)?;
        let p = self.places.get(index)?.0;
        Some(Located { line, p, hint, at })
    }

    /// Every car's place on `line` this tick (each located near where it was last), into
    /// `places` (sized once: no allocation in steady state); once a tick: a second call in
    /// the same tick finds them there (a car moved between the two without a step would
    /// not be seen: teleport only between ticks).
    fn locate_all(&mut self, world: &SimWorld, line: &DrivingLine) {
        let n = world.cars().len();
        if self.located_at_tick == Some(world.tick()) && self.places.len() == n {
            return;
        }
        self.located_at_tick = Some(world.tick());
        self.hints.resize(n, None);
        self.places.clear();
        self.located.clear();
        for (i, hint) in self.hints.iter_mut().enumerate() {
            let p = world.car_body(i).translation();
            let at = line.locate(Vec2::new(p.x, p.z), *hint);
            self.located.push((*hint, at));
            *hint = Some(at.index);
            let place = CarPlace {
                id: i,
                s_m: at.s_m,
                offset_m: at.offset_m,
                speed_mps: world.car_forward_speed(i),
            };
            self.places.push((Vec2::new(p.x, p.z), place));
        }
    }

    /// The racecraft and last plan of the AI car that is world car `index` (None for the
    /// player's or a parked car): what it was doing, to explain a contact.
    pub fn state_of(&self, index: usize) -> Option<(&Racecraft, &Plan)> {
        self.cars
            .iter()
            .find(|c| c.index == index)
            .map(|c| (&c.racecraft, &c.plan))
    }

    /// The AI cars' definitions, in world order.
    pub fn defs(&self) -> impl Iterator<Item = &CarDef> {
        self.cars.iter().map(|c| &c.def)
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

/// What car `index` sees of the others at `places` on a line `length_m` long: those within
/// the window along the line and near in the world too (not a car on another part of the
/// track that the line passes close to).
fn traffic_around(places: &[(Vec2, CarPlace)], index: usize, length_m: f32) -> Traffic {
    let see_m = SEE_AHEAD_M.max(SEE_BEHIND_M) * 1.5;
    let (my_pos, me) = places[index];
    let mut traffic = Traffic::new(me);
    for &(pos, other) in places {
        if pos.distance_squared(my_pos) <= see_m * see_m {
            traffic.see(other, length_m);
        }
    }
    traffic
}

/// The plan of a car that only follows (no racecraft): on the line, never faster than any
/// car ahead of it on the line (within [`FOLLOW_DISTANCE_M`] and nearly in its path) plus a
/// margin that shrinks with the gap, keeping a gap that grows with its speed.
fn follow_only(places: &[(Vec2, CarPlace)], index: usize, length_m: f32) -> Plan {
    let (my_pos, me) = places[index];
    let mut cap = f32::INFINITY;
    for (other, &(pos, o)) in places.iter().enumerate() {
        if other == index || pos.distance_squared(my_pos) > FOLLOW_DISTANCE_M * FOLLOW_DISTANCE_M * 2.25 {
            continue;
        }
        let gap = (o.s_m - me.s_m).rem_euclid(length_m);
        if gap > 0.0 && gap < FOLLOW_DISTANCE_M && (o.offset_m - me.offset_m).abs() < FOLLOW_LATERAL_M {
            // Constant time-gap spacing (adaptive cruise control's policy; Rajamani,
            // Vehicle Dynamics and Control, ch. 6): the gap kept grows with speed.
            let want_m = FOLLOW_GAP_M + FOLLOW_TIME_GAP_S * me.speed_mps.max(0.0);
            cap = cap.min(o.speed_mps.max(0.0) + FOLLOW_GAIN_PER_S * (gap - want_m));
        }
    }
    Plan {
        speed_cap_mps: cap,
        ..Plan::default()
    }
}

/// A car's overall width and length, m: its widest chassis box or wheel, its longest box.
pub(crate) fn footprint_m(def: &CarDef) -> (f32, f32) {
    (
        2.0 * crate::raceline::half_width_m(def),
        2.0 * crate::raceline::half_length_m(def),
    )
}

/// Puts car `index`, overturned or stuck, back beside `line` where it was (`s_m` along
/// it): off the racing line toward the side with more room (traffic on the line passes it
/// while it rejoins), upright, facing along the line, at rest, just above the ground.
/// Returns its offset from the line, m.
fn put_back_on_line(world: &mut SimWorld, index: usize, line: &DrivingLine, room: &LineRoom, s_m: f32) -> f32 {
    let (left, right) = room.at(line, s_m);
    let offset = if left >= right {
        (left - PUT_BACK_EDGE_MARGIN_M).max(0.0)
    } else {
        -(right - PUT_BACK_EDGE_MARGIN_M).max(0.0)
    };
    let p = line.point_at(s_m) + line.left_at(s_m) * offset;
    let t = (line.point_at(s_m + 1.0) - line.point_at(s_m)).normalize_or(Vec2::Y);
    let fallback = world.car_body(index).translation().y;
    let y = world.ground_height_at(p.x, p.y).unwrap_or(fallback) + 0.4;
    log::info!(
        "tick {}: AI car {index} overturned or stuck for {} s; put back beside its line at ({:.1}, {:.1})",
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
    offset
}
