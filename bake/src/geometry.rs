//! A level's static geometry as pieces (shape, pose, material, look), and the triangles
//! render draws for each.

use crate::ground_cover::Cover;
use crate::height_mesh::{decimated_triangles, RENDER_HEIGHT_TOLERANCE_M};
use crate::heightmap::Heightmap;
use crate::level::{Level, PropShape};
use crate::material::MaterialId;
use crate::model_props::{model_pieces, Placement};
use crate::surface_check::terrain_height_m;
use glam::{Quat, Vec2, Vec3};

pub use crate::ground::PATCH_THICKNESS_M;
pub use crate::mesh_detail::DetailGroup;
pub use crate::piece::{Piece, PieceShape, RampSlice};
use crate::piece::{ROAD_Y_M, TRACK_POINTS_PER_PIECE};
/// Thickness of the flat terrain slab below y = 0.
pub const TERRAIN_SLAB_M: f32 = 1.0;

/// Straight segments a ramp's transition curve is made of.
pub const RAMP_SEGMENTS: usize = 8;

/// A ramp's slices: slope k of n is angle·(k+1)/n, so the slope grows steadily from nearly
/// flat at the foot to `angle_rad` at the lip.
pub fn ramp_slices(length_m: f32, width_m: f32, angle_rad: f32) -> Vec<RampSlice> {
    let step = length_m / RAMP_SEGMENTS as f32;
    let mut y = 0.0;
    (0..RAMP_SEGMENTS)
        .map(|k| {
            let slope = (angle_rad * (k + 1) as f32 / RAMP_SEGMENTS as f32).tan();
            let s = RampSlice {
                z0_m: k as f32 * step,
                z1_m: (k + 1) as f32 * step,
                y0_m: y,
                y1_m: y + slope * step,
                width_m,
            };
            y = s.y1_m;
            s
        })
        .collect()
}

/// Every static piece of `level` except the terrain and the surface patches (which
/// [`crate::chunk`] and [`crate::surfaces`] cut per chunk): height patches, the track and
/// its dressing, props, then scenery, in file order.
pub fn pieces(level: &Level) -> Vec<Piece> {
    let look = |m: MaterialId| {
        let mat = level.materials.get(m);
        (Vec3::from_array(mat.color), mat.pattern)
    };
    let mut out = Vec::new();
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
    if let Some(t) = &level.track {
        track_pieces(level, t, &mut out);
    }
    for p in &level.props {
        let pattern = look(p.material).1;
        let piece = |shape| Piece {
            shape,
            position: p.position_m,
            rotation: p.rotation,
            material: p.material,
            color: p.color,
            pattern,
        };
        match p.shape {
            PropShape::Box { size_m } => out.push(piece(PieceShape::Cuboid(size_m * 0.5))),
            PropShape::Ramp {
                length_m,
                width_m,
                angle_rad,
            } => out.extend(
                ramp_slices(length_m, width_m, angle_rad)
                    .into_iter()
                    .map(|s| piece(PieceShape::RampSlice(s))),
            ),
            PropShape::Model {
                ref model,
                scale,
                yaw_rad,
                solid,
                ..
            } => {
                let ground = Vec2::new(p.position_m.x, p.position_m.z);
                let at = Placement {
                    position: Vec3::new(ground.x, terrain_height_m(&level.terrain, ground), ground.y),
                    yaw_rad,
                    scale,
                    shade: 1.0,
                };
                model_pieces(model, at, p.material, solid, &mut out);
            }
        }
    }
    crate::scenery::pieces(level, &mut out);
    out
}

/// Heights above the terrain: run-off, road (`ROAD_Y_M`), kerb top.
const RUNOFF_Y_M: f32 = 0.015;
const KERB_Y_M: f32 = 0.06;

