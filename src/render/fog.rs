//! The distance fog every lit shader shares: one haze
//! (squared-exponential in distance, clear near the car: 7 % at 50 m, 50 % at 150 m, 85 % at
//! 250 m) for the ground, props, cars, skid marks and particles, so nothing stands out of the
//! haze that hides what is around it. If a distant car, mark or puff stands out of the
//! haze, its shader has stopped calling `fog_amount`.

/// The haze's distance scale, m: fog = 1 − exp(−(d / scale)²).
pub const FOG_SCALE_M: f32 = 180.0;

/// How much of a surface at `distance_m` the fog hides, 0..1 (what [`FOG_GLSL`] computes).
pub fn fog_amount(distance_m: f32) -> f32 {
    let haze = distance_m / FOG_SCALE_M;
    1.0 - (-haze * haze).exp()
}

/// `float fog_amount(float dist_m)`: the same haze in GLSL, for every lit shader.
pub(super) const FOG_GLSL: &str = r#"
float fog_amount(float dist_m) {
    float haze = dist_m * (1.0 / 180.0);
    return clamp(1.0 - exp(-haze * haze), 0.0, 1.0);
}
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shader_and_the_far_plane_use_one_haze() {
        assert!(
            FOG_GLSL.contains(&format!("dist_m * (1.0 / {FOG_SCALE_M:.1})")),
            "FOG_GLSL's scale is not FOG_SCALE_M ({FOG_SCALE_M})"
        );
        // The figures the doc gives.
        assert!((fog_amount(150.0) - 0.5).abs() < 0.01);
        assert!((fog_amount(50.0) - 0.074).abs() < 0.005);
    }
}
