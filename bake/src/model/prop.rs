//! Prop models: a binary glTF 2.0 file (`content/props/NAME.glb`) baked into a
//! [`PropModel`] that levels place (`[[props]] kind = "model"`, the circuit's trees): its
//! render mesh goes into the chunk geometry, its collision boxes into the static colliders.
//!
//! A prop model's scene has a `prop_body` node (the render mesh; each primitive's colour is
//! its material's base colour), optional `col_shape*` nodes (boxes: the collision
//! shapes; none means the prop is drawn and never collided with) and an optional
//! `prop_far` node (a lighter stand-in drawn where the prop is far away: see [`FarMesh`]).
//! Frame: metres, Y up, the origin on the ground at the prop's foot, +Z the way it faces.
//!
//! Every failure is a [`ContentError`] naming the file and the node: a missing node, a
//! broken buffer or accessor, an absurd scale or collision box, a colour outside 0..1. If a
//! prop shows at the wrong size or floats in a level, open its file in a glTF viewer: the
//! bake reads what the viewer shows, metres from the foot.

use super::read::{col_boxes, missing, open, scene_nodes, tagged_mesh, FoundNode};
use super::ColBox;
use crate::ContentError;
use glam::Vec3;
use serde::{Deserialize, Serialize};

/// The node holding a prop model's render mesh.
pub const PROP_BODY_NODE: &str = "prop_body";
/// The node holding a prop model's far stand-in (optional).
pub const PROP_FAR_NODE: &str = "prop_far";
/// Largest extent of a sane prop, m (a gantry across a wide track, a tall tree): beyond it
/// the file is in the wrong unit (centimetres exported as metres) or broken.
pub const MAX_PROP_EXTENT_M: f32 = 60.0;
/// Smallest largest-extent of a prop, m (a model in kilometres, or empty).
pub const MIN_PROP_EXTENT_M: f32 = 0.05;
/// Most vertices a prop model may have: far above the shipped ones (a few hundred), low
/// enough that a prop placed a hundred times stays a small part of a chunk.
pub const MAX_PROP_VERTICES: usize = 20_000;
/// The baked prop format `build.rs` embeds; bump it when `PropModel` changes shape.
pub const PROP_FORMAT_VERSION: u32 = 2;

/// A prop's render mesh in the prop's frame, a colour per vertex.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PropMesh {
    /// Vertex positions, m.
    pub positions: Vec<[f32; 3]>,
    /// Unit vertex normals.
    pub normals: Vec<[f32; 3]>,
    /// Linear RGB albedo per vertex, each channel in 0..1.
    pub colors: Vec<[f32; 3]>,
    /// Triangles, counter-clockwise from outside.
    pub indices: Vec<u32>,
}

impl PropMesh {
    /// The box around every vertex: (min, max); zero when empty.
    pub fn bounds(&self) -> (Vec3, Vec3) {
        if self.positions.is_empty() {
            return (Vec3::ZERO, Vec3::ZERO);
        }
        self.positions.iter().fold(
            (Vec3::splat(f32::INFINITY), Vec3::splat(f32::NEG_INFINITY)),
            |(lo, hi), p| (lo.min(Vec3::from(*p)), hi.max(Vec3::from(*p))),
        )
    }

    /// Triangles in the mesh.
    pub fn triangles(&self) -> usize {
        self.indices.len() / 3
    }
}

/// A prop's far stand-in (`prop_far`): fewer triangles over the same place in the same
/// colours, drawn instead of the body once `departure_m` projects under a pixel (issue
/// 20: the circuit's trees are some 100 triangles each, and most are seen from afar).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FarMesh {
    /// The stand-in's triangles, in the prop's frame.
    pub mesh: PropMesh,
    /// How far the stand-in's surface strays from the body's at most, m, measured by the
    /// bake (see [`surface_departure_m`]): the size of what it leaves out.
    pub departure_m: f32,
}

/// A prop model baked from its glTF file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PropModel {
    /// The render mesh (`prop_body`).
    pub body: PropMesh,
    /// The `col_shape*` boxes in node-name order (empty: never collided with).
    pub col_boxes: Vec<ColBox>,
    /// The far stand-in, if the file has one.
    pub far: Option<FarMesh>,
}

#[derive(Serialize, Deserialize)]
struct Envelope {
    version: u32,
    model: PropModel,
}

