//! The wall clock, behind a trait so the game's frame accounting can be driven by a fake
//! clock in tests.

use std::time::{Duration, Instant};

/// A monotonic clock measured from an arbitrary origin.
pub trait Clock {
    /// Time elapsed since the clock's origin. Never goes backwards.
    fn now(&self) -> Duration;
}

/// The real monotonic clock (`std::time::Instant`), with its origin at construction.
#[derive(Debug, Clone, Copy)]
pub struct WallClock {
    origin: Instant,
}

impl WallClock {
    /// A clock whose origin is now.
    pub fn new() -> Self {
        Self { origin: Instant::now() }
    }
}

impl WallClock {
    /// Blocks the calling thread until this clock reads at least `deadline`. Used to cap the
    /// frame rate where there is no vsync to wait on (offscreen rendering, drivers that
    /// refuse a swap interval); never by the simulation.
    pub fn sleep_until(&self, deadline: Duration) {
        let now = self.now();
        if deadline > now {
            std::thread::sleep(deadline - now);
        }
    }
}

impl Default for WallClock {
    fn default() -> Self {
        Self::new()
    }
}

impl Clock for WallClock {
    fn now(&self) -> Duration {
        self.origin.elapsed()
    }
}
