//! Path relinking: one line made of the best stretches of several searched lines.
//!
//! Independent searches of one track (the GA from different seeds, each refined) end in
//! different local optima: on Montreal with the sedan half its width from the borders,
//! seeds 1–3 were 1.81–2.01 % faster than the minimum-curvature line. They differ corner by corner — one run found the
//! better line through the hairpin, another through the chicane — and a lap is close to a
//! sum over corners, so the best line takes each corner from whichever run drove it best.
//! Relinking (Glover's *path relinking*, as scatter search combines elite solutions) does
//! that deterministically: where a guide line departs from the line being improved by more
//! than a tolerance, the stretch is swapped in whole, blended in and out with the `sin²`
//! ramp of the GA's crossover, and kept when the lap gets faster. Then windows of a few
//! corners down to a part of one ([`WINDOW_LENGTHS`]) move the line to the guide, whole
//! and as a raised cosine, each kept when faster: where two lines differ a little all
//! round, their one stretch is the whole loop. Passes repeat while one gains (a stretch
//! swapped in changes the speeds the next one is entered at).
//!
//! If relinking swaps nothing in on a track, its islands found the same line (a
//! track with one optimum, or a GA too small to leave its seeds), or they differ by less
//! than [`DIFFERS_M`] and the windows' blends cost more than they give.
//!
//! Lap-time or curvature fitness alike: it only compares evaluations.

use super::ga::{EvalScratch, Problem};

/// How far apart two lines must be at a lateral for it to belong to a stretch where they
/// differ, m. Lines from different runs agree to within centimetres where both are pinned
/// to a border or an apex; 5 cm is under a tenth of a car's lateral error.
const DIFFERS_M: f32 = 0.05;
/// Stretches closer than this many laterals merge into one: a corner's entry, apex and
/// exit move together.
const MERGE_GAP: usize = 4;
/// Laterals over which a swapped stretch blends in and out of the line on each side.
const BLEND: usize = 4;
/// Most passes over the stretches per guide line.
const PASSES: usize = 4;
/// Lengths of the windows of the second stage, laterals, each tried every half its
/// length round the loop: where two lines differ a little everywhere, their stretches run
/// over several corners, which then can only be taken together; windows of a corner's
/// size and less take them one at a time.
const WINDOW_LENGTHS: [usize; 4] = [96, 48, 24, 12];

/// What [`relink`] did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Relinked {
    /// The line's fitness after it.
    pub fitness: f32,
    /// Fitness evaluations.
    pub evaluations: usize,
    /// Stretches swapped in.
    pub swapped: usize,
}

/// Improves `line` with stretches of each of `guides` in turn (see the module's
/// description); `line` only ever gets faster (lower fitness). All lines have one value
/// per lateral of `problem`.
pub fn relink(problem: &Problem, line: &mut [f32], guides: &[Vec<f32>]) -> Relinked {
    let n = line.len();
    let width_m: Vec<f32> = (0..n)
        .map(|i| problem.laterals.left_m[i].distance(problem.laterals.right_m[i]))
        .collect();
    let mut scratch = EvalScratch::default();
    let mut done = Relinked {
        fitness: problem.evaluate(line, &mut scratch),
        evaluations: 1,
        swapped: 0,
    };
    let mut trial = line.to_vec();
    for guide in guides.iter().filter(|g| g.len() == n) {
        for _ in 0..PASSES {
            let before = done.swapped;
            for (start, len) in stretches(line, guide, &width_m) {
                let moved = blend_weights(n, start, len);
                try_guide(problem, line, guide, moved, &mut trial, &mut scratch, &mut done);
            }
            for len in WINDOW_LENGTHS {
                let len = len.clamp(1, n);
                for start in (0..n).step_by((len / 2).max(1)) {
                    let moved = blend_weights(n, start, len);
                    try_guide(problem, line, guide, moved, &mut trial, &mut scratch, &mut done);
                    // The same window as a raised cosine: all the way to the guide at its
                    // middle only, a blend of the two lines towards its ends, for
                    // corners where the guide's line whole overshoots.
                    let moved = super::ga::bump_weights(n, start + len / 2, len / 2 + BLEND);
                    try_guide(problem, line, guide, moved, &mut trial, &mut scratch, &mut done);
                }
            }
            if done.swapped == before {
                break;
            }
        }
    }
    done
}

