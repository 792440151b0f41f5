//! Car models: a binary glTF 2.0 file (`content/models/NAME.glb`) baked into a
//! [`CarModel`] render and check against the car's physics; and prop models
//! (`content/props/NAME.glb`, [`PropModel`], `prop.rs`) read by the same code.
//!
//! A car model's scene has these nodes (the scene convention of the source documents' FBX
//! cars, carried over to glTF): `car_body` (the chassis mesh, its primitives' materials
//! naming the parts: `paint`, `glass`, `trim`, `brake_lamp`, `reverse_lamp`, `head_lamp`),
//! optionally `car_body_lod1` (the same body in fewer triangles, drawn far away and in the
//! shadow pass) and `car_body_lod2` (fewer still: a distant car and its shadow), each
//! outline within [`MAX_FAR_BODY_OFFSET_M`] of the body's,
//! `thrust` (an empty: the point the arcade thrust acts at), `wheel_0`..`wheel_N` (each a
//! wheel mesh: `tyre`, `rim` and `trim` primitives, axle along X, centred on the node) and
//! `col_shape*` (boxes: the collision shapes). Frame as the car files': metres, Y up, +Z
//! forward, +X left.
//!
//! Reading ([`read.rs`]) takes the bytes of a `.glb` (or a `.gltf` with its buffer
//! embedded as a base64 data URI is refused: only the GLB's own binary chunk is read, so a
//! model never reaches a file outside the content root). Every failure is a
//! [`ContentError`] naming the file and the node: a missing node, a broken buffer or
//! accessor, an absurd scale, a wrong wheel count. [`CarModel::check_against`] compares it
//! with the car's physics ([`CarShape`]).
//!
//! When a model misbehaves in game (a wheel off its arch, a body sunk in the road), run
//! `skidpad cars` or load the car: the check names the node and the distance.

mod check;
mod prop;
mod read;

pub use check::{CarShape, BOX_TOLERANCE_M, RADIUS_TOLERANCE, WHEEL_TOLERANCE_M};
pub use prop::{
    FarMesh, PropMesh, PropModel, MAX_PROP_EXTENT_M, MAX_PROP_VERTICES, MIN_PROP_EXTENT_M, PROP_BODY_NODE,
    PROP_FAR_NODE, PROP_FORMAT_VERSION,
};

use crate::ContentError;
use serde::{Deserialize, Serialize};

/// What a vertex of a car model is part of: picks its colour and finish in the car shader.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[repr(u8)]
pub enum CarPart {
    /// Body panels in the car's paint.
    Paint = 0,
    /// Windows: dark, glossy.
    Glass = 1,
    /// Bumpers, grille, sills, spoke gaps: dark plastic.
    Trim = 2,
    /// Brake lamps: lit when the brake is pressed.
    BrakeLamp = 3,
    /// Reverse lamps: lit when reversing.
    ReverseLamp = 4,
    /// Headlamps.
    HeadLamp = 5,
    /// Tyre rubber.
    Tyre = 6,
    /// Wheel rim (metal).
    Rim = 7,
}

impl CarPart {
    /// Every part, by code.
    pub const ALL: [CarPart; 8] = [
        CarPart::Paint,
        CarPart::Glass,
        CarPart::Trim,
        CarPart::BrakeLamp,
        CarPart::ReverseLamp,
        CarPart::HeadLamp,
        CarPart::Tyre,
        CarPart::Rim,
    ];

    /// The glTF material name that marks a primitive as this part.
    pub fn material_name(self) -> &'static str {
        match self {
            CarPart::Paint => "paint",
            CarPart::Glass => "glass",
            CarPart::Trim => "trim",
            CarPart::BrakeLamp => "brake_lamp",
            CarPart::ReverseLamp => "reverse_lamp",
            CarPart::HeadLamp => "head_lamp",
            CarPart::Tyre => "tyre",
            CarPart::Rim => "rim",
        }
    }

    /// The part a material name marks, if any.
    pub fn from_material_name(name: &str) -> Option<CarPart> {
        CarPart::ALL.into_iter().find(|p| p.material_name() == name)
    }
}

/// A triangle mesh with a part per vertex, in the car's (or for the wheel, the wheel's)
/// frame.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PartMesh {
    /// Vertex positions, m.
    pub positions: Vec<[f32; 3]>,
    /// Unit vertex normals.
    pub normals: Vec<[f32; 3]>,
    /// Each vertex's part.
    pub parts: Vec<CarPart>,
    /// Triangles, counter-clockwise from outside.
    pub indices: Vec<u32>,
}

