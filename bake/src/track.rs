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

impl Track {
    /// Parses the centre-line CSV; `file` names it in errors.
    pub fn parse_csv(file: &str, text: &str) -> Result<Track, ContentError> {
        let mut t = Track {
            centre: Vec::new(),
            width_right_m: Vec::new(),
            width_left_m: Vec::new(),
        };
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
            t.centre.push(Vec2::new(-values[0] as f32, values[1] as f32));
            t.width_right_m.push(values[2] as f32);
            t.width_left_m.push(values[3] as f32);
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
        Ok(t)
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
}
