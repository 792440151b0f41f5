//! Racing on a level with a track: the line the AI drives (the level's shipped racing line,
//! or its centre line, through the speed profile of the car that drives it), AI opponents
//! on a grid behind the player, and the player's car driven by the AI (`run --ai-driver`).

use super::Failure;
use crate::ai::{AiDriver, AiSettings, DrivingLine, LapTimer, StuckWatch};
use crate::content::{ContentError, ContentRoot, LoadedLevel};
use crate::sim::{SimWorld, TickInput};
use crate::vehicle::CarDef;
use glam::{Vec2, Vec3};
use std::sync::Arc;

/// Distance between grid slots along the line, m.
const GRID_SPACING_M: f32 = 10.0;
/// Lateral offset of alternate grid slots from the line, m.
const GRID_STAGGER_M: f32 = 1.6;
/// An AI car watches for cars this far ahead on the line, m.
const FOLLOW_DISTANCE_M: f32 = 30.0;
/// The gap it keeps to a car ahead, m.
const FOLLOW_GAP_M: f32 = 8.0;
/// How fast it closes a larger gap: speed over the car ahead per metre of extra gap, 1/s.
const FOLLOW_GAIN_PER_S: f32 = 0.5;

/// A level's racing line as a car will drive it.
#[derive(Debug, Clone)]
pub struct RaceLine {
    /// The line and its speeds.
    pub line: Arc<DrivingLine>,
    /// The speed profile's lap time, s.
    pub predicted_lap_s: f32,
    /// Where it came from (a file, or "centre line").
    pub source: String,
}

/// The racing line of `level` for `car`: `levels/NAME/raceline.csv` when the level ships
/// one (`raceline.csv` beside a level loaded by path), else the level's centre line, either through `car`'s speed profile; on a level
/// without a track, its `ai_line` loop at its set speed. An error when it has neither.
pub fn level_line(root: &ContentRoot, level: &LoadedLevel, car: &CarDef) -> Result<RaceLine, Failure> {
    let l = &level.level;
    let Some(track) = l.track.as_ref() else {
        // A level without a track may give its AI cars a loop at a set speed.
        let a = l.ai_line.as_ref().ok_or_else(|| {
            ContentError::new(
                format!("level {}", l.name),
                "track",
                "this level has no track or ai_line for AI cars (try --level circuit or crash)",
            )
        })?;
        let line = DrivingLine::new(a.points_m.clone(), vec![a.speed_mps; a.points_m.len()])
            .ok_or_else(|| ContentError::new(format!("level {}", l.name), "ai_line", "the loop has no length"))?;
        return Ok(RaceLine {
            predicted_lap_s: line.length_m() / a.speed_mps,
            line: Arc::new(line),
            source: format!("level {} ai_line", l.name),
        });
    };
    let mu = l.materials.get(track.material).friction;
    // Beside a level loaded by path (never the content root's level of the same name: its
    // line belongs to another track); else in the content root.
    let shipped = match &level.dir {
        Some(dir) => {
            let path = dir.join("raceline.csv");
            path.is_file()
                .then(|| crate::content::root::read_file(&path).map(|b| (b, path.display().to_string())))
                .transpose()?
        }
        None => {
            let rel = format!("levels/{}/raceline.csv", l.name);
            root.read(&rel).ok().map(|b| (b.into_owned(), root.label(&rel)))
        }
    };
    let (profiled, source) = match shipped {
        Some((bytes, label)) => {
            let text = String::from_utf8(bytes).map_err(|_| ContentError::new(&label, "(file)", "not UTF-8 text"))?;
            (crate::raceline::load_line_csv(&label, &text, car, mu)?, label)
        }
        None => (
            crate::raceline::centre_line(&track.track, car, mu)?,
            "centre line".to_string(),
        ),
    };
    let line = DrivingLine::new(profiled.points_m.clone(), profiled.speed_mps.clone())
        .ok_or_else(|| ContentError::new(&source, "line", "the racing line has fewer than 3 usable points"))?;
    Ok(RaceLine {
        line: Arc::new(line),
        predicted_lap_s: profiled.lap_time_s,
        source,
    })
}

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
}

