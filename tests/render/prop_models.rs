//! Prop models (`content/props/*.glb`, made by `examples/make_prop_models.rs`): every
//! shipped model bakes with its nodes and a prop's size; `build.rs` baked each byte for
//! byte as a bake now; one broken model per failure kind is refused with a message naming
//! the file and node; a level placing a model gets its triangles in the chunk mesh and its
//! `col_shape` boxes in the static colliders (none when `solid = false`); the circuit's
//! trees are the tree models; a level's dynamic cones draw as the cone model (a real frame).

use crate::common;

use crate::common::glb_file::{join, split};
use glam::Vec3;
use serde_json::Value;
use skidpad::app::{Session, Setup};
use skidpad::content::chunk::{bake_level, BakedShape};
use skidpad::content::level::{DynamicProp, DynamicShape};
use skidpad::content::{bake_now, PlatformProfile};
use skidpad::content::{embedded_baked_props, load_level, materials, prop_model, ContentRoot, Level};
use skidpad::render::{read_back_buffer, Camera, Renderer};
use skidpad::sim::TickInput;
use skidpad_bake::model::{PropModel, MAX_PROP_EXTENT_M};
use skidpad_bake::{ContentError, LevelFiles};
use skidpad_platform::GlApi;
use std::sync::Arc;

/// Every shipped prop model and the height its generator gives it, m (from
/// `examples/make_prop_models.rs`: the apex of each shape).
const PROPS: [(&str, f32); 7] = [
    ("bush", 1.2),
    ("cone", 0.7),
    ("gantry", 6.2),
    ("tree_broadleaf", 7.7),
    ("tree_pine", 9.2),
    ("tyre", 0.225),
    ("tyre_stack", 0.675),
];

fn glb(name: &str) -> Vec<u8> {
    let path = format!("{}/content/props/{name}.glb", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn every_shipped_prop_model_bakes_with_its_nodes_and_a_props_size() {
    for (name, height_m) in PROPS {
        let m = PropModel::bake(name, &glb(name)).unwrap_or_else(|e| panic!("{e}"));
        let (lo, hi) = m.body.bounds();
        // Standing on its origin: the foot at y = 0, the top where the generator put it.
        assert!(lo.y.abs() < 1e-4, "{name}: foot at {}", lo.y);
        assert!(
            (hi.y - height_m).abs() < 1e-3,
            "{name}: top at {} m, not {height_m}",
            hi.y
        );
        assert!(m.body.triangles() >= 12, "{name}: {} triangles", m.body.triangles());
        assert!(m.body.colors.iter().all(|c| c.iter().all(|v| (0.0..=1.0).contains(v))));
        // Every model collides but the bush, which a car drives through.
        assert_eq!(m.col_boxes.is_empty(), name == "bush", "{name}: col_shape");
        for b in &m.col_boxes {
            // Every collision box inside the drawn mesh's box (1 mm of rounding): a car never
            // hits something it cannot see.
            for k in 0..3 {
                let (blo, bhi) = (b.centre_m[k] - b.size_m[k] / 2.0, b.centre_m[k] + b.size_m[k] / 2.0);
                assert!(
                    blo >= lo[k] - 1e-3 && bhi <= hi[k] + 1e-3,
                    "{name}: col_shape {} pokes out on axis {k}",
                    b.name_index
                );
            }
        }
    }
}

#[test]
fn build_rs_baked_every_shipped_prop_model_byte_for_byte_as_a_bake_now() {
    let baked = embedded_baked_props();
    assert_eq!(
        baked.len(),
        PROPS.len(),
        "baked: {:?}",
        baked.iter().map(|(n, _)| n).collect::<Vec<_>>()
    );
    for (name, _) in PROPS {
        let (_, bytes) = baked
            .iter()
            .find(|(n, _)| *n == name)
            .unwrap_or_else(|| panic!("{name} not baked"));
        let now = PropModel::bake(name, &glb(name)).unwrap();
        assert_eq!(*bytes, now.encode().as_slice(), "{name}");
        assert_eq!(
            prop_model(&ContentRoot::Embedded, name).unwrap(),
            now,
            "{name}: what a level gets"
        );
    }
    let e = PropModel::decode("p.bin", &baked[0].1[..baked[0].1.len() / 2])
        .unwrap_err()
        .to_string();
    assert!(e.contains("p.bin") && e.contains("corrupt or truncated"), "{e}");
}

/// The pine's model edited by `edit`, then baked: the error.
fn broken(edit: impl FnOnce(&mut Value, &mut Vec<u8>)) -> String {
    let (mut json, mut bin) = split(&glb("tree_pine"));
    edit(&mut json, &mut bin);
    match PropModel::bake("content/props/tree_pine.glb", &join(&json, &bin)) {
        Ok(_) => panic!("the broken model was accepted"),
        Err(e) => e.to_string(),
    }
}

fn node_named<'a>(json: &'a mut Value, name: &str) -> &'a mut Value {
    json["nodes"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|n| n["name"] == name)
        .unwrap()
}

