//! A car's cornering grip as the simulation delivers it: the skidpad test (steady-state
//! cornering on a constant-radius circle at a slowly rising speed), run headless on a flat
//! ground of the track's surface. The speed profile's friction limit comes from this
//! measurement, not from the tires' nominal μ: a sim car's load transfer and tire slip
//! leave it short of μ·g (the sedan holds about 0.91·g on asphalt), so a profile at μ·g
//! asks for corner speeds no driver can reach.
//!
//! The run is deterministic (same car and surface → the same figure, bit for bit) and
//! costs about two minutes of simulated time over both circles (1.8 s in a debug build),
//! so each car and surface is measured once per process and kept (keyed by the car's
//! whole definition and the material).
//!
//! If a car's figure looks wrong (a profile far slower or faster than the car laps), run
//! `skidpad validate --car NAME`: its circle check measures the same quantity on a 40 m
//! circle.

use crate::content::level::Level;
use crate::content::material::MaterialId;
use crate::content::{bake_now, MaterialTable};
use crate::sim::{SimWorld, TickInput};
use crate::vehicle::CarDef;
use crate::vehicle::{AckermannControl, AckermannController};
use glam::{Vec2, Vec3};
use std::sync::Mutex;

/// Tick rate of the calibration run, Hz (the shipped platform profiles' rate).
const RATE_HZ: u32 = 60;
/// Radii of the calibration circles, m: a slow corner and a fast one. A car's grip is not
/// one number: it holds less in a fast corner than in a slow one (measured: the sedan 8.67 m/s² at 50 m, 6.81 at 150 m); the profile's grip fades with
/// speed between the two.
pub const SKIDPAD_RADII_M: [f32; 2] = [50.0, 150.0];
/// How slowly the speed rises while the grip is measured, m/s² (slow enough to be steady
/// state: the tangential part is under 3 % of the lateral acceleration).
const RAMP_MPS2: f32 = 0.25;
/// The grip is averaged over this long, s (a transient peak is not grip the car can hold).
const WINDOW_S: f32 = 1.0;
/// Farthest from the circle a car may be while it counts, m.
const ON_CIRCLE_M: f32 = 2.0;

/// What one circle measured: the speed and the lateral acceleration held there.
pub type GripPoint = (f32, f32);

/// Measured figures, one per car definition and surface, kept for the process.
static MEASURED: Mutex<Vec<(u64, [GripPoint; 2])>> = Mutex::new(Vec::new());

/// The most centripetal acceleration `car` holds on a circle of each radius in
/// [`SKIDPAD_RADII_M`] on `surface`, with the speed it holds it at ((m/s, m/s²) per
/// circle, smallest first): on each, the mean over [`WINDOW_S`] while on the circle and
/// turning at its rate (not spinning), best over a speed ramp up to 1.25 × `expected_mps2`
/// (the car's nominal μ·g). Measured once per car and surface in a process.
pub fn measured_grip(
    car: &CarDef,
    materials: &MaterialTable,
    surface: MaterialId,
    expected_mps2: f32,
) -> [GripPoint; 2] {
    let key = fnv1a(format!("{car:?}|{:?}|{expected_mps2}", materials.get(surface)).as_bytes());
    // A poisoned lock only means another measurement panicked; the list is still valid.
    let known = |list: &Vec<(u64, [GripPoint; 2])>| list.iter().find(|(k, _)| *k == key).map(|(_, v)| *v);
    if let Some(v) = known(&MEASURED.lock().unwrap_or_else(|e| e.into_inner())) {
        return v;
    }
    let measured = SKIDPAD_RADII_M.map(|r| {
        let a = circle_run(car, materials, surface, expected_mps2, r);
        ((a * r).sqrt(), a)
    });
    MEASURED.lock().unwrap_or_else(|e| e.into_inner()).push((key, measured));
    measured
}

