//! A track's borders as the game measures a car against them: the track's own centre line
//! (as its file gives it, not smoothed) offset by its widths, interpolated linearly along
//! each segment; the borders `app::TrackBorders` checks a car's footprint against
//! ([`past_border_m`] is that check's measure). The laterals are cut from a smoothed copy
//! of the track ([`super::Laterals::from_track`]): at a hairpin whose centre line turns
//! 20–35° between two points 5 m apart, the smoothed borders stand up to 0.4 m off these,
//! so [`keep_margin_inside`] narrows the laterals until every line across them keeps its
//! margin inside these borders too.
//!
//! If a line still runs a car past a border where the check says so, compare the
//! laterals' usable ends with [`TrackEdges::past_m`] (examples/pace_probe.rs prints
//! where along the lap the footprint went out).

use crate::content::track::Track;
use glam::Vec2;

/// Segments either side of a point's first guess searched for its nearest: ±40 m of a
/// centre line with points 5 m apart, more than a lateral's reach from its centre point.
const SEARCH_SEGMENTS: usize = 8;
/// Points per side of a quad measured (its start included, its end the next side's start):
/// 0.3 m apart on a 5 m side, so a shortfall peaks at most a few millimetres between them
/// (measured on a hexagon's kinks; 8 points let it rise 5 mm).
const SIDE_SAMPLES: usize = 16;
/// Rounds of narrowing before giving up (a track narrower than the car never satisfies it).
const ROUNDS: usize = 32;
/// How far short of the margin a measured point may stay, m: not worth narrowing a line
/// for. The chord between two laterals 1.6 m apart on a 45 m curve sags 0.7 cm, and a
/// centre line of 200 points round a 50 m circle stands up to 1.2 cm inside it; the
/// shortfalls this is for, at the real circuits' hairpins, are 10–40 cm, and the
/// clearance beside the car's half width ([`super::EDGE_CLEARANCE_M`]) covers this.
const TOLERANCE_M: f32 = 0.02;

/// How far `p` is past the border on its side of segment `i` of the closed centre line
/// `points` (widths `width_left_m`, `width_right_m` at each point), whose nearest point to
/// `p` lies `t` along it (0 its start, 1 its end), m (negative: inside). The border is
/// the segment offset by the width interpolated linearly along it: a straight stretch of
/// road whose width changes from A to B is a trapezoid, as `skidpad-bake` builds the road
/// strip between the border points. Where `t` is clamped to an end the point lies in the
/// wedge outside a corner, nearest the centre line's point itself: there its distance
/// from that point is how far across the road it is (the baked border's corner lies that
/// point's width along its bisector), not the part of it square to one segment.
pub fn past_border_m(points: &[Vec2], width_left_m: &[f32], width_right_m: &[f32], p: Vec2, i: usize, t: f32) -> f32 {
    let j = if i + 1 < points.len() { i + 1 } else { 0 };
    let (a, b) = (points[i], points[j]);
    let dir = (b - a).normalize_or_zero();
    let to_p = p - (a + (b - a) * t);
    // Left of the driving direction (world +x is left of +z), as `DrivingLine::locate`.
    let left_m = -(dir.x * to_p.y - dir.y * to_p.x);
    let across_m = if t > 0.0 && t < 1.0 {
        left_m.abs()
    } else {
        to_p.length()
    };
    let widths = if left_m >= 0.0 { width_left_m } else { width_right_m };
    across_m - (widths[i] + (widths[j] - widths[i]) * t)
}

/// The parameter (0 to 1) of the point of segment `a`–`b` nearest `p`.
pub fn nearest_on_segment(a: Vec2, b: Vec2, p: Vec2) -> f32 {
    let ab = b - a;
    ((p - a).dot(ab) / ab.length_squared().max(1e-9)).clamp(0.0, 1.0)
}

/// A track's centre line and widths as its file gives them.
#[derive(Debug, Clone)]
pub struct TrackEdges {
    points: Vec<Vec2>,
    width_left_m: Vec<f32>,
    width_right_m: Vec<f32>,
}

impl TrackEdges {
    /// The borders of `track`.
    pub fn new(track: &Track) -> Self {
        Self {
            points: track.centre.clone(),
            width_left_m: track.width_left_m.clone(),
            width_right_m: track.width_right_m.clone(),
        }
    }

    /// The segment nearest `p` of the whole centre line (the first on a tie).
    pub fn nearest_segment(&self, p: Vec2) -> usize {
        self.nearest_among(p, 0..self.points.len())
    }

    fn nearest_among(&self, p: Vec2, segments: impl Iterator<Item = usize>) -> usize {
        let n = self.points.len();
        let mut best = (f32::INFINITY, 0);
        for i in segments {
            let i = i % n;
            let (a, b) = (self.points[i], self.points[(i + 1) % n]);
            let d = p.distance_squared(a.lerp(b, nearest_on_segment(a, b, p)));
            if d < best.0 {
                best = (d, i);
            }
        }
        best.1
    }

    /// How far `p` is past the border on its side, m (negative: inside), its segment the
    /// nearest within [`SEARCH_SEGMENTS`] of `near` (so a point on one leg of a hairpin is
    /// never measured against the other), and that segment.
    pub fn past_m(&self, p: Vec2, near: usize) -> (f32, usize) {
        let n = self.points.len();
        let i = self.nearest_among(p, (0..=2 * SEARCH_SEGMENTS).map(|k| near + n * 2 + k - SEARCH_SEGMENTS));
        let (a, b) = (self.points[i], self.points[(i + 1) % n]);
        let t = nearest_on_segment(a, b, p);
        (
            past_border_m(&self.points, &self.width_left_m, &self.width_right_m, p, i, t),
            i,
        )
    }
}