#[test]
fn each_kind_of_broken_prop_model_is_refused_naming_file_and_node() {
    let at_most = format!("at most {MAX_PROP_EXTENT_M} m");
    let huge = ["node col_shape: absurd collision box", at_most.as_str()];
    let cases: Vec<(&str, String, &[&str])> = vec![
        (
            "missing node",
            broken(|j, _| node_named(j, "prop_body")["name"] = "tree".into()),
            &["content/props/tree_pine.glb: node prop_body: no node named `prop_body`"],
        ),
        (
            "broken buffer",
            broken(|_, bin| bin.truncate(bin.len() / 2)),
            &["content/props/tree_pine.glb: node", "broken buffer"],
        ),
        (
            "broken accessor",
            broken(|j, _| j["accessors"][0]["count"] = 4_000_000_000u64.into()),
            &["tree_pine.glb: node prop_body: primitive 0: POSITION"],
        ),
        (
            "absurd scale",
            broken(|j, _| node_named(j, "prop_body")["scale"] = serde_json::json!([100.0, 100.0, 100.0])),
            &["node prop_body: absurd scale: the prop is 920"],
        ),
        (
            "flat collision box",
            broken(|j, _| node_named(j, "col_shape_1")["scale"] = serde_json::json!([1.0, 0.0, 1.0])),
            &["node col_shape_1: absurd collision box"],
        ),
        (
            "huge collision box",
            broken(|j, _| node_named(j, "col_shape")["scale"] = serde_json::json!([1000.0, 1.0, 1.0])),
            &huge,
        ),
        (
            "colour outside 0..1",
            broken(|j, _| {
                j["materials"][0]["pbrMetallicRoughness"]["baseColorFactor"] = serde_json::json!([4.0, 0.5, 0.5, 1.0])
            }),
            &[
                "node prop_body: primitive",
                "base colour [4.0, 0.5, 0.5] is outside 0..1",
            ],
        ),
        (
            "far stand-in as heavy as the body",
            broken(|j, _| {
                let body_mesh = node_named(j, "prop_body")["mesh"].clone();
                node_named(j, "prop_far")["mesh"] = body_mesh;
            }),
            &["node prop_far: a far stand-in has fewer triangles than prop_body"],
        ),
        (
            "far stand-in placed apart",
            broken(|j, _| node_named(j, "prop_far")["translation"] = serde_json::json!([30.0, 0.0, 0.0])),
            &["node prop_far: strays", "not a stand-in for it"],
        ),
        (
            "buffer outside the file",
            broken(|j, _| j["buffers"][0]["uri"] = "../../secret.bin".into()),
            &["tree_pine.glb: buffers: buffer 0 points outside the file"],
        ),
        (
            "not glTF",
            PropModel::bake("content/props/x.glb", b"solid cube\nendsolid")
                .unwrap_err()
                .to_string(),
            &["content/props/x.glb: file: not a valid glTF 2.0 file"],
        ),
    ];
    for (kind, message, wanted) in cases {
        for w in wanted {
            assert!(message.contains(w), "{kind}: `{message}` does not say `{w}`");
        }
    }
}

