//! The genetic algorithm of the racing-line study on Circuit Gilles Villeneuve, which
//! searches a racing line: one gene per lateral, its value in [0, 1] across the track.
//!
//! Each generation:
//! - **Elitism**: the `elite` best lines pass unchanged.
//! - **Tournament selection**: for each child, `round(parents × selection_pressure)` lines
//!   are drawn at random (with replacement); the `parents` best of them are its parents.
//!   More pressure, fewer weak lines breed.
//! - **Multi-parent crossover**: `parents` transition points are drawn around the loop,
//!   at least `2·smooth + 1` laterals apart; between two transition points the child copies
//!   one parent, and over the `smooth` laterals before each transition point it blends into
//!   the next parent with weight `sin²(π/2·(1 − d/smooth))` (`d` laterals to go), so the
//!   child has no step where its parents change.
//! - **Bump mutation**: while a running draw stays under `mutation_probability` (so on
//!   average that many bumps per child, more than one allowed), a bump at a random lateral
//!   with a half-length drawn in `[min, max]` laterals moves the genes by
//!   `a·sin²(π/2·(1 − |i|/half))`, fading to nothing at its ends. The study pulls the genes
//!   towards a random value instead; on Montreal, moving them by a random amount (small
//!   more often than large) and clamping to [0, 1] found a 2 % faster line for the same
//!   evaluations, as lines reach the edges and fine-tune late. The study's pull draws the
//!   first population: the centre line pulled fully to random values over random stretches.
//!
//! - **Global moves**: while a running draw stays under `global_moves`, a smooth shift of a
//!   long stretch or of the whole loop: a raised-cosine window (the bump's `sin²` shape)
//!   with a half-length drawn log-uniformly from the longest bump to half the loop, or a
//!   low-frequency Fourier mode of the lateral offset: `a·sin(2πk·i/n + φ)` for k in
//!   1..=[`FOURIER_MODES`], or for k = 0 the whole line shifted by `a`. Bumps alone cannot carry a line across the track over more
//!   than a bump's width: a corner's whole approach, apex and exit must move together for
//!   the lap to get faster, and each step of a local bump in between is slower.
//!
//! Fitness (lower is better) is the lap time of the 3-pass speed profile or the
//! minimum-curvature cost ([`Fitness`]). The run is seeded (ChaCha8) and deterministic:
//! every random draw happens in order on one thread, and the evaluations are pure
//! functions of the genes, so however a generation's evaluations are spread ([`run`]: on
//! this thread, as the game searches a level's line at load; the `raceline` tool's
//! `run_parallel`: on rayon's pool) the run gives the same bits. It stops when it has **converged** — the best improved
//! by less than `convergence_epsilon` (relative) over the last `convergence_generations`
//! — or after `generations` at most.

use super::{curvature_cost, Laterals, ProfileCar, ProfileScratch};
use glam::Vec2;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// What the search minimises.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Fitness {
    /// Lap time from the 3-pass speed profile, s.
    LapTime,
    /// Minimum curvature: `Σ k²·ds` ([`curvature_cost`]), 1/m.
    Curvature,
}

/// The algorithm's settings. Lengths are in laterals (5 m each by default).
#[derive(Debug, Clone, PartialEq)]
pub struct GaParams {
    /// Lines per generation.
    pub population: usize,
    /// Most generations to run.
    pub generations: usize,
    /// Converged: the best improved by less than `convergence_epsilon` over this many
    /// generations (0: never stop early).
    pub convergence_generations: usize,
    /// The relative improvement under which the run has converged (1e-4: 0.01 %).
    pub convergence_epsilon: f32,
    /// Parents per child (multi-parent crossover), ≥ 1.
    pub parents: usize,
    /// Tournament size over the number of parents, ≥ 1.
    pub selection_pressure: f32,
    /// Laterals over which a child blends from one parent into the next.
    pub crossover_smooth_laterals: usize,
    /// Mean number of bumps per child.
    pub mutation_probability: f32,
    /// Mean number of global moves (long windows, Fourier modes) per child.
    pub global_moves: f32,
    /// Largest pull of a bump towards its random value, 0..=1.
    pub mutation_strength: f32,
    /// Shortest half-length of a bump, laterals.
    pub mutation_min_semi_length: usize,
    /// Longest half-length of a bump, laterals.
    pub mutation_max_semi_length: usize,
    /// Best lines copied unchanged into the next generation.
    pub elite: usize,
    /// Random seed.
    pub seed: u64,
}