impl PropModel {
    /// Reads the glTF bytes of a prop model; `file` names it in errors.
    pub fn bake(file: &str, bytes: &[u8]) -> Result<PropModel, ContentError> {
        let fail = |node: &str, problem: String| ContentError::new(file, node, problem);
        let gltf = open(file, bytes)?;
        let blob: &[u8] = gltf.blob.as_deref().unwrap_or(&[]);
        let nodes = scene_nodes(file, &gltf)?;
        let label = format!("node {PROP_BODY_NODE}");
        let body_node = nodes
            .iter()
            .find(|n| n.name == PROP_BODY_NODE)
            .ok_or_else(|| fail(&label, missing(PROP_BODY_NODE, &nodes)))?;
        let mut vertices_left = MAX_PROP_VERTICES;
        let body = prop_mesh(body_node, blob, &mut vertices_left).map_err(|p| fail(&label, p))?;
        let (lo, hi) = body.bounds();
        let extent = (hi - lo).max_element();
        if !(MIN_PROP_EXTENT_M..=MAX_PROP_EXTENT_M).contains(&extent) {
            return Err(fail(
                &label,
                format!(
                    "absurd scale: the prop is {extent} m across (a prop is {MIN_PROP_EXTENT_M}-{MAX_PROP_EXTENT_M} m; \
                     exported in centimetres?)"
                ),
            ));
        }
        let col_boxes = col_boxes(file, &nodes, blob, &mut vertices_left, MAX_PROP_EXTENT_M)?;
        let far = match nodes.iter().find(|n| n.name == PROP_FAR_NODE) {
            None => None,
            Some(node) => {
                let label = format!("node {PROP_FAR_NODE}");
                let mesh = prop_mesh(node, blob, &mut vertices_left).map_err(|p| fail(&label, p))?;
                if mesh.triangles() == 0 || mesh.triangles() >= body.triangles() {
                    return Err(fail(
                        &label,
                        format!(
                            "a far stand-in has fewer triangles than {PROP_BODY_NODE} and at least one \
                             ({} against {})",
                            mesh.triangles(),
                            body.triangles()
                        ),
                    ));
                }
                let departure_m = surface_departure_m(&body, &mesh);
                if departure_m.is_nan() || departure_m > extent * 0.5 {
                    return Err(fail(
                        &label,
                        format!(
                            "strays {departure_m} m from {PROP_BODY_NODE}, which is {extent} m across: \
                             not a stand-in for it (placed apart from it?)"
                        ),
                    ));
                }
                Some(FarMesh { mesh, departure_m })
            }
        };
        Ok(PropModel { body, col_boxes, far })
    }

    /// Serializes the baked model (with a format version): what `build.rs` embeds.
    pub fn encode(&self) -> Vec<u8> {
        postcard::to_stdvec(&Envelope {
            version: PROP_FORMAT_VERSION,
            model: self.clone(),
        })
        .expect("in-memory serialization of plain data cannot fail")
    }

    /// Deserializes a baked prop model; `file` names it in errors. Refuses other format
    /// versions.
    pub fn decode(file: &str, bytes: &[u8]) -> Result<PropModel, ContentError> {
        let env: Envelope = postcard::from_bytes(bytes).map_err(|e| {
            ContentError::new(
                file,
                "baked prop model",
                format!("corrupt or truncated ({e}); rebuild to re-bake"),
            )
        })?;
        if env.version != PROP_FORMAT_VERSION {
            return Err(ContentError::new(
                file,
                "baked prop model",
                format!(
                    "format version {} but this build reads {PROP_FORMAT_VERSION}; rebuild to re-bake",
                    env.version
                ),
            ));
        }
        Ok(env.model)
    }
}

/// `node`'s mesh in the prop's frame, coloured by its materials, counting its vertices
/// against `budget`.
fn prop_mesh(node: &FoundNode, blob: &[u8], budget: &mut usize) -> Result<PropMesh, String> {
    let (positions, normals, colors, indices) = tagged_mesh(node, node.transform, blob, budget, base_colour)?;
    Ok(PropMesh {
        positions,
        normals,
        colors,
        indices,
    })
}

/// How far apart the surfaces of `a` and `b` are at most, m: the largest distance from a
/// point of either (its vertices, edge midpoints and triangle centres) to the other's
/// nearest triangle. Sampled, so a departure between samples is missed; for stand-ins of
/// a few dozen triangles over a body of a hundred, the samples are a few centimetres apart
/// on the features that matter.
pub fn surface_departure_m(a: &PropMesh, b: &PropMesh) -> f32 {
    one_way_m(a, b).max(one_way_m(b, a))
}

