//! Render-only triangles for scenery: flat quads, boxes, tyre prisms and block-font text,
//! gathered into one [`PieceShape::Decor`] piece that the chunk bake draws and never gives
//! a collider (painted markings, a board's lettering, the look of a tyre wall whose
//! collider is one plain box).
//!
//! Winding: every face is counter-clockwise seen from outside, so its normal faces out. If
//! a face comes out dark or missing in a screenshot, its corners are in the wrong order.

use crate::block_font::{runs, width_cells, GLYPH_ROWS};
use crate::material::MaterialId;
use crate::model::PropMesh;
use crate::piece::{DetailSection, Piece, PieceShape};
use glam::{Quat, Vec3};

/// Triangles being gathered, vertices relative to `origin`.
#[derive(Debug, Clone)]
pub struct Decor {
    origin: Vec3,
    vertices: Vec<Vec3>,
    indices: Vec<[u32; 3]>,
    colors: Vec<[f32; 4]>,
    details: Vec<DetailSection>,
}

impl Decor {
    /// An empty set of triangles whose piece will sit at `origin` (the chunk it lands in is
    /// the one holding `origin`).
    pub fn new(origin: Vec3) -> Self {
        Self {
            origin,
            vertices: Vec::new(),
            indices: Vec::new(),
            colors: Vec::new(),
            details: Vec::new(),
        }
    }

    /// Fine detail drawn by `near`, and the few triangles `far` draws to stand in for it
    /// once features `feature_m` across shrink under a pixel (see [`DetailSection`]). The
    /// stand-in should cover the same area in the detail's mean colour, so the switch does
    /// not show. Nothing is kept if `near` draws nothing.
    pub fn detail(&mut self, feature_m: f32, near: impl FnOnce(&mut Decor), far: impl FnOnce(&mut Decor)) {
        self.section(feature_m, true, near, far);
    }

    /// A [`Decor::detail`] that is a decal: colour laid a centimetre over a face (lettering
    /// on a board, chequers on a beam), which casts no shadow of its own (the face under it
    /// casts it), so the shadow pass leaves it out.
    pub fn decal(&mut self, feature_m: f32, near: impl FnOnce(&mut Decor), far: impl FnOnce(&mut Decor)) {
        self.section(feature_m, false, near, far);
    }

    fn section(
        &mut self,
        feature_m: f32,
        casts_shadow: bool,
        near: impl FnOnce(&mut Decor),
        far: impl FnOnce(&mut Decor),
    ) {
        let (vertices, start) = (self.vertices.len(), self.indices.len());
        near(self);
        let middle = self.indices.len();
        far(self);
        if middle == start {
            self.vertices.truncate(vertices);
            self.colors.truncate(vertices);
            self.indices.truncate(start);
            return;
        }
        self.details.push(DetailSection {
            feature_m,
            near: start..middle,
            far: middle..self.indices.len(),
            casts_shadow,
        });
    }

    /// Triangles gathered so far.
    pub fn triangles(&self) -> usize {
        self.indices.len()
    }

    /// A flat quad a, b, c, d in world space, counter-clockwise seen from its front.
    pub fn quad(&mut self, a: Vec3, b: Vec3, c: Vec3, d: Vec3, rgb: Vec3) {
        let base = self.vertices.len() as u32;
        self.vertices.extend([a, b, c, d].map(|p| p - self.origin));
        self.colors.extend([[rgb.x, rgb.y, rgb.z, 0.0]; 4]);
        self.indices
            .extend([[base, base + 1, base + 2], [base, base + 2, base + 3]]);
    }

    /// A vertex at `p` (world) in `rgba` (colour and the material's tile pattern), for
    /// [`Decor::quad_of`]: a mesh whose faces share their corners.
    pub fn vertex(&mut self, p: Vec3, rgba: [f32; 4]) -> u32 {
        self.vertices.push(p - self.origin);
        self.colors.push(rgba);
        (self.vertices.len() - 1) as u32
    }

    /// A quad on vertices made by [`Decor::vertex`], counter-clockwise seen from its front.
    pub fn quad_of(&mut self, [a, b, c, d]: [u32; 4]) {
        self.indices.extend([[a, b, c], [a, c, d]]);
    }

    /// A box of half extents `half` centred on `centre`, turned by `rotation`.
    pub fn cuboid(&mut self, centre: Vec3, half: Vec3, rotation: Quat, rgb: Vec3) {
        let c = |x: f32, y: f32, z: f32| centre + rotation * Vec3::new(x * half.x, y * half.y, z * half.z);
        self.quad(c(-1., 1., -1.), c(-1., 1., 1.), c(1., 1., 1.), c(1., 1., -1.), rgb); // top
        self.quad(c(-1., -1., -1.), c(1., -1., -1.), c(1., -1., 1.), c(-1., -1., 1.), rgb); // bottom
        self.quad(c(1., -1., -1.), c(1., 1., -1.), c(1., 1., 1.), c(1., -1., 1.), rgb); // +x
        self.quad(c(-1., -1., 1.), c(-1., 1., 1.), c(-1., 1., -1.), c(-1., -1., -1.), rgb); // -x
        self.quad(c(1., -1., 1.), c(1., 1., 1.), c(-1., 1., 1.), c(-1., -1., 1.), rgb); // +z
        self.quad(c(-1., -1., -1.), c(-1., 1., -1.), c(1., 1., -1.), c(1., -1., -1.), rgb);
        // -z
    }