impl Default for GaParams {
    fn default() -> Self {
        Self {
            population: 50,
            generations: 5000,
            convergence_generations: 150,
            convergence_epsilon: 1e-4,
            parents: 3,
            selection_pressure: 3.0,
            crossover_smooth_laterals: 10,
            mutation_probability: 1.0,
            global_moves: 0.5,
            mutation_strength: 0.3,
            mutation_min_semi_length: 3,
            mutation_max_semi_length: 40,
            elite: 2,
            seed: 1,
        }
    }
}

impl GaParams {
    /// Checks the settings; the error names the bad one.
    pub fn check(&self) -> Result<(), (&'static str, String)> {
        let bad = |name, why: &str| Err((name, why.to_string()));
        if self.population < 2 {
            return bad("population", "must be at least 2");
        }
        if self.parents < 1 || self.parents > self.population {
            return bad("parents", "must be between 1 and the population");
        }
        if !(self.selection_pressure.is_finite() && self.selection_pressure >= 1.0) {
            return bad("selection_pressure", "must be at least 1");
        }
        if !(self.mutation_probability.is_finite() && (0.0..=100.0).contains(&self.mutation_probability)) {
            return bad("mutation_probability", "must be between 0 and 100");
        }
        if !(self.global_moves.is_finite() && (0.0..=100.0).contains(&self.global_moves)) {
            return bad("global_moves", "must be between 0 and 100");
        }
        if !(self.convergence_epsilon.is_finite() && (0.0..1.0).contains(&self.convergence_epsilon)) {
            return bad("convergence_epsilon", "must be in [0, 1)");
        }
        if !(self.mutation_strength.is_finite() && (0.0..=1.0).contains(&self.mutation_strength)) {
            return bad("mutation_strength", "must be between 0 and 1");
        }
        if self.mutation_min_semi_length < 1 || self.mutation_max_semi_length < self.mutation_min_semi_length {
            return bad("mutation_semi_length", "needs 1 ≤ min ≤ max");
        }
        if self.elite >= self.population {
            return bad("elite", "must be smaller than the population");
        }
        Ok(())
    }
}

/// What is being optimised: the laterals, the car and the fitness.
#[derive(Debug, Clone, Copy)]
pub struct Problem<'a> {
    /// The track.
    pub laterals: &'a Laterals,
    /// The car, for the lap-time fitness.
    pub car: &'a ProfileCar,
    /// What to minimise.
    pub fitness: Fitness,
}

/// Lines evaluated together by the lap-time fitness ([`ProfileCar::lap_times_s`]).
pub const LANES: usize = 4;

/// Buffers of one evaluation.
#[derive(Debug, Clone, Default)]
pub struct EvalScratch {
    points: [Vec<Vec2>; LANES],
    profile: ProfileScratch,
}

impl Problem<'_> {
    /// Fitness of the line `genes` (lower is better; never NaN).
    pub fn evaluate(&self, genes: &[f32], scratch: &mut EvalScratch) -> f32 {
        let points = &mut scratch.points[0];
        self.laterals.points_into(genes, points);
        let f = match self.fitness {
            Fitness::LapTime => self.car.lap_time_s(points, &mut scratch.profile),
            Fitness::Curvature => curvature_cost(points),
        };
        if f.is_nan() {
            f32::INFINITY
        } else {
            f
        }
    }

    /// Fitness of up to [`LANES`] lines into `out`: the same values as [`Problem::evaluate`]
    /// one by one, faster.
    pub fn evaluate_chunk(&self, lines: &[Vec<f32>], out: &mut [f32], scratch: &mut EvalScratch) {
        if lines.len() != LANES || self.fitness != Fitness::LapTime {
            for (g, f) in lines.iter().zip(out.iter_mut()) {
                *f = self.evaluate(g, scratch);
            }
            return;
        }
        for (g, p) in lines.iter().zip(scratch.points.iter_mut()) {
            self.laterals.points_into(g, p);
        }
        let [a, b, c, d] = &scratch.points;
        let times = self.car.lap_times_s([a, b, c, d], &mut scratch.profile);
        for (t, f) in times.iter().zip(out.iter_mut()) {
            *f = if t.is_nan() { f32::INFINITY } else { *t };
        }
    }

    /// Fitness of every line of `lines` into `out`, on this thread, [`LANES`] at a time.
    pub fn evaluate_all(&self, lines: &[Vec<f32>], out: &mut [f32]) {
        let mut s = EvalScratch::default();
        for (g, f) in lines.chunks(LANES).zip(out.chunks_mut(LANES)) {
            self.evaluate_chunk(g, f, &mut s);
        }
    }
}

