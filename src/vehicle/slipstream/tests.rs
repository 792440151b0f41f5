use super::*;

/// A car at `(x, z)` heading and moving along +z at `speed_mps`.
fn along_z(x: f32, z: f32, speed_mps: f32) -> WakeProbe {
    WakeProbe {
        position_m: Vec2::new(x, z),
        heading: Vec2::Y,
        velocity_mps: Vec2::new(0.0, speed_mps),
    }
}

/// The sedan's drag at 40 m/s (content/cars/sedan.toml: ρ 1.225, C_d 0.30, A 2.2 m²):
/// ½ρC_dAv² = 646.8 N.
const SEDAN_DRAG_AT_40_N: f32 = 0.5 * 1.225 * 0.30 * 2.2 * 40.0 * 40.0;

#[test]
fn ten_metres_directly_behind_at_40_mps_the_drag_falls_by_the_models_figure() {
    let wake = Wake::default();
    let r = sheltered_by(&wake, &along_z(0.0, 10.0, 40.0), &along_z(0.0, 0.0, 40.0));
    // 0.3 · (1 − (10 − 5) / (40 − 5))² = 0.3 · (30/35)² = 0.2204: 22 % less drag.
    let expected = 0.3 * (30.0f32 / 35.0).powi(2);
    assert!((r - expected).abs() < 1e-6, "{r} against {expected}");
    let sheltered_n = SEDAN_DRAG_AT_40_N * (1.0 - r);
    assert!((sheltered_n - 504.2).abs() < 0.5, "{sheltered_n} N");
}

#[test]
fn within_a_car_length_the_full_reduction_applies() {
    let r = sheltered_by(&Wake::default(), &along_z(0.0, 5.0, 40.0), &along_z(0.0, 0.0, 40.0));
    assert!((r - 0.3).abs() < 1e-6, "{r}");
}

#[test]
fn sixty_metres_back_or_five_metres_to_the_side_there_is_no_wake() {
    let wake = Wake::default();
    let behind = along_z(0.0, 0.0, 40.0);
    assert_eq!(sheltered_by(&wake, &along_z(0.0, 60.0, 40.0), &behind), 0.0);
    assert_eq!(sheltered_by(&wake, &along_z(5.0, 10.0, 40.0), &behind), 0.0);
    assert_eq!(sheltered_by(&wake, &along_z(-5.0, 10.0, 40.0), &behind), 0.0);
}

#[test]
fn the_wake_fades_smoothly_to_the_side_and_with_the_gap() {
    let wake = Wake::default();
    let behind = along_z(0.0, 0.0, 40.0);
    let at = |x: f32, z: f32| sheltered_by(&wake, &along_z(x, z, 40.0), &behind);
    // Half the half-width out: (1 − 0.25)² = 0.5625 of the centre's.
    assert!((at(0.9, 10.0) / at(0.0, 10.0) - 0.5625).abs() < 1e-5);
    let mut last = f32::INFINITY;
    for k in 0..=45 {
        let r = at(0.0, k as f32 + 0.5);
        assert!(r <= last, "grows at {k} m");
        last = r;
    }
}

#[test]
fn a_car_behind_or_going_another_way_gives_no_tow() {
    let wake = Wake::default();
    let me = along_z(0.0, 10.0, 40.0);
    // The other car is behind this one: it shelters nothing.
    assert_eq!(sheltered_by(&wake, &along_z(0.0, 0.0, 40.0), &me), 0.0);
    // Crossing at right angles 10 m ahead, or coming the other way.
    let crossing = WakeProbe {
        velocity_mps: Vec2::new(40.0, 0.0),
        ..along_z(0.0, 20.0, 0.0)
    };
    assert_eq!(sheltered_by(&wake, &crossing, &me), 0.0);
    assert_eq!(sheltered_by(&wake, &along_z(0.0, 20.0, -40.0), &me), 0.0);
    // Both at walking pace.
    assert_eq!(
        sheltered_by(&wake, &along_z(0.0, 20.0, 2.0), &along_z(0.0, 10.0, 2.0)),
        0.0
    );
}
