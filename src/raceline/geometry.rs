//! Plane geometry the racing line needs: the Menger curvature of three points, segment
//! crossings, distances to polylines, arc-length resampling and smoothing of closed loops.
//! Points are `Vec2` in metres; every polyline here is a closed loop.

use glam::Vec2;

/// Signed Menger curvature of the circle through `a`, `b`, `c`, 1/m: `4·area / (|ab|·|bc|·|ca|)`
/// (= 1/R of the circumscribed circle). Positive when the path a → b → c turns left in the
/// world frame (+X left of +Z, as `Track::curvature`), 0 for coincident points.
pub fn menger_curvature(a: Vec2, b: Vec2, c: Vec2) -> f32 {
    menger_curvature_from_lengths(a, b, c, (b - a).length(), (c - b).length())
}

/// [`menger_curvature`] with `|ab|` and `|bc|` already known (the speed profile's inner
/// loop has them as its segment lengths).
#[inline]
pub fn menger_curvature_from_lengths(a: Vec2, b: Vec2, c: Vec2, ab_m: f32, bc_m: f32) -> f32 {
    let denom = ab_m * bc_m * (c - a).length();
    if denom <= 1e-12 {
        0.0
    } else {
        // perp_dot > 0 turns counter-clockwise in (x, z), a right turn in our frame.
        -2.0 * (b - a).perp_dot(c - b) / denom
    }
}

/// Where segments `a0–a1` and `b0–b1` cross: the fractions along each (0..=1), or None
/// when they do not meet (parallel segments count as not crossing).
pub fn segment_crossing(a0: Vec2, a1: Vec2, b0: Vec2, b1: Vec2) -> Option<(f32, f32)> {
    let (da, db) = (a1 - a0, b1 - b0);
    let denom = da.perp_dot(db);
    if denom.abs() <= 1e-12 {
        return None;
    }
    let w = b0 - a0;
    let u = w.perp_dot(db) / denom;
    let v = w.perp_dot(da) / denom;
    ((0.0..=1.0).contains(&u) && (0.0..=1.0).contains(&v)).then_some((u, v))
}

/// Pairs of non-adjacent edges of the closed polyline `points` that cross (edge `i` runs
/// from point `i` to point `i + 1`), first pair first. Edges sharing an end are not tested.
pub fn self_crossings(points: &[Vec2]) -> Vec<(usize, usize)> {
    let n = points.len();
    let edge = |i: usize| (points[i], points[(i + 1) % n]);
    let (lo, hi): (Vec<Vec2>, Vec<Vec2>) = (0..n)
        .map(|i| {
            let (a, b) = edge(i);
            (a.min(b), a.max(b))
        })
        .unzip();
    let mut out = Vec::new();
    for i in 0..n {
        for j in i + 2..n {
            if i == 0 && j == n - 1 {
                continue;
            }
            if lo[i].cmpgt(hi[j]).any() || lo[j].cmpgt(hi[i]).any() {
                continue;
            }
            let ((a0, a1), (b0, b1)) = (edge(i), edge(j));
            if segment_crossing(a0, a1, b0, b1).is_some() {
                out.push((i, j));
            }
        }
    }
    out
}

