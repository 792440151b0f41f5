//! GPU meshes: interleaved position + normal (+ colour and material id for baked chunks),
//! indexed.

use super::caster_tiles::{CasterTiles, TileScratch};
use super::decor_lod::{merged_runs, DecorScale, DetailChoice, GroupDraw, IndexRange, MeshDetail};
use super::frustum::{Aabb, Frustum};
use super::shadow_casters::{casters_first_into, mark_on_terrain};
use glam::Vec3;
use skidpad_bake::mesh_detail::MAX_DETAIL_GROUPS;
use std::cell::Cell;

/// The buffers a baked mesh is interleaved and reordered in before its upload, kept
/// between uploads: a chunk entering the world allocates nothing once they are sized for
/// the level's largest chunk.
#[derive(Default)]
pub struct UploadScratch {
    /// Position, normal, colour and material id per vertex.
    vertices: Vec<[f32; 11]>,
    /// The triangles in draw order: the base, then each detail group's near and far run,
    /// each of them casters first, then the ground top layer first.
    indices: Vec<u32>,
    /// One run being ordered.
    run: Vec<u32>,
    /// Each ground triangle's highest corner and index, for that order.
    ground: Vec<(f32, u32)>,
    /// Per vertex, whether it lies on the chunk's hills (`mark_on_terrain`).
    on_terrain: Vec<bool>,
    /// For cutting the base's casters into tiles.
    tiles: TileScratch,
}

impl UploadScratch {
    /// Room for a mesh of `vertices` vertices and `indices` indices (the level's largest
    /// chunk's), so no upload grows the buffers in play.
    pub fn reserve(&mut self, vertices: usize, indices: usize) {
        self.vertices.reserve(vertices.saturating_sub(self.vertices.len()));
        self.indices.reserve(indices.saturating_sub(self.indices.len()));
        self.run.reserve(indices.saturating_sub(self.run.len()));
        self.ground.reserve((indices / 3).saturating_sub(self.ground.len()));
        self.on_terrain.reserve(vertices.saturating_sub(self.on_terrain.len()));
        self.tiles.reserve(indices);
    }
}

/// How a baked mesh's base casters are uploaded ([`Mesh::from_mesh_data`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BaseCasters {
    /// In one run (a mesh drawn with a model matrix: a prop).
    Whole,
    /// In tiles, each culled by its bounds in world space (a level chunk).
    Tiled,
}

/// Which part of a mesh a draw draws (`Mesh::draw_groups`, `Mesh::draw_base`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MeshPart {
    /// Groups, then base: one mesh's own draw order.
    Whole,
    /// The chosen detail groups alone.
    Groups,
    /// The base alone.
    Base,
}

/// A mesh uploaded to the GPU.
pub struct Mesh {
    vao: u32,
    vbo: u32,
    ebo: u32,
    /// Its index runs: all of them in one for meshes without detail groups.
    detail: MeshDetail,
    /// Which detail groups the pass being drawn draws, and how ([`Mesh::choose_detail`]).
    choice: Cell<DetailChoice>,
    /// The box around every vertex, in the mesh's own space (for culling).
    bounds: Aabb,
    /// GPU memory of its vertex and index buffers, bytes.
    bytes: usize,
    /// Bit `i` set when a vertex carries material id `i` (ids below 32; see
    /// [`Mesh::material_mask`]).
    material_mask: u32,
}

impl Mesh {
    /// Uploads `vertices` (x, y, z, nx, ny, nz per vertex) and triangle `indices`. The
    /// colour and material attributes stay at their constants (set per draw).
    pub fn new(vertices: &[[f32; 6]], indices: &[u32]) -> Mesh {
        let bounds = Aabb::around(vertices.iter().map(|v| Vec3::new(v[0], v[1], v[2])));
        Self::upload(vertices, indices, 24, false, bounds)
    }

