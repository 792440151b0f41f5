//! A car model's glTF bytes → [`CarModel`]: the scene's nodes walked with their
//! transforms, every accessor read by hand with checked bounds (a broken buffer is an
//! error naming the node, never a panic or a read past the end).

use super::{
    CarModel, CarPart, ColBox, PartMesh, WheelPlacement, DISTANT_BODY_NODE, FAR_BODY_NODE, MAX_BODY_EXTENT_M,
    MAX_FAR_BODY_OFFSET_M, MAX_MODEL_VERTICES, MAX_MODEL_WHEELS, MIN_BODY_EXTENT_M,
};
use crate::ContentError;
use glam::{Mat3, Mat4, Vec3};
use gltf::accessor::{DataType, Dimensions};
use gltf::mesh::{Mode, Semantic};

/// Deepest node nesting read: deeper is a broken (or cyclic) file.
const MAX_NODE_DEPTH: usize = 16;

/// A node as the walk found it: its name, model-frame transform and mesh.
pub(super) struct FoundNode<'a> {
    /// Node name (empty when unnamed).
    pub name: String,
    /// Node to model frame.
    pub transform: Mat4,
    mesh: Option<gltf::Mesh<'a>>,
}

/// A glTF file parsed, its buffers checked to be the GLB's own binary chunk only.
pub(super) fn open(file: &str, bytes: &[u8]) -> Result<gltf::Gltf, ContentError> {
    let fail = |node: &str, problem: String| ContentError::new(file, node, problem);
    let gltf = gltf::Gltf::from_slice(bytes).map_err(|e| fail("file", format!("not a valid glTF 2.0 file: {e}")))?;
    for buffer in gltf.document.buffers() {
        if let gltf::buffer::Source::Uri(uri) = buffer.source() {
            let problem = format!(
                "buffer {} points outside the file (`{}`): only a .glb's own binary chunk is read",
                buffer.index(),
                uri.chars().take(40).collect::<String>()
            );
            return Err(fail("buffers", problem));
        }
    }
    Ok(gltf)
}

/// Every node of the file's scene (its default one, else its first), with its transform.
pub(super) fn scene_nodes<'a>(file: &str, gltf: &'a gltf::Gltf) -> Result<Vec<FoundNode<'a>>, ContentError> {
    let fail = |node: &str, problem: String| ContentError::new(file, node, problem);
    let scene = gltf
        .document
        .default_scene()
        .or_else(|| gltf.document.scenes().next())
        .ok_or_else(|| fail("scenes", "the file has no scene".into()))?;
    let mut nodes = Vec::new();
    for node in scene.nodes() {
        walk(node, Mat4::IDENTITY, 0, &mut nodes).map_err(|p| fail("nodes", p))?;
    }
    Ok(nodes)
}

/// The `col_shape*` nodes as boxes (each mesh's bounds in the model frame), in name
/// order; every box at most `max_extent_m` on a side. None found: an empty list.
pub(super) fn col_boxes(
    file: &str,
    nodes: &[FoundNode],
    blob: &[u8],
    budget: &mut usize,
    max_extent_m: f32,
) -> Result<Vec<ColBox>, ContentError> {
    let mut col_named: Vec<&FoundNode> = nodes.iter().filter(|n| n.name.starts_with("col_shape")).collect();
    col_named.sort_by(|a, b| a.name.cmp(&b.name));
    let mut boxes = Vec::new();
    for (name_index, node) in col_named.into_iter().enumerate() {
        let label = format!("node {}", node.name);
        // A collision box has no look: its primitives' materials are not read.
        let (positions, ..) = tagged_mesh(node, node.transform, blob, budget, |_, _| Ok(()))
            .map_err(|p| ContentError::new(file, &label, p))?;
        let (lo, hi) = positions.iter().fold(
            (Vec3::splat(f32::INFINITY), Vec3::splat(f32::NEG_INFINITY)),
            |(lo, hi), p| (lo.min(Vec3::from(*p)), hi.max(Vec3::from(*p))),
        );
        let size = hi - lo;
        if !(size.min_element() > 0.0 && size.max_element() <= max_extent_m) {
            let problem = format!(
                "absurd collision box: size {:?} m (each side above 0 and at most {max_extent_m} m)",
                size.to_array()
            );
            return Err(ContentError::new(file, &label, problem));
        }
        boxes.push(ColBox {
            name_index,
            size_m: size.to_array(),
            centre_m: ((hi + lo) * 0.5).to_array(),
        });
    }
    Ok(boxes)
}

