//! The slipstream: the aerodynamic wake a car leaves, and how much of a following car's
//! drag it takes away.
//!
//! The model follows the drafting measurements of Romberg, Chianese and Lajoie,
//! "Aerodynamics of race cars in drafting and passing situations" (SAE 710213, 1971; in
//! Katz, *Race Car Aerodynamics*, 1995, ch. 12): two stock cars nose to tail in a wind
//! tunnel, the trailing car's drag falling by about 30–40 % within a car length of the one
//! ahead and the benefit fading over a few car lengths, and gone once the trailing car is
//! out of the leader's wake to the side. Here that is a drag reduction
//! `R(gap, lateral) = max_drag_reduction · L(gap) · W(lateral)`:
//!
//! - `L` is 1 up to `full_gap_m` behind (centre to centre, along the follower's heading),
//!   then falls as `(1 − t)²`, `t` running from 0 there to 1 at `wake_length_m`, and is 0
//!   beyond (the wake mixes out);
//! - `W` is `(1 − (y / wake_half_width_m)²)²` for a lateral offset `y` within the wake's
//!   half-width and 0 beyond (a bell, smooth at its edge, so that pulling out of the tow
//!   loses it gradually).
//!
//! The wake is the leading car's: its parameters come from that car's file
//! (`[slipstream]`, [`Wake`]). Only a car ahead along the follower's heading and moving the
//! same way ([`SAME_WAY_MIN_COS`]) shelters it. The benefit the leader also gets from a car
//! close behind (Romberg's data shows it) is left out.
//!
//! Tuning: a follower that closes too fast or too slow in the tow — `max_drag_reduction`;
//! a tow felt from too far back — `wake_length_m`; a tow kept while pulled out to pass —
//! `wake_half_width_m`.

use crate::content::validate::Validator;
use crate::content::ContentError;
use glam::Vec2;
use serde::Deserialize;

/// A car ahead shelters one behind only while their velocities point within this of each
/// other: the cosine of the angle between them (about 30°).
pub const SAME_WAY_MIN_COS: f32 = 0.87;
/// Below this speed a car leaves no wake worth modelling (and its heading from velocity is
/// noise), m/s.
pub const WAKE_MIN_SPEED_MPS: f32 = 5.0;

/// The wake a car leaves: how much drag it takes off a car behind it, and over what region.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Wake {
    /// Fraction of a follower's aerodynamic drag removed close behind (0–1).
    pub max_drag_reduction: f32,
    /// Up to this gap behind, centre to centre, the full reduction applies, m (about a car
    /// length).
    pub full_gap_m: f32,
    /// Beyond this gap behind, centre to centre, the wake has mixed out: no reduction, m.
    pub wake_length_m: f32,
    /// Half-width of the wake, m: a follower offset this far or more to the side of the
    /// leader's centre is out of it.
    pub wake_half_width_m: f32,
}

impl Default for Wake {
    /// A saloon's wake (Romberg et al.'s figures: about 30 % at a car length, a few per cent
    /// by 25 m, nothing by 40 m; about a car width across).
    fn default() -> Self {
        Self {
            max_drag_reduction: 0.3,
            full_gap_m: 5.0,
            wake_length_m: 40.0,
            wake_half_width_m: 1.8,
        }
    }
}

impl Wake {
    /// The fraction of drag removed from a car `gap_m` behind this car's centre (along the
    /// follower's heading; ≤ 0 is not behind) and `lateral_m` to its side.
    pub fn drag_reduction(&self, gap_m: f32, lateral_m: f32) -> f32 {
        if gap_m <= 0.0 || gap_m >= self.wake_length_m {
            return 0.0;
        }
        let y = lateral_m.abs() / self.wake_half_width_m;
        if y >= 1.0 {
            return 0.0;
        }
        let across = (1.0 - y * y) * (1.0 - y * y);
        let along = if gap_m <= self.full_gap_m {
            1.0
        } else {
            let t = (gap_m - self.full_gap_m) / (self.wake_length_m - self.full_gap_m);
            (1.0 - t) * (1.0 - t)
        };
        self.max_drag_reduction * along * across
    }
}