    /// Uploads a baked mesh with per-vertex colour (RGB + tile-pattern strength, as
    /// `recolor` turns vertex `i`'s baked colour: the friction view's ramp, or unchanged) and
    /// material id (−1 where the mesh has none: the shader draws it untextured), its
    /// shadow casters first and then the ground top layer first ([`casters_first_into`]):
    /// low ground is drawn lit but casts nothing, and hides what lies under it. The
    /// interleaved vertices and the reordered indices are built in `scratch`, which
    /// allocates nothing once it holds a mesh this large ([`UploadScratch::reserve`]).
    ///
    /// With [`BaseCasters::Tiled`] (a level chunk, drawn where it was baked) the base's
    /// casters are cut into tiles culled on their own (`caster_tiles.rs`); a mesh placed by
    /// a model matrix keeps them whole, since the tiles' bounds are in the mesh's space.
    /// `terrain_height` is the ground's height under a point where it is not the plane
    /// y = 0 (a level chunk's hills; `None` elsewhere): gentle ground there casts nothing
    /// either.
    pub fn from_mesh_data(
        data: &skidpad_bake::geometry::MeshData,
        recolor: impl Fn(usize, [f32; 4]) -> [f32; 4],
        (base, terrain_height): (BaseCasters, &dyn Fn(f32, f32) -> Option<f32>),
        scratch: &mut UploadScratch,
    ) -> Mesh {
        mark_on_terrain(&data.positions, terrain_height, &mut scratch.on_terrain);
        let material = |i: usize| data.materials.get(i).map_or(-1.0, |m| m.0 as f32);
        let vertices = &mut scratch.vertices;
        vertices.clear();
        vertices.extend(
            data.positions
                .iter()
                .zip(&data.normals)
                .zip(&data.colors)
                .enumerate()
                .map(|(i, ((p, n), c))| {
                    let c = recolor(i, *c);
                    [p[0], p[1], p[2], n[0], n[1], n[2], c[0], c[1], c[2], c[3], material(i)]
                }),
        );
        scratch.indices.clear();
        let mut detail = MeshDetail::default();
        let hills;
        (detail.base, hills) = ordered_run(data, data.base_indices(), scratch);
        if base == BaseCasters::Tiled {
            let casters_end = detail.base.first + detail.base.casters;
            detail.base_tiles = CasterTiles::sort_into_tiles(
                &data.positions,
                &mut scratch.indices[detail.base.first as usize..casters_end as usize],
                detail.base.first,
                &mut scratch.tiles,
            );
            detail.base_hills = hills;
            detail.hill_tiles = CasterTiles::sort_into_tiles(
                &data.positions,
                &mut scratch.indices[casters_end as usize..(casters_end + hills) as usize],
                casters_end,
                &mut scratch.tiles,
            );
        }
        // Every group's near run, then every far run: groups chosen alike (all near close
        // by, all far away) are one contiguous run, which `draw` makes one call (a road
        // piece is a group, and a draw call costs llvmpipe as much as hundreds of
        // triangles).
        // A fixed array, not a Vec: uploading a chunk allocates nothing. The bake keeps at
        // most MAX_DETAIL_GROUPS; any beyond are not drawn as groups (`MeshDetail::push`).
        let mut nears = [IndexRange::default(); MAX_DETAIL_GROUPS];
        for (g, near) in data.detail.iter().zip(nears.iter_mut()) {
            *near = ordered_run(data, &data.indices[g.near[0] as usize..g.near[1] as usize], scratch).0;
        }
        for (g, &near) in data.detail.iter().zip(nears.iter()) {
            let far = ordered_run(data, &data.far_indices[g.far[0] as usize..g.far[1] as usize], scratch).0;
            // A decal group draws nothing into the shadow map: no casters.
            let casting = |run: IndexRange| IndexRange {
                casters: if g.casts_shadow { run.casters } else { 0 },
                ..run
            };
            detail.push(GroupDraw {
                near: casting(near),
                far: casting(far),
                centre: Vec3::from_array(g.centre),
                radius_m: g.radius_m,
                feature_m: g.feature_m,
            });
        }
        let bounds = Aabb::around(data.positions.iter().map(|p| Vec3::from_array(*p)));
        let mut mesh = Self::upload(&scratch.vertices, &scratch.indices, 44, true, bounds);
        mesh.detail = detail;
        mesh.material_mask = data
            .materials
            .iter()
            .filter(|m| m.0 < 32)
            .fold(0, |mask, m| mask | 1 << m.0);
        mesh
    }

