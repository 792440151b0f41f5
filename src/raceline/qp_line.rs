//! Lines that minimise a quadratic cost of the line's shape, solved exactly: the
//! **minimum-curvature** line (Braghin et al. 2008, "Race driver model"; the
//! minimum-curvature QP of Heilmeier et al. 2019) and the **shortest-path** line (the same
//! authors' quadratic shortest path). Both seed the lap-time search, and the
//! minimum-curvature line is what a level without a shipped racing line starts from.
//!
//! A line is one value `t_i` per lateral (0 left, 1 right): `p_i = L_i + t_i·d_i`,
//! `d_i = R_i − L_i`. The cost sums a finite-difference stencil `c` over the points: for
//! the minimum curvature the second difference `p_{i−1} − 2p_i + p_{i+1}` along the
//! lateral's unit direction `u_i` (the path's normal, near enough; the part along the
//! path is uneven spacing, not turning) over `ds_i²`, squared and times `ds_i` —
//! `Σ (u_i·Δ²p_i)²/ds_i³ ≈ Σk²ds` with `ds_i` the centre line's spacing; for the shortest
//! path `Σ |p_{i+1} − p_i|²`, least for the shortest line. Linear in `t`, so the cost is a convex quadratic `½tᵀHt + bᵀt` with a cyclic
//! band of width 2, minimised under `0 ≤ t ≤ 1` by a primal active set whose every
//! solve is an envelope (skyline) Cholesky: the band's fill-in is only the two rows that
//! close the loop, so a solve is O(n).
//!
//! The second difference is a linearisation: it takes the laterals' spacing as fixed, so
//! its cost is not `Σk²ds` exactly (on a ring it is nearly flat across the width, `R²θ⁴` a
//! point). It is a seed, not the answer: the lap-time search starts from it and moves on.
//!
//! If a line comes out wrong: the laterals' spacing must be near even (it is, by
//! construction), and a result of `None` means the active set did not settle in
//! [`MAX_ACTIVE_SET_ROUNDS`] (never seen; the caller falls back to the best clamped
//! iterate it got, never to the centre line silently).

use super::Laterals;
use glam::DVec2;

/// Rounds of the active set before giving up (each frees or fixes at least one value;
/// tracks need 5–40).
pub const MAX_ACTIVE_SET_ROUNDS: usize = 400;

/// Which shape the line minimises.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineShape {
    /// Least squared curvature (second differences).
    MinimumCurvature,
    /// Least squared segment length (first differences): the shortest path.
    ShortestPath,
}

impl LineShape {
    /// The stencil: offsets from the row's lateral and their coefficients.
    fn stencil(self) -> &'static [(isize, f64)] {
        match self {
            LineShape::MinimumCurvature => &[(-1, 1.0), (0, -2.0), (1, 1.0)],
            LineShape::ShortestPath => &[(0, -1.0), (1, 1.0)],
        }
    }
}

