//! Render triangles for a height grid at the resolution its detail needs: an
//! error-bounded right-triangulated irregular network (RTIN: Evans, Kirkpatrick and
//! Townsend, "Right-Triangulated Irregular Networks", Algorithmica 2001; the bottom-up
//! error pass is the one Mapbox's `martini` uses). Flat ground becomes a few large
//! triangles, bumps keep small ones, and no sample of the source is further than the
//! tolerance from the surface drawn. The mesh is crack-free (a split always splits the
//! neighbour across the hypotenuse too).
//!
//! Render only: the physics' height fields are made from the full grid
//! ([`crate::chunk`]), so decimating here changes what is drawn, never what is driven on.

use crate::heightmap::Heightmap;

/// Largest vertical distance between a source sample and the drawn surface, m. At
/// 640 × 480 with the 60° camera a pixel spans 2·tan 30° / 480 ≈ 2.4 mm per metre of
/// distance, so 1 cm is under a pixel from 4.2 m on, nearer than the chase camera's ground
/// at the car; the washboard's 4 cm corrugations (4× the tolerance) keep their shape. At
/// 5 mm `bump` drew 16 524 triangles, at 1 cm 9 881, and the xbox profile's frames over
/// budget there halved (PERFORMANCE.md, "Shadow filter per profile").
pub const RENDER_HEIGHT_TOLERANCE_M: f32 = 0.01;

/// A grid sample: (column, row).
type Cell = (u32, u32);

/// Triangles over `map`'s samples within `tolerance_m` of every sample, as index triples
/// into the map (`row * cols + col`), counter-clockwise seen from above (+Y) with columns
/// along +X and rows along +Z, as [`crate::geometry::MeshData::add_heights`] lays them out.
///
/// Two decimations are tried and the one with fewer triangles kept: the RTIN, which
/// adapts in both directions but only with right isosceles triangles (best for holes in a
/// flat road), and a sub-grid of the rows and columns that matter (best for ridges that
/// run straight across, as the washboard's, which the RTIN must cut into small squares).
pub fn decimated_triangles(map: &Heightmap, tolerance_m: f32) -> Vec<[u32; 3]> {
    let grid = Rtin::new(map);
    let errors = grid.errors();
    let mut rtin = Vec::new();
    let n = grid.size - 1;
    for [a, b, c] in [[(0, 0), (n, n), (n, 0)], [(n, n), (0, 0), (0, n)]] {
        grid.emit(&errors, tolerance_m, a, b, c, &mut rtin);
    }
    let sub = sub_grid_triangles(map, tolerance_m);
    if sub.len() < rtin.len() {
        sub
    } else {
        rtin
    }
}

/// Longest run of rows or columns merged into one cell of the sub-grid (bounds the bake's
/// work on large flat grids: a run is re-checked sample by sample each time it grows).
const MAX_RUN: usize = 128;

/// Triangles over a subset of the map's columns and rows, within `tolerance_m` of every
/// sample: columns first, each dropped where every row's height there is within the
/// tolerance of the line between the kept neighbours; then rows, each band grown while
/// every sample in it is within the tolerance of the band's triangles as drawn.
fn sub_grid_triangles(map: &Heightmap, tolerance_m: f32) -> Vec<[u32; 3]> {
    let (rows, cols) = (map.rows, map.cols);
    let mut kept_cols = vec![0];
    let mut start = 0;
    while start < cols - 1 {
        let mut end = start + 1;
        while end + 1 < cols && end + 1 - start <= MAX_RUN && columns_fit(map, start, end + 1, tolerance_m) {
            end += 1;
        }
        kept_cols.push(end);
        start = end;
    }
    let mut kept_rows = vec![0];
    let mut start = 0;
    while start < rows - 1 {
        let mut end = start + 1;
        while end + 1 < rows && end + 1 - start <= MAX_RUN && band_fits(map, &kept_cols, start, end + 1, tolerance_m) {
            end += 1;
        }
        kept_rows.push(end);
        start = end;
    }
    let index = |r: usize, c: usize| (r * cols + c) as u32;
    let mut out = Vec::with_capacity(2 * (kept_rows.len() - 1) * (kept_cols.len() - 1));
    for rw in kept_rows.windows(2) {
        for cw in kept_cols.windows(2) {
            let (i, down, right, corner) = (
                index(rw[0], cw[0]),
                index(rw[1], cw[0]),
                index(rw[0], cw[1]),
                index(rw[1], cw[1]),
            );
            // The full grid's split: counter-clockwise seen from above.
            out.push([i, down, right]);
            out.push([right, down, corner]);
        }
    }
    out
}

