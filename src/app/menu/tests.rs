//! The menu model: focus wraps, sliders clamp and keep two decimals, toggles and choices
//! cycle, capture waits for a press and Back cancels it, the pointer hits rows, held
//! directions repeat after the delay without dropping moves.

use super::repeat::{DELAY, INTERVAL};
use super::*;
use skidpad_platform::{Key, PadAxis, PadButton, PadEvent, PadEventKind, PadId, PlatformEvent};
use std::time::Duration;

fn sample() -> Menu {
    Menu::new(vec![
        Item::button("Play"),
        Item::new(
            "Volume",
            Widget::Slider {
                value: 0.9,
                min: 0.0,
                max: 1.0,
                step: 0.05,
            },
        ),
        Item::new("ABS", Widget::Toggle(false)),
        Item::new(
            "Gearbox",
            Widget::Choice {
                index: 0,
                options: vec!["Auto".into(), "Manual".into()],
            },
        ),
        Item::new("Reset", Widget::Binding("Y / R".into())),
    ])
}

#[test]
fn headings_never_hold_the_focus() {
    let mut m = Menu::new(vec![
        Item::heading("Circuits"),
        Item::button("Hungaroring"),
        Item::button("Monza"),
        Item::heading("Challenges"),
        Item::button("Skid Pan"),
    ]);
    assert_eq!(m.focus(), 1, "a menu opens on its first row that can hold the focus");
    m.apply(NavAction::Down);
    assert_eq!(m.apply(NavAction::Down), MenuEvent::Moved);
    assert_eq!(m.focus(), 4, "down steps over the heading");
    assert_eq!(m.apply(NavAction::Down), MenuEvent::Moved);
    assert_eq!(m.focus(), 1, "and wraps over the first heading");
    assert_eq!(m.apply(NavAction::Up), MenuEvent::Moved);
    assert_eq!(m.focus(), 4, "up wraps over it too");
    m.set_focus(3);
    assert_eq!(m.focus(), 4, "focusing a heading focuses the row after it");
    m.set_rows(Rows {
        x: 0.0,
        y: 0.0,
        w: 100.0,
        row_h: 10.0,
        first: 0,
        shown: 5,
    });
    let click = |row: f32| NavAction::Pointer {
        x: 5.0,
        y: row * 10.0 + 5.0,
        click: true,
    };
    assert_eq!(
        m.apply(click(3.0)),
        MenuEvent::Nothing,
        "a click on a heading does nothing"
    );
    assert_eq!(m.focus(), 4);
    assert_eq!(m.apply(click(2.0)), MenuEvent::Activated(2));
}

#[test]
fn focus_wraps_both_ways() {
    let mut m = sample();
    assert_eq!(m.apply(NavAction::Up), MenuEvent::Moved);
    assert_eq!(m.focus(), 4, "up from the first row wraps to the last");
    assert_eq!(m.apply(NavAction::Down), MenuEvent::Moved);
    assert_eq!(m.focus(), 0, "down from the last wraps to the first");
    assert_eq!(m.apply(NavAction::Accept), MenuEvent::Activated(0));
    assert_eq!(m.apply(NavAction::Back), MenuEvent::Back);
}

#[test]
fn sliders_clamp_and_stay_readable() {
    let mut m = sample();
    m.set_focus(1);
    assert_eq!(m.apply(NavAction::Right), MenuEvent::Changed(1));
    assert_eq!(m.apply(NavAction::Right), MenuEvent::Changed(1));
    assert_eq!(m.apply(NavAction::Right), MenuEvent::Nothing, "already at the top");
    assert_eq!(
        m.items()[1].widget,
        Widget::Slider {
            value: 1.0,
            min: 0.0,
            max: 1.0,
            step: 0.05
        }
    );
    for _ in 0..30 {
        m.apply(NavAction::Left);
    }
    assert_eq!(m.items()[1].value_text(), "0 %");
    for _ in 0..7 {
        m.apply(NavAction::Right);
    }
    // Seven steps of 0.05 written as a person would: 0.35, not 0.35000002.
    let Widget::Slider { value, .. } = m.items()[1].widget else {
        panic!()
    };
    assert_eq!(format!("{value}"), "0.35");
}

#[test]
fn toggles_and_choices_cycle() {
    let mut m = sample();
    m.set_focus(2);
    assert_eq!(m.apply(NavAction::Accept), MenuEvent::Changed(2));
    assert_eq!(m.items()[2].widget, Widget::Toggle(true));
    assert_eq!(m.apply(NavAction::Left), MenuEvent::Changed(2));
    assert_eq!(m.items()[2].widget, Widget::Toggle(false));
    m.set_focus(3);
    m.apply(NavAction::Left);
    assert_eq!(m.items()[3].value_text(), "Manual", "left from the first choice wraps");
    m.apply(NavAction::Right);
    assert_eq!(m.items()[3].value_text(), "Auto");
}