/// Where a run is, reported after each generation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// Generations done.
    pub generation: usize,
    /// Best fitness so far.
    pub best: f32,
    /// Lines evaluated so far.
    pub evaluations: usize,
}

/// Why a run stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Stop {
    /// It ran its generations.
    Generations,
    /// The best improved less than the epsilon over the window: converged.
    Converged,
}

/// The outcome of a run.
#[derive(Debug, Clone, PartialEq)]
pub struct GaResult {
    /// The best line's genes.
    pub best: Vec<f32>,
    /// Its fitness.
    pub best_fitness: f32,
    /// Generations run.
    pub generations: usize,
    /// Lines evaluated.
    pub evaluations: usize,
    /// Why it stopped.
    pub stop: Stop,
    /// Best fitness after each generation (index 0: the initial population).
    pub history: Vec<f32>,
}

/// The seeded random source of a run.
struct Rng(ChaCha8Rng);

impl Rng {
    /// Uniform in [0, 1).
    fn unit(&mut self) -> f32 {
        (self.0.next_u32() >> 8) as f32 * (1.0 / 16_777_216.0)
    }

    /// Uniform in 0..n (n > 0).
    fn below(&mut self, n: usize) -> usize {
        ((self.0.next_u64() as u128 * n as u128) >> 64) as usize
    }
}

/// How a generation's lines are evaluated: each line's fitness into `out` as
/// [`Problem::evaluate`] gives it (else the run is not reproducible). [`Problem::evaluate_all`]
/// on this thread; a tool may spread [`Problem::evaluate_chunk`]s over threads.
pub type EvaluateAll<'e> = &'e (dyn Fn(&Problem, &[Vec<f32>], &mut [f32]) + Sync);

/// Runs the search on this thread. `seeds` are lines put into the first population (the
/// centre line is always there); `on_generation` hears about each generation.
pub fn run(
    problem: &Problem,
    params: &GaParams,
    seeds: &[Vec<f32>],
    on_generation: &mut dyn FnMut(&Progress),
) -> GaResult {
    run_with(problem, params, seeds, on_generation, &|p, lines, out| {
        p.evaluate_all(lines, out)
    })
}

