//! Prop models: a binary glTF 2.0 file (`content/props/NAME.glb`) baked into a
//! [`PropModel`] that levels place (`[[props]] kind = "model"`, the circuit's trees): its
//! render mesh goes into the chunk geometry, its collision boxes into the static colliders.
//!
//! A prop model's scene has a `prop_body` node (the render mesh; each primitive's colour is
//! its material's base colour) and optional `col_shape*` nodes (boxes: the collision
//! shapes; none means the prop is drawn and never collided with). Frame: metres, Y up, the
//! origin on the ground at the prop's foot, +Z the way it faces.
//!
//! Every failure is a [`ContentError`] naming the file and the node: a missing node, a
//! broken buffer or accessor, an absurd scale or collision box, a colour outside 0..1. If a
//! prop shows at the wrong size or floats in a level, open its file in a glTF viewer: the
//! bake reads what the viewer shows, metres from the foot.

use super::read::{col_boxes, missing, open, scene_nodes, tagged_mesh};
use super::ColBox;
use crate::ContentError;
use glam::Vec3;
use serde::{Deserialize, Serialize};

/// The node holding a prop model's render mesh.
pub const PROP_BODY_NODE: &str = "prop_body";
/// Largest extent of a sane prop, m (a gantry across a wide track, a tall tree): beyond it
/// the file is in the wrong unit (centimetres exported as metres) or broken.
pub const MAX_PROP_EXTENT_M: f32 = 60.0;
/// Smallest largest-extent of a prop, m (a model in kilometres, or empty).
pub const MIN_PROP_EXTENT_M: f32 = 0.05;
/// Most vertices a prop model may have: far above the shipped ones (a few hundred), low
/// enough that a prop placed a hundred times stays a small part of a chunk.
pub const MAX_PROP_VERTICES: usize = 20_000;
/// The baked prop format `build.rs` embeds; bump it when `PropModel` changes shape.
pub const PROP_FORMAT_VERSION: u32 = 1;

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

/// A prop model baked from its glTF file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PropModel {
    /// The render mesh (`prop_body`).
    pub body: PropMesh,
    /// The `col_shape*` boxes in node-name order (empty: never collided with).
    pub col_boxes: Vec<ColBox>,
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
        let (positions, normals, colors, indices) =
            tagged_mesh(body_node, body_node.transform, blob, &mut vertices_left, base_colour)
                .map_err(|p| fail(&label, p))?;
        let body = PropMesh {
            positions,
            normals,
            colors,
            indices,
        };
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
        Ok(PropModel { body, col_boxes })
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
