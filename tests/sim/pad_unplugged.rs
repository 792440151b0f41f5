//! The pad-unplugged screen (#18) through the real `play` loop, the pad unplugged by a pad
//! script (the queue gilrs' events take), at 640×480 (xbox) and 1280×720 (desktop): in the
//! race and over the pause menu it darkens the frame and says how to go on, every line
//! inside the title-safe area; pressing Enter goes on with the keyboard, a button on a pad
//! plugged in again goes on with the pad. In the menus (the results are a menu page too)
//! nothing stops: the keyboard goes on at once.

use skidpad::content::PlatformProfile;
use std::path::Path;
use std::process::{Command, Output};

fn play(args: &[&str], script: &str, dir: &Path) -> Output {
    let path = dir.join("pads.txt");
    std::fs::write(&path, script).unwrap();
    Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("SKIDPAD_PAD_SCRIPT", &path)
        .env("RUST_LOG", "info,skidpad::screens=debug")
        .output()
        .expect("the skidpad binary runs")
}

/// The screens the game showed, in order (the `skidpad::screens` log).
fn screens(log: &str) -> Vec<String> {
    log.lines()
        .filter(|l| l.contains("skidpad::screens"))
        .filter_map(|l| l.split("screen ").nth(1)?.split(" at frame").next().map(str::to_string))
        .collect()
}

/// The message's text in a captured frame: the bounds (x0, y0, x1, y1) of its lines, and
/// its white and amber (`[1.0, 0.75, 0.2]`, the prompts) glyph pixels. Its lines are the
/// bands of rows with bright pixels that are centred across the frame (the message is
/// centred; the dial and lamps, also bright, sit in a corner and are left out).
fn message_text(png: &Path) -> ((u32, u32, u32, u32), usize, usize) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(png).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let (w, h) = (info.width, info.height);
    // Per row: the leftmost and rightmost bright pixel, white and amber counts.
    let rows: Vec<Option<(u32, u32, usize, usize)>> = (0..h)
        .map(|y| {
            let mut row: Option<(u32, u32, usize, usize)> = None;
            for x in 0..w {
                let i = ((y * w + x) * 4) as usize;
                let [r, g, b] = [buf[i], buf[i + 1], buf[i + 2]];
                let white = r > 200 && g > 200 && b > 200;
                let amber = r > 200 && (150..225).contains(&g) && b < 110;
                if white || amber {
                    let e = row.get_or_insert((x, x, 0, 0));
                    e.1 = x;
                    e.2 += usize::from(white);
                    e.3 += usize::from(amber);
                }
            }
            row
        })
        .collect();
    let (mut x0, mut y0, mut x1, mut y1) = (w, h, 0, 0);
    let (mut white, mut amber) = (0, 0);
    let mut y = 0;
    while y < h {
        if rows[y as usize].is_none() {
            y += 1;
            continue;
        }
        // A band: rows with bright pixels, one after another.
        let top = y;
        let (mut lo, mut hi, mut wn, mut an) = (w, 0, 0, 0);
        while let Some(Some((a, b, wc, ac))) = rows.get(y as usize) {
            (lo, hi, wn, an) = (lo.min(*a), hi.max(*b), wn + wc, an + ac);
            y += 1;
        }
        let centred = ((lo + hi) as f32 * 0.5 - w as f32 * 0.5).abs() <= 0.02 * w as f32;
        if centred && hi > lo + w / 10 {
            (x0, y0, x1, y1) = (x0.min(lo), y0.min(top), x1.max(hi), y1.max(y - 1));
            white += wn;
            amber += an;
        }
    }
    ((x0, y0, x1, y1), white, amber)
}

