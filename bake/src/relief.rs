//! Gentle hills on a circuit's land well beyond its run-offs, made from the track alone
//! (`[terrain] relief_m`), so the ground between the lap's legs and out to the terrain's
//! edge is not a flat sheet: a height grid that is exactly flat within a clear distance of
//! every part of the road (the road, kerbs, run-offs, barriers, stands and trees all stand
//! on flat ground there), rising smoothly beyond it to at most `relief_m`.
//!
//! The grid is coarse ([`RELIEF_CELL_M`]) on purpose: the render mesh and the physics'
//! height field are then the same few triangles, so a car that leaves the circuit for the
//! hills drives on exactly what it sees, for a few thousand triangles a circuit. If a hill
//! rises under something that should stand on the flat, widen the clear distance: it is
//! measured from the road's edge to the grid's vertices, one cell's diagonal more than the
//! dressing reaches.

use crate::heightmap::{value_noise, Heightmap};
use crate::track::Track;
use glam::Vec2;

/// The relief grid's cell, m.
pub const RELIEF_CELL_M: f32 = 40.0;
/// Over how far beyond the clear distance the hills rise to their full height, m.
const RISE_M: f32 = 180.0;
/// The hills' size: the noise's wavelength, m.
const HILL_M: f32 = 260.0;

/// The relief of a terrain `size_m` across (centred on the origin) around `track`: flat
/// (0 m) at every grid vertex within `clear_m` of the road's edge plus one cell's
/// diagonal, so every triangle touching the clear band is flat; beyond, up to `height_m`,
/// shaped by noise that `seed` shifts (each circuit its own hills, the same every build).
pub fn relief(track: &Track, size_m: Vec2, clear_m: f32, height_m: f32, seed: u32) -> Heightmap {
    let cols = ((size_m.x / RELIEF_CELL_M).round() as usize).max(1) + 1;
    let rows = ((size_m.y / RELIEF_CELL_M).round() as usize).max(1) + 1;
    let flat_m = clear_m + RELIEF_CELL_M * std::f32::consts::SQRT_2;
    let shift = Vec2::new((seed % 997) as f32 * 13.7, (seed / 997 % 991) as f32 * 17.3);
    let mut heights_m = Vec::with_capacity(rows * cols);
    for r in 0..rows {
        for c in 0..cols {
            let p = Vec2::new(
                -size_m.x * 0.5 + size_m.x * c as f32 / (cols - 1) as f32,
                -size_m.y * 0.5 + size_m.y * r as f32 / (rows - 1) as f32,
            );
            let beyond_m = -track.inside_road_m(p) - flat_m;
            if beyond_m <= 0.0 {
                heights_m.push(0.0);
                continue;
            }
            let t = (beyond_m / RISE_M).min(1.0);
            let rise = t * t * (3.0 - 2.0 * t);
            let q = (p + shift) / HILL_M;
            // Two octaves: broad hills with a little unevenness on them, 0.3..1 of the height.
            let shape = 0.3 + 0.7 * (0.75 * value_noise(q.x, q.y) + 0.25 * value_noise(q.x * 2.7, q.y * 2.7));
            heights_m.push(height_m * rise * shape);
        }
    }
    Heightmap { rows, cols, heights_m }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 100 m circle of road 12 m wide.
    fn ring() -> Track {
        let n = 126;
        let csv: String = (0..n)
            .map(|i| {
                let a = std::f32::consts::TAU * i as f32 / n as f32;
                format!("{:.3},{:.3},6,6\n", 100.0 * a.cos(), 100.0 * a.sin())
            })
            .collect();
        Track::parse_csv("ring.csv", &csv).unwrap()
    }

    #[test]
    fn flat_near_the_road_rising_beyond_and_never_over_the_height() {
        let track = ring();
        let size = Vec2::new(1200.0, 1200.0);
        let map = relief(&track, size, 60.0, 15.0, 7);
        assert_eq!((map.cols, map.rows), (31, 31));
        let mut highest = 0.0f32;
        for r in 0..map.rows {
            for c in 0..map.cols {
                let p = Vec2::new(-600.0 + 40.0 * c as f32, -600.0 + 40.0 * r as f32);
                let h = map.at(r, c);
                let outside_m = -track.inside_road_m(p);
                // Within the clear band and one cell's diagonal of it: flat, so no cell that
                // reaches into the band is tilted.
                if outside_m < 60.0 + 40.0 * std::f32::consts::SQRT_2 {
                    assert_eq!(h, 0.0, "a hill {h} m high {outside_m} m from the road");
                }
                assert!((0.0..=15.0).contains(&h));
                highest = highest.max(h);
            }
        }
        // The far corners are 500+ m out: the hills are there, at least 0.3 of the height.
        assert!(highest > 4.5, "highest {highest} m");
        // Deterministic, and another seed gives other hills.
        assert_eq!(relief(&track, size, 60.0, 15.0, 7), map);
        assert_ne!(relief(&track, size, 60.0, 15.0, 8), map);
    }
}
