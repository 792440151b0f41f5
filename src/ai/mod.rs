//! The AI driver: follows a racing line with its speed profile through the same controls a
//! player gives (the genetic-algorithm racing line of the Circuit Gilles Villeneuve study,
//! driven; DESIGN §13).
//!
//! - [`DrivingLine`]: a closed line in world (x, z) with a target speed at each point.
//! - [`AiDriver`]: pure-pursuit steering toward a point a speed-dependent distance ahead on
//!   the line, and the line's speed (read a little ahead, so braking starts in time)
//!   through the Ackermann controller — so it drives either vehicle model.
//! - [`LapTimer`]: laps counted at the line's start, deterministic (ticks, not clocks).
//! - [`AiDifficulty`]: four levels trading pace for precision, with a seeded [`Wander`]
//!   off the line below the top one.
//! - [`Traffic`]: the cars around one AI car this tick (along the line, across it, speed),
//!   a fixed-capacity list.
//! - [`LineRoom`]: how far off the line a car may go on each side and stay on the track.
//! - [`Racecraft`]: from the traffic and the room, where across the track to drive and how
//!   fast at most ([`Plan`]): follow, pass on a free side, give room, defend, rejoin.
//! - [`StuckWatch`]: notices a car overturned or stuck, so it can be put back on its line.
//!
//! Everything here reads the simulation's state and returns controls; the simulation
//! stays deterministic, and a replay that records the player's inputs reproduces the AI
//! cars too (they are recomputed from the same states).

mod difficulty;
mod driver;
mod line;
mod line_index;
mod racecraft;
mod recovery;
mod room;
mod timing;
mod traffic;
mod wander;

pub use difficulty::AiDifficulty;
pub use driver::{AiDriver, AiSettings, Located, Plan};
pub use line::{DrivingLine, LinePosition};
pub use racecraft::{Racecraft, RacecraftSettings, Stance, ALONGSIDE_MARGIN_M, FOLLOW_GAP_M, SIDE_CLEARANCE_M};
pub use recovery::StuckWatch;
pub use recovery::{STILL_BELOW_MPS, STUCK_AFTER_S};
pub use room::LineRoom;
pub use timing::LapTimer;
pub use traffic::{CarPlace, NearbyCar, Traffic, MAX_NEARBY, SEE_AHEAD_M, SEE_BEHIND_M};
pub use wander::Wander;
