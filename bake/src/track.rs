//! Closed race tracks: a centre line with a width to each side, in the centre-line CSV
//! format public racetrack databases use (`# x_m,y_m,w_tr_right_m,w_tr_left_m`, one point
//! per line, the loop closing back on the first point).
//!
//! The CSV's (x, y) is a map seen from above, x east and y north; in the world that is
//! (x, z) = (−x, y), so the layout looks the same from above and "right" stays right.

use crate::ContentError;
use glam::Vec2;

/// A closed track.
#[derive(Debug, Clone, PartialEq)]
pub struct Track {
    /// Centre-line points in world (x, z), metres, in driving order.
    pub centre: Vec<Vec2>,
    /// Width from the centre line to the right border, m.
    pub width_right_m: Vec<f32>,
    /// Width from the centre line to the left border, m.
    pub width_left_m: Vec<f32>,
}

/// Fewest points accepted.
pub const MIN_POINTS: usize = 8;

/// Largest coordinate accepted, m: the largest terrain a level may have.
pub const MAX_COORDINATE_M: f64 = 100_000.0;

/// Longest loop accepted, m: more than the longest circuit raced (the Nürburgring's 25 km
/// combined loop). What a track drives is sampled along its length (racing-line laterals
/// every few metres, un-crossed in quadratic time; road geometry): fuzzing found a 120 km
/// loop taking seconds, and a longer one takes minutes, or memory without bound.
pub const MAX_LENGTH_M: f32 = 30_000.0;

/// A point closer than this to the point kept before it is a duplicate and is dropped, m:
/// a zero-length segment has no direction, so the borders and the footprint check against
/// them would be meaningless there. Well under a car's length, and well under the spacing
/// of any circuit database (a few metres), so no shape is lost.
pub const MIN_POINT_SPACING_M: f32 = 0.1;

/// The share of the distance to where neighbouring normals cross that an offset strip
/// may reach ([`Track::outward_reach_m`]): a tenth kept back, so a clamped strip narrows
/// to a sliver at the crossing rather than to a point.
pub const REACH_KEPT: f32 = 0.9;

/// How many line numbers a repair note lists before it says "…".
const LINES_LISTED: usize = 6;

/// A corner of a loop: consecutive points curving one way at least a given curvature.
#[derive(Debug, Clone, PartialEq)]
pub struct Corner {
    /// First point (the turn-in, where braking has ended).
    pub entry: usize,
    /// Points in it, from `entry` on (indices wrap round the loop).
    pub points: usize,
    /// The point of highest |curvature|.
    pub apex: usize,
    /// That curvature, 1/m (positive: a left turn).
    pub peak_curvature_per_m: f32,
}

impl Track {
    /// Parses the centre-line CSV, repairing what can be repaired without guessing (see
    /// [`Track::parse_csv_repairing`]); `file` names it in errors.
    pub fn parse_csv(file: &str, text: &str) -> Result<Track, ContentError> {
        Self::parse_csv_repairing(file, text).map(|(track, _)| track)
    }