/// A strip of quads between two polylines at heights `ya`, `yb`, coloured per quad by
/// `color(i)`; vertices relative to `origin`.
fn strip(a: &[Vec2], b: &[Vec2], ya: f32, yb: f32, origin: Vec3, color: impl Fn(usize) -> [f32; 4]) -> PieceShape {
    let mut vertices = Vec::new();
    let mut indices = Vec::new();
    let mut colors = Vec::new();
    let at = |p: Vec2, y: f32| Vec3::new(p.x, y, p.y) - origin;
    for i in 0..a.len() - 1 {
        let base = vertices.len() as u32;
        vertices.extend([at(a[i], ya), at(b[i], yb), at(a[i + 1], ya), at(b[i + 1], yb)]);
        colors.extend([color(i); 4]);
        // Both windings: which side is "up" depends on whether a is left or right of b.
        let (p, q) = (
            vertices[base as usize + 1] - vertices[base as usize],
            vertices[base as usize + 2] - vertices[base as usize],
        );
        if p.cross(q).y >= 0.0 {
            indices.extend([[base, base + 1, base + 2], [base + 2, base + 1, base + 3]]);
        } else {
            indices.extend([[base, base + 2, base + 1], [base + 2, base + 3, base + 1]]);
        }
    }
    PieceShape::Mesh {
        vertices,
        indices,
        colors,
        drawn: true,
    }
}

/// A kerb stripe's longest, m: red and white blocks a metre or two long, as circuits
/// paint them, whatever the centre line's spacing (a segment is cut into as many equal
/// stripes as keep each under this).
const KERB_STRIPE_M: f32 = 1.6;

/// Stripes in the segment from point `i` to the next, measured along the longer border
/// (the outside of a corner is longer than its centre line).
fn stripes_in(left: &[Vec2], right: &[Vec2], i: usize) -> usize {
    let j = (i + 1) % left.len();
    let len = left[i].distance(left[j]).max(right[i].distance(right[j]));
    ((len / KERB_STRIPE_M).ceil() as usize).max(1)
}

/// The stripes of the segments between consecutive points of `idx`: how many each holds,
/// and the loop's count of stripes before the first.
fn kerb_stripes(left: &[Vec2], right: &[Vec2], idx: &[usize], stripe_start: &[usize]) -> (Vec<usize>, usize) {
    let cuts = idx.windows(2).map(|w| stripes_in(left, right, w[0])).collect();
    (cuts, stripe_start[idx[0]])
}

/// `shape` (a [`PieceShape::Mesh`]) collided but not drawn: its look is another piece's.
fn not_drawn(mut shape: PieceShape) -> PieceShape {
    if let PieceShape::Mesh { drawn, .. } = &mut shape {
        *drawn = false;
    }
    shape
}

/// `shape` (a [`PieceShape::Mesh`]) drawn but not collided: the look of a collider cut
/// coarser (a kerb's stripes over its quads).
fn drawn_only(shape: PieceShape) -> PieceShape {
    match shape {
        PieceShape::Mesh {
            vertices,
            indices,
            colors,
            ..
        } => PieceShape::Decor {
            vertices,
            indices,
            colors,
            details: Vec::new(),
            placed: None,
        },
        other => other,
    }
}

/// `line` with segment k cut into `cuts[k]` equal parts.
fn subdivide(line: &[Vec2], cuts: &[usize]) -> Vec<Vec2> {
    let mut out = Vec::with_capacity(cuts.iter().sum::<usize>() + 1);
    for (w, &c) in line.windows(2).zip(cuts) {
        out.extend((0..c).map(|s| w[0].lerp(w[1], s as f32 / c as f32)));
    }
    out.extend(line.last());
    out
}