/// Distance from `p` to the segment `a–b`, m.
pub fn distance_to_segment(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    let d = b - a;
    let len2 = d.length_squared();
    let t = if len2 > 0.0 {
        ((p - a).dot(d) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    p.distance(a + d * t)
}

/// Distance from `p` to the closed polyline `poly`, m.
pub fn distance_to_loop(p: Vec2, poly: &[Vec2]) -> f32 {
    let n = poly.len();
    (0..n)
        .map(|i| distance_to_segment(p, poly[i], poly[(i + 1) % n]))
        .fold(f32::INFINITY, f32::min)
}

/// Length of the closed polyline, m.
pub fn loop_length(points: &[Vec2]) -> f32 {
    let n = points.len();
    (0..n).map(|i| points[i].distance(points[(i + 1) % n])).sum()
}

/// `count` points evenly spaced by arc length along the closed polyline `points`, starting
/// at its first point, each with the per-point `values` (e.g. widths) interpolated linearly.
pub fn resample_loop<const K: usize>(points: &[Vec2], values: &[[f32; K]], count: usize) -> (Vec<Vec2>, Vec<[f32; K]>) {
    let n = points.len();
    let lengths: Vec<f32> = (0..n).map(|i| points[i].distance(points[(i + 1) % n])).collect();
    resample_loop_by(points, values, &lengths, count)
}

/// [`resample_loop`] evenly in another measure of length: `lengths[i]` is how long the
/// segment from point `i` to point `i + 1` counts.
pub fn resample_loop_by<const K: usize>(
    points: &[Vec2],
    values: &[[f32; K]],
    lengths: &[f32],
    count: usize,
) -> (Vec<Vec2>, Vec<[f32; K]>) {
    let n = points.len();
    let total: f32 = lengths.iter().sum();
    let step = total / count as f32;
    let mut out_p = Vec::with_capacity(count);
    let mut out_v = Vec::with_capacity(count);
    let (mut seg, mut seg_start) = (0usize, 0.0f32);
    for k in 0..count {
        let target = k as f32 * step;
        while seg_start + lengths[seg] < target && seg + 1 < n {
            seg_start += lengths[seg];
            seg += 1;
        }
        let len = lengths[seg];
        let t = if len > 0.0 {
            ((target - seg_start) / len).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let next = (seg + 1) % n;
        out_p.push(points[seg].lerp(points[next], t));
        let mut v = [0.0; K];
        for (j, x) in v.iter_mut().enumerate() {
            *x = values[seg][j] + (values[next][j] - values[seg][j]) * t;
        }
        out_v.push(v);
    }
    (out_p, out_v)
}

/// Gaussian smoothing of evenly spaced samples around a loop (σ in samples), applied by
/// "twicing" (`2·G(x) − G(G(x))`): kinks a few samples long go, while a smooth bend keeps
/// its radius (a plain Gaussian would pull every corner towards its centre by about
/// σ²/2R; twicing leaves an error of order σ⁴/R³).
pub fn smooth_loop<T>(samples: &[T], sigma: f32) -> Vec<T>
where
    T: Copy + std::ops::Add<Output = T> + std::ops::Sub<Output = T> + std::ops::Mul<f32, Output = T>,
{
    if sigma <= 0.0 || samples.len() < 3 {
        return samples.to_vec();
    }
    let once = gaussian_loop(samples, sigma);
    let twice = gaussian_loop(&once, sigma);
    once.iter().zip(&twice).map(|(a, b)| *a * 2.0 - *b).collect()
}

fn gaussian_loop<T>(samples: &[T], sigma: f32) -> Vec<T>
where
    T: Copy + std::ops::Add<Output = T> + std::ops::Mul<f32, Output = T>,
{
    let n = samples.len();
    let reach = ((3.0 * sigma).ceil() as usize).min((n - 1) / 2);
    let weights: Vec<f32> = (0..=reach).map(|d| (-0.5 * (d as f32 / sigma).powi(2)).exp()).collect();
    let total: f32 = weights[0] + 2.0 * weights[1..].iter().sum::<f32>();
    // Each weight divided by the total once, not once per sample (the same quotients), and
    // the neighbours' indices wrapped by a comparison rather than a remainder (the same
    // indices): a race's set-up smoothed a lap of laterals with an integer division and a
    // float one per tap, 180 M instructions for the circuit.
    // Four samples are summed side by side: each sum's own additions in the order one
    // alone would make them (the same bits), but four chains of dependent additions in
    // flight instead of one.
    let normalized: Vec<f32> = weights.iter().map(|w| w / total).collect();
    // d ≤ (n − 1) / 2 < n, so one step wraps either index.
    let ahead = |i: usize, d: usize| if i + d < n { i + d } else { i + d - n };
    let behind = |i: usize, d: usize| if i >= d { i - d } else { i + n - d };
    let mut out = Vec::with_capacity(n);
    let mut i = 0;
    while i + 4 <= n {
        let mut acc = [0, 1, 2, 3].map(|k| samples[i + k] * normalized[0]);
        for (d, &w) in normalized.iter().enumerate().skip(1) {
            for (k, a) in acc.iter_mut().enumerate() {
                *a = *a + samples[ahead(i + k, d)] * w + samples[behind(i + k, d)] * w;
            }
        }
        out.extend(acc);
        i += 4;
    }
    for i in i..n {
        let mut acc = samples[i] * normalized[0];
        for (d, &w) in normalized.iter().enumerate().skip(1) {
            acc = acc + samples[ahead(i, d)] * w + samples[behind(i, d)] * w;
        }
        out.push(acc);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn circle(r: f32, n: usize) -> Vec<Vec2> {
        (0..n)
            .map(|i| {
                let a = i as f32 / n as f32 * std::f32::consts::TAU;
                Vec2::new(r * a.cos(), r * a.sin())
            })
            .collect()
    }

    #[test]
    fn menger_curvature_of_a_circle_is_one_over_its_radius_and_signed() {
        let p = circle(25.0, 100);
        // Counter-clockwise in (x, z) is a right turn in the world frame: negative.
        let k = menger_curvature(p[0], p[1], p[2]);
        assert!((k + 0.04).abs() < 1e-5, "{k}");
        assert!((menger_curvature(p[2], p[1], p[0]) - 0.04).abs() < 1e-5);
        assert_eq!(menger_curvature(p[0], p[0], p[1]), 0.0);
    }

    #[test]
    fn crossings_are_found_and_touching_neighbours_are_not() {
        let x = |a: f32, b: f32| Vec2::new(a, b);
        assert!(segment_crossing(x(0., 0.), x(2., 2.), x(0., 2.), x(2., 0.)).is_some());
        assert!(segment_crossing(x(0., 0.), x(1., 0.), x(0., 1.), x(1., 1.)).is_none());
        assert!(self_crossings(&circle(10.0, 50)).is_empty());
        // A figure eight crosses itself once.
        let eight: Vec<Vec2> = (0..80)
            .map(|i| {
                let a = (i as f32 + 0.5) / 80.0 * std::f32::consts::TAU;
                x(a.sin(), (2.0 * a).sin() * 0.5)
            })
            .collect();
        assert_eq!(self_crossings(&eight).len(), 1, "{:?}", self_crossings(&eight));
    }

    #[test]
    fn resampling_spaces_points_evenly_and_interpolates_values() {
        // A square with uneven vertex spacing.
        let sq = [
            Vec2::new(0.0, 0.0),
            Vec2::new(10.0, 0.0),
            Vec2::new(10.0, 10.0),
            Vec2::new(0.0, 10.0),
        ];
        let vals = [[0.0], [10.0], [20.0], [30.0]];
        let (p, v) = resample_loop(&sq, &vals, 8);
        for i in 0..8 {
            assert!((p[i].distance(p[(i + 1) % 8]) - 5.0).abs() < 1e-4);
        }
        assert!((v[1][0] - 5.0).abs() < 1e-4 && (v[7][0] - 15.0).abs() < 1e-4, "{v:?}");
    }

    #[test]
    fn smoothing_removes_kinks_and_keeps_a_bend_s_radius() {
        let mut p = circle(30.0, 300);
        let clean = p.clone();
        for (i, q) in p.iter_mut().enumerate() {
            // ±0.3 m kinks every other sample.
            *q *= 1.0 + if i % 2 == 0 { 0.01 } else { -0.01 };
        }
        let s = smooth_loop(&p, 3.0);
        let worst = s.iter().zip(&clean).map(|(a, b)| a.distance(*b)).fold(0.0, f32::max);
        assert!(worst < 0.01, "{worst}");
    }
}
