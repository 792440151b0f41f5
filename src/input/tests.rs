//! Input tests: events injected as the platform delivers them from gilrs and SDL.

use super::*;
use skidpad_platform::{Key, PadButton};

const DT: f32 = 1.0 / 60.0;

fn pad(n: usize, kind: PadEventKind) -> PadEvent {
    PadEvent { pad: PadId(n), kind }
}

fn axis(n: usize, axis: PadAxis, value: f32) -> PadEvent {
    pad(n, PadEventKind::Axis { axis, value })
}

fn button(n: usize, button: PadButton, pressed: bool) -> PadEvent {
    pad(n, PadEventKind::Button { button, pressed })
}

fn key(key: Key, pressed: bool) -> PlatformEvent {
    PlatformEvent::Key {
        key,
        pressed,
        repeat: false,
    }
}

#[test]
fn deadzone_zeroes_the_centre_and_rescales_the_rest() {
    assert_eq!(apply_deadzone(0.1, 0.15), 0.0);
    assert_eq!(apply_deadzone(1.0, 0.15), 1.0);
    assert!((apply_deadzone(-0.575, 0.15) + 0.5).abs() < 1e-6);
    assert_eq!(apply_deadzone(f32::NAN, 0.15), 0.0);
}

#[test]
fn stick_goes_through_the_deadzone_and_the_response_curve() {
    let mut s = InputState::default();
    // Inside the deadzone: nothing.
    s.on_pad_event(&axis(0, PadAxis::LeftStickX, 0.1));
    assert_eq!(s.take_tick_input(0.0, DT).control.steer, 0.0);
    // Half way past it: 0.5 through the curve |x|^1.5 = 0.354.
    s.on_pad_event(&axis(0, PadAxis::LeftStickX, -0.575));
    let steer = s.take_tick_input(0.0, DT).control.steer;
    assert!((steer + 0.5f32.powf(1.5)).abs() < 1e-4, "{steer}");
    s.on_pad_event(&axis(0, PadAxis::LeftStickX, 1.0));
    assert_eq!(s.take_tick_input(0.0, DT).control.steer, 1.0);
}

#[test]
fn triggers_drive_throttle_and_brake() {
    let mut s = InputState::default();
    s.on_pad_event(&axis(0, PadAxis::RightTrigger, 0.03));
    assert_eq!(s.take_tick_input(0.0, DT).control.throttle, 0.0, "trigger deadzone");
    s.on_pad_event(&axis(0, PadAxis::RightTrigger, 0.525));
    let c = s.take_tick_input(10.0, DT).control;
    assert!((c.throttle - 0.5).abs() < 1e-4, "{c:?}");
    s.on_pad_event(&axis(0, PadAxis::RightTrigger, 0.0));
    s.on_pad_event(&axis(0, PadAxis::LeftTrigger, 1.0));
    assert_eq!(s.take_tick_input(10.0, DT).control.brake, 1.0);
}

#[test]
fn keyboard_and_pad_combine() {
    let mut s = InputState::default();
    s.on_pad_event(&axis(0, PadAxis::RightTrigger, 0.5));
    s.on_platform_event(&key(Key::Up, true));
    assert_eq!(s.take_tick_input(0.0, DT).control.throttle, 1.0);
}

#[test]
fn reset_is_taken_by_one_tick_only() {
    let mut s = InputState::default();
    s.on_platform_event(&key(Key::R, true));
    assert!(s.take_tick_input(0.0, DT).reset);
    assert!(!s.take_tick_input(0.0, DT).reset);
}

#[test]
fn brake_brakes_while_moving_then_reverses_once_stopped_and_held() {
    let mut s = InputState::default();
    s.on_platform_event(&key(Key::Down, true));
    let moving = s.take_tick_input(10.0, DT).control;
    assert_eq!((moving.brake, moving.throttle, moving.reverse), (1.0, 0.0, false));
    // Stopped: the brake holds the car for the hold time, then reverse engages.
    let hold_ticks = (InputSettings::default().reverse_hold_s / DT).ceil() as usize;
    for _ in 0..hold_ticks - 1 {
        let held = s.take_tick_input(0.1, DT).control;
        assert_eq!((held.brake, held.throttle, held.reverse), (1.0, 0.0, false));
    }
    let stopped = s.take_tick_input(0.1, DT).control;
    assert_eq!((stopped.brake, stopped.throttle, stopped.reverse), (0.0, 1.0, true));
    s.on_platform_event(&key(Key::Down, false));
    s.on_platform_event(&key(Key::Up, true));
    let rolling_back = s.take_tick_input(-3.0, DT).control;
    assert_eq!((rolling_back.brake, rolling_back.reverse), (1.0, true));
    let forward = s.take_tick_input(-0.2, DT).control;
    assert_eq!((forward.throttle, forward.reverse), (1.0, false));
}

#[test]
fn unplugging_the_active_pad_pauses_at_once_and_releases_its_controls() {
    let mut s = InputState::default();
    s.on_pad_event(&pad(0, PadEventKind::Connected));
    s.on_pad_event(&axis(0, PadAxis::RightTrigger, 1.0));
    assert_eq!(s.active_pad(), Some(PadId(0)));
    s.on_pad_event(&pad(0, PadEventKind::Disconnected));
    // Within the same frame: the next tick input has no throttle and the game is paused.
    assert!(s.controller_lost());
    assert_eq!(s.take_tick_input(0.0, DT).control.throttle, 0.0);
}

