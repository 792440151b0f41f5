//! Text a player reads is tall enough on the handheld's screen (SDL's offscreen driver,
//! Mesa llvmpipe): on the handheld profile's 1280×800 the assist lamps' labels and the
//! dial's numerals — read while driving — stand at least 12 px tall in a real frame
//! (Valve's guideline for the Steam Deck: 12 px for text read in play, 9 px elsewhere),
//! and at the console's 640×480 too; every size of the real font holds its least at both
//! (12 px for the sizes drawn in play, 9 for the menus' small print).
//!
//! "Tall" is a capital's (or a figure's) height as drawn: the rows where the glyph covers
//! at least half a pixel, measured on the frame read back.

use crate::common;

use skidpad::app::hud::layout::{self, Element, Layout, Rect, Request};
use skidpad::app::hud::speedo::{self, DialReading};
use skidpad::assists::AssistLamps;
use skidpad::content::PlatformProfile;
use skidpad::render::{
    read_back_buffer, Hud, Image, Renderer, TextSize, MIN_CAPS_PX, MIN_CAP_PLAY_PX, MIN_CAP_REST_PX,
};

/// Driving text: Valve's least height for what is read in play.
const DRIVING_MIN_PX: u32 = MIN_CAP_PLAY_PX as u32;

/// Runs `f` on a `w` × `h` offscreen frame with the HUD sized for it, on OpenGL 3.3 core
/// and on OpenGL ES 3.0.
fn with_gl(w: u32, h: u32, mut f: impl FnMut(&mut Hud, &Renderer)) {
    common::gl::on_each_api(|api| {
        let _platform = common::gl::open_offscreen(api, w, h);
        let renderer = Renderer::new(1024, 64).unwrap();
        let mut hud = Hud::for_height(h).unwrap();
        f(&mut hud, &renderer);
    });
}

/// A cleared frame with `draw`'s overlay on it, read back.
fn frame(hud: &mut Hud, renderer: &Renderer, w: u32, h: u32, draw: impl FnOnce(&mut Hud)) -> Image {
    renderer.clear(w, h);
    draw(hud);
    hud.flush(w, h);
    read_back_buffer(w, h)
}

/// The layout the game asks for while driving (dial and lamps, as `app::hud::request`
/// does) on a `w` × `h` window with the profile's title-safe share.
fn driving_layout(hud: &Hud, w: u32, h: u32, title_safe: f32) -> Layout {
    layout::place(&Request {
        width_px: w as f32,
        height_px: h as f32,
        title_safe,
        speedo: true,
        assist_lamps: Some(skidpad::app::hud::lamps_size(hud)),
        ..Request::default()
    })
}

