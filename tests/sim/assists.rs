//! Assists measured on the sim `sedan` on flat ground built in code: traction control
//! launches, ABS stops while steering, stability control on a step steer, and a replay
//! with assists on reproducing its hash. Each case is also run with the assists off, to
//! show the assist is what made the difference.

use crate::common;

use crate::common::{level, run, world, G};
use glam::Vec3;
use skidpad::assists::{stability::reference_yaw_rate, AssistSet};
use skidpad::content::ContentRoot;
use skidpad::replay::{Replay, ReplayHeader};
use skidpad::sim::read_car;
use skidpad::sim::{SimWorld, TickInput};
use skidpad::vehicle::BicycleModel;
use skidpad::vehicle::CarDef;

const RATE_HZ: u32 = 60;

fn sedan() -> CarDef {
    CarDef::load(&ContentRoot::Embedded, "sedan").expect("sedan loads")
}

/// The sedan settled at rest on 512 m of `ground`, facing +Z.
fn settled(ground: &str) -> SimWorld {
    let mut w = world(
        level(512.0, ground, Vec3::new(0.0, 0.3, -200.0), vec![]),
        &sedan(),
        RATE_HZ,
    );
    run(&mut w, 1.0, &TickInput::default());
    w
}

fn drive(throttle: f32, steer: f32, brake: f32, assists: AssistSet) -> TickInput {
    TickInput {
        assists,
        ..common::input(throttle, steer, brake)
    }
}

fn reading(w: &SimWorld, bicycle: Option<&BicycleModel>) -> skidpad::assists::CarReading {
    read_car(w.player(), &w.telemetry(0), w.player_body(), bicycle)
}

/// Largest driven-wheel slip ratio over a 3 s full-throttle launch from rest (after the
/// first 0.25 s, while the clutch takes up), and the speed reached.
fn launch(ground: &str, assists: AssistSet) -> (f32, f32) {
    let mut w = settled(ground);
    let input = drive(1.0, 0.0, 0.0, assists);
    let mut worst = 0.0f32;
    for tick in 0..3 * RATE_HZ {
        w.step(&input);
        if tick >= RATE_HZ / 4 {
            worst = worst.max(reading(&w, None).drive_slip_ratio);
        }
    }
    (worst, w.player_forward_speed())
}

/// The bound traction control holds the driven wheels' slip under: in the PhysX tire
/// model the sedan's drive force is flat (at the friction circle) from a slip ratio of
/// about 0.2 on asphalt; the controller aims at 0.12 and reacts a tick late, so 0.3 is
/// "at the grip peak", where full wheelspin (slip ≫ 1) is not.
const TCS_SLIP_BOUND: f32 = 0.3;

#[test]
fn traction_control_holds_launch_wheelspin_under_the_bound() {
    for ground in ["asphalt", "wet"] {
        let (with, v_with) = launch(ground, AssistSet::ALL);
        let (without, v_without) = launch(ground, AssistSet::default());
        println!(
            "TCS launch on {ground}: peak drive slip {with:.3} with TCS ({:.1} km/h at 3 s), {without:.3} without ({:.1} km/h)",
            v_with * 3.6,
            v_without * 3.6
        );
        assert!(with < TCS_SLIP_BOUND, "{ground}: {with}");
        assert!(
            without > 3.0 * TCS_SLIP_BOUND,
            "{ground}: assists off should spin: {without}"
        );
        // Holding the slip at the grip peak must not cost the launch.
        assert!(v_with > 0.9 * v_without, "{ground}: {v_with} vs {v_without}");
    }
}

/// Brakes from 100 km/h with the steering held at `steer`: (path length to a stop, heading
/// change in degrees, lateral displacement, whether any wheel locked at speed).
fn brake_from_100(assists: AssistSet, steer: f32) -> (f32, f32, f32, bool) {
    let mut w = settled("asphalt");
    let v0 = 100.0 / 3.6;
    w.set_player_velocity(Vec3::Z * v0, Vec3::ZERO);
    let start = w.player_body().translation();
    let input = drive(0.0, steer, 1.0, assists);
    let (mut locked, mut path_m) = (false, 0.0f32);
    for _ in 0..10 * RATE_HZ {
        w.step(&input);
        path_m += w.player_body().linvel().length() * w.dt_s();
        let r = reading(&w, None);
        locked |= r.forward_speed_mps > 5.0 && r.brake_slip_ratio < -0.9;
        if w.player_body().linvel().length() < 0.05 {
            break;
        }
    }
    let end = w.player_body().translation();
    let forward = *w.player_body().rotation() * Vec3::Z;
    let heading_deg = forward.x.atan2(forward.z).to_degrees().abs();
    (path_m, heading_deg, (end - start).x.abs(), locked)
}