/// The line of `shape` across `lat`: one value per lateral in [0, 1].
pub fn qp_line(lat: &Laterals, shape: LineShape) -> Vec<f32> {
    let n = lat.len();
    let left: Vec<DVec2> = lat.left_m.iter().map(|p| p.as_dvec2()).collect();
    let dir: Vec<DVec2> = lat
        .left_m
        .iter()
        .zip(&lat.right_m)
        .map(|(l, r)| (*r - *l).as_dvec2())
        .collect();
    let centre: Vec<DVec2> = lat.centre_m.iter().map(|p| p.as_dvec2()).collect();
    let at = |i: isize| i.rem_euclid(n as isize) as usize;
    // H as a cyclic band: h[i][2 + k] couples t_i with t_{i+k}, k in −2..=2.
    let mut h = vec![[0.0f64; 5]; n];
    let mut b = vec![0.0f64; n];
    let stencil = shape.stencil();
    for row in 0..n as isize {
        // The row's constant part: the stencil on the left ends.
        let c: DVec2 = stencil.iter().map(|(o, w)| left[at(row + o)] * *w).sum();
        // Curvature is the second difference across the path, over the spacing squared:
        // its component along the row's lateral (the path's normal, near enough), the
        // along-path part (uneven spacing, not turning) left out; weighted by ds so the
        // sum is Σk²ds. The shortest path keeps the whole segment.
        let (axis, weight) = match shape {
            LineShape::MinimumCurvature => {
                let r = at(row);
                let ds = 0.5 * (centre[at(row - 1)].distance(centre[r]) + centre[r].distance(centre[at(row + 1)]));
                let ds = ds.max(1e-3);
                (Some(dir[r].normalize_or_zero()), 1.0 / (ds * ds * ds))
            }
            LineShape::ShortestPath => (None, 1.0),
        };
        let along = |v: DVec2| match axis {
            Some(u) => u * v.dot(u),
            None => v,
        };
        let c = along(c);
        for (oj, wj) in stencil {
            let j = at(row + oj);
            let dj = along(dir[j]);
            b[j] += weight * wj * dj.dot(c);
            for (ok, wk) in stencil {
                let k = at(row + ok);
                h[j][(2 + ok - oj) as usize] += weight * wj * wk * dj.dot(along(dir[k]));
            }
        }
    }
    // A lateral of zero length has no freedom; a whisker of regularisation keeps H
    // positive definite without moving any line measurably.
    let scale = h.iter().map(|r| r[2]).sum::<f64>() / n as f64;
    for r in h.iter_mut() {
        r[2] += 1e-9 * scale.max(1e-12);
    }
    let coupling = |i: usize, j: usize| -> f64 {
        let d = (j as isize - i as isize).rem_euclid(n as isize);
        let k = if d <= 2 { d } else { d - n as isize };
        if (-2..=2).contains(&k) {
            h[i][(2 + k) as usize]
        } else {
            0.0
        }
    };
    let t = active_set(n, &coupling, &b);
    t.into_iter().map(|x| x.clamp(0.0, 1.0) as f32).collect()
}

/// Where a value is held: free, or at a bound.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Hold {
    Free,
    Low,
    High,
}

/// Minimises `½tᵀHt + bᵀt` under `0 ≤ t ≤ 1` (primal active set). The last iterate, clamped,
/// when it does not settle.
fn active_set(n: usize, h: &dyn Fn(usize, usize) -> f64, b: &[f64]) -> Vec<f64> {
    let mut hold = vec![Hold::Free; n];
    let mut t = vec![0.5f64; n];
    for _ in 0..MAX_ACTIVE_SET_ROUNDS {
        let free: Vec<usize> = (0..n).filter(|i| hold[*i] == Hold::Free).collect();
        for (ti, h) in t.iter_mut().zip(&hold) {
            match h {
                Hold::Low => *ti = 0.0,
                Hold::High => *ti = 1.0,
                Hold::Free => {}
            }
        }
        if !free.is_empty() {
            // H_FF t_F = −(b_F + H_FA t_A); couplings reach 2 laterals each way.
            let rhs: Vec<f64> = free
                .iter()
                .map(|&i| {
                    let mut r = -b[i];
                    for k in -2isize..=2 {
                        let j = (i as isize + k).rem_euclid(n as isize) as usize;
                        if hold[j] != Hold::Free {
                            r -= h(i, j) * t[j];
                        }
                    }
                    r
                })
                .collect();
            let solved = envelope_solve(&free, n, h, &rhs);
            for (k, &i) in free.iter().enumerate() {
                t[i] = solved[k];
            }
        }
        // Out of bounds: fix the violators at the bound they crossed.
        let mut changed = false;
        for i in 0..n {
            if hold[i] == Hold::Free && !(0.0..=1.0).contains(&t[i]) {
                hold[i] = if t[i] < 0.0 { Hold::Low } else { Hold::High };
                changed = true;
            }
        }
        if changed {
            continue;
        }
        // In bounds: free the held values whose gradient pulls them inside (the
        // multiplier's sign is wrong), the worst few first.
        let mut pull: Vec<(f64, usize)> = (0..n)
            .filter(|i| hold[*i] != Hold::Free)
            .filter_map(|i| {
                let mut g = b[i];
                for k in -2isize..=2 {
                    let j = (i as isize + k).rem_euclid(n as isize) as usize;
                    g += h(i, j) * t[j];
                }
                // At 0 the cost must not fall as t rises (g ≥ 0); at 1, not as it falls.
                let wrong = if hold[i] == Hold::Low { -g } else { g };
                (wrong > 1e-12 * h(i, i).max(1e-12)).then_some((wrong, i))
            })
            .collect();
        if pull.is_empty() {
            return t;
        }
        pull.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        for (_, i) in pull.iter().take(pull.len().div_ceil(4)) {
            hold[*i] = Hold::Free;
        }
    }
    t
}

