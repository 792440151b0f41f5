use super::*;

const SCRIPT: &str = "\
# poll pad event
0 0 connected
1 0 axis RightTrigger 1.0   # full throttle
1 0 press South
3 0 disconnected
";

#[test]
fn a_script_hands_out_its_events_poll_by_poll() {
    let mut pads = Pads::scripted(PadScript::parse("s", SCRIPT).unwrap());
    let mut per_poll = Vec::new();
    for _ in 0..5 {
        let mut out = Vec::new();
        pads.poll(&mut out);
        per_poll.push(out);
    }
    let pad = PadId(0);
    assert_eq!(
        per_poll[0],
        [PadEvent {
            pad,
            kind: PadEventKind::Connected
        }]
    );
    assert_eq!(
        per_poll[1],
        [
            PadEvent {
                pad,
                kind: PadEventKind::Axis {
                    axis: PadAxis::RightTrigger,
                    value: 1.0
                }
            },
            PadEvent {
                pad,
                kind: PadEventKind::Button {
                    button: PadButton::South,
                    pressed: true
                }
            }
        ]
    );
    assert!(per_poll[2].is_empty());
    assert_eq!(
        per_poll[3],
        [PadEvent {
            pad,
            kind: PadEventKind::Disconnected
        }]
    );
    assert!(per_poll[4].is_empty());
    // Rumble on a scripted pad is a no-op, not a crash.
    pads.rumble(pad, 1.0, std::time::Duration::from_millis(100));
}

#[test]
fn key_lines_come_out_as_the_window_key_events_of_their_poll() {
    let script = "0 0 connected\n1 key press Escape\n2 key release Escape\n2 0 press South\n";
    let mut pads = Pads::scripted(PadScript::parse("s", script).unwrap());
    assert_eq!(PadScript::parse("s", script).unwrap().len(), 4);
    let key = |pressed| PlatformEvent::Key {
        key: Key::Escape,
        pressed,
        repeat: false,
    };
    let mut per_poll = Vec::new();
    for _ in 0..4 {
        let (mut pad_out, mut key_out) = (Vec::new(), Vec::new());
        pads.poll(&mut pad_out);
        pads.take_script_keys(&mut key_out);
        per_poll.push((pad_out.len(), key_out));
    }
    assert_eq!(per_poll[0], (1, vec![]));
    assert_eq!(per_poll[1], (0, vec![key(true)]));
    assert_eq!(per_poll[2], (1, vec![key(false)]));
    assert_eq!(per_poll[3], (0, vec![]));
}

#[test]
fn a_bad_script_names_file_line_and_problem() {
    for (text, line, problem) in [
        ("0 0 wiggle\n", 1, "unknown event `wiggle`"),
        ("# c\n0 0 press Turbo\n", 2, "unknown button `Turbo`"),
        ("0 0 axis LeftStickX 7\n", 1, "from -1 to 1"),
        ("0 0 axis Throttle 1\n", 1, "unknown axis `Throttle`"),
        ("5 0 connected\n2 0 disconnected\n", 2, "comes before"),
        ("x 0 connected\n", 1, "not a whole number"),
        ("0 connected\n", 1, "expected `POLL PAD EVENT"),
        ("0 key press Turbo\n", 1, "unknown key `Turbo`"),
        ("0 key wiggle Up\n", 1, "expected `POLL key press|release KEY`"),
    ] {
        let e = PadScript::parse("pads.txt", text).unwrap_err();
        assert_eq!((e.file.as_str(), e.line), ("pads.txt", line), "{text:?}: {e}");
        assert!(e.problem.contains(problem), "{text:?}: {e}");
    }
    let e = PadScript::load(std::path::Path::new("/nonexistent/pads.txt")).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("pad script /nonexistent/pads.txt: cannot read"),
        "{e}"
    );
}
