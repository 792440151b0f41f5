//! Where a track's worn band lies (`road_marking`): the AI's racing line as the level's
//! [`WORN_LINE_FILE`] gives it (an offset from the centre line at each point, written by
//! `examples/ship_racelines.rs` from the sedan's shipped line), else the track's
//! minimum-curvature line, found here from the centre line alone (the line of least summed
//! squared curvature inside the road less a margin, the classic first approximation of a
//! racing line: out, in to the apex, out), so any track gets a band. The two differ by
//! 0.6–2.8 m on average over the database's circuits (a minimum-time line brakes later and
//! apexes later than a minimum-curvature one), which is why the shipped circuits carry
//! their AI's line.

use crate::track::Track;
use crate::ContentError;

/// The worn line's file in a level's directory: `# ...` comment lines, then one offset a
/// line, m, for each centre-line point in order (positive to the left).
pub const WORN_LINE_FILE: &str = "racelines/worn_line.csv";

/// How far past the road's border an offset may lie before the file is refused, m
/// (rounding in the file).
const WORN_LINE_SLACK_M: f32 = 0.05;

/// The minimum-curvature line keeps this far inside each border, m: a car's half width
/// and a little, as a driver uses the road.
pub const RACING_LINE_MARGIN_M: f32 = 1.4;
/// Gauss-Seidel sweeps at each level of the coarse-to-fine solve.
const LINE_SWEEPS: usize = 200;
/// Fewest points the coarsest level solves over.
const LINE_COARSEST_POINTS: usize = 24;

/// The offsets in `bytes` (the worn-line file `label`) for `track`: one a point, finite,
/// each on the road. Anything else is refused naming the line, so a worn line written for
/// another version of the track is not laid across the grass.
pub fn parse_worn_line(label: &str, bytes: &[u8], track: &Track) -> Result<Vec<f32>, ContentError> {
    let text = std::str::from_utf8(bytes).map_err(|_| ContentError::new(label, "file", "not UTF-8 text"))?;
    let mut out = Vec::with_capacity(track.len());
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("line {}", n + 1);
        let x: f32 = line
            .parse()
            .map_err(|_| ContentError::new(label, &at, format!("`{line}` is not a number of metres")))?;
        let i = out.len();
        if i >= track.len() {
            return Err(ContentError::new(
                label,
                &at,
                format!(
                    "more offsets than the track's {} points (written for another track?)",
                    track.len()
                ),
            ));
        }
        let (left, right) = (track.width_left_m[i], track.width_right_m[i]);
        if !x.is_finite() || x > left + WORN_LINE_SLACK_M || x < -right - WORN_LINE_SLACK_M {
            return Err(ContentError::new(
                label,
                &at,
                format!("{x} m is off the road at point {i} ({left} m to the left, {right} m to the right)"),
            ));
        }
        out.push(x.clamp(-right, left));
    }
    if out.len() != track.len() {
        return Err(ContentError::new(
            label,
            "file",
            format!("{} offsets for the track's {} points (written for another track? run `cargo run --release --example ship_racelines`)", out.len(), track.len()),
        ));
    }
    Ok(out)
}

/// The worn-line file for `offsets` (what [`parse_worn_line`] reads).
pub fn write_worn_line(offsets: &[f32], source: &str) -> String {
    let mut s = format!(
        "# The worn band's line: its offset from the centre line at each point, m, positive left.\n# Written by `cargo run --release --example ship_racelines` from {source}.\n"
    );
    for x in offsets {
        s.push_str(&format!("{x:.3}\n"));
    }
    s
}