    fn upload<V>(vertices: &[V], indices: &[u32], stride: i32, with_color: bool, bounds: Option<Aabb>) -> Mesh {
        let (mut vao, mut vbo, mut ebo) = (0, 0, 0);
        // SAFETY: buffers are created, bound and filled from live slices; `V` is a flat
        // array of f32 laid out as position, normal (and colour when `with_color`), which
        // is what the attribute pointers describe with `stride`.
        unsafe {
            gl::GenVertexArrays(1, &mut vao);
            gl::GenBuffers(1, &mut vbo);
            gl::GenBuffers(1, &mut ebo);
            gl::BindVertexArray(vao);
            gl::BindBuffer(gl::ARRAY_BUFFER, vbo);
            gl::BufferData(
                gl::ARRAY_BUFFER,
                std::mem::size_of_val(vertices) as isize,
                vertices.as_ptr().cast(),
                gl::STATIC_DRAW,
            );
            gl::BindBuffer(gl::ELEMENT_ARRAY_BUFFER, ebo);
            gl::BufferData(
                gl::ELEMENT_ARRAY_BUFFER,
                std::mem::size_of_val(indices) as isize,
                indices.as_ptr().cast(),
                gl::STATIC_DRAW,
            );
            gl::EnableVertexAttribArray(0);
            gl::VertexAttribPointer(0, 3, gl::FLOAT, gl::FALSE, stride, std::ptr::null());
            gl::EnableVertexAttribArray(1);
            gl::VertexAttribPointer(1, 3, gl::FLOAT, gl::FALSE, stride, 12 as *const _);
            if with_color {
                gl::EnableVertexAttribArray(2);
                gl::VertexAttribPointer(2, 4, gl::FLOAT, gl::FALSE, stride, 24 as *const _);
                gl::EnableVertexAttribArray(3);
                gl::VertexAttribPointer(3, 1, gl::FLOAT, gl::FALSE, stride, 40 as *const _);
            }
            gl::BindVertexArray(0);
        }
        Mesh {
            vao,
            vbo,
            ebo,
            detail: MeshDetail::whole(indices.len() as u32, indices.len() as u32),
            choice: Cell::new(DetailChoice::default()),
            bytes: std::mem::size_of_val(vertices) + std::mem::size_of_val(indices),
            material_mask: 0,
            // An empty mesh draws nothing: a box at the origin culls as well as any.
            bounds: bounds.unwrap_or(Aabb {
                min: Vec3::ZERO,
                max: Vec3::ZERO,
            }),
        }
    }

    /// Uploads `vertices` (position, normal, colour RGBA per vertex: a car model's, whose
    /// alpha carries the part code) and triangle `indices`.
    pub fn with_colors(vertices: &[[f32; 10]], indices: &[u32]) -> Mesh {
        let bounds = Aabb::around(vertices.iter().map(|v| Vec3::new(v[0], v[1], v[2])));
        Self::upload(vertices, indices, 40, true, bounds)
    }

    /// The material ids (bits, ids below 32) its vertices carry: a level chunk's
    /// surfaces; 0 for meshes without materials (props, cars). The lit pass draws a mesh
    /// with the sheen program only when this meets the wet materials.
    pub fn material_mask(&self) -> u32 {
        self.material_mask
    }