fn track_pieces(level: &Level, def: &crate::level::TrackDef, out: &mut Vec<Piece>) {
    let t = &def.track;
    let n = t.len();
    let (left, right) = t.borders();
    // How far kerbs and run-offs may reach from each border before they would fold over
    // themselves on a corner's inside (a hairpin's inner kerb): they narrow there instead.
    let (left_reach, right_reach) = (t.outward_reach_m(&left, 1.0), t.outward_reach_m(&right, -1.0));
    let mat = |m: MaterialId| level.materials.get(m);
    let rgba = |m: MaterialId| {
        let x = mat(m);
        [x.color[0], x.color[1], x.color[2], x.pattern]
    };
    let kerb = level.materials.id("kerb", "track", "kerb").ok();
    let gravel = level.materials.id("gravel", "track", "run-off").ok();
    // The dressed corners' run-offs may be another surface (sand traps): the points each
    // of those corners covers.
    let dressed: Vec<(usize, usize)> = match def.dressed_runoff_material {
        None => Vec::new(),
        Some(_) => crate::track_dressing::corners_tightest_first(def)
            .into_iter()
            .take(def.dressed_corners as usize)
            .map(|c| (c.entry, c.points))
            .collect(),
    };
    let in_dressed_corner = |i: usize| dressed.iter().any(|&(entry, points)| (i + n - entry) % n < points);
    let road_color = rgba(def.material);
    // The first kerb stripe of each segment, counted from point 0.
    let stripe_start: Vec<usize> = (0..n)
        .scan(0, |count, i| {
            let first = *count;
            *count += stripes_in(&left, &right, i);
            Some(first)
        })
        .collect();
    for start in (0..n).step_by(TRACK_POINTS_PER_PIECE) {
        // Indices of this piece's points, one past the end to close each strip.
        let idx: Vec<usize> = (start..=start + TRACK_POINTS_PER_PIECE).map(|i| i % n).collect();
        let pick = |v: &[Vec2]| idx.iter().map(|&i| v[i]).collect::<Vec<_>>();
        let mid = t.centre[idx[TRACK_POINTS_PER_PIECE / 2]];
        let origin = Vec3::new(mid.x, 0.0, mid.y);
        let piece = |shape, material| Piece {
            shape,
            position: origin,
            rotation: Quat::IDENTITY,
            material,
            color: Vec3::ONE,
            pattern: 0.0,
        };
        // Collided, not drawn: its look, markings and all, is `road_marking`'s.
        let road = strip(&pick(&left), &pick(&right), ROAD_Y_M, ROAD_Y_M, origin, |_| road_color);
        out.push(piece(not_drawn(road), def.material));

        let k = t.curvature(idx[TRACK_POINTS_PER_PIECE / 2]);
        if k.abs() < def.kerb_min_curvature_per_m {
            continue;
        }
        let offset = |border: &[Vec2], sign: f32, d: f32| -> Vec<Vec2> {
            let reach = if sign > 0.0 { &left_reach } else { &right_reach };
            idx.iter()
                .zip(border)
                .map(|(&i, p)| *p + t.left(i) * sign * d.min(reach[i]))
                .collect()
        };
        let (l, r) = (pick(&left), pick(&right));
        if let (Some(kerb), true) = (kerb, def.kerb_width_m > 0.0) {
            let red = rgba(kerb);
            // Stripes about KERB_STRIPE_M long whatever the points' spacing, counted
            // round the loop so they alternate across pieces.
            let (cuts, first) = kerb_stripes(&left, &right, &idx, &stripe_start);
            let stripes = move |i: usize| {
                if (first + i).is_multiple_of(2) {
                    red
                } else {
                    [0.92, 0.92, 0.92, 0.0]
                }
            };
            for (border, sign) in [(&l, 1.0), (&r, -1.0)] {
                let outer = offset(border, sign, def.kerb_width_m);
                // Collided a segment a quad, as ever; drawn in its stripes.
                let collider = strip(border, &outer, KERB_Y_M, ROAD_Y_M, origin, |_| red);
                out.push(piece(not_drawn(collider), kerb));
                let look = strip(
                    &subdivide(border, &cuts),
                    &subdivide(&outer, &cuts),
                    KERB_Y_M,
                    ROAD_Y_M,
                    origin,
                    stripes,
                );
                out.push(piece(drawn_only(look), kerb));
            }
        }
        // Gravel outside the fast corners; grass (the terrain) outside the slow ones, bar
        // the dressed corners' own run-off (sand traps).
        let runoff = match def.dressed_runoff_material {
            Some(m) if in_dressed_corner(idx[TRACK_POINTS_PER_PIECE / 2]) => Some(m),
            _ if crate::track_dressing::is_fast(def, k) => gravel,
            _ => None,
        };
        if let (Some(runoff), true) = (runoff, def.runoff_width_m > 0.0) {
            // Outside the corner: the right side of a left turn, the left side of a right.
            let (border, sign) = if k > 0.0 { (&r, -1.0) } else { (&l, 1.0) };
            let inner = offset(border, sign, def.kerb_width_m);
            let outer = offset(border, sign, def.kerb_width_m + def.runoff_width_m);
            out.push(piece(
                strip(&inner, &outer, RUNOFF_Y_M, RUNOFF_Y_M, origin, |_| rgba(runoff)),
                runoff,
            ));
        }
    }
    crate::road_marking::pieces(level, def, out);
    if def.scenery_spacing_m > 0.0 {
        trees(level, def, out);
    }
    crate::track_dressing::pieces(level, def, out);
}