pub(super) fn bake(file: &str, bytes: &[u8]) -> Result<CarModel, ContentError> {
    let fail = |node: &str, problem: String| ContentError::new(file, node, problem);
    let gltf = open(file, bytes)?;
    let blob: &[u8] = gltf.blob.as_deref().unwrap_or(&[]);
    let nodes = scene_nodes(file, &gltf)?;
    let find = |name: &str| nodes.iter().find(|n| n.name == name);
    let mut vertices_left = MAX_MODEL_VERTICES;

    let body_node = find("car_body").ok_or_else(|| fail("node car_body", missing("car_body", &nodes)))?;
    let body = node_mesh(body_node, blob, &mut vertices_left).map_err(|p| fail("node car_body", p))?;
    check_scale(&body).map_err(|p| fail("node car_body", p))?;
    let mut lower_body = |name: &str| match find(name) {
        None => Ok(None),
        Some(node) => {
            let label = format!("node {name}");
            let lower = node_mesh(node, blob, &mut vertices_left).map_err(|p| fail(&label, p))?;
            check_same_outline(&body, &lower).map_err(|p| fail(&label, p))?;
            Ok(Some(lower))
        }
    };
    let body_far = lower_body(FAR_BODY_NODE)?;
    let body_distant = lower_body(DISTANT_BODY_NODE)?;

    let thrust = find("thrust").ok_or_else(|| fail("node thrust", missing("thrust", &nodes)))?;
    let thrust_m = finite_point(thrust.transform.transform_point3(Vec3::ZERO)).map_err(|p| fail("node thrust", p))?;

    let mut wheels = Vec::new();
    let mut wheel = PartMesh::default();
    let mut wheel_mesh_radius_m = 0.0;
    while let Some(node) = find(&format!("wheel_{}", wheels.len())) {
        let label = format!("node {}", node.name);
        if wheels.len() == MAX_MODEL_WHEELS {
            return Err(fail(&label, format!("more than {MAX_MODEL_WHEELS} wheels")));
        }
        let local = node_mesh_local(node, blob, &mut vertices_left).map_err(|p| fail(&label, p))?;
        let (lo, hi) = local.bounds();
        let radius_m = 0.5 * (hi[1] - lo[1]).max(hi[2] - lo[2]);
        let width_m = hi[0] - lo[0];
        if !((0.05..=3.0).contains(&radius_m) && width_m.is_finite() && width_m > 0.0) {
            return Err(fail(
                &label,
                format!("absurd wheel size: radius {radius_m} m, width {width_m} m (a wheel is 0.05-3 m in radius)"),
            ));
        }
        // The wheel's radius as the car sees it: the node's scale applies.
        let scale = node.transform.transform_vector3(Vec3::Y).length();
        let centre = finite_point(node.transform.transform_point3(Vec3::ZERO)).map_err(|p| fail(&label, p))?;
        if wheels.is_empty() {
            wheel = local;
            wheel_mesh_radius_m = radius_m;
        }
        wheels.push(WheelPlacement {
            centre_m: centre,
            radius_m: radius_m * scale,
            width_m: width_m * scale,
        });
    }
    if wheels.len() < 2 {
        let problem = format!(
            "{} wheel node(s) `wheel_0`, `wheel_1`, ... found; a car model has 2 to {MAX_MODEL_WHEELS}",
            wheels.len()
        );
        return Err(fail(&format!("node wheel_{}", wheels.len()), problem));
    }

    let col_boxes = col_boxes(file, &nodes, blob, &mut vertices_left, MAX_BODY_EXTENT_M)?;
    if col_boxes.is_empty() {
        return Err(fail("node col_shape", missing("col_shape", &nodes)));
    }
    Ok(CarModel {
        body,
        body_far,
        body_distant,
        wheel,
        wheel_mesh_radius_m,
        wheels,
        thrust_m,
        col_boxes,
    })
}

/// "no node `name`" with the names the file does have.
pub(super) fn missing(name: &str, nodes: &[FoundNode]) -> String {
    let mut names: Vec<&str> = nodes.iter().map(|n| n.name.as_str()).collect();
    names.truncate(12);
    format!("no node named `{name}` in the scene (nodes: {})", names.join(", "))
}

fn walk<'a>(node: gltf::Node<'a>, parent: Mat4, depth: usize, out: &mut Vec<FoundNode<'a>>) -> Result<(), String> {
    if depth > MAX_NODE_DEPTH || out.len() > 1024 {
        return Err(format!(
            "nodes nested deeper than {MAX_NODE_DEPTH} or more than 1024 (a cycle?)"
        ));
    }
    let local = Mat4::from_cols_array_2d(&node.transform().matrix());
    let transform = parent * local;
    if !transform.is_finite() {
        let name = node.name().unwrap_or("(unnamed)");
        return Err(format!("node `{name}` has a non-finite transform"));
    }
    out.push(FoundNode {
        name: node.name().unwrap_or("").to_string(),
        transform,
        mesh: node.mesh(),
    });
    for child in node.children() {
        walk(child, transform, depth + 1, out)?;
    }
    Ok(())
}

