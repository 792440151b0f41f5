//! Where the AI loses its lap against the speed profile: drives `CAR` on `LEVEL`'s racing
//! line (the line and profile the game gives it) for two laps at the top difficulty and,
//! for the flying lap, prints per stretch of the line the profile's time and the AI's, the
//! slowest speed each reached, the lateral error, the pedals and the grip used; then the
//! worst stretches and where the car left the track if it did. The tool behind
//! PERFORMANCE.md's pace figures and the first thing to run when `tests/sim/ai_pace.rs` fails.
//!
//! ```text
//! cargo run --release --example pace_probe -- montreal coupe [BIN_M]
//! PACE_TRACE=1280:1330 cargo run --release --example pace_probe -- montreal big_wheeler
//! ```
//!
//! `PACE_TRACE=FROM:TO` also prints every tick of the flying lap between those distances
//! along the line ([`trace_tick`]; with `PACE_TRACE_LAP=0`, of the out-lap from the grid,
//! whose worst footprint past a border `run --json` counts too and this prints); the
//! summary counts the ticks a steered wheel was off the ground (an arcade car pushes only
//! through its grounded front wheels).

use glam::Vec2;
use skidpad::ai::AiSettings;
use skidpad::ai::DrivingLine;
use skidpad::app::{AiPlayer, AiRace, Race, Setup, TrackBorders};
use skidpad::content::{ContentRoot, PlatformProfile, DEFAULT_PROFILE};
use skidpad::raceline::level_line;
use skidpad::sim::VehicleControl;

/// The ace's settings, with any of `PACE_PREVIEW_S`, `PACE_GAIN`, `PACE_COURSE` and `PACE_LOOKAHEAD_S`
/// from the environment (to try a change before making it).
fn settings() -> AiSettings {
    let var = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<f32>().ok());
    let mut s = AiSettings::default();
    if let Some(v) = var("PACE_PREVIEW_S") {
        s.speed_preview_s = v;
    }
    if let Some(v) = var("PACE_GAIN") {
        s.speed_gain = v;
    }
    if let Some(v) = var("PACE_OVERSTEER") {
        s.oversteer_ratio = v;
    }
    if let Some(v) = var("PACE_CROSS_TRACK") {
        s.cross_track_gain = v;
    }
    if let Some(v) = var("PACE_YAW_S") {
        s.yaw_feedback_s = v;
    }
    if let Some(v) = var("PACE_LOOKAHEAD_M") {
        s.lookahead_m = v;
    }
    if let Some(v) = var("PACE_SLIP") {
        s.slip_limit = v;
    }
    if let Some(v) = var("PACE_COURSE") {
        s.course_weight = v;
    }
    if let Some(v) = var("PACE_LOOKAHEAD_S") {
        s.lookahead_s = v;
    }
    s
}

/// One stretch of the line on the flying lap.
struct Row {
    from_m: f32,
    /// The profile's time over it, s.
    profile_s: f64,
    /// The AI's, s.
    ai_s: f64,
    min_mps: f32,
    min_target_mps: f32,
    max_off_m: f32,
    /// Mean pedals.
    throttle: f32,
    brake: f32,
    /// Yaw rate times speed, the most, m/s².
    max_lateral_mps2: f32,
    /// How far the car's footprint got past a border, the most, m (negative: inside).
    max_past_m: f32,
}

/// One tick of the flying lap.
struct Sample {
    s_m: f32,
    speed_mps: f32,
    target_mps: f32,
    offset_m: f32,
    throttle: f32,
    brake: f32,
    lateral_mps2: f32,
    past_m: f32,
}