/// Lateral offsets from the centre line (m, positive to the left, one per point) of the
/// minimum-curvature line through `t` keeping `margin_m` inside each border (the centre
/// where the road is narrower than two margins).
///
/// Minimises Σ κ(i)², κ the Menger curvature of each point and its neighbours (a circle's
/// through three points), each point moving along its normal within the road: one Newton
/// step at a time on a point's own three terms, its neighbours held (nonlinear
/// Gauss-Seidel). The squared second difference, the usual quadratic stand-in, is κ²·ds⁴:
/// with the points' count fixed it shrinks with the radius and pulls the line to the
/// inside of every corner. A point's move reaches a corner of k points in about k² sweeps,
/// so it is solved coarse to fine: on every 2^m-th point first, then each level started
/// from the one above it, interpolated.
pub fn min_curvature_offsets(t: &Track, margin_m: f32) -> Vec<f32> {
    let n = t.len();
    let centre: Vec<[f64; 2]> = t.centre.iter().map(|c| [c.x as f64, c.y as f64]).collect();
    let normals: Vec<[f64; 2]> = (0..n).map(|i| t.left(i)).map(|v| [v.x as f64, v.y as f64]).collect();
    let lo: Vec<f64> = (0..n)
        .map(|i| -(t.width_right_m[i] - margin_m).max(0.0) as f64)
        .collect();
    let hi: Vec<f64> = (0..n).map(|i| (t.width_left_m[i] - margin_m).max(0.0) as f64).collect();
    let mut d = vec![0.0f64; n];
    if n < 5 {
        return vec![0.0; n];
    }
    let mut stride = 1;
    while n / (stride * 2) >= LINE_COARSEST_POINTS {
        stride *= 2;
    }
    let at = |i: usize, x: f64| [centre[i][0] + normals[i][0] * x, centre[i][1] + normals[i][1] * x];
    loop {
        let idx: Vec<usize> = (0..n).step_by(stride).collect();
        let m = idx.len() as isize;
        let wrap = |j: isize| idx[j.rem_euclid(m) as usize];
        for _ in 0..LINE_SWEEPS {
            for k in 0..m {
                let i = wrap(k);
                // The three curvatures point i takes part in, with it at offset x.
                let energy = |x: f64, d: &[f64]| {
                    let p = |j: isize| if j == k { at(i, x) } else { at(wrap(j), d[wrap(j)]) };
                    (k - 1..=k + 1)
                        .map(|j| menger(p(j - 1), p(j), p(j + 1)).powi(2))
                        .sum::<f64>()
                };
                let (x, h) = (d[i], LINE_NEWTON_STEP_M);
                let (e0, ep, em) = (energy(x, &d), energy(x + h, &d), energy(x - h, &d));
                let (slope, bend) = ((ep - em) / (2.0 * h), (ep - 2.0 * e0 + em) / (h * h));
                let step = if bend > 0.0 { -slope / bend } else { -slope.signum() * h };
                d[i] = (x + step.clamp(-LINE_MAX_MOVE_M, LINE_MAX_MOVE_M)).clamp(lo[i], hi[i]);
            }
        }
        if stride == 1 {
            return d.iter().map(|x| *x as f32).collect();
        }
        // Start the next level from this one: the points between, interpolated.
        for k in 0..idx.len() {
            let (a, b) = (idx[k], idx[(k + 1) % idx.len()]);
            let gap = (b + n - a) % n;
            for s in 1..gap {
                let f = s as f64 / gap as f64;
                let i = (a + s) % n;
                d[i] = (d[a] + (d[b] - d[a]) * f).clamp(lo[i], hi[i]);
            }
        }
        stride /= 2;
    }
}

/// The Newton step's probe and the most a point moves in one step, m.
const LINE_NEWTON_STEP_M: f64 = 0.02;
const LINE_MAX_MOVE_M: f64 = 1.0;

