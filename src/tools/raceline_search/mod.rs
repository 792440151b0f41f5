//! The racing-line search (seed 002) as a tool: `skidpad raceline` (`command`) runs the
//! genetic algorithm on all cores ([`ga`]: the game's `raceline::ga` plus rayon, the same
//! bits as on one thread) and reports, writes and plots the line (`plot`). The algorithm,
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
use crate::raceline::{car_model, refine, seed_lines, DescentParams, ProfiledLine, RefineParams};
use crate::raceline::{LateralOptions, Laterals};
use crate::vehicle::CarDef;
use ga::{Fitness, GaParams, GaResult, Problem, Progress};

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
    let mut ga = if options.parallel {
        ga::run_parallel(&problem, &options.ga, &seeds, on_generation)
    } else {
        ga::run(&problem, &options.ga, &seeds, on_generation)
    };
    let mut gradients = 0;
    if options.polish_evaluations > 0 || options.descent_gradients > 0 {
        let params = RefineParams {
            polish_evaluations: options.polish_evaluations,
            descent: DescentParams {
                max_gradients: options.descent_gradients,
                ..DescentParams::default()
            },
            epsilon: options.ga.convergence_epsilon,
        };
        let refined = refine(&problem, &mut ga.best, &params, &mut |_| {});
        ga.best_fitness = refined.fitness;
        ga.evaluations += refined.evaluations;
        gradients = refined.gradients;
    }
    let line = model.profile(&laterals.points(&ga.best));
    let centre = model.profile(&laterals.points(&laterals.centre_t));
    Ok(SearchResult {
        laterals,
        line,
        centre,
        ga,
        gradients,
    })
}
