//! Where a source is heard from: its gain by distance, its stereo pan and its Doppler
//! shift, from the listener (the camera) and the source's position and velocity. No state:
//! the mixer ramps what these return across a tick.

use glam::Vec3;

/// The speed of sound in air at 20 °C, m/s (OpenAL 1.1's default `SPEED_OF_SOUND`).
pub const SPEED_OF_SOUND_MPS: f32 = 343.3;
/// Distance inside which a source plays at full gain, m (a car length behind the camera:
/// the player's own car is never attenuated).
pub const REFERENCE_DISTANCE_M: f32 = 8.0;
/// Distance past which a source gets no quieter, m: further cars are culled by the mixer
/// before they get there.
pub const MAX_DISTANCE_M: f32 = 400.0;
/// How fast the gain falls past the reference distance (OpenAL's rolloff factor).
const ROLLOFF: f32 = 1.0;
/// Largest Doppler ratio either way: a car passing the camera at 90 m/s would be heard
/// 1.35× higher; more than this smears into a chirp rather than a pass.
const MAX_DOPPLER: f32 = 1.5;

/// The ear the mix is heard from: the camera's position, its right-hand direction, and
/// its velocity (the Doppler shift depends on the listener's motion too).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Listener {
    /// Where the camera is, m (world).
    pub position_m: Vec3,
    /// The camera's right (unit, world): a source on this side plays in the right channel.
    pub right: Vec3,
    /// The camera's velocity, m/s.
    pub velocity_mps: Vec3,
}

impl Default for Listener {
    fn default() -> Self {
        Self {
            position_m: Vec3::ZERO,
            right: Vec3::X,
            velocity_mps: Vec3::ZERO,
        }
    }
}

/// How a source at a place is heard: gains for the left and right channels and the
/// factor on its pitch.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placement {
    /// Left channel gain, 0..1.
    pub left: f32,
    /// Right channel gain, 0..1.
    pub right: f32,
    /// Pitch factor from the Doppler effect: above 1 coming closer.
    pub doppler: f32,
    /// Distance from the listener, m.
    pub distance_m: f32,
}

impl Placement {
    /// Heard at full gain, centred, unshifted: the placement of what has no place (the
    /// menus' sounds, the wind in the player's own ears).
    pub const CENTRED: Placement = Placement {
        left: std::f32::consts::FRAC_1_SQRT_2,
        right: std::f32::consts::FRAC_1_SQRT_2,
        doppler: 1.0,
        distance_m: 0.0,
    };
}