#[test]
fn the_unplugged_screen_fits_and_says_how_to_go_on_in_the_race_and_the_pause_menu() {
    for (platform, (w, h)) in [("xbox", (640u32, 480u32)), ("desktop", (1280, 720))] {
        let safe = PlatformProfile::load(platform).unwrap().title_safe;
        // (where, the presses before the pad goes, how it goes on, the screens after)
        let cases = [
            ("race", "", "40 key press Enter\n41 key release Enter\n", "race"),
            (
                "pause",
                "2 0 press Start\n3 0 release Start\n",
                "40 0 connected\n44 0 press South\n45 0 release South\n",
                "pause",
            ),
        ];
        for (place, before, after, back_to) in cases {
            let dir = tempfile::tempdir().unwrap();
            let shot = dir.path().join(format!("{platform}-{place}.png"));
            // The pad is touched (made the pad in use), unplugged at poll 10, the frame
            // captured at 30, then the player goes on.
            let script =
                format!("0 0 connected\n1 0 press North\n1 0 release North\n{before}10 0 disconnected\n{after}");
            let o = play(
                &[
                    "--platform",
                    platform,
                    "play",
                    "--level",
                    "proving_ground",
                    "--max-frames",
                    "60",
                    "--capture",
                    &format!("30:{}", shot.display()),
                ],
                &script,
                dir.path(),
            );
            let log = String::from_utf8_lossy(&o.stderr);
            assert_eq!(o.status.code(), Some(0), "{platform} {place}: {log}");
            let seen = screens(&log);
            let lost = seen.iter().position(|s| s == "pad-lost");
            assert!(
                lost.is_some(),
                "{platform} {place}: never showed the unplugged screen: {seen:?}"
            );
            assert_eq!(
                seen.get(lost.unwrap() + 1).map(String::as_str),
                Some(back_to),
                "{platform} {place}: went on to {back_to}: {seen:?}"
            );
            let ((x0, y0, x1, y1), white, amber) = message_text(&shot);
            eprintln!("{platform} {place}: message ({x0}, {y0})–({x1}, {y1}), {white} white, {amber} amber px");
            // Inside the title-safe area (and so on screen), with a pixel to spare.
            let (mx, my) = ((1.0 - safe) * 0.5 * w as f32, (1.0 - safe) * 0.5 * h as f32);
            assert!(
                x0 as f32 >= mx.floor() + 1.0
                    && y0 as f32 >= my.floor() + 1.0
                    && (x1 as f32) < w as f32 - mx.floor() - 1.0
                    && (y1 as f32) < h as f32 - my.floor() - 1.0,
                "{platform} {place}: text at ({x0}, {y0})–({x1}, {y1}) leaves the {safe} title-safe area of {w}×{h}"
            );
            // The heading (white) and the two prompt lines (a pad, the keyboard; amber)
            // are there: each at least 1/2000 of the frame's pixels (a line of small text
            // at 640×480 lights about 1/300).
            assert!(
                white > (w * h / 2000) as usize && amber > (w * h / 2000) as usize,
                "{platform} {place}: {white} white and {amber} amber pixels: lines are missing"
            );
            // The prompts are two lines: taller than twice the heading's half.
            assert!(
                y1 - y0 > h / 12,
                "{platform} {place}: the message is {} px high",
                y1 - y0
            );
        }
    }
}

#[test]
fn in_the_menus_an_unplugged_pad_stops_nothing_and_the_keyboard_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    // Title → main menu on the pad, the pad held down on the stick and unplugged; the
    // menus do not wait (nothing runs), no direction repeats on, and Enter chooses Free
    // drive → the level select.
    let script = "0 0 connected\n2 0 press South\n3 0 release South\n\
                  6 0 axis LeftStickY -0.9\n7 0 disconnected\n\
                  60 key press Enter\n61 key release Enter\n";
    let o = play(
        &["--platform", "xbox", "play", "--front-end", "--max-frames", "80"],
        script,
        dir.path(),
    );
    let log = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{log}");
    let seen = screens(&log);
    assert_eq!(seen, ["title", "main", "levels"], "{log}");
}