/// Whether every row's samples strictly between columns `a` and `b` lie within
/// `tolerance_m` of the straight line between that row's samples at `a` and `b`.
fn columns_fit(map: &Heightmap, a: usize, b: usize, tolerance_m: f32) -> bool {
    (0..map.rows).all(|r| {
        let (ha, hb) = (map.at(r, a), map.at(r, b));
        (a + 1..b).all(|c| {
            let t = (c - a) as f32 / (b - a) as f32;
            (ha + (hb - ha) * t - map.at(r, c)).abs() <= tolerance_m
        })
    })
}

/// Whether every sample in rows `r0..=r1` lies within `tolerance_m` of the two triangles
/// per cell of the sub-grid (`cols` kept, rows r0 and r1), split as the full grid is.
fn band_fits(map: &Heightmap, cols: &[usize], r0: usize, r1: usize, tolerance_m: f32) -> bool {
    cols.windows(2).all(|cw| {
        let (c0, c1) = (cw[0], cw[1]);
        let (h00, h10, h01, h11) = (map.at(r0, c0), map.at(r0, c1), map.at(r1, c0), map.at(r1, c1));
        (r0..=r1).all(|r| {
            let v = (r - r0) as f32 / (r1 - r0) as f32;
            (c0..=c1).all(|c| {
                let u = (c - c0) as f32 / (c1 - c0) as f32;
                // Split along the diagonal from (r0, c1) to (r1, c0).
                let drawn = if u + v <= 1.0 {
                    h00 + (h10 - h00) * u + (h01 - h00) * v
                } else {
                    h11 + (h01 - h11) * (1.0 - u) + (h10 - h11) * (1.0 - v)
                };
                (drawn - map.at(r, c)).abs() <= tolerance_m
            })
        })
    })
}

/// The map on a square of 2^k + 1 samples a side (the part outside the map is never drawn).
struct Rtin<'a> {
    map: &'a Heightmap,
    /// Samples a side of the square.
    size: u32,
}

impl<'a> Rtin<'a> {
    fn new(map: &'a Heightmap) -> Self {
        let edge = (map.rows.max(map.cols) - 1).max(1) as u32;
        Self {
            map,
            size: edge.next_power_of_two() + 1,
        }
    }

    fn height(&self, (x, y): Cell) -> f32 {
        self.map.at(y as usize, x as usize)
    }

    /// Where a triangle lies against the map.
    fn place(&self, tri: [Cell; 3]) -> Place {
        let (last_x, last_y) = (self.map.cols as u32 - 1, self.map.rows as u32 - 1);
        let (min_x, max_x) = (tri.iter().map(|p| p.0).min(), tri.iter().map(|p| p.0).max());
        let (min_y, max_y) = (tri.iter().map(|p| p.1).min(), tri.iter().map(|p| p.1).max());
        let (min_x, max_x, min_y, max_y) = (
            min_x.unwrap_or(0),
            max_x.unwrap_or(0),
            min_y.unwrap_or(0),
            max_y.unwrap_or(0),
        );
        if max_x <= last_x && max_y <= last_y {
            Place::Inside
        } else if min_x >= last_x || min_y >= last_y {
            Place::Outside
        } else {
            Place::Straddling
        }
    }

    /// The largest distance between a sample inside `tri` and the plane through its
    /// corners.
    fn triangle_error(&self, [a, b, c]: [Cell; 3]) -> f32 {
        let p = |q: Cell| (q.0 as i64, q.1 as i64);
        let ((ax, ay), (bx, by), (cx, cy)) = (p(a), p(b), p(c));
        let area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
        if area == 0 {
            return 0.0;
        }
        let (ha, hb, hc) = (self.height(a), self.height(b), self.height(c));
        let mut worst: f32 = 0.0;
        for y in ay.min(by).min(cy)..=ay.max(by).max(cy) {
            for x in ax.min(bx).min(cx)..=ax.max(bx).max(cx) {
                // Barycentric weights (times the doubled area), all of one sign inside.
                let wa = (bx - x) * (cy - y) - (by - y) * (cx - x);
                let wb = (cx - x) * (ay - y) - (cy - y) * (ax - x);
                let wc = area - wa - wb;
                if [wa, wb, wc].iter().any(|w| w.signum() * area.signum() < 0) {
                    continue;
                }
                let plane = (ha * wa as f32 + hb * wb as f32 + hc * wc as f32) / area as f32;
                worst = worst.max((plane - self.height((x as u32, y as u32))).abs());
            }
        }
        worst
    }

