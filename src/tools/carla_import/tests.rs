//! Tests of the CARLA dump conversion.

use super::dump::join;
use super::emit::num;
use super::*;
use std::f64::consts::PI;

/// A tesla.model3-style dump as CARLA 0.9.13 prints it, spawned at (10 m, −20 m) facing +x.
const TESLA: &str = concat!(
    "VehiclePhysicsControl(torque_curve=[Vector2D(x=0.000000, y=400.000000), ",
    "Vector2D(x=1890.760742, y=500.000000), Vector2D(x=5729.577637, y=400.000000)], ",
    "max_rpm=5729.577637, moi=1.000000, damping_rate_full_throttle=0.150000, ",
    "damping_rate_zero_throttle_clutch_engaged=2.000000, damping_rate_zero_throttle_clutch_disengaged=0.350000, ",
    "use_gear_autobox=True, gear_switch_time=0.500000, clutch_strength=10.000000, final_ratio=4.000000, ",
    "forward_gears=[GearPhysicsControl(ratio=4.250000, down_ratio=0.500000, up_ratio=0.650000), ",
    "GearPhysicsControl(ratio=2.520000, down_ratio=0.500000, up_ratio=0.650000), ",
    "GearPhysicsControl(ratio=1.660000, down_ratio=0.500000, up_ratio=0.650000)], ",
    "mass=1845.000000, drag_coefficient=0.300000, center_of_mass=Location(x=0.450000, y=0.000000, z=-0.300000), ",
    "steering_curve=[Vector2D(x=0.000000, y=1.000000), Vector2D(x=20.000000, y=0.900000), ",
    "Vector2D(x=60.000000, y=0.800000), Vector2D(x=120.000000, y=0.700000)], use_sweep_wheel_collision=False, ",
    "wheels=[",
    "WheelPhysicsControl(tire_friction=3.500000, damping_rate=0.250000, max_steer_angle=70.000000, ",
    "radius=37.000000, max_brake_torque=1500.000000, max_handbrake_torque=0.000000, lat_stiff_max_load=2.000000, ",
    "lat_stiff_value=17.000000, long_stiff_value=1000.000000, ",
    "position=Vector3D(x=1145.000000, y=-2080.000000, z=67.000000)), ",
    "WheelPhysicsControl(tire_friction=3.500000, damping_rate=0.250000, max_steer_angle=70.000000, ",
    "radius=37.000000, max_brake_torque=1500.000000, max_handbrake_torque=0.000000, lat_stiff_max_load=2.000000, ",
    "lat_stiff_value=17.000000, long_stiff_value=1000.000000, ",
    "position=Vector3D(x=1145.000000, y=-1920.000000, z=67.000000)), ",
    "WheelPhysicsControl(tire_friction=3.500000, damping_rate=0.250000, max_steer_angle=0.000000, ",
    "radius=37.000000, max_brake_torque=1500.000000, max_handbrake_torque=3000.000000, ",
    "lat_stiff_max_load=2.000000, lat_stiff_value=17.000000, long_stiff_value=1000.000000, ",
    "position=Vector3D(x=855.000000, y=-2080.000000, z=67.000000)), ",
    "WheelPhysicsControl(tire_friction=3.500000, damping_rate=0.250000, max_steer_angle=0.000000, ",
    "radius=37.000000, max_brake_torque=1500.000000, max_handbrake_torque=3000.000000, ",
    "lat_stiff_max_load=2.000000, lat_stiff_value=17.000000, long_stiff_value=1000.000000, ",
    "position=Vector3D(x=855.000000, y=-1920.000000, z=67.000000))])"
);

