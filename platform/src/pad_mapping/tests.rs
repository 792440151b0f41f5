use super::*;
use crate::pad_input::{PadAxis, PadButton};

/// A cheap pad's line as SDL2 Gamepad Tool writes it: face buttons in an odd order, the
/// left trigger a button, the right one an axis, the d-pad a hat.
const CHEAP_PAD: &str = "03000000341200007856000011010000,Cheap Pad,a:b2,b:b1,x:b3,y:b0,\
    back:b8,start:b9,guide:b12,leftshoulder:b4,rightshoulder:b5,lefttrigger:b6,\
    righttrigger:a5,leftstick:b10,rightstick:b11,leftx:a0,lefty:a1,rightx:a2,righty:a3,\
    dpup:h0.1,dpright:h0.2,dpdown:h0.4,dpleft:h0.8,platform:Linux,";

fn button(b: PadButton) -> Option<PadInput> {
    Some(PadInput::Button(b))
}

fn axis(a: PadAxis) -> Option<PadInput> {
    Some(PadInput::Axis(a))
}

#[test]
fn a_mapping_line_in_the_right_buttons_out() {
    use PadAxis as A;
    use PadButton as B;
    let m = SdlMapping::parse(CHEAP_PAD).unwrap();
    assert_eq!(m.guid_hex(), "03000000341200007856000011010000");
    assert_eq!(m.name, "Cheap Pad");
    assert!(m.notes.is_empty(), "{:?}", m.notes);
    let b = SdlInput::Button;
    let a = SdlInput::Axis;
    let hat = |direction| SdlInput::Hat { hat: 0, direction };
    for (input, expected) in [
        (b(2), button(B::South)),
        (b(1), button(B::East)),
        (b(3), button(B::West)),
        (b(0), button(B::North)),
        (b(8), button(B::Select)),
        (b(9), button(B::Start)),
        (b(12), button(B::Guide)),
        (b(4), button(B::LeftBumper)),
        (b(5), button(B::RightBumper)),
        (b(10), button(B::LeftStick)),
        (b(11), button(B::RightStick)),
        // A trigger is an axis to the game whether the pad reports a button or an axis.
        (b(6), axis(A::LeftTrigger)),
        (a(5), axis(A::RightTrigger)),
        (a(0), axis(A::LeftStickX)),
        (a(1), axis(A::LeftStickY)),
        (a(2), axis(A::RightStickX)),
        (a(3), axis(A::RightStickY)),
        (hat(1), button(B::DPadUp)),
        (hat(2), button(B::DPadRight)),
        (hat(4), button(B::DPadDown)),
        (hat(8), button(B::DPadLeft)),
        // Inputs the line leaves unbound give the game nothing.
        (b(7), None),
        (a(4), None),
        (SdlInput::Hat { hat: 1, direction: 1 }, None),
    ] {
        assert_eq!(m.game_input(input), expected, "{input:?}");
    }
}