/// Files of a level built from text: no heightmaps, the shipped prop models.
struct Shipped;

impl LevelFiles for Shipped {
    fn read(&self, rel: &str) -> Result<Vec<u8>, ContentError> {
        Err(ContentError::new(rel, "file", "not found"))
    }
    fn label(&self, rel: &str) -> String {
        rel.to_string()
    }
    fn prop_model(&self, name: &str) -> Result<PropModel, ContentError> {
        prop_model(&ContentRoot::Embedded, name)
    }
}

/// A flat 64 m level, one chunk, with `props` on it.
fn level_with(props: &str) -> Result<Level, ContentError> {
    let text = format!(
        "description = \"t\"\nchunk_size_m = 64.0\n[terrain]\nsize_m = [64.0, 64.0]\nmaterial = \"asphalt\"\n\
         [[spawns]]\nname = \"s\"\nposition_m = [0.0, 0.5, -20.0]\n{props}"
    );
    let table = materials(&ContentRoot::Embedded).unwrap();
    Level::parse("test.toml", "test", text.as_bytes(), &table, &Shipped)
}

/// Triangles drawn and collider boxes (compound parts) of every chunk of `level`.
fn triangles_and_boxes(level: &Level) -> (usize, Vec<parry3d::shape::Cuboid>) {
    let (mut tris, mut boxes) = (0, Vec::new());
    for c in bake_level(level) {
        tris += c.mesh.indices.len() / 3;
        for col in &c.colliders {
            if let BakedShape::Compound(comp) = &col.shape {
                boxes.extend(comp.shapes().iter().filter_map(|(_, s)| s.as_cuboid().copied()));
            }
        }
    }
    (tris, boxes)
}

#[test]
fn a_placed_model_draws_its_triangles_and_collides_with_its_boxes() {
    let (bare_tris, bare_boxes) = triangles_and_boxes(&level_with("").unwrap());
    let pine = prop_model(&ContentRoot::Embedded, "tree_pine").unwrap();
    let place = |extra: &str| {
        format!("[[props]]\nkind = \"model\"\nmodel = \"tree_pine\"\nposition_m = [5.0, 8.0]\nyaw_deg = 30.0\nscale = 2.0\n{extra}")
    };
    let level = level_with(&place("")).unwrap();
    let (tris, boxes) = triangles_and_boxes(&level);
    assert_eq!(tris - bare_tris, pine.body.triangles(), "the model's triangles, once");
    assert_eq!(
        boxes.len() - bare_boxes.len(),
        pine.col_boxes.len(),
        "a box per col_shape"
    );
    // Scaled 2×: the trunk's box (0.4 × 2 × 0.4 m in the file) is 0.8 × 4 × 0.8 m.
    let trunk = pine.col_boxes[0].size_m;
    assert!(
        boxes
            .iter()
            .any(|b| (b.half_extents * 2.0 - glam::Vec3::from(trunk) * 2.0).length() < 1e-4),
        "no trunk box scaled by 2 among {boxes:?}"
    );
    let ghost = level_with(&place("solid = false")).unwrap();
    let (tris, boxes) = triangles_and_boxes(&ghost);
    assert_eq!(tris - bare_tris, pine.body.triangles(), "drawn all the same");
    assert_eq!(boxes.len(), bare_boxes.len(), "solid = false: no collider");
}

