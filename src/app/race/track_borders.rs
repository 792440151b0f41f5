//! How far a car is outside a level's track: its centre and the corners of its footprint
//! measured against the track's centre line and widths (the borders the racing line keeps
//! the car's centre `raceline::edge_margin_m` inside: its footprint yawed 10° plus 0.2 m).
//! `skidpad run` reports both (`max_off_track_m`,
//! `max_footprint_off_track_m`); examples/pace_probe.rs shows where along the lap.
//!
//! If it reports a car off where the car plainly stayed on, check the level's track
//! widths: a border is the centre line offset by its width, interpolated linearly along
//! each segment between the centre line's points (`raceline::past_border_m`, which the
//! racing line's laterals keep their margin by), no kerb or run-off counted.

use crate::ai::DrivingLine;
use crate::content::LoadedLevel;
use crate::raceline::{nearest_on_segment, past_border_m};
use crate::vehicle::CarDef;
use glam::{Vec2, Vec3};
use rapier3d::prelude::RigidBody;

/// A level's track borders and one car's footprint.
#[derive(Debug, Clone)]
pub struct TrackBorders {
    centre: DrivingLine,
    width_left_m: Vec<f32>,
    width_right_m: Vec<f32>,
    /// The footprint's corners in the car's frame (x left, z forward), m.
    corners_m: [Vec2; 4],
    hint: Option<usize>,
}

/// How far a car is past the borders at one moment, m (negative: inside by that much).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PastBorder {
    /// Its centre (of mass: the body's origin).
    pub centre_m: f32,
    /// The worst of its footprint's four corners.
    pub footprint_m: f32,
}

impl TrackBorders {
    /// The borders of `level`'s track for `car`; none on a level without a track.
    pub fn new(level: &LoadedLevel, car: &CarDef) -> Option<Self> {
        let t = &level.level.track.as_ref()?.track;
        let centre = DrivingLine::new(t.centre.clone(), vec![0.0; t.centre.len()])?;
        let (width_m, length_m) = super::footprint_m(car);
        let (x, z) = (0.5 * width_m, 0.5 * length_m);
        Some(Self {
            centre,
            width_left_m: t.width_left_m.clone(),
            width_right_m: t.width_right_m.clone(),
            corners_m: [Vec2::new(x, z), Vec2::new(-x, z), Vec2::new(x, -z), Vec2::new(-x, -z)],
            hint: None,
        })
    }

    /// How far the car whose chassis is `body` is past the borders now. Tracks the car
    /// along the centre line from the last call, so call it as the car moves.
    pub fn past(&mut self, body: &RigidBody) -> PastBorder {
        let p = body.translation();
        // The car moves under a segment a tick: from the last tick's segment the walk takes
        // a step or none; the first call searches the whole line.
        let centre = Vec2::new(p.x, p.z);
        let (centre_m, index) = match self.hint {
            Some(hint) => self.walk_past(centre, hint),
            None => self.point_past(centre, None),
        };
        self.hint = Some(index);
        let footprint_m = self
            .corners_m
            .iter()
            .map(|corner| {
                let c = *body.rotation() * Vec3::new(corner.x, 0.0, corner.y);
                self.walk_past(Vec2::new(p.x + c.x, p.z + c.z), index).0
            })
            .fold(f32::MIN, f32::max);
        PastBorder { centre_m, footprint_m }
    }

    /// How far the point `p` (world x, z) is past the border on its side, m (negative:
    /// inside by that much), its segment of the centre line found by a search of the whole
    /// line: for a line or a point checked once, not a car followed tick by tick ([`Self::past`]).
    pub fn point_past_m(&self, p: Vec2) -> f32 {
        self.point_past(p, None).0
    }

    /// [`Self::point_past`] for a point near segment `index` (a footprint's corner, metres
    /// from the centre's segment; the centre, last tick's), its segment found by walking from
    /// `index` to a nearer neighbour while there is one: that segment or one beside it. A
    /// whole `locate` (81 segments searched) for the centre and each corner was most of a
    /// one-car `skidpad run`'s work outside the tick. If a figure looks wrong where the centre
    /// line folds back within a car's length, compare with `point_past(p, Some(index))`.
    fn walk_past(&self, p: Vec2, index: usize) -> (f32, usize) {
        let points = self.centre.points();
        let n = points.len();
        let segment = |i: usize| (points[i], points[if i + 1 < n { i + 1 } else { 0 }]);
        let nearest = |i: usize| {
            let (a, b) = segment(i);
            let ab = b - a;
            let t = ((p - a).dot(ab) / ab.length_squared().max(1e-9)).clamp(0.0, 1.0);
            (p.distance_squared(a + ab * t), t)
        };
        let (mut i, (mut best_sq, mut t)) = (index % n, nearest(index % n));
        for _ in 0..n {
            let (before, after) = ((i + n - 1) % n, (i + 1) % n);
            let (d_before, d_after) = (nearest(before), nearest(after));
            let (j, d) = if d_before.0 < d_after.0 {
                (before, d_before)
            } else {
                (after, d_after)
            };
            if d.0 >= best_sq {
                break;
            }
            (i, best_sq, t) = (j, d.0, d.1);
        }
        // A tie (a point off a convex corner is as near the end of one segment as the start
        // of the next) goes to the earlier segment, as the search's first-found does.
        for _ in 0..n {
            let before = (i + n - 1) % n;
            let d = nearest(before);
            if d.0 != best_sq {
                break;
            }
            (i, t) = (before, d.1);
        }
        (self.past_at(p, i, t), i)
    }