    /// An upright prism of `sides` faces (a tyre, a post) standing on `base`, with a top cap.
    pub fn prism(&mut self, base: Vec3, radius: f32, height: f32, sides: usize, rgb: Vec3) {
        let at = |k: usize, y: f32| {
            let a = std::f32::consts::TAU * k as f32 / sides as f32;
            base + Vec3::new(radius * a.cos(), y, -radius * a.sin())
        };
        for k in 0..sides {
            // Angle k grows counter-clockwise seen from above, so k → k+1 along the bottom
            // then up faces outwards.
            self.quad(at(k, 0.0), at(k + 1, 0.0), at(k + 1, height), at(k, height), rgb);
        }
        let top = base + Vec3::Y * height;
        let centre = self.vertices.len() as u32;
        self.vertices.push(top - self.origin);
        self.colors.push([rgb.x, rgb.y, rgb.z, 0.0]);
        for k in 0..sides {
            let (i, j) = (self.vertices.len() as u32, self.vertices.len() as u32 + 1);
            self.vertices
                .extend([at(k, height) - self.origin, at(k + 1, height) - self.origin]);
            self.colors.extend([[rgb.x, rgb.y, rgb.z, 0.0]; 2]);
            self.indices.push([centre, i, j]);
        }
    }

    /// A prop model's mesh with its foot at `base`, unturned, in its own colours or all in
    /// `rgb` (a tyre wall's painted tyres).
    pub fn model(&mut self, mesh: &PropMesh, base: Vec3, rgb: Option<Vec3>) {
        let first = self.vertices.len() as u32;
        self.vertices
            .extend(mesh.positions.iter().map(|p| base + Vec3::from(*p) - self.origin));
        self.colors.extend(mesh.colors.iter().map(|c| {
            let c = rgb.unwrap_or(Vec3::from(*c));
            [c.x, c.y, c.z, 0.0]
        }));
        self.indices.extend(
            mesh.indices
                .chunks_exact(3)
                .map(|t| [first + t[0], first + t[1], first + t[2]]),
        );
    }

    /// `text` in the block font on the plane through `top_left` spanned by `right` and `up`
    /// (unit vectors; the face's front is `right × up`), each cell `cell_m` square.
    pub fn text(&mut self, top_left: Vec3, right: Vec3, up: Vec3, cell_m: f32, text: &str, rgb: Vec3) {
        self.text_cells(top_left, right * cell_m, up * cell_m, text, rgb);
    }

    /// `text` in the block font from `top_left`, one cell `across` wide and `down` tall
    /// (vectors: painted text is stretched along the road so it reads at a glancing angle).
    pub fn text_cells(&mut self, top_left: Vec3, across: Vec3, down: Vec3, text: &str, rgb: Vec3) {
        for r in runs(text) {
            let y0 = top_left - down * (r.row + 1) as f32;
            let y1 = top_left - down * r.row as f32;
            let (x0, x1) = (across * r.col0 as f32, across * r.col1 as f32);
            self.quad(y0 + x0, y0 + x1, y1 + x1, y1 + x0, rgb);
        }
    }

    /// `text` centred on `centre` on the plane spanned by `right` and `up`, `height_m` tall.
    pub fn text_centred(&mut self, centre: Vec3, right: Vec3, up: Vec3, height_m: f32, text: &str, rgb: Vec3) {
        let cell = height_m / GLYPH_ROWS as f32;
        let w = width_cells(text) as f32 * cell;
        let top_left = centre - right * (w * 0.5) + up * (height_m * 0.5);
        self.text(top_left, right, up, cell, text, rgb);
    }

    /// [`Decor::text_centred`] as fine detail ([`Decor::detail`]): far away, one quad over
    /// the text's box in the mean of `rgb` and `behind` (the panel's colour), weighted by
    /// the share of the box its letters cover, so the lettering fades to the panel's
    /// average instead of vanishing. Its feature is two cells: block letters still read at
    /// a pixel a cell (the jump level's "20°" board, 7 px tall, did), so the stand-in waits
    /// until a cell is under half a pixel, a letter under 4 px tall.
    #[allow(clippy::too_many_arguments)]
    pub fn text_centred_detail(
        &mut self,
        centre: Vec3,
        right: Vec3,
        up: Vec3,
        height_m: f32,
        text: &str,
        rgb: Vec3,
        behind: Vec3,
    ) {
        let cell = height_m / GLYPH_ROWS as f32;
        let cells = (width_cells(text) * GLYPH_ROWS).max(1) as f32;
        let lit: usize = runs(text).iter().map(|r| r.col1 - r.col0).sum();
        let share = lit as f32 / cells;
        let half_w = right * (width_cells(text) as f32 * cell * 0.5);
        let half_h = up * (height_m * 0.5);
        self.decal(
            cell * 2.0,
            |d| d.text_centred(centre, right, up, height_m, text, rgb),
            |d| {
                let mean = rgb * share + behind * (1.0 - share);
                d.quad(
                    centre - half_w - half_h,
                    centre + half_w - half_h,
                    centre + half_w + half_h,
                    centre - half_w + half_h,
                    mean,
                );
            },
        );
    }

    /// The gathered triangles as one render-only piece of `material` (what the friction
    /// view shows), or `None` if there are none.
    pub fn into_piece(self, material: MaterialId) -> Option<Piece> {
        if self.indices.is_empty() {
            return None;
        }
        Some(Piece {
            shape: PieceShape::Decor {
                vertices: self.vertices,
                indices: self.indices,
                colors: self.colors,
                details: self.details,
                placed: None,
            },
            position: self.origin,
            rotation: Quat::IDENTITY,
            material,
            color: Vec3::ONE,
            pattern: 0.0,
        })
    }
}