/// Trees along the track (the `tree_broadleaf` and `tree_pine` prop models), alternating
/// sides, and a bush (`bush`, drawn only) between each tree and the next, nearer the road;
/// each kept clear of every part of the track.
fn trees(level: &Level, def: &crate::level::TrackDef, out: &mut Vec<Piece>) {
    let t = &def.track;
    let Ok(wood) = level.materials.id("wood", "track", "trees") else {
        return;
    };
    let [broadleaf, pine] = &def.tree_models[..] else {
        return;
    };
    let models = [broadleaf, pine];
    let step = (def.scenery_spacing_m / (t.length_m() / t.len() as f32)).max(1.0) as usize;
    let clearance = def.kerb_width_m + def.runoff_width_m + 12.0;
    // Bushes stand in front of the barriers' line, but never on a run-off.
    let bush_clearance = def.kerb_width_m + def.runoff_width_m + 4.0;
    let half = level.terrain.size_m * 0.5 - Vec2::splat(5.0);
    // The spot `side` of point `i`, `beyond_m` out from the border, if it is clear of
    // every part of the track by `clear_m` and on the terrain.
    let spot = |i: usize, side: f32, beyond_m: f32, clear_m: f32| {
        let w = if side > 0.0 {
            t.width_left_m[i]
        } else {
            t.width_right_m[i]
        };
        let p = t.centre[i] + t.left(i) * side * (w + beyond_m);
        let far_enough = t
            .centre
            .iter()
            .enumerate()
            .all(|(j, c)| c.distance(p) > t.width_left_m[j].max(t.width_right_m[j]) + clear_m);
        (far_enough && p.x.abs() <= half.x && p.y.abs() <= half.y).then_some(p)
    };
    for (k, i) in (0..t.len()).step_by(step).enumerate() {
        let side = if k.is_multiple_of(2) { 1.0 } else { -1.0 };
        // A deterministic 0..1 jitter from the index.
        let jitter = ((i as u32).wrapping_mul(2_654_435_761) >> 16) as f32 / 65_536.0;
        if let (Some(bush), Some(p)) = (
            &def.bush_model,
            spot(
                (i + step / 2) % t.len(),
                side,
                bush_clearance + 4.0 * jitter,
                bush_clearance,
            ),
        ) {
            let at = Placement {
                position: Vec3::new(p.x, terrain_height_m(&level.terrain, p), p.y),
                yaw_rad: jitter * 11.0,
                scale: 0.7 + 0.6 * (1.0 - jitter),
                shade: 0.8 + 0.35 * (1.0 - jitter),
            };
            // Drawn only, so it reports the ground it stands on in the friction view.
            model_pieces(bush, at, level.terrain.material, false, out);
        }
        let Some(p) = spot(i, side, clearance + 10.0 * jitter, clearance) else {
            continue;
        };
        // A second hash bit picks the model (broad-leaved or conifer); the size and the
        // green shift a little with the jitter, so the rows do not look stamped out.
        let conifer = (i as u32).wrapping_mul(40_503) & 0x100 != 0;
        let at = Placement {
            position: Vec3::new(p.x, terrain_height_m(&level.terrain, p), p.y),
            yaw_rad: jitter * 6.0,
            scale: 0.8 + 0.5 * jitter,
            shade: 0.85 + 0.3 * jitter,
        };
        model_pieces(models[conifer as usize], at, wood, true, out);
    }
}