/// The largest distance from a sample point of `from` to `to`'s surface.
fn one_way_m(from: &PropMesh, to: &PropMesh) -> f32 {
    let tri = |m: &PropMesh, t: &[u32]| [0, 1, 2].map(|k| Vec3::from(m.positions[t[k] as usize]));
    let targets: Vec<[Vec3; 3]> = to.indices.chunks_exact(3).map(|t| tri(to, t)).collect();
    let nearest = |p: Vec3| {
        targets
            .iter()
            .map(|t| point_triangle_distance(p, t[0], t[1], t[2]))
            .fold(f32::INFINITY, f32::min)
    };
    let mut worst = 0.0f32;
    for t in from.indices.chunks_exact(3) {
        let v = tri(from, t);
        let samples = [
            v[0],
            v[1],
            v[2],
            (v[0] + v[1]) * 0.5,
            (v[1] + v[2]) * 0.5,
            (v[2] + v[0]) * 0.5,
            (v[0] + v[1] + v[2]) / 3.0,
        ];
        for p in samples {
            worst = worst.max(nearest(p));
        }
    }
    worst
}

/// Distance from `p` to the triangle a, b, c (Ericson, "Real-Time Collision Detection",
/// closest point on a triangle by its Voronoi regions).
fn point_triangle_distance(p: Vec3, a: Vec3, b: Vec3, c: Vec3) -> f32 {
    let (ab, ac, ap) = (b - a, c - a, p - a);
    let (d1, d2) = (ab.dot(ap), ac.dot(ap));
    if d1 <= 0.0 && d2 <= 0.0 {
        return p.distance(a);
    }
    let bp = p - b;
    let (d3, d4) = (ab.dot(bp), ac.dot(bp));
    if d3 >= 0.0 && d4 <= d3 {
        return p.distance(b);
    }
    let vc = d1 * d4 - d3 * d2;
    if vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 {
        return p.distance(a + ab * (d1 / (d1 - d3)));
    }
    let cp = p - c;
    let (d5, d6) = (ab.dot(cp), ac.dot(cp));
    if d6 >= 0.0 && d5 <= d6 {
        return p.distance(c);
    }
    let vb = d5 * d2 - d1 * d6;
    if vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 {
        return p.distance(a + ac * (d2 / (d2 - d6)));
    }
    let va = d3 * d6 - d5 * d4;
    if va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0 {
        return p.distance(b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6))));
    }
    let denom = 1.0 / (va + vb + vc);
    if !denom.is_finite() {
        // A degenerate (zero-area) triangle: the nearest of its corners.
        return p.distance(a).min(p.distance(b)).min(p.distance(c));
    }
    p.distance(a + ab * (vb * denom) + ac * (vc * denom))
}

/// A primitive's colour: its material's base colour factor (RGB; alpha is not read).
fn base_colour(prim: &gltf::Primitive, which: &str) -> Result<[f32; 3], String> {
    let [r, g, b, _] = prim.material().pbr_metallic_roughness().base_color_factor();
    let rgb = [r, g, b];
    if rgb.iter().all(|c| (0.0..=1.0).contains(c)) {
        Ok(rgb)
    } else {
        Err(format!("{which}: base colour {rgb:?} is outside 0..1"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A unit square in the XZ plane at height `y`, corners `[0, 1]²`.
    fn square(y: f32) -> PropMesh {
        PropMesh {
            positions: vec![[0.0, y, 0.0], [1.0, y, 0.0], [1.0, y, 1.0], [0.0, y, 1.0]],
            normals: vec![[0.0, 1.0, 0.0]; 4],
            colors: vec![[0.5; 3]; 4],
            indices: vec![0, 2, 1, 0, 3, 2],
        }
    }

    #[test]
    fn the_departure_is_the_largest_gap_between_the_surfaces_either_way() {
        assert!(surface_departure_m(&square(0.0), &square(0.0)) < 1e-6);
        assert!((surface_departure_m(&square(0.0), &square(0.25)) - 0.25).abs() < 1e-6);
        // Half the square: its own points all lie on the whole one, but the whole one's far
        // corner is a diagonal's half away from the half: the departure looks both ways.
        let mut half = square(0.0);
        half.indices.truncate(3);
        let d = surface_departure_m(&square(0.0), &half);
        assert!((d - std::f32::consts::FRAC_1_SQRT_2).abs() < 1e-6, "{d}");
    }
}
