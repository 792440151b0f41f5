//! The minimum-time descent: the lap time as a function of every lateral's value, walked
//! downhill with its exact gradient ([`ProfileCar::lap_time_gradient`], the adjoint of the
//! speed profile) by projected L-BFGS inside the box [0, 1]ⁿ (the laterals' usable parts,
//! which keep the car's half width from the borders).
//!
//! Projected L-BFGS (limited-memory BFGS, Nocedal & Wright, *Numerical Optimization*,
//! algorithm 7.4, with the bound-constrained active set of L-BFGS-B reduced to its
//! simplest form): a value at a bound whose gradient pushes it outwards is held there;
//! the others take the two-loop recursion's quasi-Newton direction; the step is cut back
//! (halved) until the projected point lowers the lap time by Armijo's sufficient decrease.
//! The lap time is only piecewise smooth (each speed is a `min()` of its friction limit and
//! what braking and the engine reach), so the curvature pairs a kink would make
//! non-convex are skipped and the memory is dropped when a direction stops going down.
//!
//! The genetic algorithm finds the region; this finds the bottom of it, in all the
//! laterals at once (the pattern polish moves one window at a time and stalls where only
//! a combined move gains). It stops when it has **converged** — the lap improved by less
//! than `epsilon` (relative) over the last `window` iterations — or no step lowers the lap
//! any more, or after `max_gradients`. Deterministic: no random draw, one thread.

use super::{GradientScratch, Laterals, ProfileCar};
use std::collections::VecDeque;

/// The descent's settings.
#[derive(Debug, Clone, PartialEq)]
pub struct DescentParams {
    /// Most gradients (each about three lap-time evaluations) before it stops.
    pub max_gradients: usize,
    /// Curvature pairs L-BFGS keeps.
    pub memory: usize,
    /// Converged: the lap improved by less than `epsilon` over this many iterations.
    pub window: usize,
    /// The relative improvement under which it has converged.
    pub epsilon: f64,
}

impl Default for DescentParams {
    fn default() -> Self {
        Self {
            max_gradients: 4000,
            memory: 12,
            window: 40,
            epsilon: 1e-6,
        }
    }
}

/// What a descent did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Descended {
    /// The lap time of the line it started from, s (f64, [`ProfileCar::lap_time_gradient`]).
    pub start_s: f64,
    /// The lap time of the line it ended on, s (same measure).
    pub end_s: f64,
    /// Iterations (accepted steps).
    pub iterations: usize,
    /// Gradients computed (each one lap-time evaluation and its reverse sweep).
    pub gradients: usize,
}

/// Sufficient decrease of a step (Armijo's constant).
const ARMIJO: f64 = 1e-4;
/// Halvings of a step before it counts as failed.
const MAX_HALVINGS: usize = 30;
/// The first step (and any step after the memory is dropped) moves no value by more than
/// this, as a fraction of its lateral.
const FIRST_STEP: f64 = 0.02;