    /// Parses the centre-line CSV and says what it repaired, one note per kind: a point
    /// repeating (within [`MIN_POINT_SPACING_M`]) the one before it is dropped, and so is a
    /// last point repeating the first (exported CSVs often close the loop that way; the
    /// loop closes on its own). Anything else wrong — a value that is not a finite number,
    /// a width not above 0, too few points, too long a loop — is refused, naming the file
    /// and the line. A line given clockwise is a track driven clockwise: nothing to repair.
    pub fn parse_csv_repairing(file: &str, text: &str) -> Result<(Track, Vec<String>), ContentError> {
        let mut t = Track {
            centre: Vec::new(),
            width_right_m: Vec::new(),
            width_left_m: Vec::new(),
        };
        // Each kept point's line, and the lines dropped as duplicates.
        let mut lines: Vec<usize> = Vec::new();
        let mut duplicates: Vec<usize> = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let field = format!("line {}", n + 1);
            let values: Vec<f64> = line
                .split(',')
                .map(|v| v.trim().parse::<f64>())
                .collect::<Result<_, _>>()
                .map_err(|e| ContentError::new(file, &field, format!("not a number: {e}")))?;
            if values.len() != 4 {
                return Err(ContentError::new(
                    file,
                    &field,
                    format!(
                        "needs 4 values (x_m, y_m, w_tr_right_m, w_tr_left_m), has {}",
                        values.len()
                    ),
                ));
            }
            if values.iter().any(|v| !v.is_finite()) {
                return Err(ContentError::new(file, &field, "values must be finite"));
            }
            if values[0].abs() > MAX_COORDINATE_M || values[1].abs() > MAX_COORDINATE_M {
                return Err(ContentError::new(
                    file,
                    &field,
                    format!("coordinates must be within ±{MAX_COORDINATE_M} m"),
                ));
            }
            if values[2] <= 0.0 || values[3] <= 0.0 || values[2] > 200.0 || values[3] > 200.0 {
                return Err(ContentError::new(file, &field, "widths must be between 0 and 200 m"));
            }
            let point = Vec2::new(-values[0] as f32, values[1] as f32);
            if t.centre.last().is_some_and(|p| p.distance(point) < MIN_POINT_SPACING_M) {
                duplicates.push(n + 1);
                continue;
            }
            t.centre.push(point);
            t.width_right_m.push(values[2] as f32);
            t.width_left_m.push(values[3] as f32);
            lines.push(n + 1);
        }
        let mut repairs = Vec::new();
        if !duplicates.is_empty() {
            repairs.push(format!(
                "dropped {} point{} within {MIN_POINT_SPACING_M} m of the point before ({})",
                duplicates.len(),
                if duplicates.len() == 1 { "" } else { "s" },
                listed(&duplicates)
            ));
        }
        let mut closing = Vec::new();
        while t.centre.len() > 1 && t.centre[t.centre.len() - 1].distance(t.centre[0]) < MIN_POINT_SPACING_M {
            t.centre.pop();
            t.width_right_m.pop();
            t.width_left_m.pop();
            closing.extend(lines.pop());
        }
        if !closing.is_empty() {
            closing.reverse();
            repairs.push(format!(
                "dropped the last point{}, repeating the first ({}): the loop closes on its own",
                if closing.len() == 1 { "" } else { "s" },
                listed(&closing)
            ));
        }
        if t.centre.len() < MIN_POINTS {
            return Err(ContentError::new(
                file,
                "points",
                format!("a track needs at least {MIN_POINTS} points, has {}", t.centre.len()),
            ));
        }
        let n = t.centre.len();
        let length_m: f32 = (0..n).map(|i| t.centre[i].distance(t.centre[(i + 1) % n])).sum();
        if length_m > MAX_LENGTH_M {
            return Err(ContentError::new(
                file,
                "points",
                format!("the loop is {length_m:.0} m long, longer than {MAX_LENGTH_M} m"),
            ));
        }
        Ok((t, repairs))
    }

    /// The centre-line CSV of this track.
    pub fn to_csv(&self) -> String {
        let mut s = String::from("# x_m,y_m,w_tr_right_m,w_tr_left_m\n");
        for i in 0..self.centre.len() {
            let p = self.centre[i];
            s += &format!(
                "{:.4},{:.4},{:.3},{:.3}\n",
                -p.x, p.y, self.width_right_m[i], self.width_left_m[i]
            );
        }
        s
    }

    /// Number of points.
    pub fn len(&self) -> usize {
        self.centre.len()
    }

    /// Whether the track has no point.
    pub fn is_empty(&self) -> bool {
        self.centre.is_empty()
    }

    /// Point `i`, wrapping around the loop.
    pub fn at(&self, i: isize) -> Vec2 {
        self.centre[i.rem_euclid(self.len() as isize) as usize]
    }

    /// Unit driving direction at point `i` (central difference).
    pub fn tangent(&self, i: usize) -> Vec2 {
        (self.at(i as isize + 1) - self.at(i as isize - 1)).normalize_or(Vec2::Y)
    }

    /// Unit vector to the left of the driving direction at point `i` (world +X is left of
    /// +Z).
    pub fn left(&self, i: usize) -> Vec2 {
        let d = self.tangent(i);
        Vec2::new(d.y, -d.x)
    }

    /// The corners of the loop, tightest first: runs of consecutive points curving one way
    /// at least `min_curvature_per_m` (what the circuit's dressing lays kerbs on, and what
    /// the level select counts when a level does not give its corners).
    pub fn corners_tightest_first(&self, min_curvature_per_m: f32) -> Vec<Corner> {
        let t = self;
        let n = t.len();
        let k: Vec<f32> = (0..n).map(|i| t.curvature(i)).collect();
        let curving = |i: usize| k[i % n].abs() >= min_curvature_per_m;
        // Start scanning at a straight point so no corner is split by the loop's seam.
        let Some(start) = (0..n).find(|&i| !curving(i)) else {
            return vec![];
        };
        let mut out = Vec::new();
        let mut i = start;
        while i < start + n {
            if !curving(i) {
                i += 1;
                continue;
            }
            let sign = k[i % n].signum();
            let entry = i;
            while i < start + n && curving(i) && k[i % n].signum() == sign {
                i += 1;
            }
            let apex = (entry..i)
                .max_by(|&a, &b| k[a % n].abs().total_cmp(&k[b % n].abs()))
                .unwrap_or(entry);
            out.push(Corner {
                entry: entry % n,
                points: i - entry,
                apex: apex % n,
                peak_curvature_per_m: k[apex % n],
            });
        }
        out.sort_by(|a, b| b.peak_curvature_per_m.abs().total_cmp(&a.peak_curvature_per_m.abs()));
        out
    }

    /// How far `p` lies inside the road, m (negative: outside it): the most over every
    /// segment of the loop, measured from the segment with the width of the side `p` is on
    /// interpolated along it. Another part of the lap passing near (a hairpin's other leg,
    /// a crossing) counts as road too, and a point between two centre points is measured
    /// from the segment between them, not from the nearer point.
    pub fn inside_road_m(&self, p: Vec2) -> f32 {
        let n = self.len();
        (0..n)
            .map(|i| {
                let j = (i + 1) % n;
                let (a, b) = (self.centre[i], self.centre[j]);
                let ab = b - a;
                let s = ((p - a).dot(ab) / ab.length_squared().max(1e-9)).clamp(0.0, 1.0);
                // +X is left of +Z: a point left of the way has a negative cross product.
                let (wi, wj) = if ab.perp_dot(p - a) < 0.0 {
                    (self.width_left_m[i], self.width_left_m[j])
                } else {
                    (self.width_right_m[i], self.width_right_m[j])
                };
                wi + (wj - wi) * s - p.distance(a + ab * s)
            })
            .fold(f32::NEG_INFINITY, f32::max)
    }

    /// The left and right borders.
    pub fn borders(&self) -> (Vec<Vec2>, Vec<Vec2>) {
        (0..self.len())
            .map(|i| {
                let l = self.left(i);
                (
                    self.centre[i] + l * self.width_left_m[i],
                    self.centre[i] - l * self.width_right_m[i],
                )
            })
            .unzip()
    }

    /// How far each point of `border` may be pushed away from the road, m, before it meets
    /// a neighbour's pushed the same way: `border` is the left border (`side` 1) or the
    /// right (`side` −1), pushed along `side` × [`Track::left`]. On a corner's inside the
    /// points' normals converge; an offset beyond where two neighbours' cross runs
    /// backwards, and the strip beyond the border folds over itself and over the strip a
    /// few points on (a hairpin's inner kerb). So each point keeps [`REACH_KEPT`] of the
    /// distance to its crossings with both neighbours' normals, and is unbounded
    /// (infinite) where they part or run parallel. With every point of a strip within its
    /// reach, each segment's quad lies inside the triangle its two normals make, and no two
    /// quads overlap: the offsets "clamped where they cross in hairpins" of TORCS'
    /// trackgen.
    pub fn outward_reach_m(&self, border: &[Vec2], side: f32) -> Vec<f32> {
        let n = self.len().min(border.len());
        let mut reach = vec![f32::INFINITY; n];
        for i in 0..n {
            let j = (i + 1) % n;
            let (mi, mj) = (self.left(i) * side, self.left(j) * side);
            let turn = mi.perp_dot(mj);
            if turn.abs() < 1e-6 {
                continue;
            }
            // border[i] + s·mi = border[j] + u·mj, by Cramer's rule.
            let d = border[j] - border[i];
            let s = d.perp_dot(mj) / turn;
            let u = d.perp_dot(mi) / turn;
            if s > 0.0 && u > 0.0 {
                reach[i] = reach[i].min(s * REACH_KEPT);
                reach[j] = reach[j].min(u * REACH_KEPT);
            }
        }
        reach
    }

    /// Signed curvature at point `i` from the Menger curvature of it and its neighbours
    /// (positive turning left), 1/m.
    pub fn curvature(&self, i: usize) -> f32 {
        let (a, b, c) = (self.at(i as isize - 1), self.at(i as isize), self.at(i as isize + 1));
        let cross = (b - a).perp_dot(c - b);
        let denom = (b - a).length() * (c - b).length() * (c - a).length();
        if denom <= 1e-9 {
            0.0
        } else {
            // perp_dot > 0 turns counter-clockwise in (x, z), which in our frame (+X left of
            // +Z) is a right turn: flip so positive means left.
            -2.0 * cross / denom
        }
    }

    /// Length of the closed loop, m.
    pub fn length_m(&self) -> f32 {
        (0..self.len())
            .map(|i| self.at(i as isize).distance(self.at(i as isize + 1)))
            .sum()
    }
}