/// Narrows usable laterals (each `span[i]`: its left and right ends as signed positions
/// along `dir[i]` from `centre[i]`) until every side of every quad between neighbours (the
/// segment from one lateral's end to the next's on the same side) keeps `margin_m` inside
/// `edges`' borders, to [`TOLERANCE_M`]. A quad is convex (the caller makes it so after),
/// so any line across the laterals runs inside its quads and keeps the margin too,
/// between its points as well as at them: the chord of a tight apex sags toward the
/// inside border. A side whose point `f` along it (0 to 1) is short of the margin by `e`
/// has its ends drawn in by the least movement that moves that point by `e` (by
/// `e·(1 − f)/((1 − f)² + f²)` and `e·f/((1 − f)² + f²)`: all of it at an end, `e` each
/// midway); a lateral whose ends would pass each other becomes its midpoint, and one that
/// is a point already (narrower than the car and its margins) stays where it is.
pub(super) fn keep_margin_inside(
    edges: &TrackEdges,
    centre: &[Vec2],
    dir: &[Vec2],
    span: &mut [[f32; 2]],
    margin_m: f32,
) {
    let n = centre.len();
    let near: Vec<usize> = centre.iter().map(|c| edges.nearest_segment(*c)).collect();
    let end = |span: &[[f32; 2]], k: usize, side: usize| centre[k] + dir[k] * span[k][side];
    for _ in 0..ROUNDS {
        let mut changed = false;
        for (i, &near_i) in near.iter().enumerate() {
            let j = (i + 1) % n;
            for side in 0..2 {
                let (a, b) = (end(span, i, side), end(span, j, side));
                let (short_m, f) = (0..SIDE_SAMPLES)
                    .map(|k| {
                        let f = k as f32 / SIDE_SAMPLES as f32;
                        (edges.past_m(a.lerp(b, f), near_i).0 + margin_m, f)
                    })
                    .fold((f32::MIN, 0.0), |w, x| if x.0 > w.0 { x } else { w });
                if short_m <= TOLERANCE_M {
                    continue;
                }
                // Inward: to the right from the left end (side 0), to the left from the right.
                let inward = if side == 0 { 1.0 } else { -1.0 };
                let norm = (1.0 - f) * (1.0 - f) + f * f;
                for (k, weight) in [(i, (1.0 - f) / norm), (j, f / norm)] {
                    if weight == 0.0 || span[k][0] >= span[k][1] {
                        continue;
                    }
                    span[k][side] += inward * short_m * weight;
                    if span[k][0] > span[k][1] {
                        let mid = 0.5 * (span[k][0] + span[k][1]);
                        span[k] = [mid, mid];
                    }
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raceline::{LateralOptions, Laterals};

    /// A hexagon 60 m across its corners, points 5 m apart along its sides (the kinks of a
    /// racetrack database's centre line, 60° at each corner), 6 m each side; its width
    /// steps to 4 m on the left for one side.
    fn hexagon() -> Track {
        let corners: Vec<Vec2> = (0..6)
            .map(|k| {
                let a = k as f32 / 6.0 * std::f32::consts::TAU;
                Vec2::new(60.0 * a.cos(), 60.0 * a.sin())
            })
            .collect();
        let mut centre = Vec::new();
        for k in 0..6 {
            for s in 0..12 {
                centre.push(corners[k].lerp(corners[(k + 1) % 6], s as f32 / 12.0));
            }
        }
        let n = centre.len();
        Track {
            width_left_m: (0..n).map(|i| if (24..36).contains(&i) { 4.0 } else { 6.0 }).collect(),
            width_right_m: vec![6.0; n],
            centre,
        }
    }

    #[test]
    fn the_laterals_of_a_smoothed_track_keep_their_margin_inside_the_tracks_own_borders() {
        let track = hexagon();
        let edges = TrackEdges::new(&track);
        let options = LateralOptions {
            spacing_m: 5.0,
            smoothing_m: 6.0,
            edge_margin_m: 1.0,
        };
        let lat = Laterals::from_track("hexagon", &track, &options).unwrap();
        // Every point of every quad's sides: the margin inside, short by the tolerance at most.
        let mut worst = f32::MIN;
        for i in 0..lat.len() {
            let j = (i + 1) % lat.len();
            let near = edges.nearest_segment(lat.centre_m[i]);
            for (a, b) in [(lat.left_m[i], lat.left_m[j]), (lat.right_m[i], lat.right_m[j])] {
                for k in 0..64 {
                    worst = worst.max(edges.past_m(a.lerp(b, k as f32 / 64.0), near).0 + 1.0);
                }
            }
        }
        // Measured 4 times as finely as the narrowing samples them (16 points a side, 0.3 m
        // apart): between its samples a side's shortfall rises by a millimetre or two.
        assert!(worst <= TOLERANCE_M + 0.005, "short of the margin by {worst} m");
        // Without the narrowing, the smoothed track's corners cut the hexagon's: the check fails.
        let loose = Laterals::from_borders("hexagon", &lat.border_left_m, &lat.border_right_m, &options).unwrap();
        let cut = (0..loose.len())
            .map(|i| {
                let near = edges.nearest_segment(loose.centre_m[i]);
                edges
                    .past_m(loose.left_m[i], near)
                    .0
                    .max(edges.past_m(loose.right_m[i], near).0)
                    + 1.0
            })
            .fold(f32::MIN, f32::max);
        assert!(cut > 0.1, "the smoothed corners stood only {cut} m off");
    }
}