#[test]
fn the_variable_keeps_taken_lines_and_says_why_it_refuses_the_others() {
    let text = format!(
        "# made with SDL2 Gamepad Tool\r\n\
         {CHEAP_PAD}\r\n\
         \r\n\
         030000005e0400008e02000010010000,X360 Windows,a:b0,platform:Windows,\n\
         xinput,XInput,a:b0,\n\
         05000000c82d00000161000000010000,8BitDo Zero,a:b1,b:b0,turbo:b9,\n\
         03000000ffff00000000000000000000,Broken,a:b0,leftx:q1,\n\
         03000000eeee00000000000000000000,No colon,a,\n\
         03000000dddd00000000000000000000,Hat 3,dpup:h0.3,\n\
         03000000341200007856000011010000,Cheap Pad again,a:b0,\n\
         03000000cccc00000000000000000000,With crc,crc:1a2b,a:b0,\n"
    );
    let ms = SdlMappings::parse(&text);
    let outcome = |n: usize| &ms.lines.iter().find(|l| l.line == n).unwrap().outcome;
    // Line 1 is a comment and line 3 blank: nothing to say about them.
    assert_eq!(ms.lines.len(), 9, "{ms:#?}");
    assert_eq!(outcome(2), &LineOutcome::Replaced { by: 10 });
    assert_eq!(outcome(4), &LineOutcome::OtherPlatform("Windows".into()));
    let refused = |n: usize| match outcome(n) {
        LineOutcome::Refused { problem, guid } => (problem.clone(), guid.is_some()),
        o => panic!("line {n}: {o:?}"),
    };
    let (problem, filed) = refused(5);
    assert!(problem.starts_with("bad GUID `xinput`") && !filed, "{problem}");
    let (problem, filed) = refused(6);
    assert!(problem.starts_with("unknown field `turbo`") && filed, "{problem}");
    let (problem, _) = refused(7);
    assert!(problem.starts_with("malformed field `leftx:q1`"), "{problem}");
    let (problem, _) = refused(8);
    assert!(problem.starts_with("malformed field `a`"), "{problem}");
    let (problem, _) = refused(9);
    assert!(problem.contains("hat direction 3"), "{problem}");
    let (problem, _) = refused(11);
    assert!(problem.starts_with("field `crc`"), "{problem}");
    let LineOutcome::Taken(m) = outcome(10) else {
        panic!("{:?}", outcome(10))
    };
    assert_eq!(m.name, "Cheap Pad again");
    assert_eq!(m.game_input(SdlInput::Button(0)), button(PadButton::South));
    assert_eq!(ms.taken().map(|(n, _)| n).collect::<Vec<_>>(), [10]);
    assert_eq!(ms.for_guid(m.guid).map(|l| l.line), Some(10));
    let eight_bit_do = [0x05, 0, 0, 0, 0xc8, 0x2d, 0, 0, 0x01, 0x61, 0, 0, 0, 0x01, 0, 0];
    assert_eq!(ms.for_guid(eight_bit_do).map(|l| l.line), Some(6));

    let report = ms.report();
    assert_eq!(
        report[0],
        (
            log::Level::Info,
            "gamepads: SDL_GAMECONTROLLERCONFIG: 1 pad mapping taken (line 10 \"Cheap Pad \
             again\"); 1 line for another platform skipped; 6 lines refused; 1 line replaced \
             by a later line for the same pad"
                .to_string()
        )
    );
    let said = |start: &str| {
        report
            .iter()
            .find(|(_, l)| l.starts_with(start))
            .unwrap_or_else(|| panic!("no `{start}` in {report:#?}"))
            .clone()
    };
    assert_eq!(said("SDL_GAMECONTROLLERCONFIG line 2:").0, log::Level::Info);
    assert_eq!(
        said("SDL_GAMECONTROLLERCONFIG line 4: for platform Windows, skipped").0,
        log::Level::Info
    );
    let (level, line) = said("SDL_GAMECONTROLLERCONFIG line 6 refused: unknown field `turbo`");
    assert_eq!(level, log::Level::Warn);
    assert!(
        line.ends_with(
            "a pad with GUID 05000000c82d00000161000000010000 gets gilrs' default mapping, not SDL's database's"
        ),
        "{line}"
    );
    // The summary, then one line for each line but the taken one (no notes on it).
    assert_eq!(report.len(), 1 + 8, "{report:#?}");
}

