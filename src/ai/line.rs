//! A closed line to drive, with the speed to drive it at.

use glam::Vec2;

/// How far around a point the nearest-point search looks, in points either side.
const SEARCH_WINDOW: usize = 40;

/// A closed line in world (x, z), metres, with a target speed per point.
#[derive(Debug, Clone, PartialEq)]
pub struct DrivingLine {
    points: Vec<Vec2>,
    speed_mps: Vec<f32>,
    s_m: Vec<f32>,
    length_m: f32,
}

/// Where a position sits along a [`DrivingLine`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LinePosition {
    /// Index of the segment's first point.
    pub index: usize,
    /// Distance along the line, m, in [0, length).
    pub s_m: f32,
    /// Signed distance from the line, m (positive left of the driving direction).
    pub offset_m: f32,
}

impl DrivingLine {
    /// A line through `points` (closed: the last joins the first) with `speed_mps` at each.
    /// None when fewer than three points, lengths differ, or a value is not finite.
    pub fn new(points: Vec<Vec2>, speed_mps: Vec<f32>) -> Option<DrivingLine> {
        if points.len() < 3
            || points.len() != speed_mps.len()
            || points.iter().any(|p| !p.is_finite())
            || speed_mps.iter().any(|v| !v.is_finite() || *v < 0.0)
        {
            return None;
        }
        let mut s_m = Vec::with_capacity(points.len());
        let mut s = 0.0;
        for i in 0..points.len() {
            s_m.push(s);
            s += points[i].distance(points[(i + 1) % points.len()]);
        }
        if s <= 0.0 {
            return None;
        }
        Some(DrivingLine {
            points,
            speed_mps,
            s_m,
            length_m: s,
        })
    }

    /// Length of the loop, m.
    pub fn length_m(&self) -> f32 {
        self.length_m
    }

    /// Points, world (x, z).
    pub fn points(&self) -> &[Vec2] {
        &self.points
    }

    /// Wraps `s` into [0, length).
    pub fn wrap(&self, s_m: f32) -> f32 {
        s_m.rem_euclid(self.length_m)
    }

    fn segment_at(&self, s_m: f32) -> (usize, f32) {
        let s = self.wrap(s_m);
        // s_m is sorted: binary search for the segment holding s.
        let i = match self.s_m.binary_search_by(|x| x.total_cmp(&s)) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        let n = self.points.len();
        let next_s = if i + 1 < n { self.s_m[i + 1] } else { self.length_m };
        let seg = (next_s - self.s_m[i]).max(1e-6);
        (i, ((s - self.s_m[i]) / seg).clamp(0.0, 1.0))
    }

    /// The point at distance `s_m` along the line.
    pub fn point_at(&self, s_m: f32) -> Vec2 {
        let (i, t) = self.segment_at(s_m);
        self.points[i].lerp(self.points[(i + 1) % self.points.len()], t)
    }

    /// The unit vector to the left of the driving direction at distance `s_m` (the
    /// direction of a positive [`LinePosition::offset_m`]).
    pub fn left_at(&self, s_m: f32) -> Vec2 {
        let (i, _) = self.segment_at(s_m);
        let t = (self.points[(i + 1) % self.points.len()] - self.points[i]).normalize_or(Vec2::Y);
        Vec2::new(t.y, -t.x)
    }

    /// The target speed at distance `s_m`, m/s.
    pub fn speed_at(&self, s_m: f32) -> f32 {
        let (i, t) = self.segment_at(s_m);
        let a = self.speed_mps[i];
        a + (self.speed_mps[(i + 1) % self.points.len()] - a) * t
    }

    /// Locates `p` on the line, searching near `hint` (a previous index) when given, or
    /// everywhere.
    pub fn locate(&self, p: Vec2, hint: Option<usize>) -> LinePosition {
        let n = self.points.len();
        let mut best = (f32::INFINITY, 0usize, 0.0f32);
        let mut consider = |i: usize| {
            let a = self.points[i];
            let b = self.points[(i + 1) % n];
            let ab = b - a;
            let t = ((p - a).dot(ab) / ab.length_squared().max(1e-9)).clamp(0.0, 1.0);
            let d = p.distance_squared(a + ab * t);
            if d < best.0 {
                best = (d, i, t);
            }
        };
        match hint {
            Some(h) if n > 2 * SEARCH_WINDOW + 1 => {
                for k in 0..=2 * SEARCH_WINDOW {
                    consider((h + n + k - SEARCH_WINDOW) % n);
                }
            }
            _ => (0..n).for_each(&mut consider),
        }
        let (_, i, t) = best;
        let a = self.points[i];
        let b = self.points[(i + 1) % n];
        let dir = (b - a).normalize_or_zero();
        let to_p = p - (a + (b - a) * t);
        // Left of the driving direction in world (x, z) with Y up: the cross product's sign.
        let offset = dir.x * to_p.y - dir.y * to_p.x;
        let next_s = if i + 1 < n { self.s_m[i + 1] } else { self.length_m };
        LinePosition {
            index: i,
            s_m: self.wrap(self.s_m[i] + (next_s - self.s_m[i]) * t),
            offset_m: -offset,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square() -> DrivingLine {
        // 100 m square, counter-clockwise seen from above (+x, then +z, ...).
        let pts = vec![
            Vec2::new(0.0, 0.0),
            Vec2::new(100.0, 0.0),
            Vec2::new(100.0, 100.0),
            Vec2::new(0.0, 100.0),
        ];
        DrivingLine::new(pts, vec![10.0, 20.0, 30.0, 40.0]).unwrap()
    }

    #[test]
    fn distances_wrap_and_interpolate() {
        let l = square();
        assert_eq!(l.length_m(), 400.0);
        assert_eq!(l.point_at(150.0), Vec2::new(100.0, 50.0));
        assert_eq!(l.point_at(-50.0), Vec2::new(0.0, 50.0));
        assert_eq!(l.speed_at(50.0), 15.0);
        assert_eq!(l.speed_at(350.0), 25.0, "last segment blends back to the first point");
    }

    #[test]
    fn locate_finds_distance_and_side() {
        let l = square();
        let p = l.locate(Vec2::new(30.0, 2.0), None);
        assert_eq!(p.index, 0);
        assert!((p.s_m - 30.0).abs() < 1e-4);
        // Driving +x with Y up, +z is to the right (x × z = −y): offset negative = right.
        assert!((p.offset_m + 2.0).abs() < 1e-4, "{p:?}");
        let left = l.point_at(30.0) + l.left_at(30.0) * 1.5;
        assert!(
            (l.locate(left, None).offset_m - 1.5).abs() < 1e-4,
            "left_at points left"
        );
        let hinted = l.locate(Vec2::new(101.0, 60.0), Some(1));
        assert!((hinted.s_m - 160.0).abs() < 1e-4);
    }

    #[test]
    fn bad_lines_are_refused() {
        assert!(DrivingLine::new(vec![Vec2::ZERO; 2], vec![1.0; 2]).is_none());
        assert!(DrivingLine::new(vec![Vec2::ZERO, Vec2::X, Vec2::Y], vec![1.0, f32::NAN, 1.0]).is_none());
    }
}
