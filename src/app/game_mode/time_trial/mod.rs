//! A time trial, in play and headless: the player's laps timed by the mode's rules
//! ([`crate::modes::TimeTrial`]) after every tick, each split's delta to the best lap (the
//! record's when there is one, then this run's best), and a lap that beats the record
//! saved at once through the [`RecordStore`] with its ghost (the run's inputs from the
//! first tick to the lap's end: the simulation is deterministic, so a ghost is a replay).
//!
//! The best lap's ghost (`modes::Ghost`: its recorded inputs stepped in a world of its
//! own) races each lap; with no best lap's ghost on record yet, the author's (the AI's
//! lap that set the gold target, recorded when it was timed) races instead, until the
//! player's first record replaces it at the next line. The ghost waits at its lap's start
//! until the player's lap clock runs, then steps once per player tick, so both cross the
//! line together. The next lap's ghost
//! is prepared while the player drives this one: a fresh world built at the line and
//! fast-forwarded through the best lap's out-lap a bounded number of ticks per tick
//! ([`TimeTrialMode::ghost_budget_ticks`]), so at the next line it is swapped in with no
//! catch-up work (issue 18: the whole out-lap in one frame hitched the line). After a new
//! record (whose ghost cannot be ready yet) or a lap faster than the preparation, the
//! ghost is hidden and caught up within the same budget, shown once it is level with the
//! player's lap. Only the trial's start fast-forwards a ghost at once.
//!
//! The rules only read the world, so a time trial never changes a run's state hash. A tick
//! allocates nothing in steady state but what the ghost worlds' sim steps do; a lap's end
//! allocates (a new record writes two files; the next ghost's world is built).

mod author_lap;
mod mode;
mod panel;
mod report;
mod results;

pub use author_lap::{
    author_lap_reporting, author_lap_s, author_time_kept, author_time_kept_reporting, keep_author_ghost, AuthorLap,
    PrepStep,
};
pub use mode::TimeTrialMode;
pub use panel::{delta_colour, draw, size, write_delta, LapBoard, FASTER, SLOWER};
pub use report::{LapReport, TimeTrialReport};
pub use results::Summary;
