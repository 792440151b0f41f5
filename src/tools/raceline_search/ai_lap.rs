//! The AI's own lap on a racing line, for `raceline --plot`: the level's world stepped
//! headless with the AI at the player's wheel (the same `AiRace` as `run --ai-driver`) on
//! the given line, its speeds from the car's measured grip as the game gives them, and
//! the flying lap (the second timed one) sampled tick by tick: where along the line the
//! car was, how fast, and how far off the line.
//!
//! If the AI never completes two laps (it spins off, or the line leaves the road), the
//! result is an error naming the level and how far it got; the plot is then drawn without
//! the AI's lap.

use crate::ai::DrivingLine;
use crate::app::{AiRace, Race, Setup};
use crate::content::{ContentRoot, PlatformProfile};
use crate::error::Error;
use crate::raceline::measured_car_model;
use glam::Vec2;
use std::sync::Arc;

/// The platform profile the AI's lap runs at (its tick rate; nothing is drawn).
const PROFILE: &str = "desktop";
/// Laps driven: the first from the standing start, the second the flying lap plotted.
const LAPS: usize = 2;
/// Ticks allowed per lap over the predicted lap, as a factor: a lap slower than twice the
/// profile's is a failure to report, not to wait for.
const MAX_LAP_FACTOR: f32 = 2.0;

/// The AI's flying lap, one sample per tick.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AiLap {
    /// Where the car was, world (x, z).
    pub points_m: Vec<Vec2>,
    /// Distance along the line, m.
    pub s_m: Vec<f32>,
    /// Speed, m/s.
    pub speed_mps: Vec<f32>,
    /// Signed distance from the line, m (positive left of the driving direction).
    pub lateral_error_m: Vec<f32>,
    /// The lap's time, s.
    pub lap_time_s: f32,
    /// What the speed profile the AI was given predicts, s.
    pub predicted_lap_s: f32,
    /// That profile (the car's measured grip, as the game gives the AI): distance along
    /// the line, m, and speed, m/s, at each of the line's points.
    pub target_m_mps: Vec<(f32, f32)>,
}

impl AiLap {
    /// Largest lateral error, m.
    pub fn max_lateral_error_m(&self) -> f32 {
        self.lateral_error_m.iter().fold(0.0, |m, e| m.max(e.abs()))
    }

    /// Root-mean-square lateral error, m.
    pub fn rms_lateral_error_m(&self) -> f32 {
        let n = self.lateral_error_m.len().max(1) as f32;
        (self.lateral_error_m.iter().map(|e| e * e).sum::<f32>() / n).sqrt()
    }
}

/// Drives `car` on `level` along `points` (a closed line, world (x, z)) and returns its
/// flying lap.
pub fn drive_ai_lap(root: &ContentRoot, level: &str, car: &str, points: &[Vec2]) -> Result<AiLap, Error> {
    let setup = Setup::load(root, level, car, PlatformProfile::load(PROFILE)?)?;
    let l = &setup.level.level;
    let track = l
        .track
        .as_ref()
        .ok_or_else(|| Error::bad_argument("--plot", format!("level {} has no track for the AI to lap", l.name)))?;
    let model = measured_car_model(&setup.car, &l.materials, track.material)?;
    let profiled = model.profile(points);
    let line = DrivingLine::new(profiled.points_m.clone(), profiled.speed_mps.clone())
        .ok_or_else(|| Error::bad_argument("--plot", "the racing line has fewer than 3 usable points"))?;
    let line = Arc::new(line);
    let mut ai = AiRace::on(Race::headless(&setup), &line, &setup.car);
    let dt = ai.race.world.dt_s();
    let max_ticks = ((LAPS + 1) as f32 * MAX_LAP_FACTOR * profiled.lap_time_s / dt) as u64;
    let mut lap = AiLap {
        predicted_lap_s: profiled.lap_time_s,
        target_m_mps: profiled
            .s_m
            .iter()
            .copied()
            .zip(profiled.speed_mps.iter().copied())
            .collect(),
        ..AiLap::default()
    };
    let mut hint = None;
    for _ in 0..max_ticks {
        ai.tick();
        let done = ai.player.laps_ticks().len();
        if done >= LAPS {
            break;
        }
        if done + 1 == LAPS {
            let body = ai.race.world.player_body();
            let p = Vec2::new(body.translation().x, body.translation().z);
            let here = line.locate(p, hint);
            hint = Some(here.index);
            lap.points_m.push(p);
            lap.s_m.push(here.s_m);
            lap.speed_mps.push(body.linvel().length());
            lap.lateral_error_m.push(here.offset_m);
        }
    }
    let laps = ai.player.laps_ticks();
    if laps.len() < LAPS {
        return Err(Error::runtime(format!(
            "level {}: the AI completed {} of {LAPS} laps on the line in {max_ticks} ticks (spun off, or the line leaves the road?)",
            l.name,
            laps.len()
        )));
    }
    lap.lap_time_s = laps[LAPS - 1] as f32 * dt;
    Ok(lap)
}