/// The same car as JSON, keys in another order, both curve and vector spellings.
const TESLA_JSON: &str = r#"{
        "mass": 1845, "max_rpm": 5729.577637, "moi": 1.0,
        "torque_curve": [[0, 400], [1890.760742, 500], [5729.577637, 400]],
        "steering_curve": [{"x": 0, "y": 1}, {"x": 20, "y": 0.9}, {"x": 60, "y": 0.8}, {"x": 120, "y": 0.7}],
        "damping_rate_full_throttle": 0.15, "damping_rate_zero_throttle_clutch_engaged": 2.0,
        "damping_rate_zero_throttle_clutch_disengaged": 0.35, "use_gear_autobox": true,
        "gear_switch_time": 0.5, "clutch_strength": 10, "final_ratio": 4,
        "forward_gears": [{"ratio": 4.25, "down_ratio": 0.5, "up_ratio": 0.65},
                          {"ratio": 2.52, "down_ratio": 0.5, "up_ratio": 0.65},
                          {"ratio": 1.66, "down_ratio": 0.5, "up_ratio": 0.65}],
        "drag_coefficient": 0.3, "center_of_mass": {"x": 0.45, "y": 0, "z": -0.3},
        "use_sweep_wheel_collision": false,
        "wheels": [
          {"tire_friction": 3.5, "damping_rate": 0.25, "max_steer_angle": 70, "radius": 37,
           "max_brake_torque": 1500, "max_handbrake_torque": 0, "lat_stiff_max_load": 2,
           "lat_stiff_value": 17, "long_stiff_value": 1000, "position": {"x": 1145, "y": -2080, "z": 67}},
          {"tire_friction": 3.5, "damping_rate": 0.25, "max_steer_angle": 70, "radius": 37,
           "max_brake_torque": 1500, "max_handbrake_torque": 0, "lat_stiff_max_load": 2,
           "lat_stiff_value": 17, "long_stiff_value": 1000, "position": [1145, -1920, 67]},
          {"tire_friction": 3.5, "damping_rate": 0.25, "max_steer_angle": 0, "radius": 37,
           "max_brake_torque": 1500, "max_handbrake_torque": 3000, "lat_stiff_max_load": 2,
           "lat_stiff_value": 17, "long_stiff_value": 1000, "position": {"x": 855, "y": -2080, "z": 67}},
          {"tire_friction": 3.5, "damping_rate": 0.25, "max_steer_angle": 0, "radius": 37,
           "max_brake_torque": 1500, "max_handbrake_torque": 3000, "lat_stiff_max_load": 2,
           "lat_stiff_value": 17, "long_stiff_value": 1000, "position": {"x": 855, "y": -1920, "z": 67}}
        ]
    }"#;

fn convert(text: &str) -> Result<Converted, ContentError> {
    convert_dump("tesla.txt", text, "Tesla Model 3 (from CARLA)")
}

/// `text` with the `n`th (0-based) occurrence of `from` replaced by `to`.
fn replace_nth(text: &str, from: &str, to: &str, n: usize) -> String {
    let (at, _) = text.match_indices(from).nth(n).expect("occurrence");
    format!("{}{to}{}", &text[..at], &text[at + from.len()..])
}

