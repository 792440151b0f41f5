//! The racing-line genetic algorithm as the tool runs it: the algorithm itself lives with
//! the game (`raceline::ga`, which searches a level's line at load on one thread); here a
//! generation's evaluations are spread over rayon's pool. Every random draw stays on the
//! calling thread and an evaluation is a pure function of its line, so
//! [`run_parallel`] gives the same bits as `raceline::ga::run` (`tests/raceline/`).

pub use crate::raceline::ga::*;
use rayon::prelude::*;

/// [`run`] with each generation's evaluations on rayon's pool, [`LANES`] lines a task.
pub fn run_parallel(
    problem: &Problem,
    params: &GaParams,
    seeds: &[Vec<f32>],
    on_generation: &mut dyn FnMut(&Progress),
) -> GaResult {
    run_with(problem, params, seeds, on_generation, &|p, lines, out| {
        lines
            .par_chunks(LANES)
            .zip(out.par_chunks_mut(LANES))
            .for_each_init(EvalScratch::default, |s, (g, f)| p.evaluate_chunk(g, f, s));
    })
}
