//! The racing-line search (the genetic-algorithm racing line of the Circuit Gilles
//! Villeneuve study) as a tool: `skidpad raceline` (`command`) runs [`search`] — islands
//! of the genetic algorithm and its refine on all cores ([`ga`]: the game's `raceline::ga`
//! plus rayon, the same bits as on one thread), relinked into one line
//! (`raceline::relink`) — and reports, writes and plots the line (`plot`). The algorithm,
//! its seeds and the laterals live with the game (`raceline`), which also searches a line
//! for a level without one at load; a line found here reaches the game as the
//! `raceline.csv` it writes beside a level.
//!
//! - [`ga`]: the genetic algorithm (tournament selection, multi-parent crossover with a
//!   sin² smooth zone, bump mutations and global moves, elitism, a convergence test),
//!   seeded; `raceline::seed_lines` starts it from the minimum-curvature and
//!   shortest-path lines.
//! - `plot`: PNG of the track with the line coloured by speed, and speed against
//!   distance; with [`drive_ai_lap`]'s lap (`ai_lap`: the AI driven headless on the line)
//!   its path, speed and lateral error. `command`: `skidpad raceline`.

mod ai_lap;
mod command;
// The algorithm is a namespace of its own (`ga::run`, its parameters and fitness): the
// raceline tests and bench drive it directly.
pub mod ga;
mod plot;

pub use ai_lap::{drive_ai_lap, AiLap};
pub use command::{run, RacelineArgs};

use crate::content::track::Track;
use crate::content::ContentError;
use crate::raceline::{car_model, refine, relink, seed_lines, DescentParams, ProfiledLine, RefineParams};
use crate::raceline::{LateralOptions, Laterals};
use crate::vehicle::CarDef;
use ga::{Fitness, GaParams, GaResult, Problem, Progress};

/// One island's search: its GA's outcome (the refined line as `best`) and the gradients
/// its descents computed.
type IslandRun = (GaResult, usize);

/// Most rounds of relinking the islands' lines and refining the result.
const RELINK_ROUNDS: usize = 2;

/// How to search a line.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchOptions {
    /// How to cut the track.
    pub laterals: LateralOptions,
    /// What to minimise.
    pub fitness: Fitness,
    /// The genetic algorithm's settings.
    pub ga: GaParams,
    /// Evaluate each generation on all cores (the same bits as on one).
    pub parallel: bool,
    /// Most evaluations of the local polish after the GA (`ga::polish`; 0: none).
    pub polish_evaluations: usize,
    /// Most gradients of each round of the minimum-time descent after the GA
    /// (`raceline::refine`: polish and descent in turn; 0: polish only).
    pub descent_gradients: usize,
    /// Independent searches (GA and refine, seeds `ga.seed`, `ga.seed + 1`, …) whose
    /// lines are then relinked into one and refined again (`raceline::relink`); 1: a
    /// single search. Each ends in a local optimum of its own; the relinked line takes
    /// each corner from whichever drove it fastest.
    pub islands: usize,
}

/// A searched line and what the search found out.
#[derive(Debug, Clone)]
pub struct SearchResult {
    /// The track's laterals.
    pub laterals: Laterals,
    /// The best line through the speed profile.
    pub line: ProfiledLine,
    /// The centre line through the same profile.
    pub centre: ProfiledLine,
    /// The algorithm's outcome (the best line's genes, generations, history).
    pub ga: GaResult,
    /// Gradients the minimum-time descent computed after it.
    pub gradients: usize,
    /// Each island's fitness after its own refine, in seed order (one value for a single
    /// search).
    pub island_fitness: Vec<f32>,
    /// Stretches the relinking swapped in from the other islands' lines.
    pub relinked_stretches: usize,
}