fn float(v: &toml::Value) -> f64 {
    v.as_float().expect("a float")
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

#[test]
fn converted_values_are_in_our_units_and_frame() {
    let c = convert(TESLA).unwrap();
    let v: toml::Value = toml::from_str(&c.toml).unwrap_or_else(|e| panic!("{e}\n{}", c.toml));
    assert_eq!(v["model"].as_str(), Some("sim"));
    assert_eq!(v["description"].as_str(), Some("Tesla Model 3 (from CARLA)"));
    let physics = &v["physics"];
    assert_eq!(float(&physics["mass"]), 1845.0);
    let wheels = v["wheels"].as_array().unwrap();
    assert_eq!(wheels.len(), 4);
    // CARLA (x forward, y right) → ours (+Z forward, +X left), metres, centre at the radius.
    let expected = [
        [0.8, 0.37, 1.45],
        [-0.8, 0.37, 1.45],
        [0.8, 0.37, -1.45],
        [-0.8, 0.37, -1.45],
    ];
    for (w, e) in wheels.iter().zip(expected) {
        assert_eq!(float(&w["radius"]), 0.37);
        let p: Vec<f64> = w["position"].as_array().unwrap().iter().map(float).collect();
        for (a, b) in p.iter().zip(e) {
            assert!(close(*a, b, 1e-9), "{p:?} vs {e:?}");
        }
    }
    assert_eq!(float(&wheels[0]["max_steer_angle"]), 70.0);
    assert_eq!(float(&wheels[2]["max_steer_angle"]), 0.0);
    assert_eq!(float(&wheels[2]["max_handbrake_torque"]), 3000.0);
    assert_eq!(float(&wheels[0]["width_m"]), 0.26);
    assert!(close(float(&wheels[0]["inertia"]), 0.5 * 20.0 * 0.37 * 0.37, 1e-9));
    // Steering curve: 20 km/h → 5.5556 m/s, factors kept.
    let steer = physics["steering_curve"].as_array().unwrap();
    assert!(close(float(&steer[1][0]), 20.0 / 3.6, 1e-4), "{:?}", steer[1]);
    assert_eq!(float(&steer[1][1]), 0.9);
    assert!(close(float(&steer[3][0]), 33.3333, 1e-4));
    let torque = physics["torque_curve"].as_array().unwrap();
    assert_eq!(float(&torque[1][0]), 1890.760742);
    assert_eq!(float(&torque[1][1]), 500.0);
    assert_eq!(physics["forward_gears"].as_array().unwrap().len(), 3);
    assert_eq!(float(&physics["reverse_gear_ratio"]), 4.25);
    assert_eq!(float(&physics["idle_rpm"]), 573.0);
    // Centre of mass: (−y, origin height + z, x) with the origin 0.37 + 0.2 m up.
    let com: Vec<f64> = physics["center_of_mass"]
        .as_array()
        .unwrap()
        .iter()
        .map(float)
        .collect();
    assert!(
        close(com[0], 0.0, 1e-9) && close(com[1], 0.27, 1e-9) && close(com[2], 0.45, 1e-9),
        "{com:?}"
    );
    // Frontal area: track 1.6 m × 1.45 m × 0.85.
    assert!(close(float(&physics["frontal_area_m2"]), 1.6 * 1.45 * 0.85, 1e-6));
    // Springs: front share (0.45 + 1.45) / 2.9 of 1845 kg over two wheels, 1.5 Hz.
    let sprung_front = 1845.0 * (0.45 + 1.45) / 2.9 / 2.0;
    let k = sprung_front * (2.0 * PI * 1.5f64).powi(2);
    assert!(close(float(&wheels[0]["suspension_spring_rate"]), k.round(), 0.5));
    assert!(close(
        float(&wheels[0]["suspension_damper"]),
        (0.7 * (k * sprung_front).sqrt()).round(),
        1.0
    ));
    assert_eq!(v["differential"]["drive"].as_str(), Some("rear"));
    // Chassis: body 2.9 + 0.74 + 0.8 long, 1.75 wide, centred 0.37 + 0.275 up.
    let body = &v["chassis"][0];
    let size: Vec<f64> = body["size_m"].as_array().unwrap().iter().map(float).collect();
    assert!(close(size[0], 1.75, 1e-9) && close(size[1], 0.55, 1e-9) && close(size[2], 4.44, 1e-9));
    assert!(close(float(&body["position_m"][1]), 0.645, 1e-9));
    assert!(c.toml.contains("# Converted from CARLA dump: tesla.txt"));
    assert!(
        c.warnings.iter().any(|w| w.contains("center_of_mass")),
        "{:#?}",
        c.warnings
    );
    assert!(c.warnings.iter().any(|w| w.contains("idle_rpm")));
    assert!(c.warnings.iter().any(|w| w.contains("tire_friction")));
}

/// Every key of `content/cars/sedan.toml`, and only those, in the same sections.
#[test]
fn output_has_the_keys_of_the_sedan() {
    fn shape(v: &toml::Value, path: &str, out: &mut std::collections::BTreeSet<String>) {
        match v {
            toml::Value::Table(t) => {
                for (k, v) in t {
                    let p = join(path, k);
                    out.insert(p.clone());
                    shape(v, &p, out);
                }
            }
            toml::Value::Array(items) if items.iter().all(toml::Value::is_table) => {
                if let Some(first) = items.first() {
                    shape(first, &format!("{path}[]"), out);
                }
            }
            _ => {}
        }
    }
    let sedan: toml::Value = toml::from_str(include_str!("../../../content/cars/sedan.toml")).unwrap();
    let ours: toml::Value = toml::from_str(&convert(TESLA).unwrap().toml).unwrap();
    let (mut a, mut b) = (Default::default(), Default::default());
    shape(&sedan, "", &mut a);
    shape(&ours, "", &mut b);
    // A CARLA dump carries physics, not a look: the shipped sedan names its glTF model, an
    // imported car draws as its collision boxes until someone gives it one.
    assert!(a.remove("look_model"), "the shipped sedan names its model");
    assert_eq!(a, b);
}

#[test]
fn converted_dump_loads_as_a_car() {
    let converted = convert(TESLA).unwrap();
    crate::vehicle::CarDef::parse("tesla.toml", "tesla", converted.toml.as_bytes())
        .unwrap_or_else(|e| panic!("{e}\n{}", converted.toml));
    assert!(
        !converted.warnings.iter().any(|w| w.contains("does not load")),
        "{:#?}",
        converted.warnings
    );
}

#[test]
fn json_gives_the_same_car_as_the_repr() {
    let repr = convert(TESLA).unwrap();
    let json = convert(TESLA_JSON).unwrap();
    assert_eq!(repr.toml, json.toml);
}

#[test]
fn a_yawed_car_is_turned_back() {
    // The same car spawned facing CARLA's +y (yaw 90°): forward is +y, right is −x.
    let yawed = TESLA
        .replace("x=1145.000000, y=-2080.000000", "x=1080.000000, y=-1855.000000")
        .replace("x=1145.000000, y=-1920.000000", "x=920.000000, y=-1855.000000")
        .replace("x=855.000000, y=-2080.000000", "x=1080.000000, y=-2145.000000")
        .replace("x=855.000000, y=-1920.000000", "x=920.000000, y=-2145.000000");
    let c = convert(&yawed).unwrap();
    assert!(
        c.warnings.iter().any(|w| w.contains("yawed by 90.0°")),
        "{:#?}",
        c.warnings
    );
    let v: toml::Value = toml::from_str(&c.toml).unwrap();
    let p: Vec<f64> = v["wheels"][0]["position"]
        .as_array()
        .unwrap()
        .iter()
        .map(float)
        .collect();
    assert!(close(p[0], 0.8, 1e-9) && close(p[2], 1.45, 1e-9), "{p:?}");
}

#[test]
fn unknown_keys_are_warned_about_and_optional_ones_defaulted() {
    let text = TESLA
        .replace(
            "mass=1845.000000,",
            "mass=1845.000000, wheel_y=3.0, some_curve=[1, 2, (3, 4)],",
        )
        .replace("lat_stiff_value=17.000000, ", "")
        .replace(", use_sweep_wheel_collision=False", "");
    let c = convert(&text).unwrap();
    assert!(
        c.warnings.iter().any(|w| w.contains("ignored `wheel_y`")),
        "{:#?}",
        c.warnings
    );
    assert!(c.warnings.iter().any(|w| w.contains("ignored `some_curve`")));
    assert!(c
        .warnings
        .iter()
        .any(|w| w.contains("`wheels[3].lat_stiff_value` is not in the dump")));
    let sweep = TESLA.replace("use_sweep_wheel_collision=False", "use_sweep_wheel_collision=True");
    let c = convert(&sweep).unwrap();
    assert!(c.toml.contains("use_sweep_wheel_collision = false"));
    assert!(c
        .warnings
        .iter()
        .any(|w| w.contains("use_sweep_wheel_collision = True")));
}

#[test]
fn a_missing_key_is_named() {
    let e = convert(&TESLA.replace("mass=1845.000000, ", "")).unwrap_err();
    assert_eq!((e.file.as_str(), e.field.as_str()), ("tesla.txt", "mass"));
    assert!(e.problem.contains("missing"), "{e}");
    let e = convert(&replace_nth(TESLA, "radius=37.000000, ", "", 2)).unwrap_err();
    assert_eq!(e.field, "wheels[2].radius");
    let e = convert(&TESLA.replace("Location(x=0.450000, ", "Location(")).unwrap_err();
    assert_eq!(e.field, "center_of_mass.x");
}

#[test]
fn non_finite_values_are_named() {
    let e = convert(&TESLA.replace("mass=1845.000000", "mass=nan")).unwrap_err();
    assert_eq!(e.field, "mass");
    assert!(e.problem.contains("not a finite number"), "{e}");
    let e = convert(&replace_nth(TESLA, "radius=37.000000", "radius=inf", 1)).unwrap_err();
    assert_eq!(e.field, "wheels[1].radius");
    let e = convert(&TESLA.replace("y=500.000000", "y=-inf")).unwrap_err();
    assert_eq!(e.field, "torque_curve[1].y");
    let e = convert(&TESLA.replace("max_rpm=5729.577637", "max_rpm=1e999")).unwrap_err();
    assert_eq!(e.field, "max_rpm");
    let e = convert(&TESLA_JSON.replace("\"mass\": 1845", "\"mass\": NaN")).unwrap_err();
    assert_eq!(e.field, "line 2 col 17");
    assert!(e.problem.contains("NaN"), "{e}");
}

#[test]
fn bad_values_are_named() {
    let e = convert(&replace_nth(TESLA, "radius=37.000000", "radius=-37.0", 3)).unwrap_err();
    assert_eq!(e.field, "wheels[3].radius");
    let e = convert(&replace_nth(TESLA, "radius=37.000000", "radius=0.37", 0)).unwrap_err();
    assert!(e.problem.contains("centimetres"), "{e}");
    let e = convert(&TESLA.replace("x=20.000000", "x=0.000000")).unwrap_err();
    assert_eq!(e.field, "steering_curve[1].x");
    let e = convert(&TESLA.replace("mass=1845.000000", "mass=True")).unwrap_err();
    assert!(e.problem.contains("expected a number, found `True`"), "{e}");
    let e = convert(&TESLA.replace("max_steer_angle=70.000000", "max_steer_angle=0.0")).unwrap_err();
    assert_eq!(e.field, "wheels");
    let e = convert(&TESLA.replace("z=67.000000)), ", "z=67.000000)), WheelPhysicsControl(), ")).unwrap_err();
    assert_eq!(e.field, "wheels[1].radius");
    let three = format!("{}])", &TESLA[..TESLA.rfind(", WheelPhysicsControl(").unwrap()]);
    let e = convert(&three).unwrap_err();
    assert_eq!(e.field, "wheels");
    assert!(e.problem.contains("at least 4"), "{e}");
    let wheel = &TESLA[TESLA.find("WheelPhysicsControl(").unwrap()..TESLA.len() - 2];
    let nine = format!("{}, {wheel}, {wheel}])", &TESLA[..TESLA.len() - 2]);
    let e = convert(&nine).unwrap_err();
    assert!(e.problem.contains("at most 8"), "{e}");
    let e = convert(&TESLA.replace("mass=1845.000000", "mass=1.0, mass=2.0")).unwrap_err();
    assert_eq!(e.field, "mass");
    assert!(e.problem.contains("twice"));
    let same = replace_nth(
        TESLA,
        "x=1145.000000, y=-1920.000000",
        "x=1145.000000, y=-2080.000000",
        0,
    );
    let e = convert(&same).unwrap_err();
    assert_eq!(e.field, "wheels[1].position");
}

#[test]
fn parse_errors_name_the_position_and_what_was_expected() {
    let e = convert("VehiclePhysicsControl(mass=1845.0,\n  max_rpm=?)").unwrap_err();
    assert_eq!(e.field, "line 2 col 11");
    assert!(e.problem.starts_with("expected a value"), "{e}");
    let e = convert("VehiclePhysicsControl(mass=1845.0 max_rpm=1)").unwrap_err();
    assert_eq!(e.field, "line 1 col 35");
    assert!(e.problem.contains("expected `,` or `)`"), "{e}");
    let e = convert("VehiclePhysicsControl(mass=1.5e)").unwrap_err();
    assert!(e.problem.contains("exponent"), "{e}");
    let e = convert("Vehicle(mass='x").unwrap_err();
    assert!(e.problem.contains("not closed"), "{e}");
    let e = convert("VehiclePhysicsControl() trailing").unwrap_err();
    assert!(e.problem.contains("end of the dump"), "{e}");
    let e = convert("").unwrap_err();
    assert_eq!(e.field, "line 1 col 1");
    let e = convert(&"[".repeat(100_000)).unwrap_err();
    assert!(e.problem.contains("nested deeper"), "{e}");
    let e = convert(&format!("{}{}", "{\"a\":".repeat(100), "1")).unwrap_err();
    assert!(e.field.starts_with("line 1 col"), "{e}");
    let e = convert("{\"mass\": 1,}").unwrap_err();
    assert!(e.problem.starts_with("not valid JSON"), "{e}");
}

#[test]
fn garbage_never_panics() {
    for text in [TESLA, TESLA_JSON] {
        for n in (0..text.len()).step_by(7) {
            let cut = text.get(..n).unwrap();
            let e = convert(cut).unwrap_err();
            assert!(e.field.starts_with("line "), "{n}: {e}");
        }
    }
    let mut junk = String::new();
    for (i, c) in "([{ =,'\"é\u{0}-+.e9xTrue)]}".chars().cycle().take(5000).enumerate() {
        junk.push(c);
        if i % 13 == 0 {
            let _ = convert(&junk);
            let _ = convert(&format!("{{{junk}"));
            let _ = convert(&format!("VehiclePhysicsControl({junk}"));
        }
    }
    for text in [
        "\u{feff}", "  \n ", "-", "+.", ".", "-x", "nan", "Foo", "Foo(", "Foo(x", "Foo(x=", "[1,", "(1, 2",
    ] {
        assert!(convert(text).is_err(), "{text:?}");
    }
}

#[test]
fn numbers_print_as_toml_floats() {
    for x in [0.0, -0.0, 1.0, 1845.0, 0.37, 5.555555555, -0.8, 1e-7, 3e20, 0.65] {
        let v: toml::Value = toml::from_str(&format!("x = {}", num(x))).unwrap();
        let back = v["x"].as_float().unwrap_or_else(|| panic!("{x} printed as {}", num(x)));
        assert!((back - x).abs() <= 1e-6 * x.abs().max(1e-9), "{x} → {}", num(x));
    }
    assert_eq!(num(1845.0), "1845.0");
    assert_eq!(num(0.37), "0.37");
    assert_eq!(num(20.0 / 3.6), "5.555556");
}