    /// How far `p` is past the border on its side, m, and the centre line's segment there.
    fn point_past(&self, p: Vec2, hint: Option<usize>) -> (f32, usize) {
        let i = self.centre.locate(p, hint).index;
        let points = self.centre.points();
        // The parameter `locate` found, computed as it computes it (and as `walk_past` does).
        let t = nearest_on_segment(points[i], points[(i + 1) % points.len()], p);
        (self.past_at(p, i, t), i)
    }

    /// How far `p` is past the border on its side of the centre line's segment `i`, whose
    /// nearest point to `p` is `t` along it, m: [`past_border_m`], the measure the racing
    /// line's laterals keep their margin by.
    fn past_at(&self, p: Vec2, i: usize, t: f32) -> f32 {
        past_border_m(self.centre.points(), &self.width_left_m, &self.width_right_m, p, i, t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A closed wiggly loop with uneven segments (2–9 m), 10 m wide each side.
    fn borders() -> TrackBorders {
        let points: Vec<Vec2> = (0..120)
            .map(|k| {
                let a = k as f32 / 120.0 * std::f32::consts::TAU + 0.02 * (k as f32 * 1.7).sin();
                let r = 90.0 + 12.0 * (3.0 * a).sin();
                Vec2::new(r * a.cos(), 0.6 * r * a.sin())
            })
            .collect();
        let n = points.len();
        TrackBorders {
            centre: DrivingLine::new(points, vec![0.0; n]).unwrap(),
            width_left_m: (0..n).map(|i| 5.0 + (i % 7) as f32 * 0.3).collect(),
            width_right_m: (0..n).map(|i| 5.5 + (i % 5) as f32 * 0.2).collect(),
            corners_m: [Vec2::ZERO; 4],
            hint: None,
        }
    }

    /// A rectangle driven from (0, 0) up +z, turning left (to +x) at (0, 100): 100 m by
    /// 60 m, the first side's width growing from 4 m to 6 m on the left and from 3 m to 5 m
    /// on the right, 5 m elsewhere.
    fn widening() -> TrackBorders {
        let points = vec![
            Vec2::new(0.0, 0.0),
            Vec2::new(0.0, 100.0),
            Vec2::new(60.0, 100.0),
            Vec2::new(60.0, 0.0),
        ];
        TrackBorders {
            centre: DrivingLine::new(points, vec![0.0; 4]).unwrap(),
            width_left_m: vec![4.0, 6.0, 5.0, 5.0],
            width_right_m: vec![3.0, 5.0, 5.0, 5.0],
            corners_m: [Vec2::ZERO; 4],
            hint: None,
        }
    }

    /// Both measures of `p` on [`widening`]: the full search's and the walk's from segment 0.
    fn measured(b: &TrackBorders, p: Vec2) -> [f32; 2] {
        [b.point_past(p, None).0, b.walk_past(p, 0).0]
    }

    /// Halfway along a segment whose width goes from A to B, the border is (A + B) / 2 out:
    /// 5 m on the left (4 to 6), 4 m on the right (3 to 5); the segment's start width (4 m,
    /// 3 m) put it 1 m nearer.
    #[test]
    fn the_border_halfway_along_a_widening_segment_is_the_mean_width_out() {
        let b = widening();
        // World +x is left of +z.
        assert_eq!(measured(&b, Vec2::new(5.5, 50.0)), [0.5, 0.5]);
        assert_eq!(measured(&b, Vec2::new(4.5, 50.0)), [-0.5, -0.5]);
        assert_eq!(measured(&b, Vec2::new(-4.5, 50.0)), [0.5, 0.5]);
        // A quarter of the way: 4.5 m on the left.
        assert_eq!(measured(&b, Vec2::new(4.0, 25.0)), [-0.5, -0.5]);
    }

    /// Outside the corner at (0, 100) (the right side of a left turn) the nearest point of
    /// the centre line is the corner itself: a point 6 m from it (3.6 m right, 4.8 m on) is
    /// 1 m past the 5 m border there, though only 3.6 m right of the first side's line.
    #[test]
    fn outside_a_corner_the_distance_from_the_corner_counts() {
        let b = widening();
        let [full, walk] = measured(&b, Vec2::new(-3.6, 104.8));
        assert!((full - 1.0).abs() < 1e-5 && (walk - 1.0).abs() < 1e-5, "{full} {walk}");
        // On the boundary of that wedge, square to the first side from its end, both agree.
        let [full, walk] = measured(&b, Vec2::new(-5.5, 100.0));
        assert!((full - 0.5).abs() < 1e-5 && (walk - 0.5).abs() < 1e-5, "{full} {walk}");
    }

    /// The walk from the centre's segment finds what a full search from it finds, to the
    /// bit, for corners all round a car anywhere on and off the track.
    #[test]
    fn the_walk_agrees_with_the_full_search_from_the_same_segment() {
        let b = borders();
        let mut compared = 0;
        for k in 0..600 {
            let along = b.centre.length_m() * k as f32 / 600.0;
            let side = b.centre.left_at(along) * (-8.0 + 16.0 * ((k * 37) % 100) as f32 / 100.0);
            let car = b.centre.point_at(along) + side;
            let index = b.centre.locate(car, None).index;
            for (dx, dz) in [(1.0, 2.4), (-1.0, 2.4), (1.0, -2.4), (-1.0, -2.4), (2.5, 0.3)] {
                let corner = car + Vec2::new(dx, dz);
                assert_eq!(
                    b.walk_past(corner, index),
                    b.point_past(corner, Some(index)),
                    "corner {corner} of a car at {car}"
                );
                compared += 1;
            }
        }
        assert_eq!(compared, 3000);
    }
}
