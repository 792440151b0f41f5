//! A level's preview for the level select: a small top-down picture of the level made
//! from its own data — the terrain's, each surface patch's and each rough-ground patch's
//! material colour (the colours the renderer draws them in), the track's road, and the
//! player's start — sampled on a grid over the terrain. No GL: `draw.rs` draws the cells.

use crate::content::ground::{SurfacePatch, Terrain};
use crate::content::surface_check::contains;
use crate::content::Level;
use glam::Vec2;

/// Cells along the terrain's longer side.
const CELLS: usize = 40;
/// The road's colour on the map (the track's material is drawn as the renderer does,
/// but a lighter grey reads better at this size).
const ROAD: [f32; 3] = [0.55, 0.55, 0.58];

/// A grid of colours over the terrain, row by row (first row: lowest z).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LevelMap {
    /// Cells across (x).
    pub cols: usize,
    /// Cells down (z).
    pub rows: usize,
    /// Each cell's colour, linear RGB.
    pub colours: Vec<[f32; 3]>,
    /// The player's start, as fractions of the map's width and height.
    pub start: (f32, f32),
    /// The track's centre line (or the AI loop's points), as fractions of the map's width
    /// and height, at most [`LINE_POINTS`] of them evenly picked; empty without either.
    pub line: Vec<(f32, f32)>,
    /// The terrain's extent, m (x, z): what the fractions are of.
    pub size_m: (f32, f32),
}

/// The most centre-line points a map keeps (a minimap draws one dot each).
pub const LINE_POINTS: usize = 256;

impl LevelMap {
    /// Samples `level` at each cell's centre.
    pub fn of(level: &Level) -> LevelMap {
        let terrain: &Terrain = &level.terrain;
        let size = terrain.size_m.max(Vec2::splat(1.0));
        let cell_m = size.x.max(size.y) / CELLS as f32;
        let (cols, rows) = (
            ((size.x / cell_m).round() as usize).clamp(1, CELLS),
            ((size.y / cell_m).round() as usize).clamp(1, CELLS),
        );
        let materials = &level.materials;
        let rough: Vec<(SurfacePatch, [f32; 3])> = level
            .height_patches
            .iter()
            .map(|h| {
                let patch = SurfacePatch {
                    material: h.material,
                    center_m: h.center_m,
                    size_m: h.size_m,
                    yaw_rad: 0.0,
                };
                (patch, materials.get(h.material).color)
            })
            .collect();
        let road = level.track.as_ref().map(|t| {
            let c = &t.track.centre;
            let half = t
                .track
                .width_left_m
                .iter()
                .zip(&t.track.width_right_m)
                .map(|(l, r)| l.max(*r))
                .fold(0.0, f32::max);
            (c, half.max(cell_m * 0.5))
        });
        let mut colours = Vec::with_capacity(cols * rows);
        for row in 0..rows {
            for col in 0..cols {
                let p = Vec2::new(
                    -size.x * 0.5 + (col as f32 + 0.5) * size.x / cols as f32,
                    -size.y * 0.5 + (row as f32 + 0.5) * size.y / rows as f32,
                );
                let mut colour = materials.get(terrain.material).color;
                if let Some(s) = level.surfaces.iter().rev().find(|s| contains(s, p)) {
                    colour = materials.get(s.material).color;
                }
                if let Some((_, c)) = rough.iter().rev().find(|(s, _)| contains(s, p)) {
                    colour = *c;
                }
                if let Some((centre, half)) = road {
                    if centre.iter().any(|q| q.distance_squared(p) <= half * half) {
                        colour = ROAD;
                    }
                }
                colours.push(colour);
            }
        }
        let s = level.player_spawn().position_m;
        let size_m = (size.x, size.y);
        let points: Vec<Vec2> = match (&level.track, &level.ai_line) {
            (Some(t), _) => t.track.centre.clone(),
            (None, Some(l)) => l.points_m.clone(),
            _ => Vec::new(),
        };
        let step = points.len().div_ceil(LINE_POINTS).max(1);
        let line = points
            .iter()
            .step_by(step)
            .map(|p| fraction(size_m, p.x, p.y))
            .collect();
        LevelMap {
            cols,
            rows,
            colours,
            start: fraction(size_m, s.x, s.z),
            line,
            size_m,
        }
    }

    /// Where the world point (`x_m`, `z_m`) is on the map, as fractions of its width and
    /// height (clamped to the map: a car off the terrain sits on its edge).
    pub fn place(&self, x_m: f32, z_m: f32) -> (f32, f32) {
        fraction(self.size_m, x_m, z_m)
    }
}

/// (`x_m`, `z_m`) as fractions of a terrain of `size_m` centred on the origin.
fn fraction(size_m: (f32, f32), x_m: f32, z_m: f32) -> (f32, f32) {
    let (sx, sz) = (size_m.0.max(1.0), size_m.1.max(1.0));
    (
        ((x_m + sx * 0.5) / sx).clamp(0.0, 1.0),
        ((z_m + sz * 0.5) / sz).clamp(0.0, 1.0),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::{load_level, ContentRoot};

    #[test]
    fn the_slip_map_shows_its_lanes_and_the_circuit_map_its_road() {
        let slip = load_level(&ContentRoot::Embedded, "slip").unwrap();
        let map = LevelMap::of(&slip.level);
        assert_eq!((map.cols, map.rows), (CELLS, CELLS), "a square terrain");
        let mut distinct: Vec<[f32; 3]> = Vec::new();
        for c in &map.colours {
            if !distinct.contains(c) {
                distinct.push(*c);
            }
        }
        // The terrain and the five lanes' materials (slip's own description): six; at 6.4 m
        // a cell a lane narrower than a cell may fall between centres, so at least five.
        assert!(distinct.len() >= 5, "{} colours on slip's map", distinct.len());
        let circuit = load_level(&ContentRoot::Embedded, "circuit").unwrap();
        let map = LevelMap::of(&circuit.level);
        let road = map.colours.iter().filter(|c| **c == ROAD).count();
        // 4.3 km of road, at least ~12 m wide, on a 2.8 km square of 40² cells (70 m each):
        // about 4300 / 70 ≈ 61 cells along it, fewer than a tenth of the map.
        assert!((40..160).contains(&road), "{road} road cells");
        let (sx, sy) = map.start;
        assert!((0.0..=1.0).contains(&sx) && (0.0..=1.0).contains(&sy));
    }
}