    /// GPU memory of its vertex and index buffers, bytes.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// A cube from −0.5 to 0.5 on each axis, with flat face normals.
    pub fn unit_cube() -> Mesh {
        let mut v = Vec::with_capacity(24);
        let mut i = Vec::with_capacity(36);
        // Each face: normal n, and two in-plane axes a, b with a × b = n (CCW from outside).
        let faces: [([f32; 3], [f32; 3], [f32; 3]); 6] = [
            ([1., 0., 0.], [0., 0., -1.], [0., 1., 0.]),
            ([-1., 0., 0.], [0., 0., 1.], [0., 1., 0.]),
            ([0., 1., 0.], [1., 0., 0.], [0., 0., -1.]),
            ([0., -1., 0.], [1., 0., 0.], [0., 0., 1.]),
            ([0., 0., 1.], [1., 0., 0.], [0., 1., 0.]),
            ([0., 0., -1.], [-1., 0., 0.], [0., 1., 0.]),
        ];
        for (n, a, b) in faces {
            let base = v.len() as u32;
            for (sa, sb) in [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)] {
                let p = |k: usize| n[k] * 0.5 + a[k] * sa + b[k] * sb;
                v.push([p(0), p(1), p(2), n[0], n[1], n[2]]);
            }
            i.extend_from_slice(&[base, base + 1, base + 2, base, base + 2, base + 3]);
        }
        Mesh::new(&v, &i)
    }

    /// A cylinder along X from −0.5 to 0.5, radius 0.5 (a wheel: scale by width and
    /// diameter), with `segments` sides, smooth side normals and flat caps.
    pub fn unit_cylinder_x(segments: u32) -> Mesh {
        let mut v = Vec::new();
        let mut i = Vec::new();
        let ring = |k: u32| {
            let a = k as f32 / segments as f32 * std::f32::consts::TAU;
            (a.cos() * 0.5, a.sin() * 0.5)
        };
        for k in 0..segments {
            let (y0, z0) = ring(k);
            let (y1, z1) = ring(k + 1);
            let base = v.len() as u32;
            // Side quad, normals pointing out radially.
            v.push([-0.5, y0, z0, 0.0, y0 * 2.0, z0 * 2.0]);
            v.push([0.5, y0, z0, 0.0, y0 * 2.0, z0 * 2.0]);
            v.push([0.5, y1, z1, 0.0, y1 * 2.0, z1 * 2.0]);
            v.push([-0.5, y1, z1, 0.0, y1 * 2.0, z1 * 2.0]);
            i.extend_from_slice(&[base, base + 2, base + 1, base, base + 3, base + 2]);
            // Cap triangles on both ends.
            for (x, nx) in [(0.5f32, 1.0f32), (-0.5, -1.0)] {
                let c = v.len() as u32;
                v.push([x, 0.0, 0.0, nx, 0.0, 0.0]);
                v.push([x, y0, z0, nx, 0.0, 0.0]);
                v.push([x, y1, z1, nx, 0.0, 0.0]);
                if nx > 0.0 {
                    i.extend_from_slice(&[c, c + 1, c + 2]);
                } else {
                    i.extend_from_slice(&[c, c + 2, c + 1]);
                }
            }
        }
        Mesh::new(&v, &i)
    }

    /// A cone along Y from a base of radius 0.5 at y = −0.5 to its apex at y = 0.5.
    pub fn unit_cone(segments: u32) -> Mesh {
        let mut v = Vec::new();
        let mut i = Vec::new();
        let ring = |k: u32| {
            let a = k as f32 / segments as f32 * std::f32::consts::TAU;
            (a.cos() * 0.5, a.sin() * 0.5)
        };
        // Side normals lean out and up: the slope of a cone of height 1 and radius 0.5.
        let (ny, nr) = (0.5f32 / 1.25f32.sqrt(), 1.0 / 1.25f32.sqrt());
        for k in 0..segments {
            let (x0, z0) = ring(k);
            let (x1, z1) = ring(k + 1);
            let base = v.len() as u32;
            v.push([x0, -0.5, z0, x0 * 2.0 * nr, ny, z0 * 2.0 * nr]);
            v.push([0.0, 0.5, 0.0, (x0 + x1) * nr, ny, (z0 + z1) * nr]);
            v.push([x1, -0.5, z1, x1 * 2.0 * nr, ny, z1 * 2.0 * nr]);
            i.extend_from_slice(&[base, base + 1, base + 2]);
            let c = v.len() as u32;
            v.push([0.0, -0.5, 0.0, 0.0, -1.0, 0.0]);
            v.push([x0, -0.5, z0, 0.0, -1.0, 0.0]);
            v.push([x1, -0.5, z1, 0.0, -1.0, 0.0]);
            i.extend_from_slice(&[c, c + 1, c + 2]);
        }
        Mesh::new(&v, &i)
    }

    /// The box around the mesh's vertices, in its own space.
    pub fn bounds(&self) -> &Aabb {
        &self.bounds
    }

    /// Chooses which detail groups the next draws draw, and how: those `frustum` sees,
    /// far or near as `scale` says (`decor_lod.rs`). Meshes without groups draw whole.
    pub fn choose_detail(&self, frustum: &Frustum, scale: &DecorScale) {
        self.choice.set(self.detail.choose(frustum, scale));
    }

    /// [`Mesh::choose_detail`] for the shadow pass: the light's `frustum`, and only
    /// groups whose shadow may fall in one of the cameras' `views` (`sun_dir` unit,
    /// downwards), far where every view's scale draws them far.
    pub fn choose_detail_for_shadows(
        &self,
        frustum: &Frustum,
        views: &[Frustum],
        sun_dir: Vec3,
        scales: &[DecorScale],
    ) {
        self.choice
            .set(self.detail.choose_for_shadows(frustum, views, sun_dir, scales));
    }

    /// Triangles the next [`Mesh::draw`] draws (all of them, for a mesh without detail
    /// groups).
    pub fn triangle_count(&self) -> u32 {
        self.detail.runs(self.choice.get()).map(|r| r.count).sum::<u32>() / 3
    }

    /// Triangles the next [`Mesh::draw_casters`] draws into the shadow map (a baked
    /// chunk's low ground left out).
    pub fn caster_count(&self) -> u32 {
        self.detail.runs(self.choice.get()).map(|r| r.casters).sum::<u32>() / 3
    }

    /// Draws the mesh with the currently bound program: each chosen detail group's run,
    /// then the base.
    pub fn draw(&self) {
        // Runs that follow each other in the index buffer are drawn as one.
        for (first, count) in merged_runs(self.detail.runs(self.choice.get())) {
            self.draw_indices(first, count);
        }
    }

    /// Whether the mesh has detail groups (a baked chunk with decor or a drawn road).
    pub fn has_detail_groups(&self) -> bool {
        !self.detail.groups().is_empty()
    }

    /// Draws the chosen detail groups alone: the lit pass draws every chunk's groups
    /// before any chunk's base ([`Mesh::draw_base`]), so ground under a road or decal
    /// that lies in a nearer chunk than its own fails the depth test instead of being
    /// shaded and then covered. Draws nothing for a mesh without groups.
    pub fn draw_groups(&self) {
        for (first, count) in merged_runs(self.detail.group_runs(self.choice.get())) {
            self.draw_indices(first, count);
        }
    }

    /// Draws what [`Mesh::draw_groups`] leaves: the base (the whole mesh, for one
    /// without groups).
    pub fn draw_base(&self) {
        for (first, count) in merged_runs(self.detail.base_runs(self.choice.get())) {
            self.draw_indices(first, count);
        }
    }

    /// Draws the triangles that cast shadows (all of them, but for baked chunks' low
    /// ground), for the shadow pass.
    pub fn draw_casters(&self) {
        for run in self.detail.runs(self.choice.get()) {
            self.draw_indices(run.first, run.casters);
        }
    }

    fn draw_indices(&self, first: u32, count: u32) {
        if count == 0 {
            return;
        }
        // SAFETY: vao was set up in `upload` with an element buffer of u32s, and every run
        // of `detail` lies inside it.
        unsafe {
            gl::BindVertexArray(self.vao);
            gl::DrawElements(
                gl::TRIANGLES,
                count as i32,
                gl::UNSIGNED_INT,
                (first as usize * std::mem::size_of::<u32>()) as *const _,
            );
        }
    }
}

/// `run` (triangles of `data`) appended to `scratch.indices` in draw order, shadow casters
/// first, then quiet hills ([`casters_first_into`]); where it landed, and the hills'
/// indices after its casters.
fn ordered_run(data: &skidpad_bake::geometry::MeshData, run: &[u32], scratch: &mut UploadScratch) -> (IndexRange, u32) {
    let order = casters_first_into(
        &data.positions,
        &scratch.on_terrain,
        run,
        &mut scratch.run,
        &mut scratch.ground,
    );
    let first = scratch.indices.len() as u32;
    scratch.indices.extend_from_slice(&scratch.run);
    let range = IndexRange {
        first,
        count: scratch.run.len() as u32,
        casters: order.casters as u32,
    };
    (range, order.hills as u32)
}

impl Drop for Mesh {
    fn drop(&mut self) {
        // SAFETY: these objects are ours.
        unsafe {
            gl::DeleteVertexArrays(1, &self.vao);
            gl::DeleteBuffers(1, &self.vbo);
            gl::DeleteBuffers(1, &self.ebo);
        }
    }
}
