//! The tow: how a car uses the slipstream of a slower car ahead (`vehicle/slipstream.rs`
//! takes the drag off in the simulation) to pass it on a straight.
//!
//! Behind a car it has the pace to pass, on a straight with no braking zone near, a car
//! drafts: it follows closer than its usual time gap (its margin for the car ahead braking
//! shorter: on a straight the car ahead has nothing to brake for), where the wake takes
//! a tenth to a fifth of its drag, and it gains. While drafting it pulls out to pass only
//! once that close ([`PULL_OUT_GAP_M`]): pulled out from its usual gap (20 m at 40 m/s) it
//! was out of the wake, hardly faster than the car ahead, and rarely alongside by the next
//! braking zone. (Where it does not draft, a bend or a braking zone near, passes start as
//! before, from wherever it is held up.)
//!
//! Misbehaving? Followers that touch a car ahead on a straight: [`DRAFT_REACTION_S`];
//! drafting into a braking zone: [`DRAFT_CLEAR_AHEAD_S`]; passes begun out of the tow:
//! [`PULL_OUT_GAP_M`].

use super::{braking_zone_within, CORNER_LOOK_M};
use crate::ai::line::DrivingLine;

/// A drafting car's allowance for the car ahead braking (Gipps' τ, the follower's lag), s,
/// in place of the 0.3 s it keeps elsewhere.
pub(super) const DRAFT_REACTION_S: f32 = 0.1;
/// The deceleration a drafting car counts on to stop behind the car ahead, m/s² (in place
/// of 5: what the cars brake at on the circuit's asphalt, about 9, less a margin; on a
/// straight the car ahead brakes only for the braking zone, which the drafting car sees
/// coming and stops drafting for).
pub(super) const DRAFT_BRAKE_MPS2: f32 = 8.0;
/// A drafting car's time gap (in place of its difficulty's), s.
pub(super) const DRAFT_TIME_GAP_S: f32 = 0.1;
/// A car drafts only while no braking zone is within this long at its speed, s: it has
/// time to pull out, or to drop back to its usual gap, before the car ahead brakes.
pub(super) const DRAFT_CLEAR_AHEAD_S: f32 = 2.5;
/// A pass from the tow starts at this gap or closer, centre to centre, m (the wake takes
/// about 12 % of the drag here, 30 % within a car length).
pub(super) const PULL_OUT_GAP_M: f32 = 16.0;
/// A car closing on the one ahead faster than this needs no tow: it pulls out from where it
/// is, m/s.
pub(super) const NO_TOW_NEEDED_MPS: f32 = 3.0;
/// Most the line may turn over [`CORNER_LOOK_M`] for a car to draft, rad (a straight).
const DRAFT_MAX_TURN_RAD: f32 = 0.15;

/// Whether a car at `s_m` on `line`, at `speed_mps`, behind a car it has the pace to pass
/// (`faster`), drafts it.
pub(super) fn drafting(line: &DrivingLine, s_m: f32, speed_mps: f32, faster: bool) -> bool {
    faster
        && line.turn_rad(s_m, CORNER_LOOK_M).abs() < DRAFT_MAX_TURN_RAD
        && braking_zone_within(line, s_m, (speed_mps * DRAFT_CLEAR_AHEAD_S).max(10.0)).is_none()
}