/// Triangles for render: positions, normals, colours (RGB + pattern in alpha), indices.
/// Written and read by [`crate::mesh_wire`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MeshData {
    /// Vertex positions, world space.
    pub positions: Vec<[f32; 3]>,
    /// Vertex normals.
    pub normals: Vec<[f32; 3]>,
    /// RGB albedo and tile-pattern strength.
    pub colors: Vec<[f32; 4]>,
    /// Triangles, counter-clockwise seen from outside: what a camera close by sees. Each
    /// of `detail`'s groups owns a run of them at the end, after every triangle drawn at
    /// all distances.
    pub indices: Vec<u32>,
    /// The material of each vertex: the one whose friction the physics uses there (render's
    /// friction view colours by it).
    pub materials: Vec<MaterialId>,
    /// The far stand-ins of `detail`'s groups, drawn instead of their near triangles far
    /// away (their vertices are in `positions` with the rest).
    pub far_indices: Vec<u32>,
    /// Fine decor with a far stand-in, each group in its own bounds
    /// ([`crate::mesh_detail`]); empty when the chunk has none.
    pub detail: Vec<DetailGroup>,
    /// Prop models placed whole, whose triangles end every array above
    /// ([`crate::mesh_instances`]).
    pub placed: crate::placed::PlacedTail,
}

impl MeshData {
    pub(crate) fn push_vertex(&mut self, p: Vec3, n: Vec3, c: [f32; 4]) -> u32 {
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

    /// Marks every vertex added since the last call as made of `material`.
    pub fn tag_material(&mut self, material: MaterialId) {
        self.materials.resize(self.positions.len(), material);
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
            PieceShape::RampSlice(s) => {
                let w = s.width_m * 0.5;
                let p = |x: f32, y: f32, z: f32| at(Vec3::new(x, y, z));
                let (a0, b0) = (p(-w, s.y0_m, s.z0_m), p(w, s.y0_m, s.z0_m));
                let (a1, b1) = (p(-w, s.y1_m, s.z1_m), p(w, s.y1_m, s.z1_m));
                let (g0l, g0r, g1l, g1r) = (
                    p(-w, 0.0, s.z0_m),
                    p(w, 0.0, s.z0_m),
                    p(-w, 0.0, s.z1_m),
                    p(w, 0.0, s.z1_m),
                );
                self.quad(a0, a1, b1, b0, color); // top (the slope)
                self.quad(g1l, g1r, b1, a1, color); // end wall (only the lip's shows)
                self.quad(g0l, g1l, a1, a0, color); // -x side
                self.quad(b1, g1r, g0r, b0, color); // +x side
                if s.y0_m > 0.0 {
                    self.quad(g0r, g0l, a0, b0, color); // start wall (hidden by the slice before)
                }
            }
            PieceShape::Heights { map, size_m } => self.add_heights(map, *size_m, piece.position, color, &[]),
            // Collision only: the model it belongs to draws its own mesh.
            PieceShape::Collider(_) => {}
            // The road's collider: its look is the road's markings' piece.
            PieceShape::Mesh { drawn: false, .. } => {}
            PieceShape::Mesh {
                vertices,
                indices,
                colors,
                drawn: true,
            } => {
                for tri in indices {
                    let i = self.push_piece_triangle(piece, vertices, colors, *tri);
                    self.indices.extend_from_slice(&i);
                }
            }
            // Fine detail drawn as near, without its far stand-in: a chunk with no room
            // for more detail groups draws it at every distance (`crate::mesh_detail`).
            PieceShape::Decor {
                vertices,
                indices,
                colors,
                details,
                ..
            } => {
                for (t, tri) in indices.iter().enumerate() {
                    if !details.iter().any(|d| d.is_far(t)) {
                        let i = self.push_piece_triangle(piece, vertices, colors, *tri);
                        self.indices.extend_from_slice(&i);
                    }
                }
            }
        }
    }

    /// Triangle `tri` of a piece's `vertices` (its frame) as three new flat-shaded
    /// vertices in world space, in the colour of its first corner; their indices.
    pub(crate) fn push_piece_triangle(
        &mut self,
        piece: &Piece,
        vertices: &[Vec3],
        colors: &[[f32; 4]],
        tri: [u32; 3],
    ) -> [u32; 3] {
        let c = colors[tri[0] as usize];
        let [a, b, cc] = tri.map(|i| piece.position + piece.rotation * vertices[i as usize]);
        let n = (b - a).cross(cc - a).normalize_or_zero();
        [a, b, cc].map(|p| self.push_vertex(p, n, c))
    }

