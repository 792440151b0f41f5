//! The worn band the bake lays on a circuit's road (`skidpad_bake::road_marking`) lies
//! where the AI drives: each circuit ships its worn line (`racelines/worn_line.csv`),
//! written from the line the sedan drives there (its shipped line, or the level's
//! `raceline.csv`), and the band through it stays on that line. A band off the line cars take would show the player
//! rubber where no car goes (the track's minimum-curvature line, the fallback for a track
//! without the file, is 0.6–2.8 m off it on average).

use skidpad::content::{level_names, load_level, ContentRoot};
use skidpad::raceline::level_line;
use skidpad::raceline::offsets_from_centre;
use skidpad_bake::worn_line::WORN_LINE_FILE;

use super::car;
use glam::Vec2;

/// Distance from `p` to the closed polyline `line`, m.
fn distance_to(line: &[Vec2], p: Vec2) -> f32 {
    (0..line.len())
        .map(|i| {
            let (a, b) = (line[i], line[(i + 1) % line.len()]);
            let ab = b - a;
            let t = ((p - a).dot(ab) / ab.length_squared().max(1e-9)).clamp(0.0, 1.0);
            p.distance(a + ab * t)
        })
        .fold(f32::INFINITY, f32::min)
}

#[test]
fn the_worn_band_lies_on_the_ais_line_on_every_circuit() {
    let root = ContentRoot::Embedded;
    let sedan = car("sedan");
    let mut report = Vec::new();
    let mut far = Vec::new();
    for name in level_names(&root) {
        let level = load_level(&root, &name).unwrap();
        let Some(track) = level.level.track.as_ref() else {
            continue;
        };
        let ai = level_line(&root, &level, &sedan).unwrap().line.points().to_vec();
        let t = &track.track;
        let offsets = track.worn_line_m.clone().unwrap_or_else(|| {
            panic!("{name}: no {WORN_LINE_FILE}: run `cargo run --release --example ship_racelines`")
        });
        let written = offsets_from_centre(t, &ai);
        let stale = offsets.iter().zip(&written).any(|(a, b)| (a - b).abs() > 0.002);
        assert!(
            !stale && offsets.len() == written.len(),
            "{name}: {WORN_LINE_FILE} is not the sedan's shipped line: run `cargo run --release --example ship_racelines`"
        );
        let worn: Vec<Vec2> = offsets
            .iter()
            .enumerate()
            .map(|(i, d)| t.centre[i] + t.left(i) * *d)
            .collect();
        let mut gaps: Vec<f32> = ai.iter().map(|p| distance_to(&worn, *p)).collect();
        gaps.sort_by(f32::total_cmp);
        let mean = gaps.iter().sum::<f32>() / gaps.len() as f32;
        let p90 = gaps[gaps.len() * 9 / 10];
        report.push(format!(
            "{name}: mean {mean:.2} m, p90 {p90:.2} m, max {:.2} m",
            gaps[gaps.len() - 1]
        ));
        // The band is laid through the line's crossing of each centre-line normal (5 m
        // apart), so between them it cuts the AI's curve by its sagitta: at most
        // 5²/(8·R) ≈ 0.2 m in a 15 m hairpin. Far beyond that the band is not the AI's line.
        if mean > 0.1 || p90 > 0.25 {
            far.push(name.clone());
        }
    }
    eprintln!("{}", report.join("\n"));
    // The 25 of the racetrack database and Skidpad Hills.
    assert!(report.len() >= 26, "only {} circuits checked", report.len());
    assert!(
        far.is_empty(),
        "the worn band strays from the AI's line on {far:?}:\n{}",
        report.join("\n")
    );
}
