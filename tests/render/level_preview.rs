//! The level select's preview: each level drawn by the real renderer on an offscreen GL
//! context, kept as an image, and shown where the page puts it. Its pixels are the level
//! (ground under sky, not a blank), two levels' previews differ, and it lands in the
//! rectangle asked for and nowhere else.

use skidpad::app::{draw_level_preview, Setup, PREVIEW_SIZE};
use skidpad::content::{ContentRoot, PlatformProfile};
use skidpad::render::{read_back_buffer, Image, Renderer};
use skidpad_platform::{Platform, WindowConfig};

/// Where the test shows the preview: at full size, away from the corner the preview is
/// drawn in, so a preview left in the back buffer would not pass for one shown.
const AT: [u32; 2] = [100, 150];

/// Luma of a pixel (ITU-R BT.601 weights).
fn luma(p: [u8; 4]) -> f32 {
    0.299 * f32::from(p[0]) + 0.587 * f32::from(p[1]) + 0.114 * f32::from(p[2])
}

/// The shown preview's pixels, rows top to bottom.
fn shown(img: &Image) -> Vec<[u8; 4]> {
    let (w, h) = PREVIEW_SIZE;
    (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .map(|(x, y)| img.pixel(AT[0] + x, AT[1] + y))
        .collect()
}

#[test]
fn a_levels_preview_shows_the_level_and_differs_between_levels() {
    let _sdl = crate::common::gl::sdl_alone();
    std::env::remove_var("DISPLAY");
    let platform = Platform::open(&WindowConfig {
        title: "level preview".into(),
        width: 800,
        height: 480,
        vsync: false,
        offscreen: true,
        gl: Default::default(),
    })
    .expect("offscreen GL context");
    let (ww, wh) = platform.drawable_size();
    let profile = PlatformProfile::load("desktop").unwrap();
    let mut renderer = Renderer::for_profile(&profile).unwrap();
    let root = ContentRoot::Embedded;
    let (pw, ph) = PREVIEW_SIZE;
    let mut previews = Vec::new();
    for level in ["circuit", "jump"] {
        let setup = Setup::load(&root, level, "coupe", profile.clone()).unwrap();
        let image = draw_level_preview(&setup, &mut renderer, ww, wh);
        assert_eq!(image.size(), PREVIEW_SIZE);
        assert_eq!(
            renderer.resident_chunks(),
            0,
            "{level}: the preview leaves no chunks behind"
        );
        // Shown over a cleared window, as the level select shows it over its page.
        renderer.clear(ww, wh);
        renderer.draw_image(&image, [AT[0] as f32, AT[1] as f32, pw as f32, ph as f32], ww, wh);
        let frame = read_back_buffer(ww, wh);
        let clear = frame.pixel(ww - 1, 0);
        // Outside the rectangle: the cleared window (left of it, and below it).
        assert_eq!(
            frame.pixel(AT[0] - 2, AT[1] + ph / 2),
            clear,
            "{level}: drawn left of its place"
        );
        assert_eq!(
            frame.pixel(AT[0] + pw / 2, AT[1] + ph + 2),
            clear,
            "{level}: drawn below its place"
        );
        let px = shown(&frame);
        // Not blank: under a tenth of it is the cleared window's colour.
        let cleared = px.iter().filter(|p| **p == clear).count();
        assert!(
            cleared * 10 < px.len(),
            "{level}: {cleared} of {} pixels cleared",
            px.len()
        );
        // Sky above, ground below: the camera looks down past the start, so the bottom
        // fifth is ground, darker than the sky at the top row (the sky shader brightens to
        // the horizon; every shipped ground is darker than that).
        let band = |rows: std::ops::Range<u32>| {
            let sum: f32 = rows
                .clone()
                .flat_map(|y| (0..pw).map(move |x| (x, y)))
                .map(|(x, y)| luma(px[(y * pw + x) as usize]))
                .sum();
            sum / (rows.len() as f32 * pw as f32)
        };
        let (sky, ground) = (band(0..ph / 10), band(ph * 4 / 5..ph));
        eprintln!("{level}: sky luma {sky:.1}, ground luma {ground:.1}");
        assert!(sky - ground > 20.0, "{level}: sky {sky:.1} vs ground {ground:.1}");
        previews.push(px);
    }
    // The circuit's tarmac, kerbs and grass against the jump's ramps: mean difference.
    let diff: f32 = previews[0]
        .iter()
        .zip(&previews[1])
        .map(|(a, b)| (0..3).map(|i| (f32::from(a[i]) - f32::from(b[i])).abs()).sum::<f32>() / 3.0)
        .sum::<f32>()
        / previews[0].len() as f32;
    eprintln!("mean difference between the previews: {diff:.1} of 255");
    assert!(diff > 8.0, "the two levels' previews look alike ({diff:.1})");
}
