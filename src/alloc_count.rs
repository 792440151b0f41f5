//! A counting global allocator: the profiler and the tests install it to count the heap
//! allocations a tick makes (the budget is zero in steady state).
//!
//! Install it in a binary or test crate with
//! `#[global_allocator] static A: skidpad::alloc_count::CountingAlloc = skidpad::alloc_count::CountingAlloc;`
//! Counting costs two relaxed atomic adds per allocation (three on a game worker).
//!
//! Three counts, for three questions: [`allocations`] (every thread of the process),
//! [`thread_allocations`] (the calling thread: a tick's own, which no other thread can add
//! to however the OS interleaves them) and [`worker_allocations`] (the threads the game
//! marked with [`count_as_game_worker`]: the chunk loader and the run preparation, so work
//! a tick hands to another thread is still seen, with a bound of its own).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);
static LIVE_BYTES: AtomicI64 = AtomicI64::new(0);
static PEAK_BYTES: AtomicI64 = AtomicI64::new(0);
static WORKER_ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

thread_local! {
    // Const-initialised and without a destructor, so the allocator may touch it at any
    // point of a thread's life.
    static THREAD_ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
    static GAME_WORKER: Cell<bool> = const { Cell::new(false) };
}

fn counted() {
    ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    let _ = THREAD_ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
    if GAME_WORKER.try_with(Cell::get).unwrap_or(false) {
        WORKER_ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    }
}

/// The system allocator, counting.
pub struct CountingAlloc;

fn grew(bytes: i64) {
    let live = LIVE_BYTES.fetch_add(bytes, Ordering::Relaxed) + bytes;
    PEAK_BYTES.fetch_max(live, Ordering::Relaxed);
}

// SAFETY: every call forwards to the system allocator with the same arguments; the
// counters have no effect on the memory handed out.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        counted();
        grew(layout.size() as i64);
        System.alloc(layout)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        counted();
        grew(layout.size() as i64);
        System.alloc_zeroed(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE_BYTES.fetch_sub(layout.size() as i64, Ordering::Relaxed);
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        counted();
        grew(new_size as i64 - layout.size() as i64);
        System.realloc(ptr, layout, new_size)
    }
}

/// Allocations (and reallocations) so far, by every thread. Zero progress without the
/// allocator installed.
pub fn allocations() -> u64 {
    ALLOCATIONS.load(Ordering::Relaxed)
}

/// Allocations (and reallocations) so far by the calling thread alone: what a test that
/// runs its ticks on one thread counts, so the test harness's own thread (printing, its
/// result channel) cannot make it flaky. Zero progress without the allocator installed.
pub fn thread_allocations() -> u64 {
    THREAD_ALLOCATIONS.try_with(Cell::get).unwrap_or(0)
}

/// Marks the calling thread as one of the game's workers: its allocations from now on are
/// also counted in [`worker_allocations`]. The game's background jobs call it first thing
/// (cheap: a thread-local flag), so a test that bounds the tick's thread still sees what
/// the tick hands to them.
pub fn count_as_game_worker() {
    let _ = GAME_WORKER.try_with(|w| w.set(true));
}

/// Allocations so far by the threads marked with [`count_as_game_worker`], all together.
/// Process-wide: a test reading it must be the only one running the game's workers.
pub fn worker_allocations() -> u64 {
    WORKER_ALLOCATIONS.load(Ordering::Relaxed)
}

/// Highest heap use seen, bytes (0 without the allocator installed).
pub fn peak_bytes() -> u64 {
    PEAK_BYTES.load(Ordering::Relaxed).max(0) as u64
}

/// Heap in use now, bytes.
pub fn live_bytes() -> u64 {
    LIVE_BYTES.load(Ordering::Relaxed).max(0) as u64
}