/// `lines` as a note lists them: `line 4`, `lines 4, 9, 12`, the first few then `…`.
fn listed(lines: &[usize]) -> String {
    let shown: Vec<String> = lines.iter().take(LINES_LISTED).map(|l| l.to_string()).collect();
    format!(
        "line{} {}{}",
        if lines.len() == 1 { "" } else { "s" },
        shown.join(", "),
        if lines.len() > LINES_LISTED { ", …" } else { "" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn circle(r: f32, n: usize) -> Track {
        let centre = (0..n)
            .map(|i| {
                let a = i as f32 / n as f32 * std::f32::consts::TAU;
                Vec2::new(r * a.cos(), r * a.sin())
            })
            .collect();
        Track {
            centre,
            width_right_m: vec![5.0; n],
            width_left_m: vec![6.0; n],
        }
    }

    #[test]
    fn a_circle_has_curvature_one_over_its_radius() {
        let t = circle(100.0, 360);
        for i in 0..t.len() {
            assert!((t.curvature(i).abs() - 0.01).abs() < 1e-4, "{}", t.curvature(i));
        }
        // 2πr, less the chords' shortfall (under 0.01 % at 1° steps).
        assert!((t.length_m() - std::f32::consts::TAU * 100.0).abs() < 0.1);
        let (l, r) = t.borders();
        let radii: Vec<f32> = l.iter().zip(&r).map(|(a, b)| a.length() - b.length()).collect();
        assert!(radii.iter().all(|d| (d.abs() - 11.0).abs() < 1e-3), "{radii:?}");
    }

    /// On a circle every normal passes through the centre: the inside border reaches
    /// `REACH_KEPT` of the way there, the outside one without bound; and on a hairpin's
    /// sharp inside, a strip pushed to its reach runs forward along every segment, where
    /// one pushed the full width folds back.
    #[test]
    fn an_offset_reaches_short_of_where_the_inside_normals_cross() {
        let t = circle(20.0, 64);
        let (l, r) = t.borders();
        // The points run anticlockwise seen from above: a right-hand loop, whose inside
        // is its right border, 20 − 5 m from the centre.
        let inside = t.outward_reach_m(&r, -1.0);
        assert!(
            inside.iter().all(|d| (d - REACH_KEPT * 15.0).abs() < 1e-3),
            "{inside:?}"
        );
        assert!(t.outward_reach_m(&l, 1.0).iter().all(|d| d.is_infinite()));

        // A right-hand hairpin of radius 8 m between two straights, 2 m spacing, 7 m half
        // widths: its inner (right) border stands 1 m from the turn's centre.
        let mut centre: Vec<Vec2> = (0..20).map(|i| Vec2::new(8.0, i as f32 * 2.0)).collect();
        centre.extend((1..12).map(|k| {
            let a = k as f32 / 12.0 * std::f32::consts::PI;
            Vec2::new(8.0 * a.cos(), 38.0 + 8.0 * a.sin())
        }));
        centre.extend((0..20).map(|i| Vec2::new(-8.0, 38.0 - i as f32 * 2.0)));
        let n = centre.len();
        let t = Track {
            centre,
            width_right_m: vec![7.0; n],
            width_left_m: vec![7.0; n],
        };
        let (_, r) = t.borders();
        let reach = t.outward_reach_m(&r, -1.0);
        let runs_forward = |width: f32, clamp: bool| {
            (0..n - 1).all(|i| {
                let push = |k: usize| r[k] - t.left(k) * if clamp { width.min(reach[k]) } else { width };
                (push(i + 1) - push(i)).dot(r[i + 1] - r[i]) > 0.0
            })
        };
        assert!(
            !runs_forward(1.2, false),
            "a 1.2 m kerb should fold 1 m from the centre"
        );
        assert!(runs_forward(1.2, true));
        assert!(runs_forward(14.0, true));
        // The turn's inside is clamped, the straights are not.
        let apex = 25;
        assert!(reach[apex] < 1.0, "{}", reach[apex]);
        assert!(reach[5].is_infinite() && reach[45].is_infinite());
    }

    #[test]
    fn csv_round_trips_and_errors_name_the_line() {
        let t = circle(50.0, 20);
        let back = Track::parse_csv("t.csv", &t.to_csv()).unwrap();
        assert_eq!(back.len(), 20);
        assert!(back.centre.iter().zip(&t.centre).all(|(a, b)| a.distance(*b) < 1e-3));
        let e = Track::parse_csv("t.csv", "# x_m,y_m,w_tr_right_m,w_tr_left_m\n1,2,3\n").unwrap_err();
        assert_eq!(e.field, "line 2");
        let e = Track::parse_csv("t.csv", "1,2,nan,4\n").unwrap_err();
        assert!(e.problem.contains("finite") || e.problem.contains("number"), "{e}");
    }

    /// A database-style CSV of `t` with the first point repeated at the end, and the
    /// fourth point written twice (a near-duplicate 1 cm away).
    fn with_repeats(t: &Track) -> String {
        let csv = t.to_csv();
        let mut rows: Vec<&str> = csv.lines().collect();
        let first = rows[1].to_string();
        let fourth = rows[4].to_string();
        let mut near: Vec<String> = fourth.split(',').map(str::to_string).collect();
        near[0] = format!("{:.4}", near[0].parse::<f64>().unwrap() + 0.01);
        let near = near.join(",");
        rows.insert(5, &near);
        rows.push(&first);
        rows.join("\n") + "\n"
    }

    #[test]
    fn a_repeated_closing_point_and_near_duplicates_are_dropped_and_said() {
        let t = circle(50.0, 20);
        let (back, repairs) = Track::parse_csv_repairing("t.csv", &with_repeats(&t)).unwrap();
        assert_eq!(back.len(), 20, "the 20 distinct points, neither repeat");
        assert!(back.centre.iter().zip(&t.centre).all(|(a, b)| a.distance(*b) < 1e-3));
        assert_eq!(repairs.len(), 2, "{repairs:?}");
        assert!(
            repairs[0].contains("dropped 1 point within") && repairs[0].contains("line 6"),
            "{repairs:?}"
        );
        assert!(
            repairs[1].contains("repeating the first") && repairs[1].contains("line 23"),
            "{repairs:?}"
        );
        // Every segment has a length, so every point has a direction.
        let n = back.len();
        assert!((0..n).all(|i| back.centre[i].distance(back.centre[(i + 1) % n]) >= MIN_POINT_SPACING_M));
        let (clean, none) = Track::parse_csv_repairing("t.csv", &t.to_csv()).unwrap();
        assert_eq!((clean.len(), none.len()), (20, 0), "a clean line is not repaired");
    }

    #[test]
    fn a_line_of_repeats_is_refused_as_too_few_points_and_zero_widths_name_their_line() {
        let one_point = "1,2,3,4\n".repeat(12);
        let e = Track::parse_csv("t.csv", &one_point).unwrap_err();
        assert!(e.problem.contains("at least"), "{e}");
        let e = Track::parse_csv("t.csv", "# header\n1,2,0,4\n").unwrap_err();
        assert_eq!(e.field, "line 2");
        assert!(e.problem.contains("widths"), "{e}");
    }

    #[test]
    fn a_clockwise_line_is_the_same_loop_driven_the_other_way() {
        let t = circle(80.0, 64);
        let reversed = Track {
            centre: t.centre.iter().rev().copied().collect(),
            width_right_m: t.width_left_m.iter().rev().copied().collect(),
            width_left_m: t.width_right_m.iter().rev().copied().collect(),
        };
        let (back, repairs) = Track::parse_csv_repairing("t.csv", &reversed.to_csv()).unwrap();
        assert!(repairs.is_empty());
        assert!((back.length_m() - t.length_m()).abs() < 1e-3);
        // The same borders as a set: left and right swap with the direction.
        let (l, r) = t.borders();
        let (bl, br) = back.borders();
        let near = |a: &[Vec2], p: Vec2| a.iter().any(|q| q.distance(p) < 1e-2);
        assert!(bl.iter().all(|p| near(&r, *p)) && br.iter().all(|p| near(&l, *p)));
        // Curvature changes sign with the direction of travel.
        assert!(t.curvature(0).signum() == -back.curvature(0).signum());
    }
}