/// Walks `line` (values in [0, 1], one per lateral of `lat`) down the lap time of `model`;
/// `on_iteration` hears each accepted step's iteration and lap time. The line is only
/// changed to one with a lower lap time.
pub fn descend(
    lat: &Laterals,
    model: &ProfileCar,
    line: &mut [f32],
    params: &DescentParams,
    on_iteration: &mut dyn FnMut(usize, f64),
) -> Descended {
    let n = line.len();
    let mut scratch = GradientScratch::default();
    let mut x: Vec<f64> = line.iter().map(|t| *t as f64).collect();
    let mut g = Vec::with_capacity(n);
    let mut f = model.lap_time_gradient(lat, &x, &mut g, &mut scratch);
    let start_s = f;
    let mut gradients = 1;
    let mut memory: VecDeque<(Vec<f64>, Vec<f64>, f64)> = VecDeque::with_capacity(params.memory);
    let mut history = vec![f];
    let (mut trial, mut trial_g, mut d) = (vec![0.0; n], Vec::with_capacity(n), vec![0.0; n]);
    let mut alphas = vec![0.0; params.memory];
    let mut iterations = 0;
    while gradients < params.max_gradients && f.is_finite() {
        // The free values: those not held at a bound by a gradient pushing outwards.
        let free: Vec<bool> = (0..n)
            .map(|i| !((x[i] <= 0.0 && g[i] > 0.0) || (x[i] >= 1.0 && g[i] < 0.0)))
            .collect();
        let gp: Vec<f64> = (0..n).map(|i| if free[i] { g[i] } else { 0.0 }).collect();
        if gp.iter().all(|v| *v == 0.0) {
            break;
        }
        direction(&gp, &memory, &mut alphas, &mut d);
        for (di, free) in d.iter_mut().zip(&free) {
            if !free {
                *di = 0.0;
            }
        }
        // Not a descent direction (the memory spans a kink), or no memory yet: the
        // projected gradient, scaled to move no value more than FIRST_STEP.
        if dot(&d, &gp) >= 0.0 || memory.is_empty() {
            memory.clear();
            let largest = gp.iter().fold(0.0f64, |m, v| m.max(v.abs()));
            for (di, gi) in d.iter_mut().zip(&gp) {
                *di = -gi * FIRST_STEP / largest;
            }
        }
        // Backtracking along the projected path.
        let mut alpha = 1.0;
        let mut accepted = None;
        for _ in 0..MAX_HALVINGS {
            for ((ti, xi), di) in trial.iter_mut().zip(&x).zip(&d) {
                *ti = (xi + alpha * di).clamp(0.0, 1.0);
            }
            let moved: f64 = (0..n).map(|i| g[i] * (trial[i] - x[i])).sum();
            let ft = model.lap_time_gradient(lat, &trial, &mut trial_g, &mut scratch);
            gradients += 1;
            if ft.is_finite() && ft < f && ft <= f + ARMIJO * moved {
                accepted = Some(ft);
                break;
            }
            if gradients >= params.max_gradients {
                break;
            }
            alpha *= 0.5;
        }
        let Some(ft) = accepted else {
            if memory.is_empty() {
                break;
            }
            // The quasi-Newton direction failed at a kink: start again from the gradient.
            memory.clear();
            continue;
        };
        let s: Vec<f64> = (0..n).map(|i| trial[i] - x[i]).collect();
        let y: Vec<f64> = (0..n).map(|i| trial_g[i] - g[i]).collect();
        let sy = dot(&s, &y);
        // A pair across a kink can have negative curvature: L-BFGS needs sᵀy > 0.
        if sy > 1e-12 * dot(&s, &s).sqrt() * dot(&y, &y).sqrt() && sy > 0.0 {
            if memory.len() == params.memory {
                memory.pop_front();
            }
            memory.push_back((s, y, 1.0 / sy));
        }
        x.copy_from_slice(&trial);
        std::mem::swap(&mut g, &mut trial_g);
        f = ft;
        iterations += 1;
        history.push(f);
        on_iteration(iterations, f);
        if params.window > 0 && history.len() > params.window {
            let then = history[history.len() - 1 - params.window];
            if then - f <= params.epsilon * then {
                break;
            }
        }
    }
    for (t, v) in line.iter_mut().zip(&x) {
        *t = (*v as f32).clamp(0.0, 1.0);
    }
    Descended {
        start_s,
        end_s: f,
        iterations,
        gradients,
    }
}

/// The L-BFGS two-loop recursion: `d = −H·g` with `H` the inverse Hessian estimate from
/// the `memory` pairs (oldest first), scaled by the newest pair's `sᵀy/yᵀy`.
fn direction(g: &[f64], memory: &VecDeque<(Vec<f64>, Vec<f64>, f64)>, alphas: &mut [f64], d: &mut [f64]) {
    d.copy_from_slice(g);
    for (k, (s, y, rho)) in memory.iter().enumerate().rev() {
        let a = rho * dot(s, d);
        alphas[k] = a;
        for (di, yi) in d.iter_mut().zip(y) {
            *di -= a * yi;
        }
    }
    if let Some((_, y, rho)) = memory.back() {
        let gamma = 1.0 / (rho * dot(y, y));
        d.iter_mut().for_each(|v| *v *= gamma);
    }
    for (k, (s, y, rho)) in memory.iter().enumerate() {
        let b = rho * dot(y, d);
        for (di, si) in d.iter_mut().zip(s) {
            *di += si * (alphas[k] - b);
        }
    }
    d.iter_mut().for_each(|v| *v = -*v);
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}
