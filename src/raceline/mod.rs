//! Racing lines (the genetic-algorithm racing line of the Circuit Gilles Villeneuve study)
//! as the game's AI uses them at run time: a track cut into laterals, a line as one value
//! per lateral, its speed profile and lap time, the line a level ships and the CSV it is
//! stored in, and the search for a line (`ga`, seeded by `qp_line`) that a level without a
//! shipped line gets at load. `skidpad raceline` (the search on all cores, its report and
//! plots) is a tool: `tools::raceline_search`.
//!
//! - `laterals`: the track as transverse segments that never cross, a margin inside
//!   each border, from a centre line (smoothed, resampled) or two borders.
//! - `grip`, `drag_strip`: the cornering grip and the straight-line acceleration a car
//!   measurably reaches in the simulation, which its speed profile is held to.
//! - `profile`: Menger curvature and the 3-pass speed profile of a car on a closed
//!   line, and its lap time; the minimum-curvature cost.
//! - `qp_line`: the minimum-curvature and shortest-path lines, solved as quadratic
//!   programs (the search's seeds, and the start of a level's own line).
//! - `ga`: the lap-time genetic algorithm; `search`: its seeds, and a level's line searched
//!   at load, cached on disk by the inputs' hash ([`LineCache`]).
//! - `shipped`: the search's lines written offline per level and car
//!   (`levels/NAME/racelines/CAR.line`), checked against the search's key at load.
//! - `level`: the line the AI drives on a level (shipped, searched, or `ai_line`).
//!
//! Everything here works in world (x, z); files a user reads (CSV, plots) are in the map
//! frame of the racetrack databases, x = −world x, y = world z.

// The search's algorithm is a namespace of its own (`ga::run`, its parameters and
// fitness): the tool, the tests and the bench drive it directly.
mod descent;
mod drag_strip;
mod edges;
pub mod ga;
mod geometry;
mod grip;
mod laterals;
mod level;
mod profile;
mod qp_line;
mod refine;
mod relink;
mod search;
mod shipped;

pub use descent::{descend, Descended, DescentParams};
pub use drag_strip::measured_drive;
pub use edges::{nearest_on_segment, past_border_m, TrackEdges};
pub use geometry::{loop_length, self_crossings};
pub use grip::{measured_grip, GripPoint, SKIDPAD_RADII_M};
pub use laterals::{
    edge_margin_m, half_length_m, half_width_m, yawed_half_width_m, LateralOptions, Laterals, EDGE_CLEARANCE_M,
};
pub use level::{level_line, level_line_cached, level_line_reporting, RaceLine, SEARCHED_SOURCE};
pub use profile::{curvature_cost, GradientScratch, ProfileCar, ProfileScratch, GRAVITY_MPS2};
pub use qp_line::{qp_line, LineShape};
pub use refine::{refine, RefineParams, Refined};
pub use relink::{relink, Relinked};
pub use search::{
    line_key, load_time_params, searched_line, searched_line_reporting, seed_lines, LineCache, Searched, CACHE_VERSION,
};
pub use shipped::{offsets_from_centre, shipped_line_path, ShippedLine, SHIPPED_LINES_DIR, SHIPPED_LINE_EXT};

use crate::content::material::MaterialId;
use crate::content::track::Track;
use crate::content::{ContentError, MaterialTable};
use crate::vehicle::CarDef;
use glam::Vec2;

/// The racing line a level ships, beside its `level.toml` (written by
/// `skidpad raceline --out`).
pub const LEVEL_LINE_FILE: &str = "raceline.csv";
/// Header of the racing-line CSV.
pub const LINE_CSV_HEADER: &str = "# x_m,y_m,s_m,curvature_per_m,speed_mps,gear";
/// Fewest points a racing line may have.
pub const MIN_LINE_POINTS: usize = 8;

