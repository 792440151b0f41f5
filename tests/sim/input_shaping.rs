//! Input shaping as the player meets it: keyboard steering that ramps at a rate falling
//! with speed, the stick's deadzone and curve, trigger deadzones, and reverse that waits
//! for a stopped car and a held brake — the same on keyboard and pad.

use skidpad::input::shaping::{key_rate_per_s, stick_steer, trigger};
use skidpad::input::InputState;
use skidpad::settings::InputSettings;
use skidpad_platform::{Key, PadAxis, PadEvent, PadEventKind, PadId, PlatformEvent};

const DT: f32 = 1.0 / 60.0;

fn key(key: Key, pressed: bool) -> PlatformEvent {
    PlatformEvent::Key {
        key,
        pressed,
        repeat: false,
    }
}

fn axis(axis: PadAxis, value: f32) -> PadEvent {
    PadEvent {
        pad: PadId(0),
        kind: PadEventKind::Axis { axis, value },
    }
}

/// Ticks until held Right reaches full lock at `speed_mps`.
fn ticks_to_full_lock(speed_mps: f32) -> usize {
    let mut s = InputState::default();
    s.on_platform_event(&key(Key::Right, true));
    (1..10_000)
        .find(|_| s.take_tick_input(speed_mps, DT).control.steer >= 1.0)
        .expect("reaches full lock")
}

#[test]
fn keyboard_steering_ramps_slower_at_speed() {
    let at_rest = ticks_to_full_lock(0.0);
    let at_50_kmh = ticks_to_full_lock(50.0 / 3.6);
    let at_120_kmh = ticks_to_full_lock(120.0 / 3.6);
    println!("ticks to full lock: rest {at_rest}, 50 km/h {at_50_kmh}, 120 km/h {at_120_kmh}");
    assert!(at_rest < at_50_kmh && at_50_kmh < at_120_kmh);
    // The documented rate: 4 lock/s at rest (15 ticks), halved at 12 m/s.
    let s = InputSettings::default();
    assert!(
        (at_rest as f32 - 1.0 / (s.key_steer_rate_per_s * DT)).abs() <= 1.0,
        "{at_rest}"
    );
    assert!((key_rate_per_s(4.0, 12.0, 12.0) - 2.0).abs() < 1e-6);
    // A tap at speed is a small correction, not full lock.
    let mut st = InputState::default();
    st.on_platform_event(&key(Key::Left, true));
    let tap = (0..6)
        .map(|_| st.take_tick_input(30.0, DT).control.steer)
        .last()
        .unwrap();
    println!("6-tick tap at 30 m/s: steer {tap}");
    assert!(tap > -0.15 && tap < 0.0, "{tap}");
}

#[test]
fn keyboard_steering_returns_to_centre() {
    let mut s = InputState::default();
    s.on_platform_event(&key(Key::Right, true));
    for _ in 0..60 {
        s.take_tick_input(10.0, DT);
    }
    s.on_platform_event(&key(Key::Right, false));
    let mut steer = 1.0;
    let mut ticks = 0;
    while steer > 0.0 {
        steer = s.take_tick_input(10.0, DT).control.steer;
        ticks += 1;
        assert!(steer >= 0.0, "overshoots the centre");
    }
    println!("back to centre from full lock at 10 m/s in {ticks} ticks");
    // Centring (6/s halved at 12 m/s → 3.27/s at 10 m/s) beats steering in (2.18/s).
    assert!(ticks < ticks_to_full_lock(10.0), "{ticks}");
}

#[test]
fn stick_deadzone_curve_and_linearity_map_as_documented() {
    let mut s = InputSettings {
        stick_deadzone: 0.2,
        steer_exponent: 2.0,
        stick_linearity: 0.0,
        ..InputSettings::default()
    };
    assert_eq!(stick_steer(0.19, &s), 0.0, "inside the deadzone");
    assert_eq!(stick_steer(-1.0, &s), -1.0, "full travel is full lock");
    // 0.6 raw → 0.5 past the deadzone → 0.25 on the square curve.
    assert!((stick_steer(0.6, &s) - 0.25).abs() < 1e-5);
    s.stick_linearity = 1.0;
    assert!((stick_steer(0.6, &s) - 0.5).abs() < 1e-5, "linear");
    s.stick_linearity = 0.5;
    assert!((stick_steer(-0.6, &s) + 0.375).abs() < 1e-5, "half and half");
    let t = InputSettings {
        trigger_deadzone: 0.1,
        ..InputSettings::default()
    };
    assert_eq!(trigger(0.05, &t), 0.0);
    assert!((trigger(0.55, &t) - 0.5).abs() < 1e-5);
    assert_eq!(trigger(1.0, &t), 1.0);
}

/// Holds the brake (keyboard or pad trigger) at `speed_mps` for `seconds`; the tick
/// reverse first engaged, if it did.
fn reverse_after_holding(pad: bool, speed_mps: f32, seconds: f32) -> Option<usize> {
    let mut s = InputState::default();
    if pad {
        s.on_pad_event(&axis(PadAxis::LeftTrigger, 1.0));
    } else {
        s.on_platform_event(&key(Key::Down, true));
    }
    (0..(seconds / DT).round() as usize).find(|_| s.take_tick_input(speed_mps, DT).control.reverse)
}

#[test]
fn reverse_engages_only_at_rest_after_the_hold_time() {
    let hold = InputSettings::default().reverse_hold_s;
    for pad in [false, true] {
        let tick = reverse_after_holding(pad, 0.0, 2.0).expect("reverses at rest");
        let t = (tick + 1) as f32 * DT;
        println!("pad {pad}: reverse after {t:.3} s of brake at rest");
        assert!(t >= hold - 1e-4 && t < hold + 2.0 * DT, "{t}");
        // At speed the brake never becomes reverse, however long it is held.
        for speed in [1.0, 5.0, 30.0] {
            assert_eq!(reverse_after_holding(pad, speed, 10.0), None, "at {speed} m/s");
        }
    }
}
