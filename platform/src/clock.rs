//! The wall clock, behind a trait so the game's frame accounting can be driven by a fake
//! clock in tests.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A monotonic clock measured from an arbitrary origin.
pub trait Clock {
    /// Time elapsed since the clock's origin. Never goes backwards.
    fn now(&self) -> Duration;
}

/// The real monotonic clock (`std::time::Instant`), with its origin at construction; or,
/// for unattended runs ([`WallClock::stepped`]), a clock that only moves when the game
/// sleeps on it.
#[derive(Debug)]
pub struct WallClock {
    origin: Instant,
    /// Stepped mode: nanoseconds since the origin, advanced by `sleep_until` alone.
    stepped_ns: Option<AtomicU64>,
}

impl WallClock {
    /// A clock whose origin is now.
    pub fn new() -> Self {
        Self {
            origin: Instant::now(),
            stepped_ns: None,
        }
    }

    /// A clock that stands still until slept on: `sleep_until` moves it to the deadline at
    /// once instead of waiting. A frame then lasts exactly what the game paces it to (a
    /// tick, a menu frame) however fast or slow the machine is, so an unattended run (the
    /// monkey test, `play --unattended`) takes the same steps on every machine and runs as
    /// fast as it can. If such a run seems frozen, something is waiting on the clock
    /// without sleeping on it.
    pub fn stepped() -> Self {
        Self {
            origin: Instant::now(),
            stepped_ns: Some(AtomicU64::new(0)),
        }
    }

    /// Whether this is a stepped clock.
    pub fn is_stepped(&self) -> bool {
        self.stepped_ns.is_some()
    }
}

impl WallClock {
    /// Blocks the calling thread until this clock reads at least `deadline`. Used to cap the
    /// frame rate where there is no vsync to wait on (offscreen rendering, drivers that
    /// refuse a swap interval); never by the simulation. A stepped clock jumps to
    /// `deadline` and only yields the thread (a loader thread being waited on gets to run).
    pub fn sleep_until(&self, deadline: Duration) {
        if let Some(ns) = &self.stepped_ns {
            let deadline_ns = u64::try_from(deadline.as_nanos()).unwrap_or(u64::MAX);
            ns.fetch_max(deadline_ns, Ordering::Relaxed);
            std::thread::yield_now();
            return;
        }
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
        match &self.stepped_ns {
            Some(ns) => Duration::from_nanos(ns.load(Ordering::Relaxed)),
            None => self.origin.elapsed(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stepped_clock_moves_only_when_slept_on_and_never_back() {
        let clock = WallClock::stepped();
        assert_eq!(clock.now(), Duration::ZERO);
        clock.sleep_until(Duration::from_millis(16));
        assert_eq!(clock.now(), Duration::from_millis(16));
        // A deadline already past leaves it where it is.
        clock.sleep_until(Duration::from_millis(5));
        assert_eq!(clock.now(), Duration::from_millis(16));
        assert!(clock.is_stepped() && !WallClock::new().is_stepped());
    }
}