/// A closed racing line with its speed profile, in world (x, z).
#[derive(Debug, Clone, PartialEq)]
pub struct ProfiledLine {
    /// The line's points, in driving order; the loop closes from the last to the first.
    pub points_m: Vec<Vec2>,
    /// Distance along the line to each point from the first, m.
    pub s_m: Vec<f32>,
    /// Signed curvature at each point (Menger; positive turning left), 1/m.
    pub curvature_per_m: Vec<f32>,
    /// The speed profile, m/s.
    pub speed_mps: Vec<f32>,
    /// The gear for that speed (the one that accelerates best; 1 for arcade cars).
    pub gear: Vec<i8>,
    /// Lap time of a flying lap, s.
    pub lap_time_s: f32,
    /// Length of the closed line, m.
    pub length_m: f32,
}

impl ProfiledLine {
    /// The racing-line CSV, map frame: [`LINE_CSV_HEADER`], then one row per point.
    pub fn to_csv(&self) -> String {
        let mut s = String::from(LINE_CSV_HEADER);
        s.push('\n');
        for i in 0..self.points_m.len() {
            let p = self.points_m[i];
            s += &format!(
                "{:.4},{:.4},{:.3},{:.6},{:.3},{}\n",
                -p.x, p.y, self.s_m[i], self.curvature_per_m[i], self.speed_mps[i], self.gear[i]
            );
        }
        s
    }

    /// Highest speed on the line, m/s.
    pub fn max_speed_mps(&self) -> f32 {
        self.speed_mps.iter().copied().fold(0.0, f32::max)
    }

    /// Lowest speed on the line, m/s.
    pub fn min_speed_mps(&self) -> f32 {
        self.speed_mps.iter().copied().fold(f32::INFINITY, f32::min)
    }
}

fn check_mu(mu: f32) -> Result<(), ContentError> {
    if mu.is_finite() && mu > 0.0 && mu <= 5.0 {
        Ok(())
    } else {
        Err(ContentError::new(
            "raceline",
            "mu",
            format!("must be in (0, 5], got {mu}"),
        ))
    }
}

/// The speed model of `car` on a surface of friction `mu` (the surface's μ; the car's
/// tires multiply it).
pub fn car_model(car: &CarDef, mu: f32) -> Result<ProfileCar, ContentError> {
    check_mu(mu)?;
    Ok(ProfileCar::from_def(car, mu, GRAVITY_MPS2))
}

/// The speed model of `car` on `surface` as the simulation drives it: [`car_model`] with
/// the cornering grip the car measurably holds there ([`measured_grip`]: headless skidpad
/// runs on a slow and a fast circle, once per car and surface) instead of the tires'
/// nominal μ·g, and no more acceleration than it measurably reaches on a straight
/// ([`measured_drive`]: a headless drag-strip run). The profile a level's AI drives and its
/// predicted lap are this model's.
pub fn measured_car_model(
    car: &CarDef,
    materials: &MaterialTable,
    surface: MaterialId,
) -> Result<ProfileCar, ContentError> {
    let model = car_model(car, materials.get(surface).friction)?;
    let nominal_mps2 = model.mu * model.gravity_mps2;
    let [slow, fast] = measured_grip(car, materials, surface, nominal_mps2);
    let held = |p: GripPoint| p.1.is_finite() && p.1 > 0.1 * nominal_mps2;
    if !(held(slow) && held(fast)) {
        return Err(ContentError::new(
            format!("car {}", car.name),
            "grip",
            format!(
                "held only {:.2} and {:.2} m/s² on the skidpad's circles ({SKIDPAD_RADII_M:?} m) on {} (nominal {nominal_mps2:.2}): check its tires and steering (`skidpad validate`)",
                slow.1, fast.1, materials.get(surface).name
            ),
        ));
    }
    // And the acceleration it measurably reaches on a straight (see `drag_strip`).
    let drive = measured_drive(car, materials, surface);
    Ok(model.with_measured_grip(slow, fast).with_measured_drive(drive))
}

/// The centre line of `track` through the speed profile of `car` (fast; no search).
/// `mu` is the road surface's friction (asphalt 1.0). The centre line is the track's,
/// smoothed and resampled as [`Laterals::from_track`] does with the car's defaults.
pub fn centre_line(track: &Track, car: &CarDef, mu: f32) -> Result<ProfiledLine, ContentError> {
    centre_line_with(track, car, &car_model(car, mu)?)
}