impl PartMesh {
    /// The box around every vertex: (min, max); zero when empty.
    pub fn bounds(&self) -> ([f32; 3], [f32; 3]) {
        let mut lo = [f32::INFINITY; 3];
        let mut hi = [f32::NEG_INFINITY; 3];
        for p in &self.positions {
            for k in 0..3 {
                lo[k] = lo[k].min(p[k]);
                hi[k] = hi[k].max(p[k]);
            }
        }
        if self.positions.is_empty() {
            ([0.0; 3], [0.0; 3])
        } else {
            (lo, hi)
        }
    }
}

/// A wheel node: where the model puts a wheel, and its size from its mesh's bounds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct WheelPlacement {
    /// Wheel centre in the car frame, m.
    pub centre_m: [f32; 3],
    /// Half the mesh's height along Y (and Z), m.
    pub radius_m: f32,
    /// The mesh's extent along the axle (X), m.
    pub width_m: f32,
}

/// A collision box from a `col_shape*` node: its mesh's bounds in the model's frame.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ColBox {
    /// Node name (`col_shape`, `col_shape_1`, ...).
    pub name_index: usize,
    /// Full size, m.
    pub size_m: [f32; 3],
    /// Centre in the car frame, m.
    pub centre_m: [f32; 3],
}

/// A car model baked from its glTF file: what render draws and what the checks compare.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CarModel {
    /// The body (`car_body`) in the car frame.
    pub body: PartMesh,
    /// The body far away and in the shadow pass (`car_body_lod1`), when the model has one:
    /// the same outline in a fraction of the triangles.
    pub body_far: Option<PartMesh>,
    /// The body distant and its shadow then (`car_body_lod2`), when the model has one: the
    /// same outline again in fewer triangles still.
    pub body_distant: Option<PartMesh>,
    /// The wheel mesh (`wheel_0`'s), in the wheel's own frame: centred, axle along X.
    pub wheel: PartMesh,
    /// The wheel mesh's radius, m (each placement's radius over it scales the mesh).
    pub wheel_mesh_radius_m: f32,
    /// Each wheel node in index order.
    pub wheels: Vec<WheelPlacement>,
    /// The `thrust` node's position in the car frame, m.
    pub thrust_m: [f32; 3],
    /// The `col_shape*` boxes, in node-name order.
    pub col_boxes: Vec<ColBox>,
}

/// Largest extent of a sane car model's body, m: beyond it the file is in the wrong unit
/// (centimetres exported as metres) or broken.
pub const MAX_BODY_EXTENT_M: f32 = 20.0;
/// Smallest largest-extent of a car model's body, m (a model in kilometres, or empty).
pub const MIN_BODY_EXTENT_M: f32 = 0.1;
/// Most wheels a model may have (the physics' `MAX_WHEELS`).
pub const MAX_MODEL_WHEELS: usize = 8;
/// Most vertices a car model may have: a budget far above the shipped ones (8–10 k with
/// both bodies), so a malformed count cannot make the bake allocate gigabytes.
pub const MAX_MODEL_VERTICES: usize = 200_000;

/// The baked model format `build.rs` embeds; bump it when `CarModel` changes shape.
pub const MODEL_FORMAT_VERSION: u32 = 3;

/// The node of a model's far body (optional; [`CarModel::body_far`]).
pub const FAR_BODY_NODE: &str = "car_body_lod1";
/// The node of a model's distant body (optional; [`CarModel::body_distant`]).
pub const DISTANT_BODY_NODE: &str = "car_body_lod2";
/// How far a far body's outline may stray from the near body's, m.
pub const MAX_FAR_BODY_OFFSET_M: f32 = 0.05;

#[derive(Serialize, Deserialize)]
struct Envelope {
    version: u32,
    model: CarModel,
}

impl CarModel {
    /// Reads the glTF bytes of a car model; `file` names it in errors.
    pub fn bake(file: &str, bytes: &[u8]) -> Result<CarModel, ContentError> {
        read::bake(file, bytes)
    }

    /// Serializes the baked model (with a format version): what `build.rs` embeds, so a
    /// shipped car's model is never parsed from glTF at run time.
    pub fn encode(&self) -> Vec<u8> {
        postcard::to_stdvec(&Envelope {
            version: MODEL_FORMAT_VERSION,
            model: self.clone(),
        })
        .expect("in-memory serialization of plain data cannot fail")
    }

    /// Deserializes a baked model; `file` names it in errors. Refuses other format
    /// versions.
    pub fn decode(file: &str, bytes: &[u8]) -> Result<CarModel, ContentError> {
        let env: Envelope = postcard::from_bytes(bytes).map_err(|e| {
            ContentError::new(
                file,
                "baked model",
                format!("corrupt or truncated ({e}); rebuild to re-bake"),
            )
        })?;
        if env.version != MODEL_FORMAT_VERSION {
            return Err(ContentError::new(
                file,
                "baked model",
                format!(
                    "format version {} but this build reads {MODEL_FORMAT_VERSION}; rebuild to re-bake",
                    env.version
                ),
            ));
        }
        Ok(env.model)
    }
}