/// Moves `line` towards `guide` by `weights` (lateral, share of the way) into `trial`,
/// and keeps it when faster.
fn try_guide(
    problem: &Problem,
    line: &mut [f32],
    guide: &[f32],
    weights: impl Iterator<Item = (usize, f32)>,
    trial: &mut [f32],
    scratch: &mut EvalScratch,
    done: &mut Relinked,
) {
    trial.copy_from_slice(line);
    let mut changed = false;
    for (i, w) in weights {
        let t = trial[i] + w * (guide[i] - trial[i]);
        changed |= t != trial[i];
        trial[i] = t;
    }
    if !changed {
        return;
    }
    let f = problem.evaluate(trial, scratch);
    done.evaluations += 1;
    if f < done.fitness {
        done.fitness = f;
        done.swapped += 1;
        line.copy_from_slice(trial);
    }
}

/// The stretches where `a` and `b` differ by more than [`DIFFERS_M`] (with `width_m` the
/// laterals' lengths), as (first lateral, laterals), runs closer than [`MERGE_GAP`]
/// merged; round the loop, so a stretch may wrap past the last lateral. The whole loop is
/// one stretch when the lines never agree.
fn stretches(a: &[f32], b: &[f32], width_m: &[f32]) -> Vec<(usize, usize)> {
    let n = a.len();
    let differs = |i: usize| ((a[i] - b[i]) * width_m[i]).abs() > DIFFERS_M;
    let Some(agree) = (0..n).find(|&i| !differs(i)) else {
        return if n > 0 { vec![(0, n)] } else { Vec::new() };
    };
    // Walk once round the loop from a lateral where they agree, so no run is cut in two.
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut current: Option<(usize, usize)> = None;
    for k in 0..n {
        let i = (agree + k) % n;
        match (differs(i), current.as_mut()) {
            (true, Some((_, len))) => *len += 1,
            (true, None) => current = Some((k, 1)),
            (false, Some(_)) => runs.extend(current.take()),
            (false, None) => {}
        }
    }
    runs.extend(current);
    let mut merged: Vec<(usize, usize)> = Vec::new();
    for (k, len) in runs {
        match merged.last_mut() {
            Some((start, l)) if k - (*start + *l) < MERGE_GAP => *l = k + len - *start,
            _ => merged.push((k, len)),
        }
    }
    merged.into_iter().map(|(k, len)| ((agree + k) % n, len)).collect()
}

/// The weight of the guide at each lateral a stretch of `len` from `start` touches: 1 over
/// the stretch, ramping in and out over [`BLEND`] laterals each side as `sin²`, round the
/// loop of `n`.
fn blend_weights(n: usize, start: usize, len: usize) -> impl Iterator<Item = (usize, f32)> {
    let blend = BLEND.min(n.saturating_sub(len) / 2);
    (0..len + 2 * blend).map(move |k| {
        let w = if k < blend {
            ramp((k + 1) as f32 / (blend + 1) as f32)
        } else if k >= blend + len {
            ramp((len + 2 * blend - k) as f32 / (blend + 1) as f32)
        } else {
            1.0
        };
        ((start + n + k - blend) % n, w)
    })
}

