//! A monkey run of the front end without GL: 100 000 random pad and keyboard presses, and
//! every page it reaches can be backed out of to the root.

use super::*;

/// Presses Back (and Escape / Start, which end a capture) until the root page; how many.
fn backs_to_root(fe: &mut FrontEnd) -> usize {
    for n in 0..32 {
        if fe.depth() == 1 || matches!(fe.page(), Page::Main(_)) {
            return n;
        }
        fe.apply(Pressed::Key(Key::Escape, Some(NavAction::Back)));
    }
    usize::MAX
}

#[test]
fn monkey_100_000_presses() {
    const PRESSES: usize = 100_000;
    let actions = [
        NavAction::Up,
        NavAction::Down,
        NavAction::Left,
        NavAction::Right,
        NavAction::Accept,
        NavAction::Back,
        NavAction::Pointer {
            x: 300.0,
            y: 200.0,
            click: true,
        },
    ];
    let buttons = [
        (PadButton::South, Some(NavAction::Accept)),
        (PadButton::East, Some(NavAction::Back)),
        (PadButton::Start, None),
        (PadButton::North, None),
        (PadButton::DPadUp, Some(NavAction::Up)),
    ];
    let keys = [
        (Key::Enter, Some(NavAction::Accept)),
        (Key::Escape, Some(NavAction::Back)),
        (Key::Up, Some(NavAction::Up)),
        (Key::R, None),
        (Key::Other, None),
    ];
    let mut rng = Rng(0x5EED_2026);
    let mut fe = FrontEnd::title(Settings::default(), catalog());
    let (mut starts, mut quits, mut pages_seen) = (0, 0, std::collections::BTreeSet::new());
    for i in 0..PRESSES {
        let r = rng.next();
        let pressed = match r % 10 {
            0 => {
                let (b, a) = buttons[(r >> 8) as usize % buttons.len()];
                Pressed::Button(b, a)
            }
            1 => {
                let (k, a) = keys[(r >> 8) as usize % keys.len()];
                Pressed::Key(k, a)
            }
            _ => Pressed::Nav(actions[(r >> 8) as usize % actions.len()]),
        };
        pages_seen.insert(format!("{:?}", std::mem::discriminant(fe.page())));
        match fe.apply(pressed) {
            // What the flow would do: play, then come back to the main menu; or quit and
            // start again on the title.
            Outcome::Start(c) => {
                assert!(catalog().level(&c.level).is_some() && c.opponents <= cars::MAX_OPPONENTS);
                starts += 1;
                fe = FrontEnd::main_menu(fe.settings().clone(), catalog());
            }
            Outcome::QuitGame => {
                quits += 1;
                fe = FrontEnd::title(fe.settings().clone(), catalog());
            }
            _ => {}
        }
        // Every so often: from wherever the monkey is, Back leads home in a few presses.
        if i % 997 == 0 {
            let mut probe = fe.clone();
            let depth = probe.depth();
            let n = backs_to_root(&mut probe);
            assert!(
                n <= depth,
                "stuck on {:?} after {i} presses: {n} backs from depth {depth}",
                probe.page()
            );
        }
    }
    assert!(
        starts > 0 && quits > 0,
        "the monkey reached play ({starts}) and quit ({quits})"
    );
    assert!(pages_seen.len() >= 7, "pages visited: {}", pages_seen.len());
    // The settings the monkey edited still write and read back whole, with no warning.
    let text = fe.settings().to_toml();
    let (back, warnings) = Settings::parse("settings.toml", &text);
    assert!(warnings.is_empty(), "{warnings:?}\n{text}");
    assert_eq!(&back, fe.settings());
}