/// [`run`] with the generation's evaluations done by `evaluate`.
pub fn run_with(
    problem: &Problem,
    params: &GaParams,
    seeds: &[Vec<f32>],
    on_generation: &mut dyn FnMut(&Progress),
    evaluate: EvaluateAll,
) -> GaResult {
    let n = problem.laterals.len();
    let pop = params.population;
    let mut rng = Rng(ChaCha8Rng::seed_from_u64(params.seed));
    // The first population: the centre line, the seeds, then random smooth lines (the
    // centre line under a few full-strength bumps).
    let mut lines: Vec<Vec<f32>> = Vec::with_capacity(pop);
    lines.push(problem.laterals.centre_t.clone());
    lines.extend(seeds.iter().filter(|s| s.len() == n).take(pop - 1).cloned());
    while lines.len() < pop {
        let mut l = problem.laterals.centre_t.clone();
        for _ in 0..3 + n / 100 {
            pull(&mut l, &mut rng, params, 1.0);
        }
        lines.push(l);
    }
    let mut fitness = vec![0.0f32; pop];
    evaluate(problem, &lines, &mut fitness);
    let mut evaluations = pop;
    let mut order = ranking(&fitness);
    let mut history = vec![fitness[order[0]]];
    let mut next: Vec<Vec<f32>> = lines.clone();
    let mut next_fitness = vec![0.0f32; pop];
    let mut stop = Stop::Generations;
    let mut generation = 0;
    let mut rank = vec![0usize; pop];
    let mut chosen: Vec<usize> = Vec::new();
    while generation < params.generations {
        generation += 1;
        for (r, i) in order.iter().enumerate() {
            rank[*i] = r;
        }
        for e in 0..params.elite {
            next[e].copy_from_slice(&lines[order[e]]);
            next_fitness[e] = fitness[order[e]];
        }
        for child in next.iter_mut().skip(params.elite) {
            tournament(&mut rng, params, &rank, &mut chosen);
            let parents: Vec<&[f32]> = chosen.iter().map(|i| lines[*i].as_slice()).collect();
            crossover(&mut rng, &parents, params.crossover_smooth_laterals, child);
            let mut budget = params.mutation_probability;
            while budget > rng.unit() {
                bump(child, &mut rng, params, params.mutation_strength);
                budget -= 1.0;
            }
            let mut budget = params.global_moves;
            while budget > rng.unit() {
                global_move(child, &mut rng, params);
                budget -= 1.0;
            }
        }
        evaluate(problem, &next[params.elite..], &mut next_fitness[params.elite..]);
        evaluations += pop - params.elite;
        std::mem::swap(&mut lines, &mut next);
        std::mem::swap(&mut fitness, &mut next_fitness);
        order = ranking(&fitness);
        let best = fitness[order[0]];
        history.push(best);
        on_generation(&Progress {
            generation,
            best,
            evaluations,
        });
        if converged(&history, params) {
            stop = Stop::Converged;
            break;
        }
    }
    GaResult {
        best: lines[order[0]].clone(),
        best_fitness: fitness[order[0]],
        generations: generation,
        evaluations,
        stop,
        history,
    }
}

/// Whether the best improved by less than `convergence_epsilon` (relative) over the last
/// `convergence_generations` (elitism keeps the best, so the history never rises).
fn converged(history: &[f32], params: &GaParams) -> bool {
    let window = params.convergence_generations;
    if window == 0 || history.len() <= window {
        return false;
    }
    let (then, now) = (history[history.len() - 1 - window], history[history.len() - 1]);
    then.is_finite() && now.is_finite() && then - now <= params.convergence_epsilon * then.abs()
}

/// Highest Fourier mode of the lateral offset a global move draws (k periods round the
/// loop, 0 to this).
pub const FOURIER_MODES: usize = 8;

/// A global move: a long raised-cosine window or a low Fourier mode, then clamp to [0, 1].
/// Amplitudes as the bump's (`strength·x·y`, random sign): small shifts more often.
fn global_move(line: &mut [f32], rng: &mut Rng, params: &GaParams) {
    let n = line.len();
    let amplitude = (2.0 * rng.unit() - 1.0) * params.mutation_strength * rng.unit();
    if rng.unit() < 0.5 {
        // Half-length log-uniform between the longest bump and half the loop.
        let (lo, hi) = (params.mutation_max_semi_length.max(1) as f32, (n / 2).max(2) as f32);
        let half = (lo * (hi / lo).max(1.0).powf(rng.unit())).round() as usize;
        let centre = rng.below(n);
        for (i, w) in bump_weights(n, centre, half.clamp(1, (n / 2).max(1))) {
            line[i] = (line[i] + amplitude * w).clamp(0.0, 1.0);
        }
    } else {
        // k = 0: the whole line shifted (a constant offset; the phase then picks nothing).
        let k = rng.below(FOURIER_MODES + 1);
        let phase = if k == 0 {
            std::f32::consts::FRAC_PI_2
        } else {
            rng.unit() * std::f32::consts::TAU
        };
        let step = std::f32::consts::TAU * k as f32 / n as f32;
        for (i, t) in line.iter_mut().enumerate() {
            *t = (*t + amplitude * (step * i as f32 + phase).sin()).clamp(0.0, 1.0);
        }
    }
}