fn finite_point(p: Vec3) -> Result<[f32; 3], String> {
    if p.is_finite() && p.abs().max_element() <= 1000.0 {
        Ok(p.to_array())
    } else {
        Err(format!("absurd position {:?}", p.to_array()))
    }
}

/// A body's scale must be a car's: its largest extent within
/// [`MIN_BODY_EXTENT_M`, `MAX_BODY_EXTENT_M`].
fn check_scale(mesh: &PartMesh) -> Result<(), String> {
    let (lo, hi) = mesh.bounds();
    let extent = (Vec3::from(hi) - Vec3::from(lo)).max_element();
    if !(MIN_BODY_EXTENT_M..=MAX_BODY_EXTENT_M).contains(&extent) {
        return Err(format!(
            "absurd scale: the body is {extent} m across (a car is {MIN_BODY_EXTENT_M}-{MAX_BODY_EXTENT_M} m; \
             exported in centimetres?)"
        ));
    }
    Ok(())
}

/// A far body must outline the body it stands in for: each side of its box within
/// [`MAX_FAR_BODY_OFFSET_M`] of the near body's (a far body from another car, or in another
/// unit, is refused rather than drawn).
fn check_same_outline(near: &PartMesh, far: &PartMesh) -> Result<(), String> {
    let ((nlo, nhi), (flo, fhi)) = (near.bounds(), far.bounds());
    let off = (0..3)
        .map(|k| (nlo[k] - flo[k]).abs().max((nhi[k] - fhi[k]).abs()))
        .fold(0.0f32, f32::max);
    if far.positions.is_empty() || off.is_nan() || off > MAX_FAR_BODY_OFFSET_M {
        return Err(format!(
            "its outline is {off:.3} m from car_body's (at most {MAX_FAR_BODY_OFFSET_M} m: a lower level of detail stands in for the near body)"
        ));
    }
    Ok(())
}

/// The node's mesh in the car frame.
fn node_mesh(node: &FoundNode, blob: &[u8], budget: &mut usize) -> Result<PartMesh, String> {
    mesh_with(node, node.transform, blob, budget)
}

/// The node's mesh in the node's own frame (a wheel: placed by the renderer).
fn node_mesh_local(node: &FoundNode, blob: &[u8], budget: &mut usize) -> Result<PartMesh, String> {
    mesh_with(node, Mat4::IDENTITY, blob, budget)
}

fn mesh_with(node: &FoundNode, transform: Mat4, blob: &[u8], budget: &mut usize) -> Result<PartMesh, String> {
    let (positions, normals, parts, indices) = tagged_mesh(node, transform, blob, budget, |prim, which| {
        let material = prim.material().name().unwrap_or("");
        CarPart::from_material_name(material).ok_or_else(|| {
            let known: Vec<&str> = CarPart::ALL.iter().map(|p| p.material_name()).collect();
            format!(
                "{which}: material `{material}` is not a car part (known: {})",
                known.join(", ")
            )
        })
    })?;
    Ok(PartMesh {
        positions,
        normals,
        parts,
        indices,
    })
}

/// A mesh read from a node: positions, normals, a tag per vertex, triangle indices.
pub(super) type TaggedMesh<T> = (Vec<[f32; 3]>, Vec<[f32; 3]>, Vec<T>, Vec<u32>);

/// The node's mesh under `transform`, each primitive's vertices tagged by `tag` (a car's
/// part from the material's name, a prop's colour from its base colour).
pub(super) fn tagged_mesh<T: Copy>(
    node: &FoundNode,
    transform: Mat4,
    blob: &[u8],
    budget: &mut usize,
    tag: impl Fn(&gltf::Primitive, &str) -> Result<T, String>,
) -> Result<TaggedMesh<T>, String> {
    let mesh = node.mesh.as_ref().ok_or_else(|| "has no mesh".to_string())?;
    let normal_m = Mat3::from_mat4(transform).inverse().transpose();
    let (mut out_p, mut out_n, mut out_t, mut out_i) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for prim in mesh.primitives() {
        let which = format!("primitive {}", prim.index());
        if prim.mode() != Mode::Triangles {
            return Err(format!("{which}: only triangle lists are read"));
        }
        let t = tag(&prim, &which)?;
        let pos = prim
            .get(&Semantic::Positions)
            .ok_or_else(|| format!("{which}: no POSITION"))?;
        let nor = prim
            .get(&Semantic::Normals)
            .ok_or_else(|| format!("{which}: no NORMAL"))?;
        let positions = read_vec3(&pos, blob, budget).map_err(|p| format!("{which}: POSITION: {p}"))?;
        let normals = read_vec3(&nor, blob, budget).map_err(|p| format!("{which}: NORMAL: {p}"))?;
        if positions.len() != normals.len() {
            return Err(format!(
                "{which}: {} positions but {} normals",
                positions.len(),
                normals.len()
            ));
        }
        let base = out_p.len() as u32;
        let indices = match prim.indices() {
            Some(acc) => read_indices(&acc, blob).map_err(|p| format!("{which}: indices: {p}"))?,
            None => (0..positions.len() as u32).collect(),
        };
        if indices.len() % 3 != 0 {
            return Err(format!("{which}: {} indices, not whole triangles", indices.len()));
        }
        if let Some(bad) = indices.iter().find(|&&i| i as usize >= positions.len()) {
            return Err(format!("{which}: index {bad} past the {} vertices", positions.len()));
        }
        for (p, n) in positions.iter().zip(&normals) {
            let p = transform.transform_point3(Vec3::from(*p));
            let n = (normal_m * Vec3::from(*n)).normalize_or(Vec3::Y);
            if !p.is_finite() {
                return Err(format!("{which}: non-finite position"));
            }
            out_p.push(p.to_array());
            out_n.push(n.to_array());
            out_t.push(t);
        }
        out_i.extend(indices.iter().map(|i| i + base));
    }
    if out_i.is_empty() {
        return Err("its mesh has no triangles".into());
    }
    Ok((out_p, out_n, out_t, out_i))
}