/// Issue 20: the trees' far stand-ins (`prop_far`) are much lighter than their bodies and
/// stray from them by a few decimetres (five faces round where the body has ten: the
/// pentagon's flats sit 0.3 m inside the crown's 1.75 m radius), so they switch under a
/// pixel well inside the fog; a placed tree bakes into one detail group whose feature is
/// that departure at its scale.
#[test]
fn the_trees_far_stand_ins_are_light_close_and_baked_as_a_detail_group() {
    for name in ["tree_broadleaf", "tree_pine"] {
        let m = prop_model(&ContentRoot::Embedded, name).unwrap();
        let far = m.far.as_ref().unwrap_or_else(|| panic!("{name}: no prop_far"));
        assert!(
            far.mesh.triangles() * 10 <= m.body.triangles() * 6,
            "{name}: {} far triangles against {}",
            far.mesh.triangles(),
            m.body.triangles()
        );
        assert!(
            (0.1..0.5).contains(&far.departure_m),
            "{name}: departs {} m",
            far.departure_m
        );
        let ((lo, hi), (flo, fhi)) = (m.body.bounds(), far.mesh.bounds());
        // Inside the body's box (the pentagon's corners on the body's rings), foot to top.
        assert!(
            flo.cmpge(lo - 1e-3).all()
                && fhi.cmple(hi + 1e-3).all()
                && (flo.y - lo.y).abs() < 1e-3
                && (fhi.y - hi.y).abs() < 1e-3,
            "{name}: stand-in spans {flo}..{fhi}, the body {lo}..{hi}"
        );
        let level = level_with(&format!(
            "[[props]]\nkind = \"model\"\nmodel = \"{name}\"\nposition_m = [5.0, 8.0]\nscale = 1.5\n"
        ))
        .unwrap();
        let groups: Vec<_> = bake_level(&level)
            .into_iter()
            .flat_map(|c| {
                let far_tris: Vec<u32> = c.mesh.detail.iter().map(|g| (g.far[1] - g.far[0]) / 3).collect();
                c.mesh.detail.into_iter().zip(far_tris)
            })
            .collect();
        assert_eq!(groups.len(), 1, "{name}: one detail group");
        let (g, far_tris) = &groups[0];
        assert_eq!(*far_tris as usize, far.mesh.triangles(), "{name}");
        assert_eq!((g.near[1] - g.near[0]) as usize / 3, m.body.triangles(), "{name}");
        assert!(
            (g.feature_m - far.departure_m * 1.5).abs() < 1e-5,
            "{name}: feature {}",
            g.feature_m
        );
    }
}

#[test]
fn a_bad_model_prop_is_refused_naming_the_field() {
    let bad = |fields: &str| {
        level_with(&format!(
            "[[props]]\nkind = \"model\"\nposition_m = [0.0, 0.0]\n{fields}"
        ))
        .unwrap_err()
        .to_string()
    };
    let e = bad("model = \"moon_base\"");
    assert!(e.contains("props/moon_base.glb"), "{e}");
    let e = bad("model = \"../models/coupe\"");
    assert!(e.contains("props[0].model") && e.contains("not a path"), "{e}");
    let e = bad("model = \"cone\"\nscale = 0.0");
    assert!(e.contains("props[0].scale"), "{e}");
}

#[test]
fn the_circuits_trees_are_the_tree_models() {
    let circuit = load_level(&ContentRoot::Embedded, "circuit").unwrap().level;
    let track = circuit.track.as_ref().unwrap();
    assert_eq!(track.tree_models.len(), 2, "broad-leaved and conifer");
    assert_eq!(
        *track.tree_models[0],
        prop_model(&ContentRoot::Embedded, "tree_broadleaf").unwrap()
    );
    assert_eq!(
        *track.tree_models[1],
        prop_model(&ContentRoot::Embedded, "tree_pine").unwrap()
    );
    // Their trunks in the static colliders: boxes of the trunk's cross-section (0.5 m or
    // 0.4 m in the files, scaled 0.8-1.3 by the jitter).
    let (_, boxes) = triangles_and_boxes(&circuit);
    let trunks = boxes
        .iter()
        .filter(|b| {
            let w = b.half_extents.x * 2.0;
            (b.half_extents.x - b.half_extents.z).abs() < 1e-5 && (0.32..=0.65).contains(&w) && b.half_extents.y > 0.7
        })
        .count();
    assert!(trunks >= 20, "{trunks} trunk boxes");
}