/// `sin²(π/2·x)`: 0 at 0, 1 at 1, flat at both ends.
fn ramp(x: f32) -> f32 {
    let s = (std::f32::consts::FRAC_PI_2 * x).sin();
    s * s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raceline::ga::Fitness;
    use crate::raceline::{LateralOptions, Laterals, ProfileCar};
    use glam::Vec2;

    /// A ring of radius 100 m, 12 m wide, cut into laterals 2 m apart.
    fn ring() -> Laterals {
        let n = 400;
        let centre = (0..n)
            .map(|i| {
                let a = i as f32 / n as f32 * std::f32::consts::TAU;
                Vec2::new(100.0 * a.cos(), 100.0 * a.sin())
            })
            .collect();
        let track = crate::content::track::Track {
            centre,
            width_right_m: vec![6.0; n],
            width_left_m: vec![6.0; n],
        };
        let options = LateralOptions {
            spacing_m: 2.0,
            smoothing_m: 0.0,
            edge_margin_m: 0.0,
        };
        Laterals::from_track("ring", &track, &options).unwrap()
    }

    /// Round the middle of the ring but for 100 laterals from `from`, where it weaves
    /// ±2.4 m (starting and ending on the middle, so no step).
    fn weaving(n: usize, from: usize) -> Vec<f32> {
        (0..n)
            .map(|i| {
                let k = (i + n - from) % n;
                if k < 100 {
                    0.5 + 0.2 * (std::f32::consts::PI * 7.0 * k as f32 / 100.0).sin()
                } else {
                    0.5
                }
            })
            .collect()
    }

    #[test]
    fn relinking_takes_each_stretch_from_the_line_that_drives_it_best() {
        // Least curvature: each line runs round the middle of the ring but for a stretch
        // where it weaves, a different one for each; the best line takes the smooth part
        // of each, and is the ring's middle circle all round (Σk²ds = 2π/R), which neither
        // line is.
        let lat = ring();
        let model = ProfileCar::constant(1.0, 9.81, 3.0, 8.0, 50.0);
        let problem = Problem {
            laterals: &lat,
            car: &model,
            fitness: Fitness::Curvature,
        };
        let n = lat.len();
        let mut line = weaving(n, 50);
        let guide = weaving(n, 250);
        let mut scratch = EvalScratch::default();
        let (own, other) = (
            problem.evaluate(&line, &mut scratch),
            problem.evaluate(&guide, &mut scratch),
        );
        let done = relink(&problem, &mut line, std::slice::from_ref(&guide));
        assert!(done.swapped >= 1);
        let circle = problem.evaluate(&vec![0.5; n], &mut scratch);
        assert!((circle - std::f32::consts::TAU / 100.0).abs() < 0.002, "{circle}");
        assert!(own.min(other) > 2.0 * circle, "{own}, {other} vs {circle}");
        assert!(done.fitness < 1.01 * circle, "{} vs {circle}", done.fitness);
        assert_eq!(done.fitness, problem.evaluate(&line, &mut scratch));
        assert!(line.iter().all(|t| (t - 0.5).abs() < 0.01), "{line:?}");
    }

    #[test]
    fn relinking_never_slows_a_line() {
        // A guide weaving wider everywhere, or the line itself, changes nothing.
        let lat = ring();
        let model = ProfileCar::constant(1.0, 9.81, 3.0, 8.0, 50.0);
        let problem = Problem {
            laterals: &lat,
            car: &model,
            fitness: Fitness::Curvature,
        };
        let weave = |amplitude: f32| -> Vec<f32> {
            (0..lat.len())
                .map(|i| 0.5 + amplitude * (i as f32 * 0.7).sin())
                .collect()
        };
        let start = weave(0.1);
        let mut line = start.clone();
        let done = relink(&problem, &mut line, &[weave(0.4), start.clone()]);
        assert_eq!(done.swapped, 0);
        assert_eq!(line, start);
    }

    #[test]
    fn stretches_are_the_runs_where_lines_differ_merged_and_wrapping() {
        let n = 40;
        let width = vec![10.0; n];
        let a = vec![0.5; n];
        let mut b = a.clone();
        // A run at 5..8, another 2 laterals after it (merged), one across the loop's end.
        for i in [5, 6, 7, 10, 11, 38, 39, 0, 1] {
            b[i] = 0.6;
        }
        // 1 mm apart is "the same".
        b[20] = 0.5001;
        let s = stretches(&a, &b, &width);
        assert_eq!(s, vec![(5, 7), (38, 4)]);
        assert_eq!(stretches(&a, &a, &width), vec![]);
        assert_eq!(stretches(&a, &vec![0.9; n], &width), vec![(0, n)]);
    }

    #[test]
    fn blend_weights_hold_the_stretch_and_ramp_smoothly_either_side() {
        let n = 30;
        let w: Vec<(usize, f32)> = blend_weights(n, 28, 4).collect();
        assert_eq!(w.len(), 4 + 2 * BLEND);
        // The stretch 28, 29, 0, 1 is the guide's whole.
        for (i, x) in &w {
            if [28, 29, 0, 1].contains(i) {
                assert_eq!(*x, 1.0);
            } else {
                assert!(*x > 0.0 && *x < 1.0, "{i}: {x}");
            }
        }
        // Rising into it, falling out of it.
        let before: Vec<f32> = w[..BLEND].iter().map(|p| p.1).collect();
        assert!(before.windows(2).all(|p| p[0] < p[1]), "{before:?}");
        assert_eq!(w[0].0, 24);
        assert_eq!(w.last().unwrap().0, 5);
    }
}
