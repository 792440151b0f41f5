//! The loading screen draws a bar filled to the progress, on a real offscreen GL context;
//! the work before a time trial (the racing line's search, the author lap) runs beside it
//! with its progress rising to full while frames are drawn.

use skidpad::render::read_back_buffer;
use skidpad::render::Renderer;
use skidpad_platform::{Platform, WindowConfig};

/// One GL context for the file's checks: SDL starts on one thread only.
#[test]
fn the_loading_screen() {
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
    the_bar_fills_with_progress(&renderer, w, h);
    the_author_lap_and_line_search_show_rising_progress_while_the_screen_draws(&renderer, w, h);
}

fn the_bar_fills_with_progress(renderer: &Renderer, w: u32, h: u32) {
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

/// A flat asphalt ring of 60 m radius, 12 m wide, given by path with no racing line (as
/// `--content` levels are): its time trial needs the line searched and the author lap
/// timed before it starts.
fn ring_level(dir: &std::path::Path) -> std::path::PathBuf {
    let csv: String = (0..48)
        .map(|i| {
            let a = i as f64 / 48.0 * std::f64::consts::TAU;
            format!("{:.3},{:.3},6,6\n", 60.0 * a.cos(), 60.0 * a.sin())
        })
        .collect();
    std::fs::write(
        dir.join("track.csv"),
        format!("# x_m,y_m,w_tr_right_m,w_tr_left_m\n{csv}"),
    )
    .unwrap();
    let level = dir.join("level.toml");
    std::fs::write(
        &level,
        "description = \"a ring\"\n[terrain]\nsize_m = [300, 300]\nmaterial = \"asphalt\"\n\
         [track]\ncenterline = \"track.csv\"\n\
         [[spawns]]\nname = \"start\"\nposition_m = [60, 0.6, 0.0]\n",
    )
    .unwrap();
    level
}

/// A time trial on a level with neither a racing line nor an author time: the work runs on
/// its worker while the loading screen's loop polls it, draws the bar at the progress and
/// reads the frame back.
fn the_author_lap_and_line_search_show_rising_progress_while_the_screen_draws(renderer: &Renderer, w: u32, h: u32) {
    use skidpad::app::mode_run::PrepStep;
    use skidpad::app::{draw_prep_screen, prep_label, RunPrep, Setup};
    use skidpad::assists::AssistSet;
    use skidpad::content::{ContentRoot, PlatformProfile};
    use skidpad::modes::{RecordKey, RecordMode, RecordStore};
    use skidpad::render::Hud;

    let dir = tempfile::tempdir().unwrap();
    // The searched line's cache in the test's own directory, so the search runs.
    std::env::set_var("XDG_CACHE_HOME", dir.path().join("cache"));
    let mut hud = Hud::for_height(h).unwrap();
    let level = ring_level(dir.path());
    let root = ContentRoot::Embedded;
    let setup = Setup::load(
        &root,
        level.to_str().unwrap(),
        "coupe",
        PlatformProfile::load("desktop").unwrap(),
    )
    .unwrap();
    let store = RecordStore::new(dir.path().join("records"));
    let key = RecordKey {
        mode: RecordMode::TimeTrial,
        level: setup.level.level.name.clone(),
        car: "coupe".into(),
        assists: AssistSet::default(),
    };
    let mut prep = RunPrep::author_time(root, setup, store.clone(), key.clone()).expect("a worker thread");

    // The loading screen's loop: poll, draw the screen at the progress, read it back.
    let mut seen: Vec<(PrepStep, f32)> = Vec::new();
    let mut frames_while_working = 0;
    while !prep.poll() {
        let (step, fraction) = prep.progress();
        if let Some(&(last_step, last)) = seen.last() {
            let back = (step, fraction) < (last_step, last);
            assert!(!back, "progress went back: {last_step:?} {last} -> {step:?} {fraction}");
        }
        seen.push((step, fraction));
        draw_prep_screen(renderer, &mut hud, step, fraction, w, h);
        let img = read_back_buffer(w, h);
        // The step's label under the bar: light text on the dark screen.
        let text = (h / 2 + 4..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|&(x, y)| img.pixel(x, y)[..3].iter().all(|c| *c > 180))
            .count();
        assert!(text > 20, "{text} text pixels under the bar at {step:?} {fraction}");
        let red = (0..w)
            .filter(|x| {
                let p = img.pixel(*x, h / 2);
                p[0] > 150 && p[1] < 80
            })
            .count();
        // The bar is 3/5 of the width: the frame shows the progress read.
        let expected = (w * 3 / 5) as f32 * fraction;
        assert!((red as f32 - expected).abs() <= 2.0, "{red} px drawn at {fraction}");
        frames_while_working += 1;
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let found = prep.outcome().unwrap().as_ref().expect("the work succeeds");
    let author_s = found.expect("the AI laps the ring");
    let last = prep.progress();
    eprintln!(
        "{frames_while_working} frames drawn while working; {} steps seen; {}",
        seen.len(),
        prep_label(last.0, last.1)
    );
    assert_eq!(last, (PrepStep::TimingAuthorLap, 1.0), "ends full on the lap");
    // Both steps were shown, each partway at some frame (not a frozen screen that jumps).
    for step in [PrepStep::SearchingLine, PrepStep::TimingAuthorLap] {
        assert!(
            seen.iter().any(|&(s, f)| s == step && f > 0.0 && f < 1.0),
            "{step:?} never shown partway"
        );
    }
    // What it measured is kept, as the time trial reads it.
    assert_eq!(store.load(&key).record.and_then(|r| r.author_s), Some(author_s));
}
