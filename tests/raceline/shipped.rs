//! The racing lines shipped per level and car (`content/levels/*/racelines/*.line`, written
//! by `examples/ship_racelines.rs`): one for every car on every level with a track and no
//! line of its own, each searched from what this build would search (else a player's first
//! load searches for seconds), and the search on this machine finding the shipped line
//! again bit for bit (else the lines were not the search's, or the search is not
//! deterministic across machines).

use super::car;
use skidpad::content::{level_names, load_level, ContentRoot};
use skidpad::raceline::{
    level_line_cached, line_key, measured_car_model, searched_line, shipped_line_path, LateralOptions, Laterals,
    LineCache, ShippedLine, LEVEL_LINE_FILE,
};
use skidpad::vehicle::CarDef;

fn shipped(level: &str, car: &str) -> Result<ShippedLine, String> {
    let rel = format!("levels/{level}/{}", shipped_line_path(car));
    let bytes = ContentRoot::Embedded.read(&rel).map_err(|e| e.to_string())?;
    ShippedLine::decode(&bytes).map_err(|e| format!("{rel}: {e}"))
}

#[test]
fn every_car_on_every_level_with_a_track_ships_the_line_this_build_would_search() {
    let root = ContentRoot::Embedded;
    let cars: Vec<CarDef> = CarDef::names(&root).iter().map(|n| car(n)).collect();
    let mut stale = Vec::new();
    let mut checked = 0;
    for name in level_names(&root) {
        let level = load_level(&root, &name).unwrap();
        let Some(track) = level.level.track.as_ref() else {
            continue;
        };
        if root.read(&format!("levels/{name}/{LEVEL_LINE_FILE}")).is_ok() {
            continue;
        }
        for car in &cars {
            let model = measured_car_model(car, &level.level.materials, track.material).unwrap();
            let lat = Laterals::from_track(&name, &track.track, &LateralOptions::for_car(car)).unwrap();
            match shipped(&name, &car.name) {
                Ok(s) if s.key == line_key(&lat, &model) && s.line.len() == lat.len() => checked += 1,
                Ok(_) => stale.push(format!("{name}/{}: stale", car.name)),
                Err(e) => stale.push(format!("{name}/{}: {e}", car.name)),
            }
        }
    }
    assert!(
        stale.is_empty(),
        "run `cargo run --release --example ship_racelines`: {stale:?}"
    );
    // The 25 circuits of the racetrack database, each with every car.
    assert!(checked >= 25 * cars.len(), "only {checked} lines checked");
}

#[test]
fn montreal_plays_its_shipped_line_and_the_search_finds_it_again_bit_for_bit() {
    let root = ContentRoot::Embedded;
    let level = load_level(&root, "montreal").unwrap();
    let sedan = car("sedan");
    let line = level_line_cached(&root, &level, &sedan, &LineCache::Off).unwrap();
    assert_eq!(line.source, "embedded:levels/montreal/racelines/sedan.line");
    let track = level.level.track.as_ref().unwrap();
    let model = measured_car_model(&sedan, &level.level.materials, track.material).unwrap();
    let lat = Laterals::from_track("montreal", &track.track, &LateralOptions::for_car(&sedan)).unwrap();
    let (searched, _) = searched_line("montreal", &lat, &model, &LineCache::Off);
    let shipped = shipped("montreal", "sedan").unwrap();
    let bits = |v: &[f32]| v.iter().map(|t| t.to_bits()).collect::<Vec<_>>();
    assert_eq!(bits(&searched), bits(&shipped.line));
    assert_eq!(line.predicted_lap_s, model.profile(&lat.points(&searched)).lap_time_s);
}

#[test]
fn a_level_by_path_drives_the_line_beside_it_and_passes_over_a_stale_or_broken_one() {
    // An oval beside three shipped lines: the sedan's searched for these very inputs (the
    // centre line, which the search would never find, so it shows it was read), the
    // coupe's for another track (its key off by one bit), the electric's cut short. The
    // sedan drives its file; the other two search, never driving what they were given.
    let dir = tempfile::tempdir().unwrap();
    let path = super::oval_level(dir.path(), 150.0, 40.0, 6.0);
    let root = ContentRoot::Embedded;
    let level = load_level(&root, path.to_str().unwrap()).unwrap();
    let track = level.level.track.as_ref().unwrap();
    std::fs::create_dir(dir.path().join("racelines")).unwrap();
    let line_for = |name: &str| {
        let c = car(name);
        let model = measured_car_model(&c, &level.level.materials, track.material).unwrap();
        let lat = Laterals::from_track("oval", &track.track, &LateralOptions::for_car(&c)).unwrap();
        (
            ShippedLine {
                key: line_key(&lat, &model),
                line: lat.centre_t.clone(),
            },
            model,
            lat,
        )
    };
    let (sedan, model, lat) = line_for("sedan");
    std::fs::write(dir.path().join(shipped_line_path("sedan")), sedan.encode()).unwrap();
    let mut coupe = line_for("coupe").0;
    coupe.key ^= 1;
    std::fs::write(dir.path().join(shipped_line_path("coupe")), coupe.encode()).unwrap();
    let electric = line_for("electric").0.encode();
    std::fs::write(
        dir.path().join(shipped_line_path("electric")),
        &electric[..electric.len() - 4],
    )
    .unwrap();

    let cache = LineCache::Dir(dir.path().join("cache"));
    let driven = level_line_cached(&root, &level, &car("sedan"), &cache).unwrap();
    assert_eq!(
        driven.source,
        dir.path().join(shipped_line_path("sedan")).display().to_string()
    );
    assert_eq!(
        driven.predicted_lap_s,
        model.profile(&lat.points(&lat.centre_t)).lap_time_s
    );
    for name in ["coupe", "electric"] {
        let line = level_line_cached(&root, &level, &car(name), &cache).unwrap();
        assert_eq!(line.source, skidpad::raceline::SEARCHED_SOURCE, "{name}");
    }
}
