//! What racecraft reads of the line ahead: where corners turn (their inside) and where
//! braking zones begin. Pure functions of the line, no traffic.

use super::{BRAKING_ZONE_DROP, CORNER_MIN_TURN_RAD, CORNER_SPAN_M, DEFEND_LOOK_M};
use crate::ai::line::DrivingLine;

/// The inside of the corner starting at `s_m` (+1 left, −1 right), or 0 on a straight.
pub(super) fn corner_inside(line: &DrivingLine, s_m: f32) -> f32 {
    corner_inside_within(line, s_m, CORNER_SPAN_M)
}

/// The way the line turns over `span_m` from `s_m` (+1 left, −1 right), or 0 if hardly.
pub(super) fn corner_inside_within(line: &DrivingLine, s_m: f32, span_m: f32) -> f32 {
    let turn = line.turn_rad(s_m, span_m);
    if turn.abs() < CORNER_MIN_TURN_RAD {
        0.0
    } else {
        turn.signum()
    }
}

/// Where along the line the next braking zone begins within [`DEFEND_LOOK_M`](super::DEFEND_LOOK_M) of `s_m`, if
/// one does.
pub(super) fn braking_zone(line: &DrivingLine, s_m: f32) -> Option<f32> {
    braking_zone_within(line, s_m, DEFEND_LOOK_M)
}

/// Where along the line the next braking zone begins within `look_m` of `s_m`, if one does
/// (looked for every 10 m).
pub(super) fn braking_zone_within(line: &DrivingLine, s_m: f32, look_m: f32) -> Option<f32> {
    let here = line.speed_at(s_m);
    (1..=(look_m / 10.0).ceil() as usize)
        .map(|k| s_m + 10.0 * k as f32)
        .find(|&s| line.speed_at(s) < BRAKING_ZONE_DROP * here)
        .map(|s| line.wrap(s))
}

/// Whether `s_m` is past `mark_m` along a closed line (within half a lap after it).
pub(super) fn past(line: &DrivingLine, s_m: f32, mark_m: f32) -> bool {
    line.wrap(s_m - mark_m) < 0.5 * line.length_m()
}
