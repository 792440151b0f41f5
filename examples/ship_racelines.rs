//! Writes the racing line each car drives on each level, so no player waits for a search:
//! for every level of `content/` with a track and no `raceline.csv` of its own, and every
//! car of `content/cars/`, the load-time search's line (`skidpad::raceline::searched_line`,
//! the very search the game would run at first load, through the per-user cache) as
//! `content/levels/LEVEL/racelines/CAR.line` (`skidpad::raceline::ShippedLine`).
//!
//! It also writes each level's worn band's line (`racelines/worn_line.csv`,
//! `skidpad_bake::worn_line`) from the sedan's line.
//!
//! Run it after changing a track, a car's physics or the search; `tests/shipped_racelines.rs`
//! fails until then. A level's `racelines/` is written whole: lines of cars that no
//! longer exist are removed.
//!
//! `cargo run --release --example ship_racelines [LEVEL...]`

use skidpad::content::{level_names, load_level, ContentRoot};
use skidpad::raceline::{
    level_line, line_key, measured_car_model, offsets_from_centre, searched_line, shipped_line_path, LateralOptions,
    Laterals, LineCache, ShippedLine, LEVEL_LINE_FILE, SHIPPED_LINES_DIR,
};
use skidpad::vehicle::CarDef;
use skidpad_bake::worn_line::{write_worn_line, WORN_LINE_FILE};

/// The car whose line the worn band follows: the AI's default car.
const WORN_LINE_CAR: &str = "sedan";
use std::path::PathBuf;
use std::sync::Mutex;

fn main() {
    let content = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("content");
    let root = ContentRoot::Dir(content.clone());
    let only: Vec<String> = std::env::args().skip(1).collect();
    let cars: Vec<CarDef> = CarDef::names(&root)
        .iter()
        .map(|n| CarDef::load(&root, n).unwrap_or_else(|e| panic!("{e}")))
        .collect();
    let levels: Vec<String> = level_names(&root)
        .into_iter()
        .filter(|n| only.is_empty() || only.contains(n))
        .filter(|n| !content.join("levels").join(n).join(LEVEL_LINE_FILE).exists())
        .filter(|n| load_level(&root, n).is_ok_and(|l| l.level.track.is_some()))
        .collect();
    let jobs: Vec<(String, usize)> = levels
        .iter()
        .flat_map(|l| (0..cars.len()).map(move |c| (l.clone(), c)))
        .collect();
    for level in &levels {
        let dir = content.join("levels").join(level).join(SHIPPED_LINES_DIR);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    }
    let next = Mutex::new(jobs.into_iter());
    let written = Mutex::new(0usize);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let Some((level, c)) = next.lock().unwrap().next() else {
                    break;
                };
                let car = &cars[c];
                let loaded = load_level(&root, &level).unwrap_or_else(|e| panic!("{e}"));
                let track = loaded.level.track.as_ref().expect("levels with a track only");
                let model =
                    measured_car_model(car, &loaded.level.materials, track.material).unwrap_or_else(|e| panic!("{e}"));
                let lat = Laterals::from_track(&level, &track.track, &LateralOptions::for_car(car))
                    .unwrap_or_else(|e| panic!("{e}"));
                let (line, searched) = searched_line(&level, &lat, &model, &LineCache::per_user());
                let shipped = ShippedLine {
                    key: line_key(&lat, &model),
                    line,
                };
                let path = content.join("levels").join(&level).join(shipped_line_path(&car.name));
                std::fs::write(&path, shipped.encode()).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                let lap_s = model.profile(&lat.points(&shipped.line)).lap_time_s;
                println!("{level:>14} {:>12}: {lap_s:8.2} s ({searched:?})", car.name);
                *written.lock().unwrap() += 1;
            });
        }
    });
    // Each level's worn band along the line the sedan (the AI's default car) drives there
    // (its shipped line, or the level's own `raceline.csv`), so the rubber lies where the
    // field drives.
    let sedan = cars.iter().find(|c| c.name == WORN_LINE_CAR).expect("the sedan ships");
    for level in level_names(&root)
        .into_iter()
        .filter(|n| only.is_empty() || only.contains(n))
    {
        let loaded = load_level(&root, &level).unwrap_or_else(|e| panic!("{e}"));
        let Some(track) = loaded.level.track.as_ref() else {
            continue;
        };
        let line = level_line(&root, &loaded, sedan).unwrap_or_else(|e| panic!("{e}"));
        let offsets = offsets_from_centre(&track.track, line.line.points());
        let path = content.join("levels").join(&level).join(WORN_LINE_FILE);
        std::fs::create_dir_all(path.parent().expect("a directory")).unwrap_or_else(|e| panic!("{e}"));
        let own = content.join("levels").join(&level).join(LEVEL_LINE_FILE).exists();
        let source = if own {
            LEVEL_LINE_FILE.to_string()
        } else {
            shipped_line_path(&sedan.name)
        };
        let text = write_worn_line(&offsets, &format!("the sedan's line, {source}"));
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
    println!(
        "{} lines written for {} levels",
        written.into_inner().unwrap(),
        levels.len()
    );
}
