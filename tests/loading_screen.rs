//! The loading screen draws a bar filled to the progress, on a real offscreen GL context.

use skidpad::render::read_back_buffer;
use skidpad::render::Renderer;
use skidpad_platform::{Platform, WindowConfig};

#[test]
fn the_bar_fills_with_progress() {
    std::env::remove_var("DISPLAY");
    let platform = Platform::open(&WindowConfig {
        title: "loading".into(),
        width: 200,
        height: 100,
        vsync: false,
        offscreen: true,
        gl: Default::default(),
    })
    .expect("offscreen GL context");
    let renderer = Renderer::new(256, 16).unwrap();
    let (w, h) = platform.drawable_size();
    let red_columns = |progress: f32| {
        renderer.draw_loading(progress, w, h);
        let img = read_back_buffer(w, h);
        (0..w)
            .filter(|x| {
                let p = img.pixel(*x, h / 2);
                p[0] > 150 && p[1] < 80
            })
            .count()
    };
    let (none, half, full) = (red_columns(0.0), red_columns(0.5), red_columns(1.0));
    // The bar is 3/5 of the width (120 px): empty, 60 px, 120 px.
    assert_eq!(none, 0);
    assert!((58..=62).contains(&half), "{half} px at 50 %");
    assert!((118..=121).contains(&full), "{full} px at 100 %");
}