/// Where a car is and how it moves, in the ground plane (world x, z): what the wake sums read.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct WakeProbe {
    /// Centre, m.
    pub position_m: Vec2,
    /// Unit heading (the chassis' forward axis).
    pub heading: Vec2,
    /// Velocity, m/s.
    pub velocity_mps: Vec2,
}

/// The drag reduction the wake of `leader` (a car at `ahead`) gives a car at `behind`, 0
/// when `ahead` is not ahead of it along its heading, not moving the same way, or either is
/// slower than [`WAKE_MIN_SPEED_MPS`].
pub fn sheltered_by(leader: &Wake, ahead: &WakeProbe, behind: &WakeProbe) -> f32 {
    // Where first (most pairs end here: not ahead, or beyond the wake), then how they move.
    let d = ahead.position_m - behind.position_m;
    let gap_m = d.dot(behind.heading);
    if gap_m <= 0.0 || gap_m >= leader.wake_length_m {
        return 0.0;
    }
    let lateral_m = d.perp_dot(behind.heading);
    if lateral_m.abs() >= leader.wake_half_width_m {
        return 0.0;
    }
    let (va, vb) = (ahead.velocity_mps, behind.velocity_mps);
    let (sa2, sb2) = (va.length_squared(), vb.length_squared());
    let min2 = WAKE_MIN_SPEED_MPS * WAKE_MIN_SPEED_MPS;
    if sa2 < min2 || sb2 < min2 {
        return 0.0;
    }
    // cos(angle) ≥ c without a square root: (va·vb)² ≥ c²·|va|²·|vb|², va·vb > 0.
    let dot = va.dot(vb);
    if dot <= 0.0 || dot * dot < SAME_WAY_MIN_COS * SAME_WAY_MIN_COS * sa2 * sb2 {
        return 0.0;
    }
    leader.drag_reduction(gap_m, lateral_m)
}

/// A car file's `[slipstream]` table (every key optional: [`Wake::default`]'s where absent).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawWake {
    #[serde(default)]
    max_drag_reduction: Option<f64>,
    #[serde(default)]
    full_gap_m: Option<f64>,
    #[serde(default)]
    wake_length_m: Option<f64>,
    #[serde(default)]
    wake_half_width_m: Option<f64>,
}

/// Validates a `[slipstream]` table (absent: the defaults); errors name the file and the
/// field.
pub(super) fn validate(v: &Validator, raw: Option<&RawWake>) -> Result<Wake, ContentError> {
    let d = Wake::default();
    let Some(raw) = raw else {
        return Ok(d);
    };
    let or = |x: Option<f64>, default: f32| x.unwrap_or(default as f64);
    let max_drag_reduction = v.range(
        "slipstream.max_drag_reduction",
        or(raw.max_drag_reduction, d.max_drag_reduction),
        0.0,
        1.0,
    )? as f32;
    let full_gap_m = v.non_negative("slipstream.full_gap_m", or(raw.full_gap_m, d.full_gap_m))? as f32;
    let wake_length_m = v.positive("slipstream.wake_length_m", or(raw.wake_length_m, d.wake_length_m))? as f32;
    let wake_half_width_m = v.positive(
        "slipstream.wake_half_width_m",
        or(raw.wake_half_width_m, d.wake_half_width_m),
    )? as f32;
    if full_gap_m >= wake_length_m {
        return Err(v.fail(
            "slipstream.full_gap_m",
            format!("must be less than slipstream.wake_length_m ({wake_length_m}), got {full_gap_m}"),
        ));
    }
    Ok(Wake {
        max_drag_reduction,
        full_gap_m,
        wake_length_m,
        wake_half_width_m,
    })
}

#[cfg(test)]
mod tests;