/// Reads a racing-line CSV written by `skidpad raceline --out` (map frame x_m,y_m[,...])
/// and profiles it for `car`.
pub fn load_line_csv(file: &str, text: &str, car: &CarDef, mu: f32) -> Result<ProfiledLine, ContentError> {
    let points = parse_line_csv(file, text)?;
    Ok(car_model(car, mu)?.profile(&points))
}

/// The centre line of `track` (as [`centre_line`]) through `model`'s speed profile.
pub fn centre_line_with(track: &Track, car: &CarDef, model: &ProfileCar) -> Result<ProfiledLine, ContentError> {
    let lat = Laterals::from_track("track", track, &LateralOptions::for_car(car))?;
    Ok(model.profile(&lat.points(&lat.centre_t)))
}

/// The points of a racing-line CSV (`x_m,y_m` first on each row, map frame; `#` lines
/// and a first row of column names are skipped; a last point repeating the first is
/// dropped), in world (x, z).
pub fn parse_line_csv(file: &str, text: &str) -> Result<Vec<Vec2>, ContentError> {
    let mut points = Vec::new();
    let mut first_row = true;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let field = format!("line {}", n + 1);
        let mut values = line.split(',').map(|v| v.trim().parse::<f64>());
        let (x, y) = match (values.next(), values.next()) {
            (Some(Ok(x)), Some(Ok(y))) => (x, y),
            _ if first_row && line.starts_with(|c: char| c.is_ascii_alphabetic()) => {
                first_row = false;
                continue;
            }
            _ => return Err(ContentError::new(file, &field, "needs two numbers first: x_m,y_m")),
        };
        first_row = false;
        if !(x.is_finite() && y.is_finite()) {
            return Err(ContentError::new(file, &field, "values must be finite"));
        }
        points.push(Vec2::new(-x as f32, y as f32));
    }
    if points.len() > 1 && points[0].distance(points[points.len() - 1]) < 1e-3 {
        points.pop();
    }
    if points.len() < MIN_LINE_POINTS {
        return Err(ContentError::new(
            file,
            "points",
            format!(
                "a racing line needs at least {MIN_LINE_POINTS} points, has {}",
                points.len()
            ),
        ));
    }
    Ok(points)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::ContentRoot;

    fn sedan() -> CarDef {
        CarDef::load(&ContentRoot::Embedded, "sedan").unwrap()
    }

    #[test]
    fn a_line_round_trips_through_its_csv() {
        let track = Track::parse_csv(
            "t",
            &(0..60)
                .map(|i| {
                    let a = i as f32 / 60.0 * std::f32::consts::TAU;
                    format!("{},{},6,6\n", 80.0 * a.cos(), 50.0 * a.sin())
                })
                .collect::<String>(),
        )
        .unwrap();
        let line = centre_line(&track, &sedan(), 1.0).unwrap();
        let back = load_line_csv("l.csv", &line.to_csv(), &sedan(), 1.0).unwrap();
        assert_eq!(back.points_m.len(), line.points_m.len());
        assert!((back.lap_time_s - line.lap_time_s).abs() < 1e-3 * line.lap_time_s);
        // Map frame: x mirrored.
        let first = line.to_csv().lines().nth(1).unwrap().to_string();
        let x: f32 = first.split(',').next().unwrap().parse().unwrap();
        assert!((x + line.points_m[0].x).abs() < 1e-3);
    }

    #[test]
    fn line_csv_errors_name_the_line() {
        let e = parse_line_csv("l.csv", "# x_m,y_m\n1,2\n3\n").unwrap_err();
        assert_eq!(e.field, "line 3");
        let e = parse_line_csv("l.csv", "x_m,y_m\n1,2\n").unwrap_err();
        assert_eq!(e.field, "points");
        let e = parse_line_csv("l.csv", "1,inf\n").unwrap_err();
        assert!(e.problem.contains("finite") || e.problem.contains("numbers"), "{e}");
        assert!(centre_line(
            &Track::parse_csv(
                "t",
                "0,0,1,1\n1,0,1,1\n2,0,1,1\n3,1,1,1\n4,4,1,1\n2,5,1,1\n0,4,1,1\n-1,2,1,1\n"
            )
            .unwrap(),
            &sedan(),
            f32::NAN
        )
        .is_err());
    }
}
