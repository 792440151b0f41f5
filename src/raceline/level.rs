//! A level's racing line as a car will drive it: the one place that decides which line the
//! AI drives on a level (play, `run`, the soak, the tests and the benches all ask here).

use super::{
    line_key, measured_car_model, parse_line_csv, searched_line_reporting, shipped_line_path, LateralOptions, Laterals,
    LineCache, ProfileCar, ShippedLine, LEVEL_LINE_FILE,
};
use crate::ai::DrivingLine;
use crate::content::{ContentError, ContentRoot, LoadedLevel};
use crate::vehicle::CarDef;
use std::sync::Arc;

/// A level's racing line as a car will drive it.
#[derive(Debug, Clone)]
pub struct RaceLine {
    /// The line and its speeds.
    pub line: Arc<DrivingLine>,
    /// The speed profile's lap time, s.
    pub predicted_lap_s: f32,
    /// Where it came from (a file, [`SEARCHED_SOURCE`], or the level's `ai_line`).
    pub source: String,
}

impl RaceLine {
    /// Ticks an AI-driven run of `laps` timed laps on this line may take before it gives
    /// up, at `tick_rate_hz`: the out-lap and every timed lap three times over at the
    /// predicted lap time, plus two minutes (a car that spun, was put back and rejoined
    /// still finishes; one that cannot does not hold the run for ever).
    pub fn ai_run_ticks(&self, laps: u32, tick_rate_hz: u32) -> u64 {
        let room_s = (f64::from(laps) + 1.0) * f64::from(self.predicted_lap_s) * 3.0 + 120.0;
        (room_s * f64::from(tick_rate_hz)) as u64
    }
}

/// What [`RaceLine::source`] says of the line a level without a shipped one gets.
pub const SEARCHED_SOURCE: &str = "searched line";

/// [`level_line_cached`] with the per-user cache ([`LineCache::per_user`]).
pub fn level_line(root: &ContentRoot, level: &LoadedLevel, car: &CarDef) -> Result<RaceLine, ContentError> {
    level_line_cached(root, level, car, &LineCache::per_user())
}

/// The racing line of `level` for `car`: `levels/NAME/raceline.csv` when the level ships
/// one (`raceline.csv` beside a level loaded by path), else the load-time search's line
/// for the level and car: shipped as `levels/NAME/racelines/CAR.line` (the real circuits'),
/// or searched at load (`search::searched_line`: seconds the first time, read back from
/// `cache` after; never the centre line, which the AI drives 8–10 % slower on a real
/// circuit), either
/// through `car`'s speed profile with the grip it measurably holds on the track's surface
/// ([`super::measured_car_model`]); on a level without a track, its
/// `ai_line` loop at its set speed. An error when it has neither: give the level a track or
/// an `ai_line` (content/levels/README.md).
pub fn level_line_cached(
    root: &ContentRoot,
    level: &LoadedLevel,
    car: &CarDef,
    cache: &LineCache,
) -> Result<RaceLine, ContentError> {
    level_line_reporting(root, level, car, cache, &mut |_| {})
}

/// [`level_line_cached`], telling `on_search` how far a search is (0 to 1, never going
/// back: `search::searched_line_reporting`) when the level has no line and the cache
/// none either; a loading screen shows it. Not called when no search runs.
pub fn level_line_reporting(
    root: &ContentRoot,
    level: &LoadedLevel,
    car: &CarDef,
    cache: &LineCache,
    on_search: &mut dyn FnMut(f32),
) -> Result<RaceLine, ContentError> {
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
    // The friction limit the car holds on the track's surface, measured (see `grip`).
    let model = measured_car_model(car, &l.materials, track.material)?;
    // Beside a level loaded by path (never the content root's level of the same name: its
    // line belongs to another track); else in the content root.
    let shipped = match &level.dir {
        Some(dir) => {
            let path = dir.join(LEVEL_LINE_FILE);
            path.is_file()
                .then(|| crate::content::read_file(&path).map(|b| (b, path.display().to_string())))
                .transpose()?
        }
        None => {
            let rel = format!("levels/{}/{LEVEL_LINE_FILE}", l.name);
            root.read(&rel).ok().map(|b| (b.into_owned(), root.label(&rel)))
        }
    };
    let (profiled, source) = match shipped {
        Some((bytes, label)) => {
            let text = String::from_utf8(bytes).map_err(|_| ContentError::new(&label, "(file)", "not UTF-8 text"))?;
            (model.profile(&parse_line_csv(&label, &text)?), label)
        }
        None => {
            let lat = Laterals::from_track(
                &format!("level {}", l.name),
                &track.track,
                &LateralOptions::for_car(car),
            )?;
            match shipped_search(root, level, car, &lat, &model) {
                Some((ts, label)) => (model.profile(&lat.points(&ts)), label),
                None => {
                    let (ts, _) = searched_line_reporting(&format!("level {}", l.name), &lat, &model, cache, on_search);
                    (model.profile(&lat.points(&ts)), SEARCHED_SOURCE.to_string())
                }
            }
        }
    };
    let line = DrivingLine::new(profiled.points_m.clone(), profiled.speed_mps.clone())
        .ok_or_else(|| ContentError::new(&source, "line", "the racing line has fewer than 3 usable points"))?;
    Ok(RaceLine {
        line: Arc::new(line),
        predicted_lap_s: profiled.lap_time_s,
        source,
    })
}

/// The load-time search's line for `car` as `level` ships it (`racelines/CAR.line`,
/// [`super::shipped`]) with the file's label, when it ships one searched from these very
/// laterals and model. A stale or broken file is logged and passed over (the caller
/// searches), so a designer editing a track never drives a line meant for the old one.
fn shipped_search(
    root: &ContentRoot,
    level: &LoadedLevel,
    car: &CarDef,
    lat: &Laterals,
    model: &ProfileCar,
) -> Option<(Vec<f32>, String)> {
    let rel = shipped_line_path(&car.name);
    let (bytes, label) = match &level.dir {
        Some(dir) => {
            let path = dir.join(&rel);
            (std::fs::read(&path).ok()?, path.display().to_string())
        }
        None => {
            let rel = format!("levels/{}/{rel}", level.level.name);
            (root.read(&rel).ok()?.into_owned(), root.label(&rel))
        }
    };
    let shipped = match ShippedLine::decode(&bytes) {
        Ok(s) => s,
        Err(e) => {
            log::warn!("{label}: {e}; searching the line instead");
            return None;
        }
    };
    if shipped.key != line_key(lat, model) || shipped.line.len() != lat.len() {
        log::warn!(
            "{label}: searched for another track, car or search than this build's (run `cargo run --release --example ship_racelines`); searching the line instead"
        );
        return None;
    }
    Some((shipped.line, label))
}