/// The bytes an accessor covers and its stride, every bound checked.
fn accessor_bytes<'b>(acc: &gltf::Accessor, blob: &'b [u8], elem: usize) -> Result<(&'b [u8], usize), String> {
    if acc.sparse().is_some() {
        return Err("sparse accessors are not read".into());
    }
    let view = acc.view().ok_or("accessor has no buffer view")?;
    if view.buffer().index() != 0 {
        return Err(format!(
            "buffer {} is not the file's binary chunk",
            view.buffer().index()
        ));
    }
    let stride = view.stride().unwrap_or(elem).max(elem);
    let count = acc.count();
    let start = view.offset().checked_add(acc.offset()).ok_or("offset overflows")?;
    let span = match count {
        0 => 0,
        n => (n - 1)
            .checked_mul(stride)
            .and_then(|s| s.checked_add(elem))
            .ok_or("size overflows")?,
    };
    let view_end = view.offset().checked_add(view.length()).ok_or("view overflows")?;
    let end = start.checked_add(span).ok_or("size overflows")?;
    if end > view_end || view_end > blob.len() {
        return Err(format!(
            "broken buffer: bytes {start}..{end} (view to {view_end}) past the binary chunk's {} bytes",
            blob.len()
        ));
    }
    Ok((&blob[start..end], stride))
}

fn read_vec3(acc: &gltf::Accessor, blob: &[u8], budget: &mut usize) -> Result<Vec<[f32; 3]>, String> {
    if acc.data_type() != DataType::F32 || acc.dimensions() != Dimensions::Vec3 {
        return Err(format!("{:?} {:?}, not float VEC3", acc.data_type(), acc.dimensions()));
    }
    let count = acc.count();
    if count > *budget {
        return Err(format!(
            "{count} vertices: more than the model's budget left ({budget})"
        ));
    }
    *budget -= count;
    let (bytes, stride) = accessor_bytes(acc, blob, 12)?;
    let mut out = Vec::with_capacity(count);
    for i in 0..count {
        let at = i * stride;
        let f = |k: usize| {
            let b = &bytes[at + 4 * k..at + 4 * k + 4];
            f32::from_le_bytes([b[0], b[1], b[2], b[3]])
        };
        let v = [f(0), f(1), f(2)];
        if !v.iter().all(|x| x.is_finite()) {
            return Err(format!("element {i} is not finite"));
        }
        out.push(v);
    }
    Ok(out)
}

fn read_indices(acc: &gltf::Accessor, blob: &[u8]) -> Result<Vec<u32>, String> {
    let elem = match (acc.data_type(), acc.dimensions()) {
        (DataType::U8, Dimensions::Scalar) => 1,
        (DataType::U16, Dimensions::Scalar) => 2,
        (DataType::U32, Dimensions::Scalar) => 4,
        (t, d) => return Err(format!("{t:?} {d:?}, not unsigned SCALAR")),
    };
    let count = acc.count();
    if count > 3 * MAX_MODEL_VERTICES {
        return Err(format!(
            "{count} indices: more than {} (a model's budget)",
            3 * MAX_MODEL_VERTICES
        ));
    }
    let (bytes, stride) = accessor_bytes(acc, blob, elem)?;
    Ok((0..count)
        .map(|i| {
            let b = &bytes[i * stride..i * stride + elem];
            match elem {
                1 => b[0] as u32,
                2 => u16::from_le_bytes([b[0], b[1]]) as u32,
                _ => u32::from_le_bytes([b[0], b[1], b[2], b[3]]),
            }
        })
        .collect())
}