#[test]
fn what_gilrs_reads_otherwise_than_sdl_is_noted() {
    let line = "03000000aaaa00000000000000000000,Odd Pad,a:b0,x:b0,lefty:a1~,\
                lefttrigger:+a2,-leftx:b5,dpup:h0.1,dpdown:h0.4,misc1:h1.1,";
    let m = SdlMapping::parse(line).unwrap();
    let noted = |what: &str| m.notes.iter().any(|n| n.contains(what));
    assert!(noted("`a:b0` is overridden by `x:b0`"), "{:#?}", m.notes);
    assert_eq!(m.game_input(SdlInput::Button(0)), button(PadButton::West));
    assert!(noted("`lefty:a1~`: gilrs ignores the `~`"), "{:#?}", m.notes);
    assert!(noted(
        "`lefttrigger:+a2`: gilrs reads all of axis a2, not only its + half"
    ));
    assert_eq!(m.game_input(SdlInput::Axis(2)), axis(PadAxis::LeftTrigger));
    assert!(noted("`-leftx:b5`: gilrs drives all of leftx, not only its - half"));
    assert_eq!(m.game_input(SdlInput::Button(5)), axis(PadAxis::LeftStickX));
    // Only two of the hat's four directions: gilrs leaves it unread as a d-pad.
    assert!(noted(
        "`dpup:h0.1`: the game gets nothing from it, not DPadUp (gilrs reads hat 0 as the d-pad only when all four"
    ));
    assert_eq!(m.game_input(SdlInput::Hat { hat: 0, direction: 1 }), None);
    assert!(noted("`misc1:h1.1`: gilrs reads no hat but hat 0; ignored"));
    assert_eq!(m.notes.len(), 7, "{:#?}", m.notes);

    // All four directions, but up and down swapped: gilrs keeps the usual way round.
    let swapped = "03000000aaaa00000000000000000000,Swapped,dpup:h0.4,dpdown:h0.1,\
                   dpleft:h0.8,dpright:h0.2,";
    let m = SdlMapping::parse(swapped).unwrap();
    assert_eq!(
        m.game_input(SdlInput::Hat { hat: 0, direction: 4 }),
        button(PadButton::DPadDown)
    );
    assert!(noted_in(
        &m,
        "`dpup:h0.4`: the game gets DPadDown from it, not DPadUp (gilrs makes hat 0 the d-pad its own way round)"
    ));
    // A stick on the hat: gilrs hands the hat's axis on as the stick's.
    let stick = "03000000aaaa00000000000000000000,Hat stick,-leftx:h0.8,+leftx:h0.2,a:h0.1,";
    let m = SdlMapping::parse(stick).unwrap();
    assert_eq!(
        m.game_input(SdlInput::Hat { hat: 0, direction: 8 }),
        axis(PadAxis::LeftStickX)
    );
    assert!(noted_in(&m, "`a:h0.1`: the game gets nothing from it, not South"));
}

fn noted_in(m: &SdlMapping, what: &str) -> bool {
    m.notes.iter().any(|n| n.contains(what))
}

#[test]
fn lines_gilrs_parses_alike_are_taken_alike() {
    // Forms gilrs accepts that SDL2 Gamepad Tool does not write: a hyphenated GUID, an
    // empty input, `+5` as a number; the GUID's case does not matter.
    let m = SdlMapping::parse("03000000-AAAA-0000-0000-000000000000,P,a:,b:b+5,start:b9").unwrap();
    assert_eq!(m.guid_hex(), "03000000aaaa00000000000000000000");
    assert_eq!(m.game_input(SdlInput::Button(5)), button(PadButton::East));
    assert_eq!(m.game_input(SdlInput::Button(9)), button(PadButton::Start));
    // A GUID and nothing else is no mapping; a GUID and a comma is an empty one.
    assert!(SdlMapping::parse("03000000aaaa00000000000000000000").is_err());
    assert!(SdlMapping::parse("03000000aaaa00000000000000000000,")
        .unwrap()
        .bindings
        .is_empty());
    assert!(SdlMapping::parse("03000000aaaa00000000000000000000,P,a:b0,,b:b1").is_err());
}