impl Opponents {
    /// Adds one car per entry of `defs` to `world` on the grid behind the player, each
    /// driven along `line`.
    pub fn spawn(world: &mut SimWorld, line: &Arc<DrivingLine>, defs: &[CarDef]) -> Opponents {
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
                AiDriver::new(line.clone(), def, AiSettings::default()),
                StuckWatch::default(),
            ));
        }
        let n = world.cars().len();
        Opponents {
            cars,
            hints: vec![None; n],
            places: Vec::with_capacity(n),
        }
    }

    /// Sets every AI car's controls for the next tick from the world as it is. An AI car
    /// closing on any car ahead of it on the line (within the following distance and
    /// nearly in its path) aims no faster than that car plus a margin that shrinks with the
    /// gap, so it follows rather than rams.
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
            let (my_pos, my_s, my_offset, _) = self.places[*index];
            let mut cap = f32::INFINITY;
            for (other, &(pos, s, offset, speed)) in self.places.iter().enumerate() {
                if other == *index || pos.distance_squared(my_pos) > FOLLOW_DISTANCE_M * FOLLOW_DISTANCE_M * 2.25 {
                    continue;
                }
                let gap = (s - my_s).rem_euclid(length);
                if gap > 0.0 && gap < FOLLOW_DISTANCE_M && (offset - my_offset).abs() < 2.5 {
                    cap = cap.min(speed.max(0.0) + FOLLOW_GAIN_PER_S * (gap - FOLLOW_GAP_M));
                }
            }
            let telemetry = world.telemetry(*index);
            let c = driver.control_capped(def, world.car_body(*index), &telemetry, dt, cap);
            world.set_car_control(*index, c);
            // Held back by a car ahead (cap near 0) is waiting, not stuck.
            if watch.update(
                world.car_body(*index),
                cap > 2.0 * crate::ai::recovery::STILL_BELOW_MPS,
                dt,
            ) {
                put_back_on_line(world, *index, &line, my_s);
            }
        }
    }

    /// The AI cars' definitions, in world order.
    pub fn defs(&self) -> impl Iterator<Item = &CarDef> {
        self.cars.iter().map(|(_, d, _, _)| d)
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
        crate::ai::recovery::STUCK_AFTER_S,
        p.x,
        p.y
    );
    world.teleport_car(
        index,
        Vec3::new(p.x, y, p.y),
        glam::Quat::from_rotation_y(t.x.atan2(t.y)),
    );
}

/// The player's car driven by the AI, timing its laps.
#[derive(Debug, Clone)]
pub struct AiPlayer {
    driver: AiDriver,
    car: CarDef,
    timer: LapTimer,
    watch: StuckWatch,
}

impl AiPlayer {
    /// An AI for the player's `car` along `line`.
    pub fn new(line: &Arc<DrivingLine>, car: &CarDef) -> Self {
        Self {
            driver: AiDriver::new(line.clone(), car, AiSettings::default()),
            car: car.clone(),
            timer: LapTimer::new(),
            watch: StuckWatch::default(),
        }
    }

    /// The player's input for the next tick: the AI's controls, or the reset input (back
    /// to the spawn) once the car has been overturned or stuck for a while.
    pub fn input(&mut self, world: &SimWorld) -> TickInput {
        TickInput {
            control: self
                .driver
                .control(&self.car, world.player_body(), &world.telemetry(0), world.dt_s()),
            reset: self.watch.update(world.player_body(), true, world.dt_s()),
            ..Default::default()
        }
    }

    /// Times laps from the world after a tick; true when one was completed.
    pub fn after_tick(&mut self, world: &SimWorld) -> bool {
        let p = world.player_body().translation();
        self.timer.update(self.driver.line(), Vec2::new(p.x, p.z), world.tick())
    }

    /// Completed laps, in ticks.
    pub fn laps_ticks(&self) -> &[u64] {
        self.timer.laps_ticks()
    }
}

/// A level raced by the AI alone: the player's car driven by an [`AiPlayer`] and the
/// setup's opponents, in a world that keeps no chunk events (nothing draws it). What the
/// soak, the allocation test and `alloc_sites` drive.
pub struct AiRace {
    /// The world.
    pub world: SimWorld,
    /// The AI opponents and their drivers.
    pub opponents: Opponents,
    /// The player's car's AI and lap timer.
    pub player: AiPlayer,
}

impl AiRace {
    /// Sets `setup`'s level up for the AI, at the profile's tick rate (opponents only if
    /// [`super::Setup::add_opponents`] added some). A level with no line for AI cars is an
    /// error.
    pub fn new(root: &ContentRoot, setup: &super::Setup) -> Result<Self, Failure> {
        let line = level_line(root, &setup.level, &setup.car)?;
        let mut world = SimWorld::new(
            &setup.level,
            &setup.car,
            &setup.parked,
            setup.profile.loop_config.tick_rate_hz,
        );
        world.discard_chunk_events();
        let opponents = match &setup.race {
            Some(race) => Opponents::spawn(&mut world, &race.line, &setup.opponents),
            None => Opponents::default(),
        };
        Ok(Self {
            world,
            opponents,
            player: AiPlayer::new(&line.line, &setup.car),
        })
    }

    /// One tick: every AI chooses, the world steps, the lap timer looks. Returns the
    /// player's input (a replay records it).
    pub fn tick(&mut self) -> TickInput {
        let input = self.player.input(&self.world);
        self.opponents.drive(&mut self.world);
        self.world.step(&input);
        self.player.after_tick(&self.world);
        input
    }
}
