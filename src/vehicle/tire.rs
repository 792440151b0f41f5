//! The sim model's tire: slip from the contact-patch velocity and the wheel's spin, forces
//! from slip (the PhysX tire model as the CARLA vehicle model uses it), bounded by
//! friction.
//!
//! - Slip ratio `s_X = (ω·r − v_x) / max(|v_x|, v_min)`; slip angle `s_Y = atan(v_y / max(|v_x|, v_min))`.
//! - Raw forces: `F_X = K_X·s_X` with `K_X = long_stiff_value·g` (N per unit slip; equivalently
//!   `K_X/F_N` per unit load times `F_N`), `F_Y = −K_Y·s_Y` with `K_Y = F_N·lat_stiff_value·
//!   smooth(3·(F_Z/F_N)/lat_stiff_max_load)` (load saturation).
//! - Combined: with `k = |(F_X, F_Y)| / (μ·F_Z)` the force is scaled to `smooth(k)/k`, so it
//!   follows the linear forces at small slip and reaches the friction circle `μ·F_Z` (μ =
//!   surface μ × tire_friction) with zero slope at `k = 3` (CarSimEd/PhysX combined slip).
//!
//! ## Low speed
//! The slip denominators never fall below `min_long_slip_denominator` /
//! `min_lat_slip_denominator` (PhysX's minimum slip denominator), so near rest a tire acts
//! like a viscous damper on the patch velocity instead of an infinitely stiff spring. That
//! alone lets a parked car creep down a slope (a damper holds no static load), so below
//! `low_speed_hold_below_mps` each tire also pushes against its share of gravity along the
//! ground — sideways always, lengthways when its wheel is held by a brake — still bounded
//! by friction. This is our version of PhysX's "sticky tire" mode: it holds a car on a
//! cross-slope without creep and without the jitter of a spring, and releases it on ice or
//! past the grip limit. The viscous part is also capped at half the force that would stop
//! the patch in one tick, so a stiff tire on a light car cannot overshoot at 60 Hz.

use super::sim_params::smooth_saturation;

/// Longitudinal slip from patch speed `v_x_mps`, rim speed `rim_mps` (ω·r) and the floor.
pub fn slip_ratio(v_x_mps: f32, rim_mps: f32, floor_mps: f32) -> f32 {
    (rim_mps - v_x_mps) / v_x_mps.abs().max(floor_mps)
}

/// Lateral slip angle from the patch velocity and the floor.
pub fn slip_angle_rad(v_x_mps: f32, v_y_mps: f32, floor_mps: f32) -> f32 {
    (v_y_mps / v_x_mps.abs().max(floor_mps)).atan()
}

/// Scale that brings raw forces `(fx, fy)` onto the smoothed friction circle of radius
/// `limit_n` = μ·F_Z (CarSimEd/PhysX combined slip). 1 for vanishing forces; 0 when the
/// limit is 0 (no load or no friction).
pub fn combined_scale(fx_n: f32, fy_n: f32, limit_n: f32) -> f32 {
    let raw = (fx_n * fx_n + fy_n * fy_n).sqrt();
    if limit_n <= 0.0 {
        return 0.0;
    }
    let k = raw / limit_n;
    if k < 1e-6 {
        1.0
    } else {
        smooth_saturation(k) / k
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_forces_pass_unscaled_and_large_ones_reach_the_circle() {
        assert!((combined_scale(10.0, 0.0, 5000.0) - 1.0).abs() < 1e-3);
        // Far past the limit the force magnitude is exactly μ·F_Z.
        let s = combined_scale(30_000.0, 40_000.0, 5000.0);
        assert!((50_000.0 * s - 5000.0).abs() < 1e-2);
        assert_eq!(combined_scale(1.0, 1.0, 0.0), 0.0);
    }

    #[test]
    fn combined_force_never_exceeds_the_circle() {
        for i in 0..200 {
            let fx = (i as f32 - 100.0) * 150.0;
            let fy = (i as f32 * 37.0) % 9000.0;
            let s = combined_scale(fx, fy, 4000.0);
            assert!((fx * s).hypot(fy * s) <= 4000.0 * 1.0001, "{fx} {fy}");
        }
    }

    #[test]
    fn slip_floors_keep_slip_finite_at_rest() {
        assert_eq!(slip_ratio(0.0, 0.4, 4.0), 0.1);
        assert!((slip_angle_rad(0.0, 0.5, 1.0) - 0.5f32.atan()).abs() < 1e-6);
        // Above the floor the textbook definitions apply.
        assert!((slip_ratio(20.0, 22.0, 4.0) - 0.1).abs() < 1e-6);
        assert!((slip_angle_rad(-20.0, 2.0, 1.0) - 0.1f32.atan()).abs() < 1e-6);
    }
}
