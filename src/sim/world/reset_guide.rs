//! Where the reset input may put the player's car, as geometry only: the level's guide line
//! (the track's centre line, else its `ai_line` loop) measured along its length, and its
//! spawns. `reset_place.rs` turns these into a pose by asking the world what is free.
//!
//! Nothing here reads the world; every answer is a pure function of the level and the
//! car's position, so the reset is as deterministic as the rest of the tick.

use crate::content::level::Level;
use glam::{Vec2, Vec3};

/// A place the car may be put, before the world is asked about it: (x, z) and the heading
/// it faces, radians about +Y (0 faces +Z).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct ResetSpot {
    pub(super) xz_m: Vec2,
    pub(super) heading_rad: f32,
}

/// A closed polyline measured along its length.
#[derive(Debug, Clone)]
struct GuideLine {
    points: Vec<Vec2>,
    /// Distance along the loop at each point, m (`start_m[0] = 0`).
    start_m: Vec<f32>,
    length_m: f32,
}

impl GuideLine {
    /// `points` as a closed loop; None for fewer than two points or a loop with no length.
    fn new(points: &[Vec2]) -> Option<GuideLine> {
        if points.len() < 2 {
            return None;
        }
        let mut start_m = Vec::with_capacity(points.len());
        let mut s = 0.0;
        for i in 0..points.len() {
            start_m.push(s);
            s += points[i].distance(points[(i + 1) % points.len()]);
        }
        (s > 0.0).then(|| GuideLine {
            points: points.to_vec(),
            start_m,
            length_m: s,
        })
    }

    /// Distance along the loop of the point on it nearest `p`, m (the first segment wins a
    /// tie, so the answer does not depend on anything but the line and `p`).
    fn project_m(&self, p: Vec2) -> f32 {
        let n = self.points.len();
        let mut best = (f32::INFINITY, 0.0);
        for i in 0..n {
            let (a, b) = (self.points[i], self.points[(i + 1) % n]);
            let ab = b - a;
            let len2 = ab.length_squared();
            let t = if len2 > 0.0 {
                ((p - a).dot(ab) / len2).clamp(0.0, 1.0)
            } else {
                0.0
            };
            let d2 = p.distance_squared(a + ab * t);
            if d2 < best.0 {
                best = (d2, self.start_m[i] + t * len2.sqrt());
            }
        }
        best.1
    }

    /// The point `s_m` along the loop (wrapping both ways) and the unit driving direction
    /// of its segment.
    fn at(&self, s_m: f32) -> (Vec2, Vec2) {
        let s = s_m.rem_euclid(self.length_m);
        // The last segment whose start is at or before s (start_m is increasing).
        let i = self.start_m.partition_point(|&x| x <= s).saturating_sub(1);
        let n = self.points.len();
        let (a, b) = (self.points[i], self.points[(i + 1) % n]);
        let len = a.distance(b);
        let dir = (b - a).normalize_or(Vec2::Y);
        let t = if len > 0.0 { (s - self.start_m[i]) / len } else { 0.0 };
        (a + (b - a) * t.clamp(0.0, 1.0), dir)
    }
}

/// What the reset input chooses from, built once with the world.
#[derive(Debug, Clone)]
pub(super) struct ResetGuide {
    /// The track's centre line, when the level has a track.
    track: Option<GuideLine>,
    /// Spawns, and on a level without a track the `ai_line`'s points, each facing along
    /// its line: the checkpoints of a scenario level.
    points: Vec<ResetSpot>,
}

/// Heading (about +Y, 0 facing +Z) of a direction in (x, z).
pub(super) fn heading_of(dir: Vec2) -> f32 {
    dir.x.atan2(dir.y)
}