#[test]
fn capture_waits_for_a_press_and_back_cancels() {
    let mut m = sample();
    m.set_focus(4);
    assert_eq!(m.apply(NavAction::Accept), MenuEvent::Capturing(4));
    assert_eq!(
        m.apply(NavAction::Down),
        MenuEvent::Nothing,
        "navigation waits while capturing"
    );
    assert_eq!(m.focus(), 4);
    assert_eq!(m.capture("B / R"), MenuEvent::Captured(4, true));
    assert_eq!(m.items()[4].value_text(), "B / R");
    assert_eq!(m.capture("X"), MenuEvent::Nothing, "no capture waits any more");
    m.apply(NavAction::Accept);
    assert_eq!(m.apply(NavAction::Back), MenuEvent::Captured(4, false));
    assert_eq!(
        m.items()[4].value_text(),
        "B / R",
        "a cancelled capture keeps the binding"
    );
    assert_eq!(m.capturing(), None);
}

#[test]
fn pointer_hits_rows() {
    let mut m = sample();
    m.set_rows(Rows {
        x: 100.0,
        y: 50.0,
        w: 200.0,
        row_h: 20.0,
        first: 0,
        shown: 5,
    });
    assert_eq!(
        m.apply(NavAction::Pointer {
            x: 150.0,
            y: 95.0,
            click: false
        }),
        MenuEvent::Moved
    );
    assert_eq!(m.focus(), 2);
    assert_eq!(
        m.apply(NavAction::Pointer {
            x: 150.0,
            y: 55.0,
            click: true
        }),
        MenuEvent::Activated(0)
    );
    assert_eq!(
        m.apply(NavAction::Pointer {
            x: 50.0,
            y: 55.0,
            click: true
        }),
        MenuEvent::Nothing,
        "left of the rows"
    );
    assert_eq!(
        m.apply(NavAction::Pointer {
            x: 150.0,
            y: 500.0,
            click: true
        }),
        MenuEvent::Nothing,
        "below the last row"
    );
    // Scrolled by two rows, three shown: the top row on screen is item 2, and nothing
    // answers below the last shown row.
    m.set_rows(Rows {
        x: 100.0,
        y: 50.0,
        w: 200.0,
        row_h: 20.0,
        first: 2,
        shown: 3,
    });
    assert_eq!(
        m.apply(NavAction::Pointer {
            x: 150.0,
            y: 55.0,
            click: true
        }),
        MenuEvent::Changed(2)
    );
    assert_eq!(
        m.apply(NavAction::Pointer {
            x: 150.0,
            y: 115.0,
            click: false
        }),
        MenuEvent::Nothing
    );
}

