//! Car models (`content/models/*.glb`, made by `examples/make_car_models.rs`): every
//! shipped car's model bakes, has its nodes and agrees with the car's physics; one broken
//! model per failure kind is refused with a message naming the file and node; and a real
//! frame shows the car in its paint where the car is, in another paint after the setting
//! changes; a car far away draws its wheels with the low-poly far wheel, a near one with
//! the model's.

use crate::common;

use crate::common::glb_file::{join, split};
use crate::common::*;
use glam::{Vec3, Vec4};
use serde_json::Value;
use skidpad::app::{Session, Setup};
use skidpad::content::{bake_now, ContentRoot, PlatformProfile};
use skidpad::render::{paint_color, read_back_buffer, Camera, FrameDrawStats, Renderer, FAR_WHEEL_SIDES};
use skidpad::settings::Settings;
use skidpad::sim::TickInput;
use skidpad::vehicle::CarDef;
use skidpad_bake::model::{CarModel, CarPart, PartMesh, WHEEL_TOLERANCE_M};
use skidpad_platform::GlApi;

const CARS: [&str; 4] = ["coupe", "big_wheeler", "sedan", "electric"];

fn glb(name: &str) -> Vec<u8> {
    std::fs::read(format!("{}/content/models/{name}.glb", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn every_shipped_car_loads_its_model_and_the_model_agrees_with_its_physics() {
    for name in CARS {
        let car = CarDef::load(&ContentRoot::Embedded, name).unwrap();
        assert_eq!(car.look_model.as_deref(), Some(name), "{name}: look_model");
        let model = car
            .model_mesh
            .as_ref()
            .unwrap_or_else(|| panic!("{name}: no model loaded"));
        // car_body: a mesh with paint, glass, trim and both kinds of rear lamp.
        for part in [
            CarPart::Paint,
            CarPart::Glass,
            CarPart::Trim,
            CarPart::BrakeLamp,
            CarPart::ReverseLamp,
        ] {
            assert!(model.body.parts.contains(&part), "{name}: the body has no {part:?}");
        }
        // The wheel: tyre and rim (spin reads from the rim's spoke gaps, trim).
        for part in [CarPart::Tyre, CarPart::Rim, CarPart::Trim] {
            assert!(model.wheel.parts.contains(&part), "{name}: the wheel has no {part:?}");
        }
        // wheel_0..3 where the car file puts its wheels (the check's tolerance, measured
        // here independently of it), col_shape* as its chassis boxes.
        assert_eq!(model.wheels.len(), car.wheels.len(), "{name}");
        for (i, (m, w)) in model.wheels.iter().zip(&car.wheels).enumerate() {
            let off = Vec3::from(m.centre_m).distance(w.origin_m);
            assert!(off <= WHEEL_TOLERANCE_M, "{name} wheel {i}: {off} m off");
            assert!(
                (m.radius_m / w.radius_m - 1.0).abs() <= 0.05,
                "{name} wheel {i}: radius {}",
                m.radius_m
            );
        }
        assert_eq!(model.col_boxes.len(), car.chassis.len(), "{name}");
        // The thrust point sits on the centre line at the front axle.
        assert!(
            model.thrust_m[0].abs() < 1e-3 && model.thrust_m[2] > 0.5,
            "{name}: thrust {:?}",
            model.thrust_m
        );
    }
}

#[test]
fn the_four_bodies_have_the_silhouettes_of_their_kind() {
    let body = |name: &str| {
        let model = CarModel::bake(name, &glb(name)).unwrap();
        let (lo, hi) = model.body.bounds();
        (model, hi[1] - lo[1], hi[1])
    };
    let (_, _, coupe_top) = body("coupe");
    let (big, _, big_top) = body("big_wheeler");
    let (_, _, sedan_top) = body("sedan");
    // The coupe is the lowest car; the big-wheeler is the tallest, on the tallest tyres.
    assert!(
        coupe_top < sedan_top && sedan_top < big_top,
        "{coupe_top} {sedan_top} {big_top}"
    );
    assert!(
        big.wheels[0].radius_m >= 0.45,
        "big-wheeler tyre radius {}",
        big.wheels[0].radius_m
    );
    // The fastback's roof slopes to its tail: paint/glass above the rear axle stands
    // higher on the sedan's upright rear window than on the electric's slope at its tail.
    let top_behind = |name: &str, z: f32| {
        let model = CarModel::bake(name, &glb(name)).unwrap();
        model
            .body
            .positions
            .iter()
            .filter(|p| p[2] < z)
            .map(|p| p[1])
            .fold(f32::MIN, f32::max)
    };
    assert!(top_behind("electric", -1.9) < top_behind("electric", -0.3) - 0.25);
}

/// The coupe's model edited by `edit`, then baked and checked against the coupe: the error.
fn broken(edit: impl FnOnce(&mut Value, &mut Vec<u8>)) -> String {
    let (mut json, mut bin) = split(&glb("coupe"));
    edit(&mut json, &mut bin);
    let file = "content/models/coupe.glb";
    let coupe = CarDef::load(&ContentRoot::Embedded, "coupe").unwrap();
    match CarModel::bake(file, &join(&json, &bin)).and_then(|m| m.check_against(file, &coupe.shape())) {
        Ok(()) => panic!("the broken model was accepted"),
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
fn each_kind_of_broken_model_is_refused_naming_file_and_node() {
    let cases: Vec<(&str, String, &[&str])> = vec![
        (
            "missing node",
            broken(|j, _| node_named(j, "car_body")["name"] = "body".into()),
            &["content/models/coupe.glb: node car_body: no node named `car_body`"],
        ),
        (
            "broken buffer",
            broken(|_, bin| bin.truncate(bin.len() / 2)),
            &["content/models/coupe.glb: node car_body:", "broken buffer"],
        ),
        (
            "broken accessor",
            broken(|j, _| j["accessors"][0]["count"] = 4_000_000_000u64.into()),
            &["coupe.glb: node car_body: primitive 0: POSITION"],
        ),
        (
            "absurd scale",
            broken(|j, _| node_named(j, "car_body")["scale"] = serde_json::json!([100.0, 100.0, 100.0])),
            &["node car_body: absurd scale"],
        ),
        (
            "wrong wheel count",
            broken(|j, _| node_named(j, "wheel_3")["name"] = "spare".into()),
            &["node wheel_3: the model has 3 wheels, the car file 4"],
        ),
        (
            "misplaced wheel",
            broken(|j, _| node_named(j, "wheel_2")["translation"][2] = 0.5.into()),
            &["node wheel_2: centre 1.80 m from the car file's wheel 2"],
        ),
        (
            "wrong wheel radius",
            broken(|j, _| node_named(j, "wheel_1")["scale"] = serde_json::json!([1.3, 1.3, 1.3])),
            &["node wheel_1: radius 0.429 m against the car file's 0.330 m"],
        ),
        (
            "collision box off the chassis",
            broken(|j, _| node_named(j, "col_shape_1")["translation"][1] = 2.0.into()),
            &["node col_shape (box 1): a face 0.99 m from the car file's chassis box 1"],
        ),
        (
            "buffer outside the file",
            broken(|j, _| j["buffers"][0]["uri"] = "../../secret.bin".into()),
            &["coupe.glb: buffers: buffer 0 points outside the file"],
        ),
        (
            "not glTF",
            {
                let file = "content/models/coupe.glb";
                CarModel::bake(file, b"solid cube\nendsolid").unwrap_err().to_string()
            },
            &["content/models/coupe.glb: file: not a valid glTF 2.0 file"],
        ),
    ];
    for (kind, message, wanted) in cases {
        for w in wanted {
            assert!(message.contains(w), "{kind}: `{message}` does not say `{w}`");
        }
    }
}

/// A car file without `look_model` stays valid and draws as its boxes.
#[test]
fn a_car_file_without_a_model_is_still_valid() {
    let text = std::fs::read_to_string(format!("{}/content/cars/coupe.toml", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let without: String = text
        .lines()
        .filter(|l| !l.starts_with("look_model"))
        .collect::<Vec<_>>()
        .join("\n");
    let car = CarDef::parse("coupe.toml", "coupe", without.as_bytes()).unwrap();
    assert_eq!(car.look_model, None);
    let car = car.with_model(&ContentRoot::Embedded).unwrap();
    assert!(car.model_mesh.is_none());
}

const W: u32 = 320;
const H: u32 = 240;

/// What the frame checks draw: the coupe settled on flat ground for a second (in the
/// player's `paint`, as play's flow hands it on, or its own), and a renderer on `api` that
/// holds the chunks around it. The context (and SDL's lock) live as long as this; fields drop
/// in order, so the renderer goes before its context (do not destructure it).
struct Frame {
    session: Session,
    renderer: Renderer,
    _platform: common::gl::Offscreen,
}

impl Frame {
    /// The pixel of a frame drawn from `eye` looking at `point` where `point` lands (the
    /// middle of the picture).
    fn pixel_seen_from(&mut self, eye: Vec3, point: Vec3) -> [u8; 4] {
        let camera = Camera::looking_at(eye, point);
        self.renderer.draw(&self.session.frame_view(1.0, &camera), W, H);
        let img = read_back_buffer(W, H);
        let c = camera.view_proj(W as f32 / H as f32) * Vec4::new(point.x, point.y, point.z, 1.0);
        let ndc = c.truncate() / c.w;
        let (x, y) = (
            ((ndc.x * 0.5 + 0.5) * W as f32) as u32,
            ((0.5 - ndc.y * 0.5) * H as f32) as u32,
        );
        img.pixel(x, y)
    }
}

fn settled_coupe(api: GlApi, paint: Option<Vec3>) -> Frame {
    settled_coupe_on(api, paint, flat())
}

/// [`settled_coupe`] on `ground`.
fn settled_coupe_on(api: GlApi, paint: Option<Vec3>, ground: skidpad::content::Level) -> Frame {
    let profile = PlatformProfile::load("desktop").unwrap();
    let mut setup = Setup::new(bake_now(ground), coupe(), vec![], profile);
    setup.player_paint = paint;
    let mut session = Session::start(&setup);
    for _ in 0..60 {
        session.tick(&TickInput::default());
    }
    let _platform = common::gl::open_offscreen(api, W, H);
    let mut renderer = Renderer::new(1024, 256).unwrap();
    let mut events = Vec::new();
    session.drain_chunk_events(&mut events);
    renderer.apply_chunk_events(&events);
    Frame {
        session,
        renderer,
        _platform,
    }
}

/// The centre pixel of the coupe's roof, seen from straight above, with the player's
/// paint from `settings` (as play's flow hands it on), drawn on `api`.
fn roof_pixel(api: GlApi, settings: &Settings) -> [u8; 4] {
    let mut f = settled_coupe(api, settings.display.car_paint_color());
    let body = f.session.world().player_body();
    // The roof's middle: the cabin's roof edge runs z -0.70..0.02 at y 1.20 (the model).
    let roof = body.translation() + *body.rotation() * Vec3::new(0.0, 1.2, -0.35);
    f.pixel_seen_from(roof + Vec3::new(0.0, 6.0, -0.01), roof)
}

#[test]
fn the_cars_paint_shows_where_the_car_is_and_follows_the_setting() {
    let (red, _) = Settings::parse("s.toml", "[display]\ncar_paint = \"red\"\n");
    let (blue, _) = Settings::parse("s.toml", "[display]\ncar_paint = \"blue\"\n");
    assert_eq!(red.display.car_paint_color(), paint_color("red"));
    common::gl::on_each_api(|api| {
        let r = roof_pixel(api, &red);
        // Red paint: sunlit and with some sky reflected, red still dominates by far.
        assert!(
            r[0] as u32 > 2 * r[1] as u32 && r[0] as u32 > 2 * r[2] as u32 && r[0] > 80,
            "red roof {r:?}"
        );
        let b = roof_pixel(api, &blue);
        assert!(
            b[2] as u32 > (b[0] as u32 * 3) / 2 && b[2] > b[1] && b[2] > 60,
            "blue roof {b:?}"
        );
    });
}

/// A pixel of the coupe's right door seen from 3 m beside it and 1.1 m above the door
/// (looking down at it, so the paint mirrors the ground), in `paint`, on `material`.
fn door_pixel(api: GlApi, material: &str, paint: Vec3) -> [u8; 4] {
    let mut f = settled_coupe_on(
        api,
        Some(paint),
        level(512.0, material, Vec3::new(0.0, 0.3, -200.0), vec![]),
    );
    let mut snap = skidpad::sim::Snapshot::default();
    f.session.world().snapshot_into(&mut snap);
    let snap_ground = snap.cars[0].ground;
    let want = table().id(material, "test", "terrain").unwrap();
    assert_eq!(snap_ground, Some(want), "the snapshot's ground under the car");
    let body = f.session.world().player_body();
    // The door's lower half: the coupe's side at x 0.9 m, 0.5 m up (the model).
    let door = body.translation() + *body.rotation() * Vec3::new(0.88, 0.5, 0.0);
    let eye = body.translation() + *body.rotation() * Vec3::new(3.9, 1.6, 0.0);
    f.pixel_seen_from(eye, door)
}

/// The paint mirrors the ground the car stands on and is lit from below by it: a white
/// car's door, looked down on, is greener on grass than on asphalt (with the ground as a
/// fixed dark grey in the reflection and no light from below, the two were the same
/// pixel).
#[test]
fn a_cars_paint_mirrors_and_is_lit_by_the_ground_it_stands_on() {
    common::gl::on_each_api(|api| {
        let white = Vec3::splat(0.9);
        let grass = door_pixel(api, "grass", white);
        let asphalt = door_pixel(api, "asphalt", white);
        // The pixel is the door's: red paint turns it red.
        let red = door_pixel(api, "grass", Vec3::new(0.8, 0.05, 0.05));
        let red_excess = |p: [u8; 4]| p[0] as i32 - p[1] as i32;
        assert!(
            red_excess(red) >= red_excess(grass) + 30,
            "not the door: white {grass:?}, red {red:?}"
        );
        let green_excess = |p: [u8; 4]| p[1] as i32 - (p[0] as i32 + p[2] as i32) / 2;
        assert!(
            green_excess(grass) >= green_excess(asphalt) + 8,
            "on grass {grass:?}, on asphalt {asphalt:?}"
        );
    });
}

/// The snapshot lights the lamps render draws: brake lamps while the brake is pressed,
/// reverse lamps while driving in reverse, neither when cruising.
#[test]
fn the_snapshot_lights_brake_and_reverse_lamps_from_the_controls() {
    let mut w = settled_on_flat(&coupe(), 60, 1.0);
    let lamps = |w: &mut skidpad::sim::SimWorld, input: &TickInput| {
        w.step(input);
        let mut snap = skidpad::sim::Snapshot::default();
        w.snapshot_into(&mut snap);
        (snap.cars[0].brake_lamps, snap.cars[0].reverse_lamps)
    };
    assert_eq!(lamps(&mut w, &input(0.5, 0.0, 0.0)), (false, false), "cruising");
    assert_eq!(lamps(&mut w, &input(0.0, 0.0, 1.0)), (true, false), "braking");
    let mut reverse = input(0.5, 0.0, 0.0);
    reverse.control.reverse = true;
    assert_eq!(lamps(&mut w, &reverse), (false, true), "reversing");
}

#[test]
fn build_rs_baked_every_shipped_model_byte_for_byte_as_a_bake_now() {
    // What the game loads for a shipped car is the model `build.rs` baked, never the glTF
    // parsed at run time; it must be what the same code bakes from the file now.
    let baked = skidpad::content::embedded_baked_models();
    for name in ["big_wheeler", "coupe", "electric", "sedan"] {
        let (_, bytes) = baked
            .iter()
            .find(|(n, _)| *n == name)
            .unwrap_or_else(|| panic!("{name} is not baked into the binary"));
        let now = CarModel::bake(name, &glb(name)).unwrap();
        assert_eq!(CarModel::decode(name, bytes).unwrap(), now, "{name}");
        assert_eq!(*bytes, now.encode().as_slice(), "{name}");
        let car = CarDef::load(&ContentRoot::Embedded, name).unwrap();
        assert_eq!(
            car.model_mesh.as_deref(),
            Some(&now),
            "{name}: the car carries the baked model"
        );
    }
}

#[test]
fn a_corrupt_or_old_baked_model_is_a_clear_error() {
    let bytes = CarModel::bake("coupe", &glb("coupe")).unwrap().encode();
    let e = CarModel::decode("embedded:baked/models/coupe.bin", &bytes[..bytes.len() / 2])
        .unwrap_err()
        .to_string();
    assert!(e.contains("coupe.bin") && e.contains("corrupt or truncated"), "{e}");
    let mut old = bytes.clone();
    old[0] = old[0].wrapping_add(7); // postcard's varint of the format version
    let e = CarModel::decode("m.bin", &old).unwrap_err().to_string();
    assert!(e.contains("format version"), "{e}");
}

/// The draw counts of one frame of the coupe settled on flat ground, seen from `distance_m`
/// away (from its front left, above), in a viewport `scale` times 320 × 240 (the frustum is
/// the same at every scale: only the wheels' size on screen changes).
fn coupe_from(api: GlApi, distance_m: f32, scales: [u32; 2]) -> [FrameDrawStats; 2] {
    let mut f = settled_coupe(api, None);
    let centre = f.session.world().player_body().translation();
    let camera = Camera::looking_at(centre + Vec3::new(0.6, 0.4, 0.7).normalize() * distance_m, centre);
    scales.map(|k| {
        f.renderer.draw(&f.session.frame_view(1.0, &camera), W * k, H * k);
        f.renderer.last_draw_stats()
    })
}

/// Triangles of a model's mesh.
fn tris(mesh: &PartMesh) -> u32 {
    (mesh.indices.len() / 3) as u32
}

/// Issue 20: a wheel a few pixels across draws with the far wheel (`render/car_lod.rs`) in
/// the lit pass, so a field of cars in the distance costs a quarter of the wheels'
/// triangles; a wheel big on screen keeps the model's mesh (its pixels as before). The
/// shadow pass draws every wheel far, whatever its size on screen.
#[test]
fn a_far_cars_wheels_draw_with_the_far_mesh_and_a_near_cars_with_the_models() {
    let model = CarModel::bake("coupe.glb", &glb("coupe")).unwrap();
    let saved = 4 * (tris(&model.wheel) - 8 * FAR_WHEEL_SIDES as u32);
    assert!(saved >= 4 * 100, "the far wheel saves {saved} triangles a car");
    let far = model.body_far.as_ref().expect("the coupe has a far body");
    let distant = model.body_distant.as_ref().expect("the coupe has a distant body");
    common::gl::on_each_api(|api| {
        // 30 m away: wheels ~5 px across at 240 px (far), ~23 px at 1200 px (near); the
        // body 30 px long (distant) and 150 px (far).
        let [small, large] = coupe_from(api, 30.0, [1, 5]);
        assert_eq!(small.lit.drawn, large.lit.drawn, "same frustum, same draws");
        assert_eq!(
            large.lit.triangles - small.lit.triangles,
            saved + tris(far) - tris(distant),
            "lit pass"
        );
        // 5 m away: wheels ~27 px across even at 240 px: the model's wheel at both sizes.
        let [near_small, near_large] = coupe_from(api, 5.0, [1, 5]);
        assert_eq!(near_small.lit.triangles, near_large.lit.triangles, "near car, lit pass");
        // The shadow pass: four far wheels at any size. On flat ground the car is all that
        // casts (the ground is never submitted to the shadow pass, and the count says so):
        // the far body, or the distant one where the car is drawn distant (30 m at 240 px).
        let wheels = 4 * 8 * FAR_WHEEL_SIDES as u32;
        assert_eq!(
            small.shadow.triangles,
            tris(distant) + wheels,
            "shadow pass at 30 m, 240 px"
        );
        for s in [large, near_small, near_large] {
            assert_eq!(s.shadow.triangles, tris(far) + wheels, "shadow pass");
        }
    });
}

/// Issue 43: a car 12 m away is 71 px long at 240 px (its far body) and 355 px at 1200 px
/// (the model's body); its wheels change mesh at the same time (11 and 57 px across). The
/// lit pass's difference is both savings exactly; the shadow pass draws the far body at
/// both sizes. At 60 m the body is 15 and 75 px long: distant and far, in both passes; the
/// wheels far at both sizes (2 and 11 px across).
#[test]
fn a_far_cars_body_draws_with_the_far_body_and_a_near_cars_with_the_models() {
    let model = CarModel::bake("coupe.glb", &glb("coupe")).unwrap();
    let far = model.body_far.as_ref().expect("the coupe has a far body");
    let distant = model.body_distant.as_ref().expect("the coupe has a distant body");
    let body_saved = tris(&model.body) - tris(far);
    let wheels_saved = 4 * (tris(&model.wheel) - 8 * FAR_WHEEL_SIDES as u32);
    let near = tris(&model.body);
    assert!(
        body_saved * 10 >= near * 7,
        "the far body saves only {body_saved} of {near} triangles"
    );
    common::gl::on_each_api(|api| {
        let [small, large] = coupe_from(api, 12.0, [1, 5]);
        assert_eq!(small.lit.drawn, large.lit.drawn, "same frustum, same draws");
        assert_eq!(large.lit.triangles - small.lit.triangles, body_saved + wheels_saved);
        assert_eq!(large.shadow.triangles, small.shadow.triangles, "shadow pass");
        let [distant_small, far_large] = coupe_from(api, 60.0, [1, 5]);
        let step = tris(far) - tris(distant);
        assert_eq!(far_large.lit.triangles - distant_small.lit.triangles, step);
        assert_eq!(far_large.shadow.triangles - distant_small.shadow.triangles, step);
    });
}

/// Issue 43: bodies a player recognises, not slabs: 3–8 k triangles with a far body of at
/// most 30 % of them and a distant body of at most 75 % of that; curved (the paint's normals point more than 500 ways at 1/50
/// resolution, 683–1094 today, where the box bodies' pointed 9–11); round arches that hug each wheel (no body vertex
/// beside a wheel within its radius and 2 cm, some paint within 12 cm of its top).
#[test]
fn every_body_is_curved_with_round_arches_and_a_far_body() {
    for name in CARS {
        let car = CarDef::load(&ContentRoot::Embedded, name).unwrap();
        let model = CarModel::bake(name, &glb(name)).unwrap();
        let triangles = model.body.indices.len() / 3;
        assert!((3000..=8000).contains(&triangles), "{name}: {triangles} triangles");
        let far = model.body_far.as_ref().unwrap_or_else(|| panic!("{name}: no far body"));
        assert!(
            far.indices.len() / 3 * 10 <= triangles * 3,
            "{name}: far body {}",
            far.indices.len() / 3
        );
        // The distant body: three quarters of the far one's triangles at most, the same
        // outline (the bake checks it within 5 cm), its lamps still there.
        let distant = model
            .body_distant
            .as_ref()
            .unwrap_or_else(|| panic!("{name}: no distant body"));
        assert!(
            distant.indices.len() * 4 <= far.indices.len() * 3,
            "{name}: distant body {}",
            distant.indices.len() / 3
        );
        assert!(
            distant.parts.contains(&CarPart::BrakeLamp),
            "{name}: a distant body without brake lamps"
        );
        let mut directions: Vec<[i32; 3]> = model
            .body
            .normals
            .iter()
            .zip(&model.body.parts)
            .filter(|(_, p)| **p == CarPart::Paint)
            .map(|(n, _)| n.map(|c| (c * 50.0).round() as i32))
            .collect();
        directions.sort_unstable();
        directions.dedup();
        assert!(
            directions.len() > 500,
            "{name}: paint normals in {} directions",
            directions.len()
        );
        for (i, w) in car.wheels.iter().enumerate() {
            let beside =
                |p: &&[f32; 3]| p[0].abs() > w.origin_m.x.abs() - 0.05 && (p[2] - w.origin_m.z).abs() < w.radius_m;
            let near = |p: &[f32; 3]| Vec3::new(0.0, p[1] - w.origin_m.y, p[2] - w.origin_m.z).length();
            let closest = model
                .body
                .positions
                .iter()
                .filter(beside)
                .map(near)
                .fold(f32::MAX, f32::min);
            assert!(
                closest > w.radius_m + 0.02,
                "{name} wheel {i}: body {closest} m from its centre"
            );
            let hugging = model
                .body
                .positions
                .iter()
                .zip(&model.body.parts)
                .filter(|(p, part)| **part == CarPart::Paint && beside(p) && p[1] > w.origin_m.y)
                .any(|(p, _)| near(p) < w.radius_m + 0.12);
            assert!(hugging, "{name} wheel {i}: no arch within 12 cm of the tyre");
        }
    }
}
