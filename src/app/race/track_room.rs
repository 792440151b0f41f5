//! The room beside a level's racing line ([`LineRoom`]), measured once at the race's set-up
//! from the track's laterals: how far left and right of each line point a car's centre may
//! go and keep its body on the track.
//!
//! If AI cars pass off the track, or never pass where the track is wide, compare this room
//! with the level's `[track]` widths (the laterals' usable ends stop
//! `raceline::edge_margin_m` inside each border: the car's footprint yawed 10° plus a
//! clearance).

use crate::ai::{DrivingLine, LineRoom};
use crate::content::LoadedLevel;
use crate::raceline::{LateralOptions, Laterals};
use crate::vehicle::CarDef;
use glam::Vec2;

/// Laterals either side of the last one matched that the next line point's search looks at.
const SEARCH_LATERALS: usize = 24;

/// The room beside `line` on `level` for `car`; none (cars keep to the line) on a level
/// without a track, or with one the laterals cannot be cut from (logged).
pub fn line_room(level: &LoadedLevel, line: &DrivingLine, car: &CarDef) -> LineRoom {
    let l = &level.level;
    let Some(track) = l.track.as_ref() else {
        return LineRoom::none();
    };
    let laterals = match Laterals::from_track(
        &format!("level {}", l.name),
        &track.track,
        &LateralOptions::for_car(car),
    ) {
        Ok(laterals) => laterals,
        Err(e) => {
            log::warn!(
                "level {}: no room beside the racing line, AI cars will not pass: {e}",
                l.name
            );
            return LineRoom::none();
        }
    };
    room_from_laterals(line, &laterals).unwrap_or_default()
}

/// Per line point: the usable ends of the nearest lateral, measured across the line (along
/// its left normal there).
fn room_from_laterals(line: &DrivingLine, laterals: &Laterals) -> Option<LineRoom> {
    let m = laterals.centre_m.len();
    if m == 0 {
        return None;
    }
    let nearest_from = |p: Vec2, around: Option<usize>| -> usize {
        let distance = |k: usize| laterals.centre_m[k].distance_squared(p);
        match around {
            Some(h) if m > 2 * SEARCH_LATERALS + 1 => (0..=2 * SEARCH_LATERALS)
                .map(|d| (h + m + d - SEARCH_LATERALS) % m)
                .min_by(|&a, &b| distance(a).total_cmp(&distance(b)))
                .unwrap_or(h),
            _ => (0..m).min_by(|&a, &b| distance(a).total_cmp(&distance(b))).unwrap_or(0),
        }
    };
    let n = line.points().len();
    let (mut left, mut right) = (Vec::with_capacity(n), Vec::with_capacity(n));
    let mut around = None;
    let mut s = 0.0;
    for (i, &p) in line.points().iter().enumerate() {
        let k = nearest_from(p, around);
        around = Some(k);
        let normal = line.left_at(s);
        let a = (laterals.left_m[k] - p).dot(normal);
        let b = (laterals.right_m[k] - p).dot(normal);
        left.push(a.max(b));
        right.push(-a.min(b));
        s += p.distance(line.points()[(i + 1) % n]);
    }
    LineRoom::new(left, right)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::ContentRoot;

    #[test]
    fn the_circuit_has_room_on_both_sides_of_its_line_and_never_more_than_its_width() {
        let root = ContentRoot::Embedded;
        let level = crate::content::load_level(&root, "circuit").unwrap();
        let car = CarDef::load(&root, "sedan").unwrap();
        let line = crate::raceline::level_line(&root, &level, &car).unwrap().line;
        let room = line_room(&level, &line, &car);
        let (mut total, mut most, mut wide_left, mut wide_right) = (0.0f32, 0.0f32, 0, 0);
        let n = line.points().len();
        let mut s = 0.0;
        for i in 0..n {
            let (l, r) = room.at(&line, s);
            total += l + r;
            most = most.max(l + r);
            wide_left += (l > 3.0) as usize;
            wide_right += (r > 3.0) as usize;
            s += line.points()[i].distance(line.points()[(i + 1) % n]);
        }
        let mean = total / n as f32;
        // The circuit's track is 12 m wide (content/levels/circuit); less a car's width and
        // the clearances the usable width is about 10 m: the line crosses it from edge to
        // edge, so room on one side grows as the other shrinks, summing to that width.
        println!(
            "mean usable width {mean:.2} m, widest {most:.2} m; >3 m left at {wide_left}, right at {wide_right} of {n}"
        );
        assert!(mean > 6.0 && most < 14.0, "mean {mean}, widest {most}");
        assert!(
            wide_left > n / 10 && wide_right > n / 10,
            "room on both sides somewhere"
        );
    }
}