#[test]
fn an_empty_menu_only_goes_back() {
    let mut m = Menu::new(Vec::new());
    for a in [
        NavAction::Up,
        NavAction::Down,
        NavAction::Left,
        NavAction::Right,
        NavAction::Accept,
    ] {
        assert_eq!(m.apply(a), MenuEvent::Nothing);
    }
    assert_eq!(m.apply(NavAction::Back), MenuEvent::Back);
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

#[test]
fn a_held_direction_repeats_after_the_delay() {
    let mut r = NavRepeat::default();
    let mut out = Vec::new();
    r.press(NavAction::Down, ms(1000));
    r.due(ms(1000) + DELAY - ms(1), &mut out);
    assert!(out.is_empty(), "no repeat before the delay");
    r.due(ms(1000) + DELAY, &mut out);
    assert_eq!(out, vec![NavAction::Down]);
    // A frame that comes three intervals late gets all three repeats: none dropped.
    out.clear();
    r.due(ms(1000) + DELAY + INTERVAL * 3, &mut out);
    assert_eq!(out.len(), 3);
    r.release(NavAction::Down);
    out.clear();
    r.due(ms(10_000), &mut out);
    assert!(out.is_empty(), "released: no more repeats");
}

#[test]
fn a_pad_unplugged_while_leaning_stops_repeating_and_prompts_turn_to_keys() {
    let mut nav = NavInput::default();
    let mut out = Vec::new();
    let pad = |kind| PadEvent { pad: PadId(0), kind };
    let lean = PadEventKind::Axis {
        axis: PadAxis::LeftStickY,
        value: -0.9,
    };
    nav.on_pad_event(&pad(lean), ms(0), &mut out);
    nav.on_pad_event(
        &pad(PadEventKind::Button {
            button: PadButton::DPadLeft,
            pressed: true,
        }),
        ms(0),
        &mut out,
    );
    assert_eq!(nav.device(), Device::Pad);
    nav.on_pad_event(&pad(PadEventKind::Disconnected), ms(100), &mut out);
    out.clear();
    nav.end_events(ms(10_000), &mut out);
    assert!(out.is_empty(), "nothing repeats after the pad is gone: {out:?}");
    assert_eq!(nav.device(), Device::Keyboard, "the prompts show keys");
    // Plugged in again still leaning: the stick's next report is a fresh press.
    nav.on_pad_event(&pad(PadEventKind::Connected), ms(200), &mut out);
    nav.on_pad_event(&pad(lean), ms(300), &mut out);
    assert_eq!(out, vec![Pressed::Nav(NavAction::Down)]);
}

#[test]
fn stick_and_keys_become_actions_and_the_last_device_is_kept() {
    let mut nav = NavInput::default();
    let mut out = Vec::new();
    let pad = |kind| PadEvent { pad: PadId(0), kind };
    nav.on_pad_event(
        &pad(PadEventKind::Axis {
            axis: PadAxis::LeftStickY,
            value: -0.9,
        }),
        ms(0),
        &mut out,
    );
    assert_eq!(out, vec![Pressed::Nav(NavAction::Down)], "stick down");
    assert_eq!(nav.device(), Device::Pad);
    // Still leaning (past the let-go threshold): no second press, the repeat times it.
    nav.on_pad_event(
        &pad(PadEventKind::Axis {
            axis: PadAxis::LeftStickY,
            value: -0.5,
        }),
        ms(10),
        &mut out,
    );
    assert_eq!(out.len(), 1);
    nav.end_events(ms(0) + DELAY, &mut out);
    assert_eq!(out.len(), 2, "held stick repeats");
    nav.on_pad_event(
        &pad(PadEventKind::Axis {
            axis: PadAxis::LeftStickY,
            value: 0.0,
        }),
        ms(500),
        &mut out,
    );
    nav.end_events(ms(5000), &mut out);
    assert_eq!(out.len(), 2, "released stick stops repeating");
    out.clear();
    nav.on_pad_event(
        &pad(PadEventKind::Button {
            button: PadButton::South,
            pressed: true,
        }),
        ms(0),
        &mut out,
    );
    assert_eq!(
        out,
        vec![Pressed::Button(PadButton::South, Some(NavAction::Accept))],
        "one press, one input"
    );
    out.clear();
    let key = |key, pressed| PlatformEvent::Key {
        key,
        pressed,
        repeat: false,
    };
    nav.on_platform_event(&key(Key::Escape, true), ms(0), &mut out);
    assert_eq!(out, vec![Pressed::Key(Key::Escape, Some(NavAction::Back))]);
    assert_eq!(nav.device(), Device::Keyboard);
    out.clear();
    nav.on_pad_event(
        &pad(PadEventKind::Button {
            button: PadButton::East,
            pressed: true,
        }),
        ms(0),
        &mut out,
    );
    assert_eq!(nav.device(), Device::Pad);
    nav.on_platform_event(
        &PlatformEvent::Pointer {
            x: 3.0,
            y: 4.0,
            click: true,
        },
        ms(0),
        &mut out,
    );
    assert_eq!(
        out[1],
        Pressed::Nav(NavAction::Pointer {
            x: 3.0,
            y: 4.0,
            click: true
        })
    );
    assert_eq!(
        nav.device(),
        Device::Keyboard,
        "the mouse counts as the keyboard's prompts"
    );
}

#[test]
fn a_pad_only_platform_prompts_for_the_pad_from_the_start_and_keys_still_work() {
    use crate::content::PlatformProfile;
    let start = |profile: &str| Device::at_start(PlatformProfile::load(profile).unwrap().pad_only);
    // The shipped profiles: consoles and handhelds are played with a pad.
    assert_eq!(
        [start("xbox"), start("handheld"), start("desktop")],
        [Device::Pad, Device::Pad, Device::Keyboard]
    );
    let mut nav = NavInput::starting_on(start("xbox"), start("xbox"));
    assert_eq!(nav.device(), Device::Pad, "pad glyphs before anything is pressed");
    let mut out = Vec::new();
    nav.on_platform_event(
        &PlatformEvent::Key {
            key: Key::Down,
            pressed: true,
            repeat: false,
        },
        ms(0),
        &mut out,
    );
    assert_eq!(out.first().and_then(|p| p.action()), Some(NavAction::Down), "{out:?}");
    assert_eq!(nav.device(), Device::Keyboard, "keys pressed: key prompts");
    let pad = |kind| PadEvent { pad: PadId(0), kind };
    nav.on_pad_event(
        &pad(PadEventKind::Button {
            button: PadButton::South,
            pressed: true,
        }),
        ms(100),
        &mut out,
    );
    assert_eq!(nav.device(), Device::Pad);
    // Unplugged: back to the platform's own device, the pad (the keyboard on a desktop).
    nav.on_pad_event(&pad(PadEventKind::Disconnected), ms(200), &mut out);
    assert_eq!(nav.device(), Device::Pad);
    let mut desk = NavInput::starting_on(start("desktop"), start("desktop"));
    desk.on_pad_event(&pad(PadEventKind::Disconnected), ms(200), &mut out);
    assert_eq!(desk.device(), Device::Keyboard);
}
