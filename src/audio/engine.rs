//! The arcade car's virtual engine: it has no drivetrain, so rpm follows road speed through
//! five made-up gears, as engine notes in arcade racers do.

/// Idle speed, rpm.
pub const IDLE_RPM: f32 = 900.0;
/// Where the virtual gearbox shifts up, rpm.
pub const SHIFT_RPM: f32 = 6500.0;
/// Road speed at which each virtual gear tops out, m/s.
const GEAR_TOP_MPS: [f32; 5] = [12.0, 21.0, 30.0, 41.0, 60.0];

/// (rpm, gear 1..5) for a road speed.
pub fn virtual_rpm(speed_mps: f32) -> (f32, u8) {
    let v = speed_mps.abs();
    let mut low = 0.0;
    for (i, top) in GEAR_TOP_MPS.iter().enumerate() {
        if v <= *top || i == GEAR_TOP_MPS.len() - 1 {
            // Each gear after the first starts where the shift drops the revs to 55 %.
            let start = if i == 0 { IDLE_RPM } else { SHIFT_RPM * 0.55 };
            let t = ((v - low) / (top - low)).clamp(0.0, 1.0);
            return (start + (SHIFT_RPM - start) * t, i as u8 + 1);
        }
        low = *top;
    }
    (IDLE_RPM, 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rpm_rises_through_each_gear_and_drops_at_the_shift() {
        assert_eq!(virtual_rpm(0.0), (IDLE_RPM, 1));
        let (r1, g1) = virtual_rpm(11.9);
        let (r2, g2) = virtual_rpm(12.1);
        assert_eq!((g1, g2), (1, 2));
        assert!(r1 > 6000.0 && r2 < 3700.0, "{r1} then {r2}");
        assert_eq!(virtual_rpm(100.0).1, 5);
        assert!(virtual_rpm(100.0).0 <= SHIFT_RPM);
    }
}