/// Window half-lengths the polish tries, laterals, coarse to fine.
const POLISH_HALF_LENGTHS: [usize; 6] = [64, 32, 16, 8, 4, 2];
/// Shifts the polish tries, as fractions of a lateral, coarse to fine.
const POLISH_STEPS: [f32; 3] = [0.04, 0.012, 0.004];

/// A deterministic local search after the GA (a pattern search on smooth windows): for
/// each step size and window half-length, coarse to fine, a raised-cosine window centred
/// every half-length round the loop moves the line by ± the step, kept when the fitness
/// falls. Repeated while a pass gains more than `epsilon` (relative), within
/// `max_evaluations`. The GA finds the region; it is slow at the last tenths of a percent,
/// which this takes in a few thousand evaluations. Returns the fitness and evaluations.
pub fn polish(problem: &Problem, line: &mut [f32], epsilon: f32, max_evaluations: usize) -> (f32, usize) {
    let n = line.len();
    let mut scratch = EvalScratch::default();
    let mut best = problem.evaluate(line, &mut scratch);
    let mut evaluations = 1;
    let mut trial = line.to_vec();
    loop {
        let before = best;
        for step in POLISH_STEPS {
            for half in POLISH_HALF_LENGTHS {
                let half = half.clamp(1, (n / 2).max(1));
                for centre in (0..n).step_by(half) {
                    for sign in [1.0f32, -1.0] {
                        if evaluations >= max_evaluations {
                            return (best, evaluations);
                        }
                        trial.copy_from_slice(line);
                        for (i, w) in bump_weights(n, centre, half) {
                            trial[i] = (trial[i] + sign * step * w).clamp(0.0, 1.0);
                        }
                        let f = problem.evaluate(&trial, &mut scratch);
                        evaluations += 1;
                        if f < best {
                            best = f;
                            line.copy_from_slice(&trial);
                            break;
                        }
                    }
                }
            }
        }
        if before - best <= epsilon * before || best.is_nan() {
            return (best, evaluations);
        }
    }
}

/// Indices by fitness, best first (ties by index: deterministic).
fn ranking(fitness: &[f32]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..fitness.len()).collect();
    order.sort_by(|a, b| fitness[*a].total_cmp(&fitness[*b]).then(a.cmp(b)));
    order
}

/// Tournament selection: the `parents` best-ranked distinct lines of `round(parents ×
/// pressure)` drawn at random (with replacement; when fewer distinct lines were drawn,
/// the best serve again).
fn tournament(rng: &mut Rng, params: &GaParams, rank: &[usize], chosen: &mut Vec<usize>) {
    let size = ((params.parents as f32 * params.selection_pressure).round() as usize).max(params.parents);
    chosen.clear();
    chosen.extend((0..size).map(|_| rng.below(rank.len())));
    chosen.sort_by_key(|i| rank[*i]);
    chosen.dedup();
    let distinct = chosen.len();
    for k in distinct..params.parents {
        chosen.push(chosen[k % distinct]);
    }
    chosen.truncate(params.parents);
}

/// Multi-parent crossover with a `sin²` blend over `smooth` laterals before each
/// transition point, into `child`.
fn crossover(rng: &mut Rng, parents: &[&[f32]], smooth: usize, child: &mut [f32]) {
    let n = child.len();
    let k = parents.len();
    if k == 1 {
        child.copy_from_slice(parents[0]);
        return;
    }
    // Transition points at least `gap` apart around the loop, uniformly among such sets:
    // k sorted draws in [0, n − k·gap], the j-th moved on by j·gap, all turned by an offset.
    let smooth = smooth.min((n / k).saturating_sub(1) / 2);
    let gap = 2 * smooth + 1;
    let free = n - k * gap;
    let offset = rng.below(n);
    let mut at: Vec<usize> = (0..k).map(|_| rng.below(free + 1)).collect();
    at.sort_unstable();
    let points: Vec<usize> = at.iter().enumerate().map(|(j, x)| (offset + x + j * gap) % n).collect();
    for j in 0..k {
        let (from, to) = (points[j], points[(j + 1) % k]);
        let len = (to + n - from) % n;
        let (a, b) = (parents[j], parents[(j + 1) % k]);
        for step in 0..len {
            let i = (from + step) % n;
            let to_go = len - step;
            child[i] = if smooth > 0 && to_go <= smooth {
                let w = (std::f32::consts::FRAC_PI_2 * (1.0 - to_go as f32 / smooth as f32)).sin();
                let alpha = w * w;
                alpha * b[i] + (1.0 - alpha) * a[i]
            } else {
                a[i]
            };
        }
    }
}