/// One line of `PACE_TRACE`: where the car is on the line (`here_s_m`, `offset_m`), its
/// speed against the profile's there, the pedals and steering `control` gave, the yaw rate
/// and lateral acceleration (yaw rate × speed), the slip angle (velocity off the heading)
/// at the centre of mass and at the rear axle (`rear`, what the driver's traction watch reads),
/// how far the footprint is past a border (`past_m`), the lateral acceleration the line
/// asks at the profile's speed (curvature over 10 m × v²), and which wheels are on the
/// ground (1) or in the air (0), in the car file's order.
fn trace_tick(
    driving: &DrivingLine,
    body: &rapier3d::prelude::RigidBody,
    (here_s_m, offset_m): (f32, f32),
    control: &VehicleControl,
    past_m: f32,
    (grounded, rear_z): (&str, f32),
) {
    let v = Vec2::new(body.linvel().x, body.linvel().z);
    let fwd3 = *body.rotation() * glam::Vec3::Z;
    let fwd = Vec2::new(fwd3.x, fwd3.z);
    let slip_deg = fwd.perp_dot(v).atan2(fwd.dot(v)).to_degrees();
    let rv3 = body.velocity_at_point(body.translation() + *body.rotation() * glam::Vec3::new(0.0, 0.0, rear_z));
    let rv = Vec2::new(rv3.x, rv3.z);
    let rear_deg = fwd.perp_dot(rv).atan2(fwd.dot(rv)).to_degrees();
    let yaw = body.angvel().y;
    let asked = driving.turn_rad(here_s_m - 5.0, 10.0) / 10.0 * driving.speed_at(here_s_m).powi(2);
    println!(
        "T s {here_s_m:7.1} v {:5.2} target {:5.2} off {offset_m:+5.2} throttle {:4.2} brake {:4.2} \
         steer {:+5.2} yaw {yaw:+5.2} lat {:5.2} slip_deg {slip_deg:+5.1} rear {rear_deg:+5.1} past {past_m:+5.2} \
         line_lat {asked:+5.2} grounded {grounded}",
        v.length(),
        driving.speed_at(here_s_m),
        control.throttle,
        control.brake,
        control.steer,
        (yaw * v.length()).abs(),
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let level = args.get(1).map_or("montreal", String::as_str);
    let car = args.get(2).map_or("coupe", String::as_str);
    let bin_m: f32 = args.get(3).and_then(|b| b.parse().ok()).unwrap_or(100.0);
    // PACE_CONTENT=content tries a level as it is on disk, without rebuilding.
    let root = std::env::var("PACE_CONTENT").map_or(ContentRoot::Embedded, |d| ContentRoot::Dir(d.into()));
    let setup = Setup::load(&root, level, car, PlatformProfile::load(DEFAULT_PROFILE).unwrap()).unwrap();
    let line = level_line(&root, &setup.level, &setup.car).unwrap();
    let driving = line.line.clone();
    let mut ai = AiRace::with_player(
        Race::headless(&setup),
        AiPlayer::with_settings(&driving, &setup.car, settings()),
        &driving,
        setup.ai_difficulty,
    );
    let dt = ai.race.world.dt_s();
    let max_ticks = (3.0 * 2.0 * line.predicted_lap_s / dt) as u64;
    let mut lap = Vec::new();
    let mut hint = None;
    let mut off_track = Vec::new();
    let mut borders = TrackBorders::new(&setup.level, &setup.car);
    let trace = std::env::var("PACE_TRACE").ok().and_then(|t| {
        let (a, b) = t.split_once(':')?;
        Some((a.parse::<f32>().ok()?, b.parse::<f32>().ok()?))
    });
    let steered: Vec<bool> = setup.car.wheels.iter().map(|w| w.steered).collect();
    let rear: Vec<f32> = setup
        .car
        .wheels
        .iter()
        .filter(|w| !w.steered)
        .map(|w| w.origin_m.z)
        .collect();
    let rear_z = rear.iter().sum::<f32>() / rear.len().max(1) as f32;
    let mut front_lifted_ticks = 0;
    // The out-lap's worst footprint (from the grid: `run --json` counts it too).
    let mut out_lap_worst = (f32::MIN, 0.0f32);
    let trace_lap = std::env::var("PACE_TRACE_LAP")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .unwrap_or(1);
    for _ in 0..max_ticks {
        let input = ai.tick();
        let done = ai.player.laps_ticks().len();
        if done >= 2 {
            break;
        }
        let body = ai.race.world.player_body();
        let p = Vec2::new(body.translation().x, body.translation().z);
        let here = driving.locate(p, hint);
        hint = Some(here.index);
        let v = body.linvel();
        let w = body.angvel().y;
        let past_m = borders.as_mut().map_or(f32::MIN, |b| b.past(body).footprint_m);
        let wheels = ai.race.world.player().wheels();
        if done == 1 && wheels.iter().zip(&steered).any(|(w, s)| *s && !w.grounded) {
            front_lifted_ticks += 1;
        }
        if done == 0 && past_m > out_lap_worst.0 {
            out_lap_worst = (past_m, here.s_m);
        }
        if trace.is_some_and(|(from, to)| done == trace_lap && here.s_m >= from && here.s_m < to) {
            let grounded: String = wheels.iter().map(|w| if w.grounded { '1' } else { '0' }).collect();
            trace_tick(
                &driving,
                body,
                (here.s_m, here.offset_m),
                &input.control,
                past_m,
                (&grounded, rear_z),
            );
        }
        if done == 1 {
            lap.push(Sample {
                s_m: here.s_m,
                speed_mps: Vec2::new(v.x, v.z).length(),
                target_mps: driving.speed_at(here.s_m),
                offset_m: here.offset_m,
                throttle: input.control.throttle,
                brake: input.control.brake,
                lateral_mps2: (w * Vec2::new(v.x, v.z).length()).abs(),
                past_m,
            });
        }
        if body.translation().y < -1.0 || here.offset_m.abs() > 12.0 {
            off_track.push((done, here.s_m, here.offset_m));
        }
    }
    let laps = ai.player.laps_ticks();
    println!(
        "{level} {car}: line {} ({:.0} m), predicted {:.2} s, laps {:?}",
        line.source,
        driving.length_m(),
        line.predicted_lap_s,
        laps.iter().map(|t| *t as f32 * dt).collect::<Vec<_>>()
    );
    if let Some((lapn, s, o)) = off_track.first() {
        println!("far off the line (> 12 m) first on lap {lapn} at {s:.0} m ({o:+.1} m)");
    }
    if laps.len() < 2 {
        return;
    }
    // The profile's time per bin: Σ ds / v over the line at 1 m.
    let n_bins = (driving.length_m() / bin_m).ceil() as usize;
    let mut profile_s = vec![0.0f64; n_bins];
    let mut s = 0.0f32;
    while s < driving.length_m() {
        let v = 0.5 * (driving.speed_at(s) + driving.speed_at(s + 1.0));
        profile_s[(s / bin_m) as usize] += 1.0 / v.max(0.1) as f64;
        s += 1.0;
    }
    let mut rows: Vec<Row> = Vec::new();
    for (b, profile_s) in profile_s.iter().enumerate() {
        let in_bin: Vec<&Sample> = lap.iter().filter(|x| (x.s_m / bin_m) as usize == b).collect();
        if in_bin.is_empty() {
            continue;
        }
        let mean = |f: fn(&Sample) -> f32| in_bin.iter().map(|x| f(x)).sum::<f32>() / in_bin.len() as f32;
        rows.push(Row {
            from_m: b as f32 * bin_m,
            profile_s: *profile_s,
            ai_s: in_bin.len() as f64 * dt as f64,
            min_mps: in_bin.iter().map(|x| x.speed_mps).fold(f32::MAX, f32::min),
            min_target_mps: in_bin.iter().map(|x| x.target_mps).fold(f32::MAX, f32::min),
            max_off_m: in_bin.iter().map(|x| x.offset_m.abs()).fold(0.0, f32::max),
            throttle: mean(|x| x.throttle),
            brake: mean(|x| x.brake),
            max_lateral_mps2: in_bin.iter().map(|x| x.lateral_mps2).fold(0.0, f32::max),
            max_past_m: in_bin.iter().map(|x| x.past_m).fold(f32::MIN, f32::max),
        });
    }
    println!("  from_m  profile_s  ai_s  loss_s  min_v  min_target  max_off_m  throttle  brake  max_lat  past_m");
    for r in &rows {
        println!(
            "  {:6.0}  {:8.2}  {:6.2}  {:+6.2}  {:5.1}  {:6.1}  {:6.2}  {:5.2}  {:5.2}  {:5.2}  {:+5.2}",
            r.from_m,
            r.profile_s,
            r.ai_s,
            r.ai_s - r.profile_s,
            r.min_mps,
            r.min_target_mps,
            r.max_off_m,
            r.throttle,
            r.brake,
            r.max_lateral_mps2,
            r.max_past_m
        );
    }
    println!(
        "footprint furthest past a border on the out-lap: {:+.2} m, at {:.0} m",
        out_lap_worst.0, out_lap_worst.1
    );
    if let Some(worst) = rows.iter().max_by(|a, b| a.max_past_m.total_cmp(&b.max_past_m)) {
        println!(
            "footprint furthest past a border on the flying lap: {:+.2} m, at {:.0} m",
            worst.max_past_m, worst.from_m
        );
    }
    let loss = |r: &Row| r.ai_s - r.profile_s;
    let total_loss: f64 = rows.iter().map(loss).sum();
    rows.sort_by(|a, b| loss(b).total_cmp(&loss(a)));
    println!(
        "total loss {total_loss:+.2} s; worst: {}",
        rows.iter()
            .take(6)
            .map(|r| format!("{:.0} m {:+.2} s", r.from_m, loss(r)))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let rms = (lap.iter().map(|x| x.offset_m * x.offset_m).sum::<f32>() / lap.len() as f32).sqrt();
    println!("lateral error rms {rms:.2} m");
    println!(
        "a steered wheel off the ground for {front_lifted_ticks} ticks ({:.2} s) of the flying lap",
        front_lifted_ticks as f32 * dt
    );
}
