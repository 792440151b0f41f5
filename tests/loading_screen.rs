//! The loading screen draws a bar filled to the progress, on a real offscreen GL context;
//! the work before a time trial (the racing line's search, the author lap), and before a
//! race with opponents on a level with no line (the line's search), runs beside it with
//! its progress rising to full while frames are drawn. Cancelled (the player backs out,
//! or closes the window) the work stops at its next progress report and keeps nothing. And
//! `play --level X --ai N` on such a level goes through the same loading screen: the window
//! opens first, the search runs behind it, and Back there returns to the menus.

mod common;

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
    a_race_searches_its_opponents_line_with_rising_progress_then_starts_with_them(&renderer, w, h);
    cancelled_work_stops_at_its_next_report_and_keeps_no_line_nor_author_time();
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
    common::track_level::ring_level(dir, 60.0, 6.0)
}

/// A time trial on a level with neither a racing line nor an author time: the work runs on
/// its worker while the loading screen's loop polls it, draws the bar at the progress and
/// reads the frame back.
fn the_author_lap_and_line_search_show_rising_progress_while_the_screen_draws(renderer: &Renderer, w: u32, h: u32) {
    use skidpad::app::game_mode::time_trial::PrepStep;
    use skidpad::app::{prep_label, RunPrep, Setup};
    use skidpad::assists::AssistSet;
    use skidpad::content::{ContentRoot, PlatformProfile};
    use skidpad::modes::{Mode, RecordKey, RecordStore};
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
        mode: Mode::TimeTrial,
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
        assert_prep_frame(renderer, &mut hud, step, fraction, w, h);
        frames_while_working += 1;
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let found = prep.outcome().unwrap().as_ref().expect("the work succeeds");
    let skidpad::app::Prepared::AuthorTime(found) = found else {
        panic!("the author time's work found {found:?}");
    };
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

/// Draws the loading screen of work at `step` and `fraction`, reads the frame back and
/// checks it shows them: the step's label under the bar, the bar filled to the fraction.
fn assert_prep_frame(
    renderer: &Renderer,
    hud: &mut skidpad::render::Hud,
    step: skidpad::app::game_mode::time_trial::PrepStep,
    fraction: f32,
    w: u32,
    h: u32,
) {
    let screen = skidpad::app::PrepScreen {
        step,
        fraction,
        back: skidpad::app::menu::Device::Pad,
        title_safe: 0.9,
    };
    skidpad::app::draw_prep_screen(renderer, hud, &screen, w, h);
    let img = read_back_buffer(w, h);
    // The step's label under the bar: light text on the dark screen (above the prompt to
    // back out, which is grey and near the bottom).
    let text = (h / 2 + 4..h * 3 / 4)
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
}

/// A race with three opponents on the ring with no racing line: the loading screen's loop
/// polls the line's search on its worker, draws its progress and reads each frame back;
/// then the race's session starts with the three opponents on the searched line. Entered
/// again with the line cached, the work reports nothing (the screen shows the chunks' bar,
/// not a search) and finds the same line.
fn a_race_searches_its_opponents_line_with_rising_progress_then_starts_with_them(renderer: &Renderer, w: u32, h: u32) {
    use skidpad::app::game_mode::time_trial::PrepStep;
    use skidpad::app::{Prepared, RunPrep, Session, Setup};
    use skidpad::content::{ContentRoot, PlatformProfile};
    use skidpad::raceline::SEARCHED_SOURCE;
    use skidpad::render::Hud;
    use skidpad::vehicle::CarDef;

    let dir = tempfile::tempdir().unwrap();
    // A cache of the test's own, empty, so the search runs.
    std::env::set_var("XDG_CACHE_HOME", dir.path().join("cache"));
    let mut hud = Hud::for_height(h).unwrap();
    let level = ring_level(dir.path());
    let root = ContentRoot::Embedded;
    let load = || {
        Setup::load(
            &root,
            level.to_str().unwrap(),
            "coupe",
            PlatformProfile::load("desktop").unwrap(),
        )
        .unwrap()
    };
    let sedan = CarDef::load(&root, "sedan").unwrap();
    let mut setup = load();
    let mut prep =
        RunPrep::opponents_line(root.clone(), setup.level.clone(), sedan.clone(), 3).expect("a worker thread");

    let mut seen: Vec<f32> = Vec::new();
    while !prep.poll() {
        if prep.shows_progress() {
            let (step, fraction) = prep.progress();
            assert_eq!(step, PrepStep::SearchingLine);
            if let Some(&last) = seen.last() {
                assert!(fraction >= last, "progress went back: {last} -> {fraction}");
            }
            seen.push(fraction);
            assert_prep_frame(renderer, &mut hud, step, fraction, w, h);
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert_eq!(prep.progress(), (PrepStep::SearchingLine, 1.0), "ends full");
    // The last frame drawn at what it ends on shows the bar full and "… 100 %".
    assert_prep_frame(renderer, &mut hud, PrepStep::SearchingLine, 1.0, w, h);
    eprintln!(
        "{} frames drawn while searching; first {:?}, last {:?}",
        seen.len(),
        seen.first(),
        seen.last()
    );
    // Shown partway at some frame: a screen that moves, not one frozen then jumping.
    assert!(
        seen.iter().any(|f| *f > 0.0 && *f < 1.0),
        "never shown partway: {seen:?}"
    );
    let Some(Ok(Prepared::Opponents { car, count, line })) = prep.take_outcome() else {
        panic!("the opponents' line was not found");
    };
    assert_eq!((car.name.as_str(), count), ("sedan", 3));
    assert_eq!(line.source, SEARCHED_SOURCE);
    let predicted_lap_s = line.predicted_lap_s;
    setup.set_opponents(*car, count, line);
    let session = Session::start(&setup);
    assert_eq!(session.opponents().len(), 3);
    assert_eq!(session.world().cars().len(), 4, "the player and three opponents");

    // Again, the line now cached: nothing reported, the same line found.
    let mut again = RunPrep::opponents_line(root.clone(), load().level, sedan, 3).expect("a worker thread");
    again.wait();
    assert!(!again.shows_progress(), "a cached line shows no search");
    let Some(Ok(Prepared::Opponents { line, .. })) = again.take_outcome() else {
        panic!("the cached line was not found");
    };
    assert_eq!(
        (line.source.as_str(), line.predicted_lap_s),
        (SEARCHED_SOURCE, predicted_lap_s)
    );
}

/// The files under `dir`, recursively (none when it does not exist).
fn files_under(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .flat_map(|e| {
            let p = e.path();
            if p.is_dir() {
                files_under(&p)
            } else {
                vec![p]
            }
        })
        .collect()
}

/// A time trial's work on the ring (the line's search, then the author lap) cancelled at
/// its first report, as the loading screen does when the player presses Back (and as
/// dropping it does when the window closes): it stops at its next report, within a
/// generation of the search rather than its hundreds, its outcome says it was cancelled,
/// and neither a racing line in the cache nor an author time in the records is kept.
fn cancelled_work_stops_at_its_next_report_and_keeps_no_line_nor_author_time() {
    use skidpad::app::{RunPrep, Setup, CANCELLED};
    use skidpad::assists::AssistSet;
    use skidpad::content::{ContentRoot, PlatformProfile};
    use skidpad::modes::{Mode, RecordKey, RecordStore};

    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    std::env::set_var("XDG_CACHE_HOME", &cache);
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
        mode: Mode::TimeTrial,
        level: setup.level.level.name.clone(),
        car: "coupe".into(),
        assists: AssistSet::default(),
    };
    let mut prep = RunPrep::author_time(root, setup, store.clone(), key.clone()).expect("a worker thread");
    while prep.reports() == 0 && !prep.poll() {
        std::thread::yield_now();
    }
    prep.cancel();
    let at_cancel = prep.reports();
    let (step, fraction) = prep.progress();
    prep.wait();
    let after = prep.reports() - at_cancel;
    eprintln!("cancelled at report {at_cancel} ({fraction:.4} of the search); {after} reports after");
    // The report under way when the flag went up, and the next, which reads it: at most
    // two of the search's up to 400 generations (`raceline::load_time_params`).
    assert!(after <= 2, "{after} reports after the cancel");
    assert!(fraction < 0.9, "cancelled during {step:?}, not at {fraction} of it");
    match prep.outcome() {
        Some(Err(e)) => assert!(e.to_string().contains(CANCELLED), "{e}"),
        other => panic!("the cancelled work ended with {other:?}"),
    }
    // A search cancelled under way keeps no line. But the generations can end early (the
    // search converged) just before the cancel: the polish after them reports nothing until
    // the line is found and kept, and the cancel unwinds at that last report (100 %). A line
    // searched to its end is rightly kept (the next run need not search); seen on a busy
    // machine, where this thread saw the first report 40 generations late.
    let kept = files_under(&cache.join("skidpad"));
    let (end_step, end_fraction) = prep.progress();
    let searched_to_the_end = end_step != step || end_fraction >= 1.0;
    eprintln!("ended at {end_step:?} {end_fraction:.4}: {} line(s) kept", kept.len());
    if searched_to_the_end {
        assert_eq!(kept.len(), 1, "the finished search's line: {kept:?}");
    } else {
        assert_eq!(kept, Vec::<std::path::PathBuf>::new(), "a line was kept");
    }
    assert_eq!(
        store.load(&key).record.and_then(|r| r.author_s),
        None,
        "an author time was kept"
    );
}

/// `skidpad play --level <the ring> --ai 3`, unattended (a stepped clock: the loading screen
/// waits for the work in one frame), with a cache of its own and `extra` environment.
fn play_ring_with_three_opponents(
    dir: &std::path::Path,
    extra: &[(&str, &std::path::Path)],
) -> (String, std::path::PathBuf) {
    let level = ring_level(dir);
    let cache = dir.join("cache");
    let replay = dir.join("race.rpl");
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_skidpad"));
    cmd.args(["play", "--level", level.to_str().unwrap(), "--ai", "3", "--unattended"])
        .args(["--max-frames", "30", "--record", replay.to_str().unwrap()])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("XDG_CACHE_HOME", &cache)
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("RUST_LOG", "info,skidpad::screens=debug");
    for (k, v) in extra {
        cmd.env(k, v);
    }
    let o = cmd.output().expect("the skidpad binary runs");
    let log = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(0), "{log}");
    assert!(!log.contains("panicked"), "{log}");
    (log, cache)
}

/// Where `line` first appears in `log` (a failure naming it when it does not).
fn at(log: &str, line: &str) -> usize {
    log.find(line)
        .unwrap_or_else(|| panic!("no `{line}` in the log:\n{log}"))
}

#[test]
fn play_with_opponents_on_a_level_without_a_line_searches_behind_the_loading_screen() {
    let dir = tempfile::tempdir().unwrap();
    let (log, cache) = play_ring_with_three_opponents(dir.path(), &[]);
    // The window and its loading screen first, then the search, then the race with them.
    let shown = at(&log, "screen loading at frame 0");
    let search = at(&log, "no racing line shipped; searching one");
    let found = at(&log, "3 opponents on searched line");
    let race = at(&log, "screen race at frame 0");
    assert!(shown < search && search < found && found < race, "{log}");
    // The game's cache (Mesa keeps its shaders beside it).
    assert_eq!(
        files_under(&cache.join("skidpad")).len(),
        1,
        "the searched line is kept: {log}"
    );
    let r = skidpad::replay::Replay::load(&dir.path().join("race.rpl")).unwrap();
    assert_eq!(r.header.ai_opponents, 3, "the race ran with its opponents");
}

#[test]
fn back_on_the_loading_screen_cancels_the_search_and_returns_to_the_menus() {
    let dir = tempfile::tempdir().unwrap();
    // B pressed on the pad at its first poll: the loading screen's first frame.
    let script = dir.path().join("back.txt");
    std::fs::write(&script, "0 0 connected\n0 0 press East\n1 0 release East\n").unwrap();
    let (log, cache) = play_ring_with_three_opponents(dir.path(), &[("SKIDPAD_PAD_SCRIPT", &script)]);
    let shown = at(&log, "screen loading at frame 0");
    let back = at(
        &log,
        "back to the menus from the loading screen: opponents (their racing line) cancelled",
    );
    // The main menu at once: no frame of menus or play went by on the loading screen.
    let menu = at(&log, "screen main at frame 0");
    assert!(shown < back && back < menu, "{log}");
    assert!(!log.contains("racing line found"), "the search ran to its end: {log}");
    assert!(!log.contains("screen race"), "a race started: {log}");
    assert_eq!(
        files_under(&cache.join("skidpad")),
        Vec::<std::path::PathBuf>::new(),
        "a line was kept: {log}"
    );
}