/// One bump mutation at a random lateral, over a random half-length: the genes move by
/// `a·sin²(π/2·(1 − |i|/half))` with `a` of random sign and size `strength·x·y` (x, y
/// uniform in [0, 1): small bumps more often than large, so the search can still fine-tune
/// late), then clamp to [0, 1] (so a line can reach the edges).
fn bump(line: &mut [f32], rng: &mut Rng, params: &GaParams, strength: f32) {
    let (centre, half) = bump_span(line.len(), rng, params);
    let amplitude = (2.0 * rng.unit() - 1.0) * strength * rng.unit();
    for (i, w) in bump_weights(line.len(), centre, half) {
        line[i] = (line[i] + amplitude * w).clamp(0.0, 1.0);
    }
}

/// The study's bump, used to draw the first population: the genes pulled towards a
/// random value with weight `strength·sin²(π/2·(1 − |i|/half))`.
fn pull(line: &mut [f32], rng: &mut Rng, params: &GaParams, strength: f32) {
    let (centre, half) = bump_span(line.len(), rng, params);
    let target = rng.unit();
    for (i, w) in bump_weights(line.len(), centre, half) {
        let blend = strength * w;
        line[i] = (blend * target + (1.0 - blend) * line[i]).clamp(0.0, 1.0);
    }
}

/// A random centre lateral and half-length in `[min, max]` for a bump.
fn bump_span(n: usize, rng: &mut Rng, params: &GaParams) -> (usize, usize) {
    let centre = rng.below(n);
    let span = params.mutation_max_semi_length - params.mutation_min_semi_length + 1;
    (
        centre,
        (params.mutation_min_semi_length + rng.below(span)).min(n / 2).max(1),
    )
}

