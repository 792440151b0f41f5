//! CARLA's values turned into ours: our frame and units, and defaults for what CARLA lacks.

use super::dump::{Dump, Wheel};
use crate::content::ContentError;
use std::f64::consts::PI;

/// Where the actor's origin is taken to be above the wheel centres, m (an approximation).
pub(super) const ORIGIN_ABOVE_WHEEL_CENTRES_M: f64 = 0.2;
/// Lowest centre of mass the converter writes, m.
pub(super) const MIN_COM_HEIGHT_M: f64 = 0.25;
pub(super) const BODY_HEIGHT_M: f64 = 0.55;
pub(super) const CABIN_HEIGHT_M: f64 = 0.45;
pub(super) const FRONTAL_HEIGHT_M: f64 = 1.45;
pub(super) const FRONTAL_FILL: f64 = 0.85;
pub(super) const WHEEL_MASS_KG: f64 = 20.0;
pub(super) const SUSPENSION_HZ: f64 = 1.5;
pub(super) const DAMPING_RATIO: f64 = 0.35;

/// A wheel in our frame with the values the converter derives for it.
pub(super) struct OurWheel {
    /// Chassis frame, m.
    pub(super) position: [f64; 3],
    pub(super) radius_m: f64,
    pub(super) width_m: f64,
    pub(super) inertia: f64,
    pub(super) spring_rate: f64,
    pub(super) damper: f64,
    pub(super) front: bool,
}

/// What the converter derives from the dump.
pub(super) struct Car {
    pub(super) wheels: Vec<OurWheel>,
    pub(super) center_of_mass: [f64; 3],
    /// (size, position) of the body and cabin boxes.
    pub(super) chassis: [([f64; 3], [f64; 3]); 2],
    pub(super) frontal_area_m2: f64,
    pub(super) track_m: f64,
}

pub(super) fn mean(xs: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = xs.fold((0.0, 0usize), |(s, n), x| (s + x, n + 1));
    if n == 0 {
        0.0
    } else {
        sum / n as f64
    }
}