impl ResetGuide {
    /// The guide of `level`.
    pub(super) fn new(level: &Level) -> ResetGuide {
        let track = level.track.as_ref().and_then(|t| GuideLine::new(&t.track.centre));
        let mut points: Vec<ResetSpot> = level
            .spawns
            .iter()
            .map(|s| ResetSpot {
                xz_m: Vec2::new(s.position_m.x, s.position_m.z),
                heading_rad: s.heading_rad,
            })
            .collect();
        if track.is_none() {
            if let Some(line) = &level.ai_line {
                let p = &line.points_m;
                for (i, &a) in p.iter().enumerate() {
                    let b = p[(i + 1) % p.len()];
                    if a != b {
                        points.push(ResetSpot {
                            xz_m: a,
                            heading_rad: heading_of(b - a),
                        });
                    }
                }
            }
        }
        ResetGuide { track, points }
    }

    /// The `k`th place to try for a car at `car_m`, nearest first; None when there are no
    /// more. On a track: on the centre line, `first_back_m` behind the car's projection on
    /// it and then `step_back_m` further back each time, facing the racing direction, up
    /// to `max_tries`. Elsewhere: the spawns and checkpoints by distance from the car.
    pub(super) fn spot(&self, car_m: Vec3, k: usize, back: &StepBack) -> Option<ResetSpot> {
        let xz = Vec2::new(car_m.x, car_m.z);
        if let Some(line) = &self.track {
            if k >= back.max_tries {
                return None;
            }
            let s = line.project_m(xz) - back.first_back_m - back.step_back_m * k as f32;
            let (p, dir) = line.at(s);
            return Some(ResetSpot {
                xz_m: p,
                heading_rad: heading_of(dir),
            });
        }
        self.kth_nearest_point(xz, k)
    }

    /// The `k`th nearest of the spawns and checkpoints to `xz` (ties keep level order).
    fn kth_nearest_point(&self, xz: Vec2, k: usize) -> Option<ResetSpot> {
        // Selection by rank without sorting into a new list: a point's rank is how many
        // come before it (nearer, or as near and earlier).
        let d = |s: &ResetSpot| s.xz_m.distance_squared(xz);
        self.points.iter().enumerate().find_map(|(i, s)| {
            let rank = self
                .points
                .iter()
                .enumerate()
                .filter(|(j, o)| d(o) < d(s) || (d(o) == d(s) && *j < i))
                .count();
            (rank == k).then_some(*s)
        })
    }
}

/// How a reset on a track steps back along it.
#[derive(Debug, Clone, Copy)]
pub(super) struct StepBack {
    /// Behind the car's projection on the line for the first try, m.
    pub(super) first_back_m: f32,
    /// Further back for each occupied try, m.
    pub(super) step_back_m: f32,
    /// Tries before giving up (the level's start then).
    pub(super) max_tries: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square() -> GuideLine {
        // A 10 m square driven anticlockwise seen from above in (x, z).
        GuideLine::new(&[
            Vec2::new(0.0, 0.0),
            Vec2::new(10.0, 0.0),
            Vec2::new(10.0, 10.0),
            Vec2::new(0.0, 10.0),
        ])
        .unwrap()
    }

    #[test]
    fn projection_and_point_at_agree_on_a_square() {
        let l = square();
        assert_eq!(l.length_m, 40.0);
        // (4, -3) projects onto the first side at 4 m; (12, 5) onto the second at 15 m.
        assert!((l.project_m(Vec2::new(4.0, -3.0)) - 4.0).abs() < 1e-5);
        assert!((l.project_m(Vec2::new(12.0, 5.0)) - 15.0).abs() < 1e-5);
        let (p, dir) = l.at(15.0);
        assert!(p.distance(Vec2::new(10.0, 5.0)) < 1e-5);
        assert!(dir.distance(Vec2::Y) < 1e-6);
        // Behind the start wraps onto the last side, which runs back toward (0, 0).
        let (p, dir) = l.at(-2.0);
        assert!(p.distance(Vec2::new(0.0, 2.0)) < 1e-5, "{p}");
        assert!(dir.distance(-Vec2::Y) < 1e-6);
    }

    #[test]
    fn heading_faces_the_direction() {
        assert!(heading_of(Vec2::Y).abs() < 1e-6);
        assert!((heading_of(Vec2::X) - std::f32::consts::FRAC_PI_2).abs() < 1e-6);
    }
}