    /// A smooth-shaded height grid centred on `centre` (its heights add to centre.y), drawn
    /// at the resolution its detail needs: within [`RENDER_HEIGHT_TOLERANCE_M`] of every
    /// sample ([`decimated_triangles`]); each vertex keeps the full grid's normal. Where one
    /// of `covers` lies over a triangle, only what it leaves visible is drawn
    /// ([`crate::ground_cover`]), the cut's corners on the triangle's plane with its normals
    /// blended.
    pub fn add_heights(&mut self, map: &Heightmap, size_m: Vec2, centre: Vec3, color: [f32; 4], covers: &[Cover]) {
        let (rows, cols) = (map.rows, map.cols);
        let (dx, dz) = (size_m.x / (cols - 1) as f32, size_m.y / (rows - 1) as f32);
        let origin = centre - Vec3::new(size_m.x * 0.5, 0.0, size_m.y * 0.5);
        let h = |r: usize, c: usize| map.at(r.min(rows - 1), c.min(cols - 1));
        let sample = |s: u32| {
            let (r, c) = (s as usize / cols, s as usize % cols);
            let slope_x =
                (h(r, c + 1) - h(r, c.saturating_sub(1))) / (dx * ((c + 1).min(cols - 1) - c.saturating_sub(1)) as f32);
            let slope_z =
                (h(r + 1, c) - h(r.saturating_sub(1), c)) / (dz * ((r + 1).min(rows - 1) - r.saturating_sub(1)) as f32);
            let n = Vec3::new(-slope_x, 1.0, -slope_z).normalize();
            (origin + Vec3::new(c as f32 * dx, map.at(r, c), r as f32 * dz), n)
        };
        let mut vertex_of = vec![u32::MAX; rows * cols];
        for tri in decimated_triangles(map, RENDER_HEIGHT_TOLERANCE_M) {
            let corners = tri.map(sample);
            let top = corners.iter().map(|(p, _)| p.y).fold(f32::MIN, f32::max);
            let flat = corners.map(|(p, _)| Vec2::new(p.x, p.z));
            if let Some(parts) = crate::ground_cover::visible_parts(flat, top, covers) {
                self.add_cut(corners, &parts, color);
                continue;
            }
            for (s, (p, n)) in tri.into_iter().zip(corners) {
                let slot = &mut vertex_of[s as usize];
                if *slot == u32::MAX {
                    *slot = self.push_vertex(p, n, color);
                }
                self.indices.push(*slot);
            }
        }
    }

    /// The `parts` (convex, counter-clockwise in (x, z)) of the triangle `corners` as fans
    /// facing up, each point on the triangle's plane with its corners' normals blended.
    fn add_cut(&mut self, corners: [(Vec3, Vec3); 3], parts: &[Vec<Vec2>], color: [f32; 4]) {
        let [a, b, c] = corners.map(|(p, _)| Vec2::new(p.x, p.z));
        let det = (b - a).perp_dot(c - a);
        if det.abs() <= f32::EPSILON {
            return;
        }
        for part in parts {
            let base = self.positions.len() as u32;
            for &q in part {
                // Barycentric weights of q in the triangle.
                let wb = (q - a).perp_dot(c - a) / det;
                let wc = (b - a).perp_dot(q - a) / det;
                let w = [1.0 - wb - wc, wb, wc];
                let y = (0..3).map(|k| corners[k].0.y * w[k]).sum::<f32>();
                let n = (0..3).map(|k| corners[k].1 * w[k]).sum::<Vec3>().normalize_or(Vec3::Y);
                self.push_vertex(Vec3::new(q.x, y, q.y), n, color);
            }
            // Counter-clockwise in (x, z) is clockwise seen from +Y: each fan triangle is
            // written the other way round to face up.
            for k in 1..part.len() as u32 - 1 {
                self.indices.extend_from_slice(&[base, base + k + 1, base + k]);
            }
        }
    }
}