#[test]
fn after_an_unplug_the_keyboard_can_go_on_without_the_pad() {
    let mut s = InputState::default();
    s.on_pad_event(&pad(0, PadEventKind::Connected));
    s.on_pad_event(&axis(0, PadAxis::LeftStickX, 1.0));
    s.on_pad_event(&pad(0, PadEventKind::Disconnected));
    assert!(s.controller_lost());
    // The unplugged screen's "press Enter": play goes on, no pad in use, and the lost
    // pad's stick no longer steers while the keys do.
    s.continue_on_keyboard();
    assert!(!s.controller_lost());
    assert_eq!(s.active_pad(), None);
    s.on_platform_event(&key(Key::Right, true));
    let steer = s.take_tick_input(0.0, DT).control.steer;
    assert!(steer > 0.0 && steer < 1.0, "keyboard steering ramps in: {steer}");
}

#[test]
fn replugging_stays_paused_until_a_button_press() {
    let mut s = InputState::default();
    s.on_pad_event(&pad(0, PadEventKind::Connected));
    s.on_pad_event(&button(0, PadButton::South, true));
    s.on_pad_event(&pad(0, PadEventKind::Disconnected));
    s.on_pad_event(&pad(1, PadEventKind::Connected));
    assert!(s.controller_lost(), "a pad came back but no button was pressed");
    // Stick movement alone does not resume.
    s.on_pad_event(&axis(1, PadAxis::LeftStickX, 1.0));
    assert!(s.controller_lost());
    s.on_pad_event(&button(1, PadButton::South, true));
    assert!(!s.controller_lost());
    assert_eq!(s.active_pad(), Some(PadId(1)));
    // The resuming press was not a handbrake.
    assert!(!s.take_tick_input(0.0, DT).control.hand_brake);
}

#[test]
fn unplugging_another_pad_does_not_pause() {
    let mut s = InputState::default();
    s.on_pad_event(&pad(0, PadEventKind::Connected));
    s.on_pad_event(&pad(1, PadEventKind::Connected));
    s.on_pad_event(&button(0, PadButton::South, true));
    s.on_pad_event(&pad(1, PadEventKind::Disconnected));
    assert!(!s.controller_lost());
}

#[test]
fn remapped_bindings_are_used() {
    let mut settings = InputSettings::default();
    settings.bindings.keys.insert(Action::Throttle, vec![Key::E]);
    settings
        .bindings
        .buttons
        .insert(Action::HandBrake, vec![PadButton::RightBumper]);
    let mut s = InputState::new(settings);
    s.on_platform_event(&key(Key::Up, true));
    assert_eq!(
        s.take_tick_input(0.0, DT).control.throttle,
        0.0,
        "Up is no longer bound"
    );
    s.on_platform_event(&key(Key::E, true));
    assert_eq!(s.take_tick_input(0.0, DT).control.throttle, 1.0);
    s.on_pad_event(&button(0, PadButton::RightBumper, true));
    assert!(s.take_tick_input(0.0, DT).control.hand_brake);
}

#[test]
fn shifting_goes_manual_from_the_current_gear_and_reset_returns_to_automatic() {
    let mut s = InputState::default();
    s.observe_gearbox(3, 6);
    s.on_platform_event(&key(Key::E, true));
    let c = s.take_tick_input(20.0, DT).control;
    assert_eq!((c.manual_gear_shift, c.gear), (true, 4));
    s.on_platform_event(&key(Key::E, false));
    for _ in 0..4 {
        s.on_platform_event(&key(Key::Q, true));
        s.on_platform_event(&key(Key::Q, false));
    }
    assert_eq!(
        s.take_tick_input(0.0, DT).control.gear,
        0,
        "four down from fourth: neutral"
    );
    s.on_platform_event(&key(Key::Q, true));
    s.on_platform_event(&key(Key::Q, false));
    s.on_platform_event(&key(Key::Q, true));
    assert_eq!(s.take_tick_input(0.0, DT).control.gear, -1, "reverse is the lowest");
    s.on_platform_event(&key(Key::R, true));
    assert!(s.take_tick_input(0.0, DT).reset);
    assert!(!s.take_tick_input(0.0, DT).control.manual_gear_shift);
}

#[test]
fn a_car_without_a_gearbox_ignores_shifting() {
    let mut s = InputState::default();
    s.observe_gearbox(0, 0);
    s.on_platform_event(&key(Key::E, true));
    assert!(!s.take_tick_input(0.0, DT).control.manual_gear_shift);
}

#[test]
fn the_manual_gearbox_starts_in_first_and_the_brake_hold_selects_reverse() {
    let mut s = InputState::default().with_assists(AssistSettings {
        gearbox: GearboxMode::Manual,
        ..AssistSettings::default()
    });
    s.observe_gearbox(0, 6);
    let c = s.take_tick_input(0.0, DT).control;
    assert_eq!((c.manual_gear_shift, c.gear), (true, 1));
    s.on_platform_event(&key(Key::Down, true));
    let hold_ticks = (InputSettings::default().reverse_hold_s / DT).ceil() as usize;
    let gears: Vec<i8> = (0..hold_ticks + 1)
        .map(|_| s.take_tick_input(0.0, DT).control.gear)
        .collect();
    assert_eq!(gears[0], 1, "not before the hold time");
    assert_eq!(*gears.last().unwrap(), -1);
}

#[test]
fn tick_inputs_carry_the_assists_chosen() {
    let mut s = InputState::default();
    assert_eq!(s.take_tick_input(0.0, DT).assists, crate::assists::AssistSet::ALL);
    let mut s = InputState::default().with_assists(AssistSettings {
        abs: false,
        ..AssistSettings::default()
    });
    assert!(!s.take_tick_input(0.0, DT).assists.abs);
}

#[test]
fn f3_asks_once_for_the_friction_view() {
    let mut s = InputState::default();
    s.on_platform_event(&key(Key::F3, true));
    assert!(s.take_ui().toggle_friction_view);
    assert!(!s.take_ui().toggle_friction_view);
}