/// How far the ABS stop may be from v²/(2μg), as a fraction: the issue's ±10 %, for the
/// gentle steer and the firmer one alike. (Steer 0.04 asks ≈ 4 m/s² of lateral demand at
/// 100 km/h, from the 3.7 kN of left-right load difference measured, m·a_y·h/track per
/// axle; the friction circle leaves √(1 − 0.4²) = 92 % of μg for braking at the start,
/// more as the car slows, since the demand falls with v². With one brake limit for all
/// four wheels the unloaded inside wheels set it and the stop was 12 % long; per-wheel
/// ABS lets each wheel use its own grip.)
const ABS_DISTANCE_TOLERANCE: f32 = 0.10;

#[test]
fn abs_stops_short_and_steers_where_locked_wheels_cannot() {
    // μ: asphalt's friction 1.0 (content/materials.toml) × the sedan's tire_friction 1.0.
    let mu = 1.0;
    let v0: f32 = 100.0 / 3.6;
    let ideal = v0 * v0 / (2.0 * mu * G);
    let abs_only = AssistSet {
        abs: true,
        ..AssistSet::default()
    };
    println!("ABS stops from 100 km/h: v²/(2μg) = {ideal:.1} m");
    // A gentle steer (≈ 1 m/s² of lateral demand: 99.5 % of the friction circle left for
    // braking) and a firmer one; a locked car follows neither.
    for steer in [0.01, 0.04] {
        let tolerance = ABS_DISTANCE_TOLERANCE;
        let (d_abs, yaw_abs, lat_abs, locked_abs) = brake_from_100(abs_only, steer);
        let (d_raw, yaw_raw, lat_raw, locked_raw) = brake_from_100(AssistSet::default(), steer);
        println!("  steer {steer} with ABS: {d_abs:.1} m ({:+.1} %), heading change {yaw_abs:.1}°, lateral {lat_abs:.2} m, locked {locked_abs}", (d_abs / ideal - 1.0) * 100.0);
        println!("  steer {steer} without:  {d_raw:.1} m ({:+.1} %), heading change {yaw_raw:.1}°, lateral {lat_raw:.2} m, locked {locked_raw}", (d_raw / ideal - 1.0) * 100.0);
        assert!(
            (d_abs / ideal - 1.0).abs() <= tolerance,
            "steer {steer}: ABS stop {d_abs} m vs {ideal} m (±{tolerance})"
        );
        assert!(!locked_abs, "steer {steer}: a wheel locked with ABS on");
        assert!(
            locked_raw,
            "steer {steer}: without ABS full brake should lock the wheels"
        );
        assert!(
            yaw_abs > 2.0 * yaw_raw.max(1.0),
            "steer {steer}: ABS car turns: {yaw_abs}° vs {yaw_raw}°"
        );
        assert!(lat_abs > lat_raw + 1.0, "steer {steer}: {lat_abs} vs {lat_raw}");
    }
}

/// A step to full steer with full throttle at 60 km/h on `ground`, held 3 s (a rear-drive
/// car's power oversteer): the largest yaw rate beyond the reference (bicycle-model
/// steady-state gain × road-wheel angle at the speed of that tick; turning against the
/// steer counts whole), the peak yaw rate, and the heading change in degrees (positive:
/// the way the wheel points).
fn step_steer(ground: &str, assists: AssistSet) -> (f32, f32, f32) {
    let bicycle = BicycleModel::of_car(&sedan());
    let mut w = settled(ground);
    w.set_player_velocity(Vec3::Z * 60.0 / 3.6, Vec3::ZERO);
    let input = drive(1.0, 1.0, 0.0, assists);
    let (mut excess, mut peak) = (0.0f32, 0.0f32);
    for _ in 0..3 * RATE_HZ {
        w.step(&input);
        let r = reading(&w, bicycle.as_ref());
        let Some(r_ref) = reference_yaw_rate(1.0, &r) else {
            continue;
        };
        if r.forward_speed_mps > 5.0 {
            let yaw = r.yaw_rate_right_rad_per_s;
            excess = excess.max(if yaw >= 0.0 { yaw - r_ref } else { -yaw + r_ref });
        }
        peak = peak.max(r.yaw_rate_right_rad_per_s.abs());
    }
    let f = *w.player_body().rotation() * Vec3::Z;
    (excess, peak, -f.x.atan2(f.z).to_degrees())
}