    /// Every hypotenuse midpoint's error: the largest of the triangles on either side of
    /// it and of their descendants (so a triangle is split whenever any descendant or its
    /// neighbour must be). Filled finest triangles first, walking the binary tree's ids
    /// backwards (ids 2 and 3 the two halves of the square, 2i and 2i + 1 the children of
    /// i), so nothing but the errors is stored.
    fn errors(&self) -> Vec<f32> {
        let s = self.size as usize;
        let mut errors = vec![0.0f32; s * s];
        let n = self.size - 1;
        // Every triangle but the half-cell leaves.
        let parents = 2 * n as u64 * n as u64 - 2;
        for i in (0..parents).rev() {
            let [a, b, c] = triangle_of(i + 2, n);
            let own = match self.place([a, b, c]) {
                Place::Outside => continue,
                Place::Straddling => f32::INFINITY,
                Place::Inside => self.triangle_error([a, b, c]),
            };
            let m = midpoint(a, b);
            // The children (c, a, m) and (b, c, m); a leaf child has no midpoint sample.
            let children = if is_leaf(c, m) {
                0.0
            } else {
                [midpoint(c, a), midpoint(b, c)]
                    .map(|q| errors[q.1 as usize * s + q.0 as usize])
                    .into_iter()
                    .fold(0.0f32, f32::max)
            };
            let e = &mut errors[m.1 as usize * s + m.0 as usize];
            *e = e.max(own).max(children);
        }
        errors
    }

    /// Emits `tri` (hypotenuse a–b, right angle at c), split while its error is over
    /// `tolerance_m`; triangles outside the map are dropped.
    fn emit(&self, errors: &[f32], tolerance_m: f32, a: Cell, b: Cell, c: Cell, out: &mut Vec<[u32; 3]>) {
        let place = self.place([a, b, c]);
        if place == Place::Outside {
            return;
        }
        let m = midpoint(a, b);
        if !is_leaf(a, c) && errors[m.1 as usize * self.size as usize + m.0 as usize] > tolerance_m {
            self.emit(errors, tolerance_m, c, a, m, out);
            self.emit(errors, tolerance_m, b, c, m, out);
            return;
        }
        // Counter-clockwise seen from +Y with x = column, z = row: a negative cross
        // product in (column, row) coordinates, as the full grid's `[i, down, right]`.
        let cross = (b.0 as i64 - a.0 as i64) * (c.1 as i64 - a.1 as i64)
            - (b.1 as i64 - a.1 as i64) * (c.0 as i64 - a.0 as i64);
        let (b, c) = if cross > 0 { (c, b) } else { (b, c) };
        let index = |q: Cell| q.1 * self.map.cols as u32 + q.0;
        out.push([index(a), index(b), index(c)]);
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Inside,
    Straddling,
    Outside,
}

/// The triangle with tree id `id` (≥ 2) on a square of `n` cells a side: its
/// hypotenuse's ends a and b and its right-angle corner c (the numbering `martini` uses).
fn triangle_of(id: u64, n: u32) -> [Cell; 3] {
    let (mut a, mut b, mut c) = if id & 1 == 1 {
        ((0, 0), (n, n), (n, 0))
    } else {
        ((n, n), (0, 0), (0, n))
    };
    // Bit 0 chose the half; the bits above it, up to the leading 1, are the path down.
    let mut rest = id >> 1;
    while rest > 1 {
        let m = midpoint(a, b);
        (a, b, c) = if rest & 1 == 1 { (c, a, m) } else { (b, c, m) };
        rest >>= 1;
    }
    [a, b, c]
}

/// A triangle whose legs (a–c) span one sample: half a grid cell, never split.
fn is_leaf(a: Cell, c: Cell) -> bool {
    a.0.abs_diff(c.0) + a.1.abs_diff(c.1) <= 1
}

fn midpoint(a: Cell, b: Cell) -> Cell {
    ((a.0 + b.0) / 2, (a.1 + b.1) / 2)
}