pub(super) fn derive(file: &str, dump: &Dump, warnings: &mut Vec<String>) -> Result<Car, ContentError> {
    let wheels = &dump.wheels;
    for (i, a) in wheels.iter().enumerate() {
        for (j, b) in wheels.iter().enumerate().skip(i + 1) {
            if (a.position[0] - b.position[0]).hypot(a.position[1] - b.position[1]) < 1.0 {
                return Err(ContentError::new(
                    file,
                    format!("wheels[{j}].position"),
                    format!(
                        "is where wheels[{i}] is: dump the physics control after the car has been spawned \
                         and the world has ticked once"
                    ),
                ));
            }
        }
    }
    let steers = |w: &&Wheel| w.max_steer_angle > 0.0;
    let n_steered = wheels.iter().filter(steers).count();
    if n_steered == 0 {
        return Err(ContentError::new(
            file,
            "wheels",
            "no wheel steers: give the front wheels a max_steer_angle above 0",
        ));
    }

    // The car's yaw in the world, from the steered wheels' centroid ahead of the others'.
    let centroid = |pick: &dyn Fn(&&Wheel) -> bool, axis: usize| {
        mean(wheels.iter().filter(pick).filter_map(|w| w.position.get(axis).copied()))
    };
    let ahead = [
        centroid(&steers, 0) - centroid(&|w| !steers(w), 0),
        centroid(&steers, 1) - centroid(&|w| !steers(w), 1),
    ];
    let yaw = if n_steered == wheels.len() || ahead[0].hypot(ahead[1]) < 1.0 {
        warnings.push(
            "could not tell the car's heading from its wheels (the steered ones are not ahead of the others): \
             took it to face CARLA's +x when it was dumped (yaw 0)"
                .to_string(),
        );
        0.0
    } else {
        ahead[1].atan2(ahead[0])
    };
    if yaw.to_degrees().abs() > 0.5 {
        warnings.push(format!(
            "the wheel positions show the car yawed by {:.1}° in the world when it was dumped (the steered \
             wheels taken as the front): turned them back; dump it at yaw 0 to be sure",
            yaw.to_degrees()
        ));
    }
    let (sin, cos) = yaw.sin_cos();
    let cx = mean(wheels.iter().map(|w| w.position[0]));
    let cy = mean(wheels.iter().map(|w| w.position[1]));
    let mut ours: Vec<OurWheel> = wheels
        .iter()
        .map(|w| {
            let (dx, dy) = (w.position[0] - cx, w.position[1] - cy);
            let (forward, right) = (dx * cos + dy * sin, -dx * sin + dy * cos);
            let radius_m = w.radius / 100.0;
            OurWheel {
                position: [-right / 100.0, radius_m, forward / 100.0],
                radius_m,
                width_m: (0.25 * radius_m / 0.35 * 100.0).round() / 100.0,
                inertia: 0.5 * WHEEL_MASS_KG * radius_m * radius_m,
                spring_rate: 0.0,
                damper: 0.0,
                front: false,
            }
        })
        .collect();

    let span = |axis: usize| {
        let values = ours.iter().filter_map(|w| w.position.get(axis).copied());
        let lo = values.clone().fold(f64::INFINITY, f64::min);
        let hi = values.fold(f64::NEG_INFINITY, f64::max);
        (lo, hi)
    };
    let (z_lo, z_hi) = span(2);
    let (x_lo, x_hi) = span(0);
    let wheelbase = z_hi - z_lo;
    let track = x_hi - x_lo;
    if wheelbase < 0.1 || track < 0.1 {
        return Err(ContentError::new(
            file,
            "wheels",
            format!(
                "the wheel positions span {wheelbase:.2} m fore and aft and {track:.2} m across: the converter \
                 needs the wheels at the corners of the car"
            ),
        ));
    }

    let radius = mean(ours.iter().map(|w| w.radius_m));
    let com = dump.center_of_mass;
    let mut center_of_mass = [-com[1], radius + ORIGIN_ABOVE_WHEEL_CENTRES_M + com[2], com[0]];
    warnings.push(format!(
        "center_of_mass is approximate: CARLA gives it from the actor's origin, taken here as {:.2} m above the \
         ground (wheel centres + {ORIGIN_ABOVE_WHEEL_CENTRES_M} m); check center_of_mass, above all its height",
        radius + ORIGIN_ABOVE_WHEEL_CENTRES_M
    ));
    if center_of_mass[1] < MIN_COM_HEIGHT_M {
        warnings.push(format!(
            "center_of_mass came out {:.2} m above the ground: raised to {MIN_COM_HEIGHT_M} m",
            center_of_mass[1]
        ));
        center_of_mass[1] = MIN_COM_HEIGHT_M;
    }

    // Sprung masses: the lever rule between the front and rear wheels' mean positions.
    let middle = 0.5 * (z_lo + z_hi);
    for w in &mut ours {
        w.front = w.position[2] > middle;
    }
    let n_front = ours.iter().filter(|w| w.front).count();
    let n_rear = ours.len() - n_front;
    let z_front = mean(ours.iter().filter(|w| w.front).map(|w| w.position[2]));
    let z_rear = mean(ours.iter().filter(|w| !w.front).map(|w| w.position[2]));
    let mut front_share = (center_of_mass[2] - z_rear) / (z_front - z_rear);
    if !(0.05..=0.95).contains(&front_share) {
        warnings.push(format!(
            "center_of_mass is {} the wheels (front axle share {:.0} %): the suspension was sized for a share \
             clamped to 5–95 %, and the car file will be refused until center_of_mass lies between the axles",
            if front_share > 0.5 { "ahead of" } else { "behind" },
            front_share * 100.0
        ));
        front_share = front_share.clamp(0.05, 0.95);
    }
    let omega = 2.0 * PI * SUSPENSION_HZ;
    for w in &mut ours {
        let share = if w.front {
            front_share / n_front.max(1) as f64
        } else {
            (1.0 - front_share) / n_rear.max(1) as f64
        };
        let sprung = dump.mass * share;
        w.spring_rate = sprung * omega * omega;
        w.damper = 2.0 * DAMPING_RATIO * (w.spring_rate * sprung).sqrt();
    }

    let length = wheelbase + 2.0 * radius + 0.8;
    let width = track + 0.15;
    let z_mid = 0.5 * (z_lo + z_hi);
    let chassis = [
        (
            [width, BODY_HEIGHT_M, length],
            [0.0, radius + 0.5 * BODY_HEIGHT_M, z_mid],
        ),
        (
            [0.85 * width, CABIN_HEIGHT_M, 0.5 * length],
            [0.0, radius + BODY_HEIGHT_M + 0.5 * CABIN_HEIGHT_M, z_mid],
        ),
    ];

    if dump.use_sweep_wheel_collision {
        warnings.push(
            "use_sweep_wheel_collision = True: only the raycast suspension exists here, so the file says false"
                .to_string(),
        );
    }
    let grippy: Vec<String> = wheels
        .iter()
        .enumerate()
        .filter(|(_, w)| w.tire_friction > 1.5)
        .map(|(i, w)| format!("wheels[{i}] {}", w.tire_friction))
        .collect();
    if !grippy.is_empty() {
        warnings.push(format!(
            "tire_friction above 1.5 ({}) is tuned for CARLA's road friction; ours multiplies the surface's μ, \
             so such a tire grips that many times a road tire: check it (road cars ≈ 1.0)",
            grippy.join(", ")
        ));
    }
    let max_steer = wheels.iter().map(|w| w.max_steer_angle).fold(0.0, f64::max);
    if max_steer > 45.0 {
        warnings.push(format!(
            "max_steer_angle up to {max_steer}°: road cars steer about 35° (CARLA's often 70°, narrowed by the \
             steering_curve): check it and steering_curve"
        ));
    }
    Ok(Car {
        wheels: ours,
        center_of_mass,
        chassis,
        frontal_area_m2: track * FRONTAL_HEIGHT_M * FRONTAL_FILL,
        track_m: track,
    })
}