/// Solves `H_FF x = rhs` for the free values `free` (sorted) by an envelope Cholesky:
/// each row stored from its first coupled column, which is the row two before it except
/// where the loop closes.
fn envelope_solve(free: &[usize], n: usize, h: &dyn Fn(usize, usize) -> f64, rhs: &[f64]) -> Vec<f64> {
    let m = free.len();
    let near = |a: usize, b: usize| {
        let d = (free[a] as isize - free[b] as isize).rem_euclid(n as isize);
        d <= 2 || d >= n as isize - 2
    };
    let first: Vec<usize> = (0..m).map(|a| (0..=a).find(|&b| near(a, b)).unwrap_or(a)).collect();
    // Rows whose envelope starts early are the few that close the loop.
    let mut l: Vec<Vec<f64>> = (0..m).map(|a| vec![0.0; a - first[a] + 1]).collect();
    for a in 0..m {
        for bcol in first[a]..=a {
            let mut s = if near(a, bcol) { h(free[a], free[bcol]) } else { 0.0 };
            for k in first[a].max(first[bcol])..bcol {
                s -= l[a][k - first[a]] * l[bcol][k - first[bcol]];
            }
            if bcol == a {
                l[a][a - first[a]] = s.max(1e-300).sqrt();
            } else {
                l[a][bcol - first[a]] = s / l[bcol][bcol - first[bcol]];
            }
        }
    }
    let mut y = rhs.to_vec();
    for a in 0..m {
        let mut s = y[a];
        for k in first[a]..a {
            s -= l[a][k - first[a]] * y[k];
        }
        y[a] = s / l[a][a - first[a]];
    }
    for a in (0..m).rev() {
        y[a] /= l[a][a - first[a]];
        let xa = y[a];
        for k in first[a]..a {
            y[k] -= l[a][k - first[a]] * xa;
        }
    }
    y
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::track::Track;
    use crate::raceline::LateralOptions;
    use glam::Vec2;

    fn ring(r: f32, w: f32) -> Laterals {
        let n = 200;
        let centre: Vec<Vec2> = (0..n)
            .map(|i| {
                let a = i as f32 / n as f32 * std::f32::consts::TAU;
                Vec2::new(r * a.cos(), r * a.sin())
            })
            .collect();
        let track = Track {
            centre,
            width_left_m: vec![w; n],
            width_right_m: vec![w; n],
        };
        let options = LateralOptions {
            spacing_m: 3.0,
            smoothing_m: 0.0,
            edge_margin_m: 1.0,
        };
        Laterals::from_track("ring", &track, &options).unwrap()
    }

    #[test]
    fn the_envelope_solve_matches_a_dense_solve_of_a_cyclic_band() {
        // A diagonally dominant cyclic band with the loop-closing couplings, some values
        // held: the solve must satisfy H_FF x = rhs to rounding.
        let n = 12;
        let h = |i: usize, j: usize| {
            let d = (j as isize - i as isize).rem_euclid(n as isize);
            match d {
                0 => 6.0 + i as f64 * 0.1,
                1 | 11 => -1.5,
                2 | 10 => 0.25,
                _ => 0.0,
            }
        };
        let free = [0usize, 1, 3, 4, 5, 7, 8, 10, 11];
        let rhs: Vec<f64> = (0..free.len()).map(|k| (k as f64 * 0.7).sin()).collect();
        let x = envelope_solve(&free, n, &h, &rhs);
        for (a, &i) in free.iter().enumerate() {
            let lhs: f64 = free.iter().enumerate().map(|(b, &j)| h(i, j) * x[b]).sum();
            assert!((lhs - rhs[a]).abs() < 1e-12, "row {a}: {lhs} vs {}", rhs[a]);
        }
    }

    #[test]
    fn on_a_ring_the_shortest_path_is_the_inside_edge() {
        // The shortest closed line round a ring is its inside edge (2πR): the QP's
        // Σ|p_{i+1} − p_i|² on laterals at fixed angles is least there too (∝ R²).
        let lat = ring(60.0, 6.0);
        let radius = |i: usize, t: f32| lat.point(i, t).length();
        let line = qp_line(&lat, LineShape::ShortestPath);
        for (i, t) in line.iter().enumerate() {
            let inner = radius(i, 0.0).min(radius(i, 1.0));
            assert!(
                (radius(i, *t) - inner).abs() < 0.01,
                "{i}: {} vs {inner}",
                radius(i, *t)
            );
        }
    }

    /// The QP's own cost of a line, written out directly: Σ over rows of |Σ stencil·p|²,
    /// for the curvature the component along the row's lateral over ds³.
    fn qp_cost(lat: &Laterals, shape: LineShape, ts: &[f32]) -> f64 {
        let n = lat.len() as isize;
        let p = lat.points(ts);
        let at = |i: isize| i.rem_euclid(n) as usize;
        (0..n)
            .map(|i| {
                let v: DVec2 = shape.stencil().iter().map(|(o, w)| p[at(i + o)].as_dvec2() * *w).sum();
                match shape {
                    LineShape::ShortestPath => v.length_squared(),
                    LineShape::MinimumCurvature => {
                        let c = |k: isize| lat.centre_m[at(k)].as_dvec2();
                        let ds = 0.5 * (c(i - 1).distance(c(i)) + c(i).distance(c(i + 1)));
                        let u = (lat.right_m[at(i)] - lat.left_m[at(i)]).as_dvec2().normalize_or_zero();
                        v.dot(u).powi(2) / ds.powi(3)
                    }
                }
            })
            .sum()
    }

    #[test]
    fn the_qp_line_is_the_constrained_minimum_of_its_cost() {
        // An ellipse-ish track with a wobble, so some laterals are at a bound and some free:
        // no feasible nudge of one value, or of a smooth stretch, lowers the cost.
        let n = 180;
        let centre: Vec<Vec2> = (0..n)
            .map(|i| {
                let a = i as f32 / n as f32 * std::f32::consts::TAU;
                Vec2::new(120.0 * a.cos(), 60.0 * a.sin() + 8.0 * (3.0 * a).sin())
            })
            .collect();
        let track = Track {
            centre,
            width_left_m: vec![5.0; n],
            width_right_m: vec![5.0; n],
        };
        let options = LateralOptions {
            spacing_m: 4.0,
            smoothing_m: 0.0,
            edge_margin_m: 1.0,
        };
        let lat = Laterals::from_track("ellipse", &track, &options).unwrap();
        for shape in [LineShape::MinimumCurvature, LineShape::ShortestPath] {
            let best = qp_line(&lat, shape);
            let cost = qp_cost(&lat, shape, &best);
            let at_bounds = best.iter().filter(|t| **t == 0.0 || **t == 1.0).count();
            assert!(
                at_bounds > 0 && at_bounds < best.len(),
                "{shape:?}: {at_bounds} at bounds"
            );
            for i in (0..best.len()).step_by(7) {
                for d in [-0.05f32, 0.05] {
                    for half in [1usize, 6] {
                        let mut nudged = best.clone();
                        for k in 0..2 * half - 1 {
                            let j = (i + k) % best.len();
                            let w = (std::f32::consts::PI * (k + 1) as f32 / (2 * half) as f32).sin();
                            nudged[j] = (nudged[j] + d * w).clamp(0.0, 1.0);
                        }
                        let c = qp_cost(&lat, shape, &nudged);
                        assert!(c >= cost * (1.0 - 1e-6), "{shape:?} at {i}, {d}, {half}: {c} < {cost}");
                    }
                }
            }
        }
    }
}