/// The laterals a bump covers (its ends, of weight 0, left out) and their `sin²` weights.
pub(super) fn bump_weights(n: usize, centre: usize, half: usize) -> impl Iterator<Item = (usize, f32)> {
    (1 - half as isize..half as isize).map(move |d| {
        let w = (std::f32::consts::FRAC_PI_2 * (1.0 - d.unsigned_abs() as f32 / half as f32)).sin();
        ((centre as isize + d).rem_euclid(n as isize) as usize, w * w)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rng() -> Rng {
        Rng(ChaCha8Rng::seed_from_u64(7))
    }

    #[test]
    fn crossover_takes_each_parent_between_transitions_and_blends_smoothly() {
        let n = 200;
        let (a, b, c) = (vec![0.0; n], vec![0.5; n], vec![1.0; n]);
        let mut child = vec![f32::NAN; n];
        let mut r = rng();
        for _ in 0..50 {
            crossover(&mut r, &[&a, &b, &c], 10, &mut child);
            assert!(child.iter().all(|x| (0.0..=1.0).contains(x)));
            // Each parent's value appears (its stretch is longer than the blend).
            for v in [0.0, 0.5, 1.0] {
                assert!(child.contains(&v), "{v} missing");
            }
            // Steps between neighbours stay small: the largest sin² step over 10 laterals
            // of a 0.5 change is 0.5·sin(π/10) ≈ 0.155 (plus the 1 → 0 wrap, also blended).
            for i in 0..n {
                let step = (child[(i + 1) % n] - child[i]).abs();
                assert!(step < 0.16, "step {step} at {i}");
            }
        }
    }

    #[test]
    fn bumps_stay_local_and_in_range() {
        let params = GaParams {
            mutation_min_semi_length: 5,
            mutation_max_semi_length: 5,
            ..GaParams::default()
        };
        for f in [bump, pull] {
            let mut line = vec![0.5; 100];
            f(&mut line, &mut rng(), &params, 1.0);
            let changed = line.iter().filter(|x| **x != 0.5).count();
            assert!((1..=9).contains(&changed), "{changed}");
            assert!(line.iter().all(|x| (0.0..=1.0).contains(x)));
        }
    }

    #[test]
    fn global_moves_shift_long_stretches_smoothly() {
        // A global move changes far more than a bump can (the longest bump covers
        // 2·max_semi_length − 1 = 79 laterals) and steps smoothly: a raised cosine of
        // half-length ≥ 40 moves neighbours by at most a·π/(2·40) ≈ 0.012, a mode k ≤ 8 of
        // 1000 laterals by a·2π·8/1000 ≈ 0.015 (a ≤ 0.3).
        let params = GaParams::default();
        let mut r = rng();
        let mut widest = 0;
        for _ in 0..40 {
            let mut line = vec![0.5; 1000];
            global_move(&mut line, &mut r, &params);
            let changed = line.iter().filter(|x| **x != 0.5).count();
            widest = widest.max(changed);
            for i in 0..line.len() {
                let step = (line[(i + 1) % 1000] - line[i]).abs();
                assert!(step < 0.016, "step {step} at {i}");
            }
        }
        assert!(widest > 300, "{widest}");
    }

    #[test]
    fn the_run_converges_when_the_best_stops_improving_by_epsilon() {
        let params = GaParams {
            convergence_generations: 3,
            convergence_epsilon: 0.01,
            ..GaParams::default()
        };
        // 100 → 98 over 3 generations is 2 %: not converged; 100 → 99.5 is 0.5 %: converged.
        assert!(!converged(&[100.0, 99.0, 98.5, 98.0], &params));
        assert!(converged(&[100.0, 99.9, 99.7, 99.5], &params));
        assert!(!converged(&[100.0, 99.9, 99.7], &params), "shorter than the window");
    }

    #[test]
    fn the_polish_only_ever_lowers_the_fitness_and_stays_in_range() {
        // Minimise the distance to a smooth target line (a fitness the polish can read):
        // every kept move lowers it, the result is in [0, 1], and it ends nearer.
        use crate::raceline::{LateralOptions, Laterals};
        let n = 120;
        let left: Vec<Vec2> = (0..n).map(|i| Vec2::new(i as f32, 0.0)).collect();
        let right: Vec<Vec2> = (0..n).map(|i| Vec2::new(i as f32, 10.0)).collect();
        let options = LateralOptions {
            spacing_m: 1.0,
            smoothing_m: 0.0,
            edge_margin_m: 0.0,
        };
        let lat = Laterals::from_borders("strip", &left, &right, &options).unwrap();
        let model = ProfileCar::constant(1.0, 9.81, 3.0, 8.0, 50.0);
        let problem = Problem {
            laterals: &lat,
            car: &model,
            fitness: Fitness::Curvature,
        };
        let mut line: Vec<f32> = (0..lat.len()).map(|i| 0.5 + 0.3 * (i as f32 * 0.9).sin()).collect();
        let start = problem.evaluate(&line, &mut EvalScratch::default());
        let (end, evaluations) = polish(&problem, &mut line, 1e-4, 20_000);
        assert!(end < 0.5 * start, "{end} vs {start}");
        assert!(evaluations <= 20_000);
        assert!(line.iter().all(|t| (0.0..=1.0).contains(t)));
        assert_eq!(end, problem.evaluate(&line, &mut EvalScratch::default()));
    }

    #[test]
    fn tournament_picks_the_best_ranked_distinct_lines_of_its_draws() {
        let params = GaParams {
            parents: 2,
            selection_pressure: 50.0,
            ..GaParams::default()
        };
        // With 100 draws from 10 lines, the two best lines are (almost surely) drawn.
        let rank: Vec<usize> = (0..10).rev().collect();
        let mut chosen = Vec::new();
        tournament(&mut rng(), &params, &rank, &mut chosen);
        assert_eq!(chosen, vec![9, 8]);
    }

    #[test]
    fn bad_settings_are_named() {
        let p = GaParams {
            elite: 100,
            ..GaParams::default()
        };
        assert_eq!(p.check().unwrap_err().0, "elite");
        assert!(GaParams::default().check().is_ok());
    }
}