/// How far past the reference stability control lets the yaw rate go, rad/s: its own
/// deadband (0.05 rad/s + 10 % of a reference near 1 rad/s) plus a tick or two of lag.
const ESC_EXCESS_BOUND: f32 = 0.3;

#[test]
fn stability_control_holds_yaw_rate_near_the_bicycle_model() {
    let esc = AssistSet {
        stability: true,
        ..AssistSet::default()
    };
    // The player's default: stability control with traction control, as a real ESC has.
    let esc_tcs = AssistSet { traction: true, ..esc };
    for ground in ["asphalt", "wet"] {
        let (alone, peak_alone, heading_alone) = step_steer(ground, esc);
        let (with, peak_with, heading_with) = step_steer(ground, esc_tcs);
        let (without, peak_without, heading_without) = step_steer(ground, AssistSet::default());
        println!(
            "full-throttle step steer at 60 km/h on {ground}: yaw rate beyond the bicycle reference {alone:.2} rad/s with ESC (peak {peak_alone:.2}, heading {heading_alone:.0}°), {with:.2} with ESC and TCS (peak {peak_with:.2}, heading {heading_with:.0}°), {without:.2} without (peak {peak_without:.2}, heading {heading_without:.0}°)"
        );
        assert!(alone <= ESC_EXCESS_BOUND, "{ground}: ESC alone {alone}");
        assert!(with <= ESC_EXCESS_BOUND, "{ground}: ESC with TCS {with}");
        assert!(
            without > ESC_EXCESS_BOUND,
            "{ground}: the car should spin without ESC: {without}"
        );
        assert!(
            peak_without > 2.0 * peak_alone,
            "{ground}: {peak_without} vs {peak_alone}"
        );
    }
}

#[test]
fn a_replay_with_assists_on_reproduces_its_hash() {
    let script = |tick: u32| {
        let t = tick as f32 / RATE_HZ as f32;
        drive(
            if t < 4.0 { 1.0 } else { 0.0 },
            if t > 2.0 { (t * 1.7).sin() } else { 0.0 },
            if t >= 4.0 { 1.0 } else { 0.0 },
            AssistSet::ALL,
        )
    };
    let mut w = settled("wet");
    let mut inputs = Vec::new();
    let mut lamps_lit = 0;
    for tick in 0..6 * RATE_HZ {
        let input = script(tick);
        w.step(&input);
        inputs.push(input);
        let l = w.assist_lamps();
        lamps_lit += (l.traction || l.abs || l.stability) as u32;
    }
    assert!(lamps_lit > 0, "the assists never acted: the test would prove nothing");
    let replay = Replay {
        header: ReplayHeader::new("test", "sedan", "desktop", RATE_HZ, 0, "", w.state_hash()),
        inputs,
        guest_inputs: Vec::new(),
    };
    let back = Replay::decode("assists.rpl", &replay.encode()).unwrap();
    let mut again = settled("wet");
    for i in &back.inputs {
        again.step(i);
    }
    assert_eq!(again.state_hash(), back.header.final_state_hash);
    // The same inputs without assists drive differently: the replay had to know them.
    let mut raw = settled("wet");
    for i in &back.inputs {
        raw.step(&TickInput {
            assists: AssistSet::default(),
            ..*i
        });
    }
    assert_ne!(raw.state_hash(), back.header.final_state_hash);
    println!(
        "replay with assists: {lamps_lit} ticks with a lamp lit, hash {:016x}",
        again.state_hash()
    );
}
