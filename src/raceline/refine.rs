//! The finish after the genetic algorithm: the pattern polish ([`ga::polish`]) and the
//! minimum-time descent ([`descend`]) in turn.
//!
//! Each stalls where the other does not: the descent moves every lateral
//! at once along the lap time's exact gradient but stops at a kink of the piecewise-smooth
//! lap time (a corner's limiting `min()` changing side); the polish's finite windows step
//! over kinks. Rounds of both run until a round gains less than `epsilon` (relative).
//!
//! A descent whose line the f32 profile (the GA's fitness) does not find faster is never
//! kept, so the result is never slower than the line given. Lap-time fitness only: a
//! curvature search is polished once.

use super::descent::{descend, DescentParams};
use super::ga::{self, Fitness, Problem};

/// Most rounds of polish and descent.
const ROUNDS: usize = 6;

/// The finish's settings.
#[derive(Debug, Clone, PartialEq)]
pub struct RefineParams {
    /// Most evaluations of each polish (0: none).
    pub polish_evaluations: usize,
    /// Each descent's settings (`max_gradients` 0: no descent).
    pub descent: DescentParams,
    /// A round of polish and descent gaining less than this (relative) ends the rounds.
    pub epsilon: f32,
}

/// What [`refine`] did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Refined {
    /// The line's lap time after it, s (the f32 profile's, as the GA measures).
    pub fitness: f32,
    /// Lap-time evaluations (the polish's and the checks of each descent).
    pub evaluations: usize,
    /// Gradients of the descents.
    pub gradients: usize,
    /// Rounds of polish and descent run.
    pub rounds: usize,
}

/// Refines `line` for `problem` (see the module's description); the line only ever gets
/// faster. `on_round` hears the share of the most rounds done after each round (for a
/// progress bar; the rounds may end sooner).
pub fn refine(problem: &Problem, line: &mut Vec<f32>, params: &RefineParams, on_round: &mut dyn FnMut(f32)) -> Refined {
    let mut scratch = ga::EvalScratch::default();
    let (mut fitness, mut evaluations) = if params.polish_evaluations > 0 {
        ga::polish(problem, line, params.epsilon, params.polish_evaluations)
    } else {
        (problem.evaluate(line, &mut scratch), 1)
    };
    let mut done = Refined {
        fitness,
        evaluations,
        gradients: 0,
        rounds: 0,
    };
    if problem.fitness != Fitness::LapTime || params.descent.max_gradients == 0 {
        return done;
    }
    let mut trial = line.clone();
    while done.rounds < ROUNDS {
        done.rounds += 1;
        let round_start = fitness;
        trial.clone_from(line);
        let descended = descend(
            problem.laterals,
            problem.car,
            &mut trial,
            &params.descent,
            &mut |_, _| {},
        );
        done.gradients += descended.gradients;
        let f = problem.evaluate(&trial, &mut scratch);
        evaluations += 1;
        if f < fitness {
            fitness = f;
            line.clone_from(&trial);
        }
        if params.polish_evaluations > 0 {
            let (polished, used) = ga::polish(problem, line, params.epsilon, params.polish_evaluations);
            evaluations += used;
            fitness = fitness.min(polished);
        }
        log::debug!(
            "refine round {}: {round_start:.4} s, descent {f:.4} s in {} gradients, polish {fitness:.4} s",
            done.rounds,
            descended.gradients
        );
        on_round(done.rounds as f32 / ROUNDS as f32);
        if round_start - fitness <= params.epsilon * round_start {
            break;
        }
    }
    done.fitness = fitness;
    done.evaluations = evaluations;
    done
}
