//! Shared by the model generators (`make_car_models`, `make_prop_models`): triangles
//! grouped by part (flat-shaded by [`Builder::tri`]; a generator may also add its own
//! smooth-shaded vertices to a part, as `car_body.rs` does), and their assembly into a binary glTF 2.0 file, one
//! primitive a part, each part a material named after it with a base colour. The output is
//! byte-identical from run to run (sorted maps, no clock). Each generator adds its own
//! shapes to [`Builder`] in an `impl` of its own.

use gltf::json;
use json::validation::Checked::Valid;
use json::validation::USize64;
use std::collections::BTreeMap;

/// A point or vector, metres.
pub type V3 = [f32; 3];

pub fn sub(a: V3, b: V3) -> V3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
pub fn cross(a: V3, b: V3) -> V3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}
pub fn dot(a: V3, b: V3) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
pub fn norm(a: V3) -> V3 {
    let l = dot(a, a).sqrt().max(1e-9);
    [a[0] / l, a[1] / l, a[2] / l]
}

/// One part's triangles: positions, normals, indices.
pub type PartTriangles = (Vec<V3>, Vec<V3>, Vec<u32>);

/// Triangles grouped by part (one glTF primitive each).
#[derive(Default)]
pub struct Builder {
    /// Each part's triangles, by part name.
    pub parts: BTreeMap<&'static str, PartTriangles>,
}

impl Builder {
    /// A flat triangle, wound so its normal points away from `inside`.
    pub fn tri(&mut self, part: &'static str, a: V3, b: V3, c: V3, inside: V3) {
        let mut n = cross(sub(b, a), sub(c, a));
        if dot(n, n) < 1e-12 {
            return;
        }
        let (b, c) = if dot(n, sub(a, inside)) < 0.0 {
            n = [-n[0], -n[1], -n[2]];
            (c, b)
        } else {
            (b, c)
        };
        let n = norm(n);
        let (p, ns, idx) = self.parts.entry(part).or_default();
        let base = p.len() as u32;
        p.extend([a, b, c]);
        ns.extend([n, n, n]);
        idx.extend([base, base + 1, base + 2]);
    }

    /// Two triangles, `a b c` and `a c d`, wound away from `inside`.
    pub fn quad(&mut self, part: &'static str, a: V3, b: V3, c: V3, d: V3, inside: V3) {
        self.tri(part, a, b, c, inside);
        self.tri(part, a, c, d, inside);
    }

    /// An axis-aligned box.
    pub fn cuboid(&mut self, part: &'static str, lo: V3, hi: V3) {
        let c = [(lo[0] + hi[0]) / 2.0, (lo[1] + hi[1]) / 2.0, (lo[2] + hi[2]) / 2.0];
        let p = |x: usize, y: usize, z: usize| [[lo[0], hi[0]][x], [lo[1], hi[1]][y], [lo[2], hi[2]][z]];
        for axis in 0..3 {
            for side in 0..2 {
                let mut corners = Vec::new();
                for (u, v) in [(0, 0), (1, 0), (1, 1), (0, 1)] {
                    let mut k = [0; 3];
                    k[axis] = side;
                    k[(axis + 1) % 3] = u;
                    k[(axis + 2) % 3] = v;
                    corners.push(p(k[0], k[1], k[2]));
                }
                self.quad(part, corners[0], corners[1], corners[2], corners[3], c);
            }
        }
    }
}

pub struct Glb {
    root: json::Root,
    bin: Vec<u8>,
    materials: BTreeMap<&'static str, json::Index<json::Material>>,
    /// A part's base colour (linear RGBA).
    colour: fn(&str) -> [f32; 4],
    /// The scene's name.
    scene: &'static str,
    /// The asset's `generator` field: which program wrote it.
    generator: &'static str,
}

impl Glb {
    /// An empty file whose scene is `scene`, written by `generator`, colouring each part
    /// by `colour`.
    pub fn new(scene: &'static str, generator: &'static str, colour: fn(&str) -> [f32; 4]) -> Glb {
        Glb {
            root: json::Root::default(),
            bin: Vec::new(),
            materials: BTreeMap::new(),
            colour,
            scene,
            generator,
        }
    }

    fn view(&mut self, bytes: &[u8], target: json::buffer::Target) -> json::Index<json::buffer::View> {
        while self.bin.len() % 4 != 0 {
            self.bin.push(0);
        }
        let offset = self.bin.len();
        self.bin.extend_from_slice(bytes);
        self.root.push(json::buffer::View {
            buffer: json::Index::new(0),
            byte_length: USize64::from(bytes.len()),
            byte_offset: Some(USize64::from(offset)),
            byte_stride: None,
            extensions: None,
            extras: Default::default(),
            name: None,
            target: Some(Valid(target)),
        })
    }