/// The curvature of the circle through a, b and c, 1/m (0 if they are in a line or two
/// coincide).
fn menger(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> f64 {
    let (ab, bc, ac) = (
        [b[0] - a[0], b[1] - a[1]],
        [c[0] - b[0], c[1] - b[1]],
        [c[0] - a[0], c[1] - a[1]],
    );
    let cross = ab[0] * bc[1] - ab[1] * bc[0];
    let len = |v: [f64; 2]| (v[0] * v[0] + v[1] * v[1]).sqrt();
    let denom = len(ab) * len(bc) * len(ac);
    if denom > 1e-12 {
        2.0 * cross / denom
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;
    use std::f32::consts::TAU;

    /// A closed track through `centre` with `half_m` to each side.
    fn track(centre: Vec<Vec2>, half_m: f32) -> Track {
        let n = centre.len();
        Track {
            centre,
            width_right_m: vec![half_m; n],
            width_left_m: vec![half_m; n],
        }
    }

    #[test]
    fn on_a_ring_the_line_keeps_to_the_outside() {
        // Counter-clockwise seen with x right and z up is a left-hand ring: of the circles
        // the road holds, the widest (its outer edge less the margin) curves least.
        let n = 200;
        let centre = (0..n)
            .map(|i| {
                let a = TAU * i as f32 / n as f32;
                Vec2::new(100.0 * a.cos(), 100.0 * a.sin())
            })
            .collect();
        let t = track(centre, 6.0);
        let turning_left = t.curvature(0) > 0.0;
        let d = min_curvature_offsets(&t, 1.0);
        // Offsets are to the left: the outside of a left turn is to the right.
        let outside = if turning_left { -5.0 } else { 5.0 };
        for (i, x) in d.iter().enumerate() {
            assert!((x - outside).abs() < 0.05, "point {i}: {x} m, expected {outside}");
        }
    }

    #[test]
    fn through_a_corner_the_line_runs_out_in_out() {
        // A 500 m square with rounded corners of 20 m radius, 12 m wide: into each corner
        // from the outside, the apex on the inside, out to the outside again.
        // A turtle: 460 m straights at 5 m steps, each followed by a quarter turn to the
        // left in 8 steps.
        let (mut p, mut heading) = (Vec2::ZERO, 0.0f32);
        let mut centre = Vec::new();
        for _ in 0..4 {
            for _ in 0..92 {
                centre.push(p);
                p += Vec2::from_angle(heading) * 5.0;
            }
            let arc_step = TAU / 4.0 / 8.0;
            for _ in 0..8 {
                centre.push(p);
                // A chord of the 20 m radius arc.
                p += Vec2::from_angle(heading + arc_step * 0.5) * (2.0 * 20.0 * (arc_step * 0.5).sin());
                heading += arc_step;
            }
        }
        let t = track(centre, 6.0);
        let d = min_curvature_offsets(&t, 1.0);
        let apex = (0..t.len())
            .max_by(|&a, &b| t.curvature(a).abs().total_cmp(&t.curvature(b).abs()))
            .expect("points");
        let inside = t.curvature(apex).signum() * 5.0;
        assert!(
            (d[apex] - inside).abs() < 0.5,
            "at the apex the line is {} m from the centre, expected the inside {inside}",
            d[apex]
        );
        // 60 m before and after the corner, the line is on the outside half of the road.
        let before = (apex + t.len() - 16) % t.len();
        let after = (apex + 16) % t.len();
        for i in [before, after] {
            assert!(
                d[i] * inside < -1.0,
                "point {i}: {} m, expected outside (sign {})",
                d[i],
                -inside
            );
        }
    }

    #[test]
    fn a_road_narrower_than_two_margins_keeps_the_centre() {
        let centre = (0..40)
            .map(|i| Vec2::from_angle(TAU * i as f32 / 40.0) * 50.0)
            .collect();
        let d = min_curvature_offsets(&track(centre, 1.0), 1.4);
        assert!(d.iter().all(|x| *x == 0.0), "{d:?}");
    }

    #[test]
    fn a_worn_line_file_reads_back_and_a_wrong_one_is_refused_naming_the_line() {
        let centre = (0..8).map(|i| Vec2::from_angle(TAU * i as f32 / 8.0) * 50.0).collect();
        let t = track(centre, 5.0);
        let offsets = [0.0, 1.5, -2.25, 4.0, -5.0, 5.0, 0.125, -0.5];
        let text = write_worn_line(&offsets, "a test");
        assert_eq!(parse_worn_line("w.csv", text.as_bytes(), &t).unwrap(), offsets);
        let cases = [
            (text.replacen("1.500", "9.000", 1), "line 4", "off the road"),
            (text.replacen("1.500", "NaN", 1), "line 4", "off the road"),
            (text.replacen("1.500", "one", 1), "line 4", "not a number"),
            (text.replacen("-0.500\n", "", 1), "file", "7 offsets for the track's 8"),
            (text.clone() + "0.0\n", "line 11", "more offsets"),
        ];
        for (bad, at, says) in cases {
            let e = parse_worn_line("w.csv", bad.as_bytes(), &t).unwrap_err().to_string();
            assert!(e.contains("w.csv") && e.contains(at) && e.contains(says), "{e}");
        }
    }
}
