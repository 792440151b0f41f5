//! Settings for software OpenGL (Mesa's llvmpipe), the renderer of machines with no GPU
//! and of the frame-budget measurements: chosen before any thread starts, since the driver
//! reads them from the environment when it loads.
//!
//! llvmpipe rasterises each frame's scenes on worker threads, by default one per core.
//! The game's own thread shares those cores: when it wakes (a fence signalled, the next
//! frame's draws) it preempts a worker in the middle of its tile, and the scene, whose
//! other tiles are done, waits for that one worker's next time slice. On a 2-core machine
//! that made one frame in 30–50 some 6 ms late (desktop circuit with 7 AI, dynamic
//! resolution: frame-time excess over the recent median, p99 6.7–7.3 ms). With one worker
//! more than cores, the tiles are shared among more, smaller slices and a preempted worker
//! holds less of the scene back: p99 excess 3.0 ms, frame p99 18.2–18.4 → 15.9 ms
//! (PERFORMANCE.md, "llvmpipe's workers").

/// The environment variable llvmpipe reads for its worker count.
pub const LLVMPIPE_THREADS_VAR: &str = "LP_NUM_THREADS";

/// The workers llvmpipe is asked for on a machine with `cores` cores: one more than
/// the cores, so the game's thread never stalls a scene by taking a worker's core.
pub fn llvmpipe_threads_for(cores: usize) -> usize {
    cores.max(1) + 1
}

/// Asks llvmpipe for [`llvmpipe_threads_for`] the available cores, unless the user set
/// `LP_NUM_THREADS` (theirs is kept). Other drivers ignore the variable.
///
/// Call it first thing in `main`, while the process has one thread: setting the
/// environment while another thread may read it is undefined behaviour in the C library.
pub fn prefer_spare_llvmpipe_worker() {
    if std::env::var_os(LLVMPIPE_THREADS_VAR).is_none() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        std::env::set_var(LLVMPIPE_THREADS_VAR, llvmpipe_threads_for(cores).to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_worker_more_than_the_cores() {
        assert_eq!(llvmpipe_threads_for(2), 3);
        assert_eq!(llvmpipe_threads_for(16), 17);
        // A machine that reports no parallelism still gets a worker beside the game.
        assert_eq!(llvmpipe_threads_for(0), 2);
    }
}
