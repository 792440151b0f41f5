//! A level's static geometry as pieces (shape, pose, material, look), and the triangles
//! render draws for each.

use crate::heightmap::Heightmap;
use crate::level::{Level, PropShape};
use crate::material::MaterialId;
use glam::{Quat, Vec2, Vec3};

/// Thickness of a surface patch: it sits half of it above the ground.
pub const PATCH_THICKNESS_M: f32 = 0.01;
/// Thickness of the flat terrain slab below y = 0.
pub const TERRAIN_SLAB_M: f32 = 1.0;

/// The shape of one static piece, in its own frame.
#[derive(Debug, Clone, PartialEq)]
pub enum PieceShape {
    /// A box with these half extents, centred on the origin.
    Cuboid(Vec3),
    /// A convex hull of these points (ramps).
    Convex(Vec<Vec3>),
    /// A height grid spanning `size_m` (X, Z) centred on the origin.
    Heights {
        /// Heights in metres.
        map: Heightmap,
        /// Extent along X and Z.
        size_m: Vec2,
    },
}

/// A piece of static geometry placed in the world.
#[derive(Debug, Clone, PartialEq)]
pub struct Piece {
    /// Its shape.
    pub shape: PieceShape,
    /// Position of its frame.
    pub position: Vec3,
    /// Orientation of its frame.
    pub rotation: Quat,
    /// Its surface.
    pub material: MaterialId,
    /// Albedo.
    pub color: Vec3,
    /// Tile-pattern strength for render, 0..1.
    pub pattern: f32,
}

/// The wedge hull of a ramp: low edge along X at z = 0, rising along +Z.
pub fn wedge_points(length_m: f32, width_m: f32, height_m: f32) -> Vec<Vec3> {
    let w = width_m * 0.5;
    vec![
        Vec3::new(-w, 0.0, 0.0),
        Vec3::new(w, 0.0, 0.0),
        Vec3::new(-w, 0.0, length_m),
        Vec3::new(w, 0.0, length_m),
        Vec3::new(-w, height_m, length_m),
        Vec3::new(w, height_m, length_m),
    ]
}

/// Every static piece of `level` except the terrain (which [`crate::chunk`] cuts per chunk):
/// surface patches, height patches and props, in file order.
pub fn pieces(level: &Level) -> Vec<Piece> {
    let look = |m: MaterialId| {
        let mat = level.materials.get(m);
        (Vec3::from_array(mat.color), mat.pattern)
    };
    let mut out = Vec::new();
    for s in &level.surfaces {
        let (color, pattern) = look(s.material);
        out.push(Piece {
            shape: PieceShape::Cuboid(Vec3::new(s.size_m.x * 0.5, PATCH_THICKNESS_M * 0.5, s.size_m.y * 0.5)),
            position: Vec3::new(s.center_m.x, 0.0, s.center_m.y),
            rotation: Quat::from_rotation_y(s.yaw_rad),
            material: s.material,
            color,
            pattern,
        });
    }
    for h in &level.height_patches {
        let (color, pattern) = look(h.material);
        out.push(Piece {
            shape: PieceShape::Heights {
                map: h.heights.clone(),
                size_m: h.size_m,
            },
            position: Vec3::new(h.center_m.x, 0.0, h.center_m.y),
            rotation: Quat::IDENTITY,
            material: h.material,
            color,
            pattern,
        });
    }
    for p in &level.props {
        let pattern = look(p.material).1;
        let shape = match p.shape {
            PropShape::Box { size_m } => PieceShape::Cuboid(size_m * 0.5),
            PropShape::Wedge {
                length_m,
                width_m,
                height_m,
            } => PieceShape::Convex(wedge_points(length_m, width_m, height_m)),
        };
        out.push(Piece {
            shape,
            position: p.position_m,
            rotation: p.rotation,
            material: p.material,
            color: p.color,
            pattern,
        });
    }
    out
}

/// Triangles for render: positions, normals, colours (RGB + pattern in alpha), indices.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MeshData {
    /// Vertex positions, world space.
    pub positions: Vec<[f32; 3]>,
    /// Vertex normals.
    pub normals: Vec<[f32; 3]>,
    /// RGB albedo and tile-pattern strength.
    pub colors: Vec<[f32; 4]>,
    /// Triangles, counter-clockwise seen from outside.
    pub indices: Vec<u32>,
}

impl MeshData {
    fn push_vertex(&mut self, p: Vec3, n: Vec3, c: [f32; 4]) -> u32 {
        self.positions.push(p.to_array());
        self.normals.push(n.to_array());
        self.colors.push(c);
        (self.positions.len() - 1) as u32
    }