/// FNV-1a, 64 bits: a stable key (the standard library's hashers are not promised stable).
pub(super) fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ *b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The skidpad run itself (the same measurement as `skidpad validate`'s circle check).
fn circle_run(car: &CarDef, materials: &MaterialTable, surface: MaterialId, expected_mps2: f32, radius_m: f32) -> f32 {
    let start = Vec3::new(0.0, 0.05, 0.0);
    let level = Level::flat(
        "skidpad",
        "grip calibration circle",
        240.0,
        Vec2::splat(4.0 * radius_m + 100.0),
        surface,
        materials.clone(),
        start,
    );
    let mut world = SimWorld::new(&bake_now(level), car, &[], RATE_HZ);
    for _ in 0..RATE_HZ {
        world.step(&TickInput::default());
    }
    let dt = world.dt_s();
    let mut ackermann = AckermannController::default();
    // Spawned heading +Z; the centre to its left (+X).
    let centre = world.player_body().translation() + Vec3::X * radius_m;
    let window = (WINDOW_S * RATE_HZ as f32) as usize;
    let mut history: Vec<(f32, bool)> = Vec::with_capacity(window + 1);
    let expected_v = (expected_mps2.max(0.5) * radius_m).sqrt();
    let top = 1.12 * expected_v;
    // Up to 60 % of the expected speed quickly (well inside the grip), then the slow ramp.
    let quick_to = 0.6 * expected_v;
    let ticks = ((quick_to / 1.0 + (top - quick_to) / RAMP_MPS2) / dt) as u32 + (10.0 / dt) as u32;
    let (mut target, mut best) = (2.0f32, 0.0f32);
    for _ in 0..ticks {
        let body = world.player_body();
        let p = body.translation();
        let forward = *body.rotation() * Vec3::Z;
        let speed = world.player_forward_speed();
        let to_car = Vec3::new(p.x - centre.x, 0.0, p.z - centre.z);
        let off_circle = to_car.length() - radius_m;
        // Pure pursuit of a point on the circle ahead (the centre on the car's left).
        let angle = to_car.z.atan2(to_car.x);
        let ahead = angle - (0.6 * speed).max(6.0) / radius_m;
        let goal = centre + Vec3::new(ahead.cos(), 0.0, ahead.sin()) * radius_m;
        let to_goal = goal - p;
        let bearing = to_goal.x.atan2(to_goal.z) - forward.x.atan2(forward.z);
        let bearing = (bearing + std::f32::consts::PI).rem_euclid(std::f32::consts::TAU) - std::f32::consts::PI;
        let delta = (2.0 * car.wheelbase_m() * bearing.sin() / to_goal.length().max(1e-3)).atan();
        // Centripetal acceleration of the centre of mass about the circle's centre.
        let radial = to_car.normalize_or(Vec3::X);
        let tangential = body.linvel() - radial * radial.dot(body.linvel());
        let lateral = Vec3::new(tangential.x, 0.0, tangential.z).length_squared() / to_car.length().max(1.0);
        // On the circle the yaw rate is v/R; a car spinning out has much more.
        let follows = (body.angvel().y.abs() * radius_m / speed.max(0.1) - 1.0).abs() < 0.1;
        let control = ackermann.control(
            &AckermannControl {
                steer: -delta,
                speed: target,
                ..AckermannControl::default()
            },
            speed,
            car.max_steer_at_rad(speed),
            dt,
        );
        world.step(&TickInput {
            control,
            ..Default::default()
        });
        target = (target + if target < quick_to { 1.0 } else { RAMP_MPS2 } * dt).min(top);
        if history.len() == window {
            history.remove(0);
        }
        history.push((lateral, follows && off_circle.abs() < ON_CIRCLE_M));
        if history.len() == window && history.iter().all(|(_, ok)| *ok) {
            best = best.max(history.iter().map(|(a, _)| a).sum::<f32>() / window as f32);
        }
        if off_circle.abs() > 3.0 * ON_CIRCLE_M && speed > 8.0 {
            break;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::ContentRoot;

    #[test]
    fn the_sedan_holds_less_than_mu_g_and_more_than_its_validated_floor() {
        let car = CarDef::load(&ContentRoot::Embedded, "sedan").unwrap();
        let materials = crate::content::materials(&ContentRoot::Embedded).unwrap();
        let asphalt = materials.id("asphalt", "test", "surface").unwrap();
        let [slow, fast] = measured_grip(&car, &materials, asphalt, 9.81);
        // Coulomb's μ·g (9.81 on asphalt) is the ceiling of any tire; load transfer
        // costs the sedan some of it. `skidpad validate` holds it above 8.6 m/s² on a
        // 40 m circle; the 50 m one asks no more of it.
        assert!(slow.1 > 8.6 && slow.1 < 9.81, "{slow:?}");
        // The fast circle is driven faster, and the drag the rear tires carry there
        // leaves less for cornering.
        assert!(fast.0 > slow.0 && fast.1 < slow.1, "{fast:?} vs {slow:?}");
        // Speed and acceleration agree on the circle: v²/R.
        assert!((slow.0 * slow.0 / SKIDPAD_RADII_M[0] - slow.1).abs() < 1e-3 * slow.1);
        // Measured once: the second call is the kept figure, bit for bit.
        assert_eq!(measured_grip(&car, &materials, asphalt, 9.81), [slow, fast]);
    }
}