impl Listener {
    /// How a source at `position_m` moving at `velocity_mps` is heard from here. Gain by
    /// the inverse distance clamped model of OpenAL 1.1 (`ref / (ref + rolloff·(d − ref))`,
    /// d clamped to the reference and maximum distances); pan by the equal-power law on
    /// the source's direction across the listener's right (a source near the listener
    /// drifts to the centre, so the player's car does not jump from side to side as the
    /// camera swings); pitch by OpenAL 1.1's Doppler formula,
    /// `f' = f·(c − v_listener) / (c − v_source)` with both speeds taken along the line
    /// from the source to the listener. Non-finite input gives silence, not NaN.
    pub fn place(&self, position_m: Vec3, velocity_mps: Vec3) -> Placement {
        let to_source = position_m - self.position_m;
        let distance_m = to_source.length();
        if !distance_m.is_finite() || !velocity_mps.is_finite() {
            return Placement {
                left: 0.0,
                right: 0.0,
                doppler: 1.0,
                distance_m: f32::INFINITY,
            };
        }
        let d = distance_m.clamp(REFERENCE_DISTANCE_M, MAX_DISTANCE_M);
        let gain = REFERENCE_DISTANCE_M / (REFERENCE_DISTANCE_M + ROLLOFF * (d - REFERENCE_DISTANCE_M));
        let dir = if distance_m > 1e-3 {
            to_source / distance_m
        } else {
            Vec3::ZERO
        };
        // Across: −1 full left .. 1 full right, faded to the centre within the
        // reference distance.
        let closeness = (distance_m / REFERENCE_DISTANCE_M).min(1.0);
        let across = dir.dot(self.right).clamp(-1.0, 1.0) * closeness;
        let angle = (across + 1.0) * std::f32::consts::FRAC_PI_4;
        // Speeds along the line from the source to the listener: positive when the
        // source comes closer or the listener moves away.
        let (v_listener, v_source) = (self.velocity_mps.dot(-dir), velocity_mps.dot(-dir));
        // Neither may reach the speed of sound (OpenAL clamps them the same way).
        let limit = SPEED_OF_SOUND_MPS * 0.9;
        let doppler = (SPEED_OF_SOUND_MPS - v_listener.clamp(-limit, limit))
            / (SPEED_OF_SOUND_MPS - v_source.clamp(-limit, limit));
        Placement {
            left: gain * angle.cos(),
            right: gain * angle.sin(),
            doppler: doppler.clamp(1.0 / MAX_DOPPLER, MAX_DOPPLER),
            distance_m,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn still_at_origin() -> Listener {
        Listener::default()
    }

    #[test]
    fn a_source_on_the_right_plays_in_the_right_channel_and_the_left_on_the_left() {
        let l = still_at_origin();
        let right = l.place(Vec3::new(50.0, 0.0, 0.0), Vec3::ZERO);
        let left = l.place(Vec3::new(-50.0, 0.0, 0.0), Vec3::ZERO);
        assert!(right.right > 0.99 * right.right.hypot(right.left), "{right:?}");
        assert!(left.left > 0.99 * left.left.hypot(left.right), "{left:?}");
        // Ahead: both channels alike, and the power the same as at the side (equal power).
        let ahead = l.place(Vec3::new(0.0, 0.0, -50.0), Vec3::ZERO);
        assert!((ahead.left - ahead.right).abs() < 1e-6, "{ahead:?}");
        let power = |p: Placement| p.left * p.left + p.right * p.right;
        assert!((power(ahead) - power(right)).abs() < 1e-6);
    }

    /// The inverse distance clamped model: full gain up to the reference distance, half
    /// at twice it, a quarter at four times (rolloff 1).
    #[test]
    fn gain_halves_from_the_reference_distance_to_twice_it() {
        let l = still_at_origin();
        let gain = |d: f32| {
            let p = l.place(Vec3::new(0.0, 0.0, -d), Vec3::ZERO);
            p.left.hypot(p.right)
        };
        assert!((gain(1.0) - 1.0).abs() < 1e-6);
        assert!((gain(REFERENCE_DISTANCE_M) - 1.0).abs() < 1e-6);
        assert!((gain(2.0 * REFERENCE_DISTANCE_M) - 0.5).abs() < 1e-6);
        assert!((gain(4.0 * REFERENCE_DISTANCE_M) - 0.25).abs() < 1e-6);
        assert_eq!(gain(MAX_DISTANCE_M), gain(2.0 * MAX_DISTANCE_M));
    }

    /// A car at 30 m/s straight at a still listener: f' = f·c/(c − 30), 1.096 at
    /// 343.3 m/s; going away c/(c + 30), 0.920.
    #[test]
    fn an_approaching_car_is_heard_higher_and_a_receding_one_lower() {
        let l = still_at_origin();
        let coming = l.place(Vec3::new(0.0, 0.0, -100.0), Vec3::new(0.0, 0.0, 30.0));
        let going = l.place(Vec3::new(0.0, 0.0, 100.0), Vec3::new(0.0, 0.0, 30.0));
        let c = SPEED_OF_SOUND_MPS;
        assert!((coming.doppler - c / (c - 30.0)).abs() < 1e-5, "{coming:?}");
        assert!((going.doppler - c / (c + 30.0)).abs() < 1e-5, "{going:?}");
        // Car and camera moving together: no shift (the player's own car).
        let chase = Listener {
            velocity_mps: Vec3::new(0.0, 0.0, -40.0),
            ..still_at_origin()
        };
        let own = chase.place(Vec3::new(0.0, -1.0, -6.0), Vec3::new(0.0, 0.0, -40.0));
        assert!((own.doppler - 1.0).abs() < 1e-6, "{own:?}");
    }

    #[test]
    fn a_source_at_the_listener_or_not_finite_is_heard_safely() {
        let l = still_at_origin();
        let at = l.place(Vec3::ZERO, Vec3::ZERO);
        assert!(at.left.is_finite() && (at.left - at.right).abs() < 1e-6, "{at:?}");
        let nan = l.place(Vec3::new(f32::NAN, 0.0, 0.0), Vec3::ZERO);
        assert_eq!((nan.left, nan.right, nan.doppler), (0.0, 0.0, 1.0));
    }
}