/// Searches the fastest (or least curved) line of `track` for `car` on a surface of
/// friction `mu`; `on_generation` hears about each generation.
pub fn search(
    file: &str,
    track: &Track,
    car: &CarDef,
    mu: f32,
    options: &SearchOptions,
    on_generation: &mut dyn FnMut(&Progress),
) -> Result<SearchResult, ContentError> {
    let model = car_model(car, mu)?;
    options
        .ga
        .check()
        .map_err(|(field, why)| ContentError::new("raceline", field, why))?;
    let laterals = Laterals::from_track(file, track, &options.laterals)?;
    let problem = Problem {
        laterals: &laterals,
        car: &model,
        fitness: options.fitness,
    };
    let seeds = seed_lines(&laterals);
    let refine_params = RefineParams {
        polish_evaluations: options.polish_evaluations,
        descent: DescentParams {
            max_gradients: options.descent_gradients,
            ..DescentParams::default()
        },
        epsilon: options.ga.convergence_epsilon,
    };
    let refines = options.polish_evaluations > 0 || options.descent_gradients > 0;
    // One island: the GA's generations on all cores. Several: one island a core, the
    // first on this thread (it reports progress), the others on rayon's pool; serial: one
    // after the other on this thread. Each island's line is the same bits either way.
    let island = |k: usize, parallel: bool, on_generation: &mut dyn FnMut(&Progress)| {
        let params = GaParams {
            seed: options.ga.seed.wrapping_add(k as u64),
            ..options.ga.clone()
        };
        let mut ga = if parallel {
            ga::run_parallel(&problem, &params, &seeds, on_generation)
        } else {
            ga::run(&problem, &params, &seeds, on_generation)
        };
        let mut gradients = 0;
        if refines {
            let refined = refine(&problem, &mut ga.best, &refine_params, &mut |_| {});
            ga.best_fitness = refined.fitness;
            ga.evaluations += refined.evaluations;
            gradients = refined.gradients;
        }
        (ga, gradients)
    };
    let islands = options.islands.max(1);
    let mut runs: Vec<Option<IslandRun>> = vec![None; islands];
    if islands == 1 {
        runs[0] = Some(island(0, options.parallel, on_generation));
    } else if !options.parallel {
        for (k, slot) in runs.iter_mut().enumerate() {
            *slot = Some(island(k, false, &mut *on_generation));
        }
    } else {
        // One lane of islands a core, each lane's islands one after the other (island k in
        // lane k mod lanes): three threads on two cores would leave the last island alone
        // on one core at the end. Lane 0 is this thread's, and reports island 0's progress.
        let lanes = rayon::current_num_threads().clamp(1, islands);
        let mut by_lane: Vec<Vec<(usize, &mut Option<IslandRun>)>> = (0..lanes).map(|_| Vec::new()).collect();
        for (k, slot) in runs.iter_mut().enumerate() {
            by_lane[k % lanes].push((k, slot));
        }
        let mut by_lane = by_lane.into_iter();
        let first = by_lane.next().unwrap_or_default();
        rayon::in_place_scope(|scope| {
            for lane in by_lane {
                let island = &island;
                scope.spawn(move |_| {
                    for (k, slot) in lane {
                        *slot = Some(island(k, false, &mut |_| {}));
                    }
                });
            }
            for (k, slot) in first {
                *slot = Some(if k == 0 {
                    island(k, false, &mut *on_generation)
                } else {
                    island(k, false, &mut |_| {})
                });
            }
        });
    }
    let mut runs: Vec<IslandRun> = runs.into_iter().flatten().collect();
    let island_fitness: Vec<f32> = runs.iter().map(|r| r.0.best_fitness).collect();
    // The fastest island is improved with the others' stretches, fastest first (ties by
    // seed: deterministic).
    runs.sort_by(|a, b| a.0.best_fitness.total_cmp(&b.0.best_fitness));
    let evaluations: usize = runs.iter().map(|r| r.0.evaluations).sum();
    let mut gradients: usize = runs.iter().map(|r| r.1).sum();
    let mut relinked_stretches = 0;
    let (mut ga, _) = runs.remove(0);
    ga.evaluations = evaluations;
    if !runs.is_empty() {
        // Rounds of relinking and refining: the refine moves the line, and stretches of the
        // others that did not pay before may pay then.
        let guides: Vec<Vec<f32>> = runs.into_iter().map(|r| r.0.best).collect();
        for _ in 0..RELINK_ROUNDS {
            let before = ga.best_fitness;
            let relinked = relink(&problem, &mut ga.best, &guides);
            ga.evaluations += relinked.evaluations;
            ga.best_fitness = relinked.fitness;
            relinked_stretches += relinked.swapped;
            if !refines || relinked.swapped == 0 {
                break;
            }
            let refined = refine(&problem, &mut ga.best, &refine_params, &mut |_| {});
            ga.best_fitness = refined.fitness;
            ga.evaluations += refined.evaluations;
            gradients += refined.gradients;
            if before - ga.best_fitness <= options.ga.convergence_epsilon * before {
                break;
            }
        }
    }
    let line = model.profile(&laterals.points(&ga.best));
    let centre = model.profile(&laterals.points(&laterals.centre_t));
    Ok(SearchResult {
        laterals,
        line,
        centre,
        ga,
        gradients,
        island_fitness,
        relinked_stretches,
    })
}