#[test]
fn no_text_makes_the_reader_panic() {
    // Every prefix of awkward lines, and a deterministic scramble of a real one.
    let awkward = [
        "03000000aaaa00000000000000000000,P,+a:+a,-:-a~,a:h,a:h.,a:h0.,a:h.1,a:hé.1,a:bé,é:b1,+é:a1,a:+é,a:~,a:a~~,a:b99999,platform:",
        "platform:platform:Linux,\u{feff}03000000aaaa00000000000000000000,é,",
    ];
    for line in awkward {
        for (end, _) in line.char_indices() {
            let _ = SdlMapping::parse(&line[..end]);
            let _ = SdlMappings::parse(&line[..end]).report();
        }
    }
    let chars: Vec<char> = CHEAP_PAD.chars().chain(",:+-~.éh".chars()).collect();
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..2000 {
        let mut line: Vec<char> = CHEAP_PAD.chars().collect();
        for _ in 0..4 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let at = (seed % line.len() as u64) as usize;
            line[at] = chars[(seed >> 32) as usize % chars.len()];
        }
        let line: String = line.into_iter().collect();
        let _ = SdlMappings::parse(&line).report();
    }
}

/// Log lines this thread emits while `f` runs (the platform's tests install no other
/// logger).
fn logged_by<R>(f: impl FnOnce() -> R) -> (R, Vec<String>) {
    use std::cell::RefCell;
    thread_local! {
        static LINES: RefCell<Option<Vec<String>>> = const { RefCell::new(None) };
    }
    struct ThreadCapture;
    impl log::Log for ThreadCapture {
        fn enabled(&self, _: &log::Metadata) -> bool {
            true
        }
        fn log(&self, record: &log::Record) {
            LINES.with_borrow_mut(|lines| {
                if let Some(lines) = lines {
                    lines.push(record.args().to_string());
                }
            });
        }
        fn flush(&self) {}
    }
    static INSTALL: std::sync::Once = std::sync::Once::new();
    INSTALL.call_once(|| {
        log::set_logger(&ThreadCapture).expect("no other logger in the platform's tests");
        log::set_max_level(log::LevelFilter::Debug);
    });
    LINES.with_borrow_mut(|lines| *lines = Some(Vec::new()));
    let r = f();
    (r, LINES.with_borrow_mut(|lines| lines.take().unwrap_or_default()))
}

#[test]
fn gilrs_files_the_lines_we_say_it_files() {
    // gilrs keeps the lines it files to itself; all it says is how many (at debug, on
    // build, before it looks for pads: so this runs with no pad and no input devices).
    // They must be the lines we report taken, or refused for their fields.
    let text = format!(
        "{CHEAP_PAD}\n\
         030000005e0400008e02000010010000,X360 Windows,a:b0,platform:Windows,\n\
         xinput,XInput,a:b0,\n\
         05000000c82d00000161000000010000,8BitDo Zero,a:b1,turbo:b9,\n\
         03000000341200007856000011010000,Cheap Pad again,a:b0,\n\
         \x2003000000bbbb00000000000000000000,Leading space,a:b0,\n\
         03000000cccc00000000000000000000,Good,a:b0,platform:Linux\n"
    );
    let ours = SdlMappings::parse(&text);
    let filed = ours
        .lines
        .iter()
        .filter(|l| {
            matches!(
                l.outcome,
                LineOutcome::Taken(_) | LineOutcome::Refused { guid: Some(_), .. }
            )
        })
        .count();
    assert_eq!(filed, 3, "{ours:#?}");
    let ((), logged) = logged_by(|| {
        let built = gilrs::GilrsBuilder::new()
            .add_included_mappings(false)
            .add_env_mappings(false)
            .add_mappings(&text)
            .build();
        // Whether gilrs found input devices or not, it said how many lines it filed.
        drop(built);
    });
    let loaded = logged
        .iter()
        .find_map(|l| {
            l.strip_prefix("Loaded ")?
                .strip_suffix(" mappings.")?
                .parse::<usize>()
                .ok()
        })
        .unwrap_or_else(|| panic!("gilrs did not say how many mappings it loaded: {logged:#?}"));
    assert_eq!(loaded, filed);
}