    fn accessor(
        &mut self,
        view: json::Index<json::buffer::View>,
        count: usize,
        ty: json::accessor::Type,
        ct: json::accessor::ComponentType,
        bounds: Option<(V3, V3)>,
    ) -> json::Index<json::Accessor> {
        self.root.push(json::Accessor {
            buffer_view: Some(view),
            byte_offset: None,
            count: USize64::from(count),
            component_type: Valid(json::accessor::GenericComponentType(ct)),
            extensions: None,
            extras: Default::default(),
            type_: Valid(ty),
            min: bounds.map(|b| json::Value::from(b.0.to_vec())),
            max: bounds.map(|b| json::Value::from(b.1.to_vec())),
            name: None,
            normalized: false,
            sparse: None,
        })
    }

    fn material(&mut self, part: &'static str) -> json::Index<json::Material> {
        if let Some(m) = self.materials.get(part) {
            return *m;
        }
        let colour = (self.colour)(part);
        let m = self.root.push(json::Material {
            name: Some(part.to_string()),
            pbr_metallic_roughness: json::material::PbrMetallicRoughness {
                base_color_factor: json::material::PbrBaseColorFactor(colour),
                ..Default::default()
            },
            ..Default::default()
        });
        self.materials.insert(part, m);
        m
    }

    /// A mesh of `b`'s parts, one primitive each.
    pub fn mesh(&mut self, name: &str, b: &Builder) -> json::Index<json::Mesh> {
        let mut primitives = Vec::new();
        for (part, (pos, nor, idx)) in &b.parts {
            let mut lo = [f32::MAX; 3];
            let mut hi = [f32::MIN; 3];
            for p in pos {
                for k in 0..3 {
                    lo[k] = lo[k].min(p[k]);
                    hi[k] = hi[k].max(p[k]);
                }
            }
            let f32s = |v: &[V3]| v.iter().flatten().flat_map(|f| f.to_le_bytes()).collect::<Vec<u8>>();
            let pv = self.view(&f32s(pos), json::buffer::Target::ArrayBuffer);
            let nv = self.view(&f32s(nor), json::buffer::Target::ArrayBuffer);
            let iv = self.view(
                &idx.iter().flat_map(|i| (*i as u16).to_le_bytes()).collect::<Vec<u8>>(),
                json::buffer::Target::ElementArrayBuffer,
            );
            use json::accessor::{ComponentType as C, Type as T};
            let pa = self.accessor(pv, pos.len(), T::Vec3, C::F32, Some((lo, hi)));
            let na = self.accessor(nv, nor.len(), T::Vec3, C::F32, None);
            let ia = self.accessor(iv, idx.len(), T::Scalar, C::U16, None);
            assert!(
                pos.len() < 65536,
                "a part of {name} has more vertices than u16 indices reach"
            );
            let mut attributes = BTreeMap::new();
            attributes.insert(Valid(json::mesh::Semantic::Positions), pa);
            attributes.insert(Valid(json::mesh::Semantic::Normals), na);
            primitives.push(json::mesh::Primitive {
                attributes,
                extensions: None,
                extras: Default::default(),
                indices: Some(ia),
                material: Some(self.material(part)),
                mode: Valid(json::mesh::Mode::Triangles),
                targets: None,
            });
        }
        self.root.push(json::Mesh {
            extensions: None,
            extras: Default::default(),
            name: Some(name.to_string()),
            primitives,
            weights: None,
        })
    }

    /// A node named `name` at `at`, with `mesh` if any.
    pub fn node(&mut self, name: &str, mesh: Option<json::Index<json::Mesh>>, at: V3) -> json::Index<json::Node> {
        self.root.push(json::Node {
            mesh,
            name: Some(name.to_string()),
            translation: Some(at),
            ..Default::default()
        })
    }

    /// The GLB container: header, JSON chunk (space padded), BIN chunk (zero padded).
    pub fn write(mut self, nodes: Vec<json::Index<json::Node>>) -> Vec<u8> {
        while self.bin.len() % 4 != 0 {
            self.bin.push(0);
        }
        self.root.push(json::Buffer {
            byte_length: USize64::from(self.bin.len()),
            extensions: None,
            extras: Default::default(),
            name: None,
            uri: None,
        });
        let scene = self.root.push(json::Scene {
            extensions: None,
            extras: Default::default(),
            name: Some(self.scene.into()),
            nodes,
        });
        self.root.scene = Some(scene);
        self.root.asset.generator = Some(self.generator.into());
        let mut text = json::serialize::to_vec(&self.root).expect("the glTF JSON serializes");
        while text.len() % 4 != 0 {
            text.push(b' ');
        }
        let total = 12 + 8 + text.len() + 8 + self.bin.len();
        let mut out = Vec::with_capacity(total);
        out.extend_from_slice(b"glTF");
        out.extend_from_slice(&2u32.to_le_bytes());
        out.extend_from_slice(&(total as u32).to_le_bytes());
        out.extend_from_slice(&(text.len() as u32).to_le_bytes());
        out.extend_from_slice(b"JSON");
        out.extend_from_slice(&text);
        out.extend_from_slice(&(self.bin.len() as u32).to_le_bytes());
        out.extend_from_slice(b"BIN\0");
        out.extend_from_slice(&self.bin);
        out
    }
}