/// The pixel at the cone's axis, `height_m` above its foot, seen level from 2 m to its
/// side, on `api`; with `model` the level's cones draw as the shipped cone model, without
/// it as plain cones in their albedo. Writes the frame to `$SKIDPAD_SHOT_DIR/cone_*.png`
/// when that is set (to look at).
fn cone_pixels(api: GlApi, model: bool, heights_m: &[f32]) -> Vec<[u8; 4]> {
    let mut level = common::flat();
    let cone_at = Vec3::new(10.0, 0.35, -200.0);
    level.dynamic.push(DynamicProp {
        shape: DynamicShape::Cone {
            height_m: 0.7,
            radius_m: 0.18,
        },
        position_m: cone_at,
        yaw_rad: 0.0,
        mass_kg: 3.0,
        color: Vec3::new(0.95, 0.45, 0.05),
    });
    level.cone_model = model.then(|| Arc::new(prop_model(&ContentRoot::Embedded, "cone").unwrap()));
    let profile = PlatformProfile::load("desktop").unwrap();
    let setup = Setup::new(bake_now(level), common::coupe(), vec![], profile);
    let mut s = Session::start(&setup);
    for _ in 0..30 {
        s.tick(&TickInput::default());
    }
    let (w, h) = (320, 240);
    let _platform = common::gl::open_offscreen(api, w, h);
    let mut r = Renderer::new(1024, 256).unwrap();
    let foot = Vec3::new(cone_at.x, 0.0, cone_at.z);
    let eye = foot + Vec3::new(0.0, 0.4, -2.0);
    let camera = Camera::looking_at(eye, foot + Vec3::new(0.0, 0.4, 0.0));
    let mut events = Vec::new();
    s.drain_chunk_events(&mut events);
    r.apply_chunk_events(&events);
    r.draw(&s.frame_view(1.0, &camera), w, h);
    let img = read_back_buffer(w, h);
    if let Some(dir) = std::env::var_os("SKIDPAD_SHOT_DIR") {
        let path = std::path::Path::new(&dir).join(format!("cone_{}_{model}.png", api.name()));
        img.write_png(&path).unwrap();
    }
    heights_m
        .iter()
        .map(|&y| {
            let c = camera.view_proj(w as f32 / h as f32) * (foot + Vec3::new(0.0, y, 0.0)).extend(1.0);
            let ndc = c.truncate() / c.w;
            let (x, y) = ((ndc.x * 0.5 + 0.5) * w as f32, (0.5 - ndc.y * 0.5) * h as f32);
            img.pixel(x as u32, y as u32)
        })
        .collect()
}

/// Issue 19: a level's dynamic cones draw as the shipped cone model (`cone.glb`: its
/// orange cone and white reflective band, 0.32–0.46 m up), not as a plain orange cone.
/// Heights from `examples/make_prop_models.rs`; the band's middle and the cone 0.2 m up.
#[test]
fn dynamic_cones_draw_as_the_cone_model_with_its_reflective_band() {
    let white = |p: [u8; 4]| p[0].min(p[1]).min(p[2]) > 120 && p[0].max(p[1]).max(p[2]) - p[0].min(p[1]).min(p[2]) < 50;
    let orange = |p: [u8; 4]| p[0] as u32 > 2 * p[2] as u32 && p[0] > p[1] && p[1] > p[2] && p[0] > 80;
    common::gl::on_each_api(|api| {
        let modelled = cone_pixels(api, true, &[0.39, 0.2]);
        assert!(white(modelled[0]), "the band, modelled: {:?}", modelled[0]);
        assert!(orange(modelled[1]), "the cone, modelled: {:?}", modelled[1]);
        let plain = cone_pixels(api, false, &[0.39, 0.2]);
        assert!(orange(plain[0]), "no band on a plain cone: {:?}", plain[0]);
        assert!(orange(plain[1]), "a plain cone: {:?}", plain[1]);
    });
}
