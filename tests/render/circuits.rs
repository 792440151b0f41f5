//! Every shipped circuit draws: `skidpad screenshot` on its grid, through SDL's offscreen
//! driver, shows sky above the horizon, the road under and ahead of the player's car, grass
//! beside it, and the car. (Each loads and streams in `tests/sim/scenarios.rs`, whose run
//! down a straight crosses chunk borders on every level.)

use crate::screenshot::Png;
use crate::sky_look::is_cloud;
use skidpad::content::{level_names, load_level, ContentRoot, LevelKind};
use std::process::Command;

#[test]
fn every_circuit_draws_its_road_grass_sky_and_the_car_on_its_grid() {
    let root = ContentRoot::Embedded;
    let circuits: Vec<String> = level_names(&root)
        .into_iter()
        .filter(|n| load_level(&root, n).unwrap().level.info.kind == LevelKind::Circuit)
        .collect();
    assert!(
        circuits.len() >= 26,
        "every circuit of the database and ours: {circuits:?}"
    );
    let dir = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    for name in &circuits {
        let out = dir.path().join(format!("{name}.png"));
        let o = Command::new(env!("CARGO_BIN_EXE_skidpad"))
            // 320 × 240: the player's car about 110 px long, drawn with its far body as in
            // play's smallest views (at 160 × 120 it was 56 px: the distant body).
            .args(["screenshot", "--level", name, "--width", "320", "--height", "240"])
            .args(["--frames", "2", "--no-hud", "--out"])
            .arg(&out)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .output()
            .unwrap();
        assert!(o.status.success(), "{name}: {}", String::from_utf8_lossy(&o.stderr));
        let img = Png::read(&out);
        let (w, h) = (img.width, img.height);
        // Sky: half the top row or more is clear sky (blue over red) or cloud (bright grey:
        // the levels' `[sky] cloud_cover`, over half the sky at Spa), some of it clear; the
        // rest is the start gantry.
        let top: Vec<[i32; 3]> = (0..w).map(|x| img.px(x, 2)).collect();
        let is_clear = |p: &[i32; 3]| p[2] > p[0] + 40;
        let is_cloud = |p: &[i32; 3]| is_cloud(p);
        let clear = top.iter().filter(|p| is_clear(p)).count();
        let sky_or_cloud = top.iter().filter(|p| is_clear(p) || is_cloud(p)).count();
        let sky = top.iter().copied().find(is_clear).unwrap_or(top[0]);
        // The road: grey asphalt (no channel far from the others, neither black nor
        // white) just under the car, at the bottom middle of the frame.
        let road = img.px(w / 2, h - 2);
        let spread = road.iter().max().unwrap() - road.iter().min().unwrap();
        // Grass: green over red and blue in at least 2 % of the lower half (the widest
        // straights, Nürburgring's and Shanghai's, leave 2.5 % beside the road), and the
        // red car.
        let mut green = 0;
        let mut red = 0;
        for y in h / 2..h {
            for x in 0..w {
                let p = img.px(x, y);
                green += usize::from(p[1] > p[0] + 10 && p[1] > p[2] - 20 && p[1] > 60);
                red += usize::from(p[0] > 2 * p[1] + 20 && p[0] > 2 * p[2] + 20);
            }
        }
        let ok = sky_or_cloud * 2 >= top.len()
            && clear > 0
            && (30..150).contains(&road[0])
            && spread < 25
            && green > (w * h / 100) as usize
            && red > 100;
        if !ok {
            failures.push(format!(
                "{name}: sky {sky:?} ({clear} of {} top pixels clear, {sky_or_cloud} sky or cloud), road {road:?}, {green} green and {red} red pixels below the horizon",
                top.len()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
