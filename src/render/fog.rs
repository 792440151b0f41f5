//! The distance fog every lit shader shares: one haze
//! (squared-exponential in distance, clear near the car: 7 % at 50 m, 50 % at 150 m, 85 % at
//! 250 m) for the ground, props, cars, skid marks and particles, so nothing stands out of the
//! haze that hides what is around it. If a distant car, mark or puff stands out of the
//! haze, its shader has stopped calling `fog_amount`, or its program no longer sets
//! [`HAZE_UNIFORM`] (unset, it reads 0: no haze at all).
//!
//! The scale is the camera's (`Camera::haze_m`): [`FOG_SCALE_M`] for one player's view
//! and a half-screen view; a quarter view that sees less far has a thicker haze, so what
//! its far plane leaves out was already hidden (`Camera::seeing`).

/// The haze's distance scale, m: fog = 1 − exp(−(d / scale)²).
pub const FOG_SCALE_M: f32 = 180.0;

/// How much of a surface at `distance_m` the default haze hides, 0..1.
pub fn fog_amount(distance_m: f32) -> f32 {
    fog_amount_in(distance_m, FOG_SCALE_M)
}

/// How much of a surface at `distance_m` a haze of scale `haze_m` hides, 0..1 (what
/// [`FOG_GLSL`] computes with [`HAZE_UNIFORM`] at `1 / haze_m`).
pub fn fog_amount_in(distance_m: f32, haze_m: f32) -> f32 {
    let haze = distance_m / haze_m;
    1.0 - (-haze * haze).exp()
}

/// The uniform every program using [`FOG_GLSL`] sets to 1 / the camera's haze scale, m⁻¹.
pub(super) const HAZE_UNIFORM: &str = "u_haze_per_m";

/// `float fog_amount(float dist_m)`: the same haze in GLSL, for every lit shader.
pub(super) const FOG_GLSL: &str = r#"
uniform float u_haze_per_m;
float fog_amount(float dist_m) {
    float haze = dist_m * u_haze_per_m;
    return clamp(1.0 - exp(-haze * haze), 0.0, 1.0);
}
"#;

/// Sets a program's [`HAZE_UNIFORM`] (at `location`; the program bound) for a haze of
/// scale `haze_m`.
pub(super) fn set_haze(location: i32, haze_m: f32) {
    // SAFETY: a uniform of the bound program on the current context.
    unsafe { gl::Uniform1f(location, 1.0 / haze_m.max(1.0)) };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shader_reads_the_haze_its_programs_set() {
        assert!(
            FOG_GLSL.contains(&format!("uniform float {HAZE_UNIFORM};"))
                && FOG_GLSL.contains(&format!("dist_m * {HAZE_UNIFORM}")),
            "FOG_GLSL does not scale by {HAZE_UNIFORM}"
        );
        // The figures the doc gives.
        assert!((fog_amount(150.0) - 0.5).abs() < 0.01);
        assert!((fog_amount(50.0) - 0.074).abs() < 0.005);
    }
}