    /// A flat-shaded quad a, b, c, d (counter-clockwise seen from its front).
    fn quad(&mut self, a: Vec3, b: Vec3, c: Vec3, d: Vec3, color: [f32; 4]) {
        let n = (b - a).cross(c - a).normalize_or_zero();
        let i = [a, b, c, d].map(|p| self.push_vertex(p, n, color));
        self.indices.extend_from_slice(&[i[0], i[1], i[2], i[0], i[2], i[3]]);
    }

    fn triangle(&mut self, a: Vec3, b: Vec3, c: Vec3, color: [f32; 4]) {
        let n = (b - a).cross(c - a).normalize_or_zero();
        let i = [a, b, c].map(|p| self.push_vertex(p, n, color));
        self.indices.extend_from_slice(&i);
    }

    /// Adds `piece`'s triangles in world space.
    pub fn add_piece(&mut self, piece: &Piece) {
        let color = [piece.color.x, piece.color.y, piece.color.z, piece.pattern];
        let at = |p: Vec3| piece.position + piece.rotation * p;
        match &piece.shape {
            PieceShape::Cuboid(h) => {
                let c = |x: f32, y: f32, z: f32| at(Vec3::new(x * h.x, y * h.y, z * h.z));
                self.quad(c(-1., 1., -1.), c(-1., 1., 1.), c(1., 1., 1.), c(1., 1., -1.), color); // top
                self.quad(
                    c(-1., -1., -1.),
                    c(1., -1., -1.),
                    c(1., -1., 1.),
                    c(-1., -1., 1.),
                    color,
                ); // bottom
                self.quad(c(1., -1., -1.), c(1., 1., -1.), c(1., 1., 1.), c(1., -1., 1.), color); // +x
                self.quad(
                    c(-1., -1., 1.),
                    c(-1., 1., 1.),
                    c(-1., 1., -1.),
                    c(-1., -1., -1.),
                    color,
                ); // -x
                self.quad(c(1., -1., 1.), c(1., 1., 1.), c(-1., 1., 1.), c(-1., -1., 1.), color); // +z
                self.quad(
                    c(-1., -1., -1.),
                    c(-1., 1., -1.),
                    c(1., 1., -1.),
                    c(1., -1., -1.),
                    color,
                ); // -z
            }
            PieceShape::Convex(points) => {
                // Our convex pieces are ramps: [low-left, low-right, far-left, far-right,
                // top-left, top-right].
                let p: Vec<Vec3> = points.iter().map(|q| at(*q)).collect();
                self.quad(p[0], p[4], p[5], p[1], color); // slope
                self.quad(p[2], p[3], p[5], p[4], color); // back wall
                self.quad(p[0], p[1], p[3], p[2], color); // bottom
                self.triangle(p[0], p[2], p[4], color); // -x side
                self.triangle(p[1], p[5], p[3], color); // +x side
            }
            PieceShape::Heights { map, size_m } => self.add_heights(map, *size_m, piece.position, color),
        }
    }

    /// A smooth-shaded height grid centred on `centre` (its heights add to centre.y).
    pub fn add_heights(&mut self, map: &Heightmap, size_m: Vec2, centre: Vec3, color: [f32; 4]) {
        let (rows, cols) = (map.rows, map.cols);
        let (dx, dz) = (size_m.x / (cols - 1) as f32, size_m.y / (rows - 1) as f32);
        let origin = centre - Vec3::new(size_m.x * 0.5, 0.0, size_m.y * 0.5);
        let base = self.positions.len() as u32;
        for r in 0..rows {
            for c in 0..cols {
                let h = |r: usize, c: usize| map.at(r.min(rows - 1), c.min(cols - 1));
                let slope_x = (h(r, c + 1) - h(r, c.saturating_sub(1)))
                    / (dx * ((c + 1).min(cols - 1) - c.saturating_sub(1)) as f32);
                let slope_z = (h(r + 1, c) - h(r.saturating_sub(1), c))
                    / (dz * ((r + 1).min(rows - 1) - r.saturating_sub(1)) as f32);
                let n = Vec3::new(-slope_x, 1.0, -slope_z).normalize();
                self.push_vertex(origin + Vec3::new(c as f32 * dx, map.at(r, c), r as f32 * dz), n, color);
            }
        }
        for r in 0..rows as u32 - 1 {
            for c in 0..cols as u32 - 1 {
                let i = base + r * cols as u32 + c;
                let (right, down) = (i + 1, i + cols as u32);
                // Counter-clockwise seen from above (+Y): +Z rows, +X columns.
                self.indices.extend_from_slice(&[i, down, right, right, down, down + 1]);
            }
        }
    }
}
