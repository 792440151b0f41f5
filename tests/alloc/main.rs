//! Allocation budgets (a tick allocates nothing in steady state), as one test binary with
//! the counting allocator installed. Ticks are counted on the thread that runs them
//! (`thread_allocations`), so the test harness and other tests' threads cannot add to
//! them however busy the machine is; the game's own workers (chunk loader, run
//! preparation) are counted apart, each test bounding them on their own
//! (`worker_allocations`).

#[path = "../common/mod.rs"]
mod common;

#[global_allocator]
static ALLOC: skidpad::alloc_count::CountingAlloc = skidpad::alloc_count::CountingAlloc;

/// The game's workers are counted together, process-wide: a test that reads
/// [`worker_allocations`](skidpad::alloc_count::worker_allocations) holds this alone, and
/// every other test here holds it shared, so no other test's chunk loader or run
/// preparation runs while it measures.
static WORKERS: std::sync::RwLock<()> = std::sync::RwLock::new(());

/// Held by a test that reads the game workers' count.
fn alone() -> std::sync::RwLockWriteGuard<'static, ()> {
    WORKERS.write().unwrap_or_else(|e| e.into_inner())
}

/// The game workers' allocations since [`WorkerCount::start`]: what ticks handed to other
/// threads, bounded apart from the tick's own thread. Read under [`alone`].
struct WorkerCount(u64);

impl WorkerCount {
    fn start() -> Self {
        Self(skidpad::alloc_count::worker_allocations())
    }

    fn since(&self) -> u64 {
        skidpad::alloc_count::worker_allocations() - self.0
    }
}

/// Held by a test whose game workers may run but that counts only its own thread.
fn beside_others() -> std::sync::RwLockReadGuard<'static, ()> {
    WORKERS.read().unwrap_or_else(|e| e.into_inner())
}

mod chunk_streaming_alloc;
mod mixer_no_alloc;
mod modes_no_alloc;
mod no_alloc_tick;
mod play_alloc_every_level;
mod play_alloc_physics;
mod play_challenge;
mod play_time_trial_alloc;
mod skid_marks_and_dust;