/// The pieces of ink in `rect` of `img` where `ink` holds: 4-connected components, each as
/// its bounding box (x0, y0, x1, y1, inclusive).
fn components(img: &Image, rect: Rect, ink: impl Fn([u8; 4]) -> bool) -> Vec<[u32; 4]> {
    let (x0, y0) = (rect.x.max(0.0) as u32, rect.y.max(0.0) as u32);
    let (x1, y1) = (
        (rect.right() as u32).min(img.width),
        (rect.bottom() as u32).min(img.height),
    );
    let (w, h) = ((x1 - x0) as usize, (y1 - y0) as usize);
    let mut seen = vec![false; w * h];
    let mut out = Vec::new();
    for start in 0..w * h {
        let at = |i: usize| (x0 + (i % w) as u32, y0 + (i / w) as u32);
        let (sx, sy) = at(start);
        if seen[start] || !ink(img.pixel(sx, sy)) {
            continue;
        }
        seen[start] = true;
        let mut stack = vec![start];
        let mut bbox = [sx, sy, sx, sy];
        while let Some(i) = stack.pop() {
            let (px, py) = at(i);
            bbox = [bbox[0].min(px), bbox[1].min(py), bbox[2].max(px), bbox[3].max(py)];
            let (cx, cy) = (i % w, i / w);
            let mut next = Vec::with_capacity(4);
            if cx > 0 {
                next.push(i - 1);
            }
            if cx + 1 < w {
                next.push(i + 1);
            }
            if cy > 0 {
                next.push(i - w);
            }
            if cy + 1 < h {
                next.push(i + w);
            }
            for n in next {
                let (nx, ny) = at(n);
                if !seen[n] && ink(img.pixel(nx, ny)) {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        out.push(bbox);
    }
    out
}

/// The rows of `rect` in which some pixel is ink: the height of the text in it, pixels
/// (0 if none).
fn ink_height(img: &Image, rect: Rect, ink: impl Fn([u8; 4]) -> bool) -> u32 {
    let rows: Vec<u32> = (rect.y as u32..rect.bottom() as u32)
        .filter(|&y| (rect.x as u32..rect.right() as u32).any(|x| ink(img.pixel(x, y))))
        .collect();
    rows.last().map_or(0, |last| last - rows[0] + 1)
}

/// The lit lamps of the row in `rect`: runs of amber along its second row (the labels,
/// centred, never reach it), each as its rectangle.
fn lit_lamps(img: &Image, rect: Rect) -> Vec<Rect> {
    let y = rect.y as u32 + 1;
    let mut out = Vec::new();
    let mut run: Option<u32> = None;
    for x in rect.x as u32..=rect.right() as u32 {
        let on = x < rect.right() as u32 && amber(img.pixel(x, y));
        match (on, run) {
            (true, None) => run = Some(x),
            (false, Some(s)) => {
                out.push(Rect::new(s as f32, rect.y, (x - s) as f32, rect.h));
                run = None;
            }
            _ => {}
        }
    }
    out
}

/// The amber of a lit lamp (1.0, 0.75, 0.2).
fn amber(p: [u8; 4]) -> bool {
    p[0] > 230 && (170..215).contains(&p[1]) && p[2] < 80
}

/// Lamp labels' heights with every lamp lit (black on amber) and with none (grey on the
/// dark box), on a `w` × `h` window with `title_safe`.
fn lamp_label_heights(hud: &mut Hud, gl: &Renderer, w: u32, h: u32, title_safe: f32) -> Vec<u32> {
    let layout = driving_layout(hud, w, h, title_safe);
    let rect = layout.get(Element::AssistLamps).expect("the lamps have a place");
    let all = AssistLamps {
        traction: true,
        abs: true,
        stability: true,
        steering: true,
    };
    let lit = frame(hud, gl, w, h, |hud| skidpad::app::hud::assist_lamps(hud, all, rect));
    let unlit = frame(hud, gl, w, h, |hud| {
        skidpad::app::hud::assist_lamps(hud, AssistLamps::default(), rect)
    });
    // Each lamp found on the lit frame, then its label in both frames: black on amber (at
    // least half covered: red and green under half the amber's), grey on the dark box
    // (0.6 over 0.25 at 70 %: brighter than halfway).
    let found = lit_lamps(&lit, rect);
    assert_eq!(found.len(), 4, "{w}x{h}: lamps in {rect:?}: {found:?}");
    let mut heights = Vec::new();
    for lamp in &found {
        let dark = |p: [u8; 4]| p[0] < 128 && p[1] < 96;
        let grey = |p: [u8; 4]| p[..3].iter().all(|&c| c >= 100);
        let inner = Rect::new(lamp.x + 1.0, lamp.y + 1.0, lamp.w - 2.0, lamp.h - 2.0);
        for (img, ink) in [(&lit, &dark as &dyn Fn([u8; 4]) -> bool), (&unlit, &grey)] {
            let label = ink_height(img, inner, ink);
            assert!(label < lamp.h as u32, "{w}x{h}: a label fills its lamp {lamp:?}");
            heights.push(label);
        }
    }
    heights
}

/// The dial's tick numbers' heights: on a frame with the dial alone, the light grey pieces
/// of ink (the numbers' grey, at least half covered) on the ring where the numbers go —
/// between 45 % and 85 % of the arc's radius, and not in the open bottom of the arc where
/// the speed's unit is. The arc and its ticks are one piece, joined by the arc, and left
/// out by their size.
/// `numbers`: how many the dial shows (0 to 8, or the even ones where they would crowd).
fn dial_numeral_heights(hud: &mut Hud, gl: &Renderer, (w, h): (u32, u32), title_safe: f32, numbers: usize) -> Vec<u32> {
    let layout = driving_layout(hud, w, h, title_safe);
    let rect = layout.get(Element::Speedo).expect("the dial has a place");
    // A sim car revving to 7000: numbered 0 to 8, the needle between the 4 and the 5.
    let reading = DialReading {
        speed_kmh: 0.0,
        rpm: 4500.0,
        gear: 1,
        rev_limit_rpm: 7000.0,
        redline_rpm: 6300.0,
    };
    let img = frame(hud, gl, w, h, |hud| {
        speedo::draw(hud, &mut String::new(), &reading, rect)
    });
    let centre = (rect.x + rect.w * 0.5, rect.y + rect.h * 0.5);
    let radius = rect.w * 0.46;
    // The numbers' grey (0.75, 0.77, 0.8) over the dark face: every channel past half.
    let grey = |p: [u8; 4]| p[..3].iter().all(|&c| c >= 100) && p[2] as i32 - p[0] as i32 <= 40;
    let mut heights = Vec::new();
    for [x0, y0, x1, y1] in components(&img, rect, grey) {
        let (cx, cy) = ((x0 + x1) as f32 * 0.5 - centre.0, (y0 + y1) as f32 * 0.5 - centre.1);
        let r = cx.hypot(cy) / radius;
        // y down: the open bottom is where the point is well below the centre.
        let below = cy > 0.0 && cx.abs() < cy * 0.6;
        let size = (x1 - x0).max(y1 - y0) as f32;
        if (0.45..0.85).contains(&r) && !below && size < radius * 0.5 {
            heights.push(y1 - y0 + 1);
        }
    }
    assert_eq!(heights.len(), numbers, "{w}x{h}: the numbers on the dial: {heights:?}");
    heights
}

fn handheld() -> PlatformProfile {
    PlatformProfile::load("handheld").expect("the handheld profile")
}

#[test]
fn on_the_handheld_the_lamps_and_the_dial_numbers_stand_12_px_tall() {
    let p = handheld();
    assert_eq!((p.width, p.height), (1280, 800), "the Steam Deck's screen");
    with_gl(p.width, p.height, |hud, gl| {
        let lamps = lamp_label_heights(hud, gl, p.width, p.height, p.title_safe);
        eprintln!("lamp labels (lit, unlit per lamp): {lamps:?} px");
        assert!(lamps.iter().all(|&h| h >= DRIVING_MIN_PX), "lamp labels {lamps:?} px");
        // All nine, 0 to 8.
        let numerals = dial_numeral_heights(hud, gl, (p.width, p.height), p.title_safe, 9);
        eprintln!("dial numbers: {numerals:?} px");
        assert!(
            numerals.iter().all(|&h| h >= DRIVING_MIN_PX),
            "dial numbers {numerals:?} px"
        );
    });
}

#[test]
fn on_the_console_the_lamps_and_the_dial_numbers_stand_12_px_tall_too() {
    // The xbox profile's 640×480, the smallest window the game ships for: the sizes keep
    // their least, the lamps' row widens for its labels.
    let p = PlatformProfile::load("xbox").expect("the xbox profile");
    assert_eq!(p.height, 480);
    with_gl(p.width, p.height, |hud, gl| {
        let lamps = lamp_label_heights(hud, gl, p.width, p.height, p.title_safe);
        eprintln!("lamp labels: {lamps:?} px");
        assert!(lamps.iter().all(|&h| h >= DRIVING_MIN_PX), "lamp labels {lamps:?} px");
        // The smaller dial numbers every other long tick: 0, 2, 4, 6, 8.
        let numerals = dial_numeral_heights(hud, gl, (p.width, p.height), p.title_safe, 5);
        eprintln!("dial numbers: {numerals:?} px");
        assert!(
            numerals.iter().all(|&h| h >= DRIVING_MIN_PX),
            "dial numbers {numerals:?} px"
        );
    });
}

#[test]
fn every_size_of_the_font_draws_capitals_at_least_its_least_at_1280x800_and_640x480() {
    // Every size drawn in play at least 12 px; the menus' small print at least 9.
    for (w, h) in [(1280, 800), (640, 480)] {
        with_gl(w, h, |hud, gl| {
            for size in [
                TextSize::Gauge,
                TextSize::Panel,
                TextSize::Small,
                TextSize::Body,
                TextSize::Title,
            ] {
                let least = MIN_CAPS_PX[size as usize];
                let in_play = size != TextSize::Small;
                assert_eq!(least, if in_play { MIN_CAP_PLAY_PX } else { MIN_CAP_REST_PX });
                let line = hud.line_height(size);
                let area = Rect::new(20.0, 20.0, hud.label_width(size, "HEXT") + 4.0, line + 4.0);
                let img = frame(hud, gl, w, h, |hud| {
                    hud.label(22.0, 22.0, size, "HEXT", [1.0; 4]);
                });
                // White on the near-black clear colour: at least half covered.
                let tall = ink_height(&img, area, |p| p[..3].iter().all(|&c| c >= 135));
                eprintln!("{w}x{h} {size:?}: capitals {tall} px (cap {:.1})", hud.cap_height(size));
                assert!(
                    tall as f32 >= least,
                    "{w}x{h} {size:?}: capitals {tall} px, under {least}"
                );
                assert!(
                    (tall as f32 - hud.cap_height(size)).abs() <= 1.0,
                    "{size:?}: as the font says"
                );
            }
        });
    }
}
