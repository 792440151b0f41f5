//! Steering for the sim model: a speed-dependent range (CARLA's `steering_curve`) and
//! Ackermann geometry between the steered wheels.

use super::sim_params::SimParams;

/// Road-wheel angle of each wheel for a bicycle-equivalent front angle `delta_rad`
/// (positive turns left, about +Y): with accuracy 1 every wheel's axis points at one turn
/// centre on the rear axle line (Ackermann geometry: inner wheel steers more); with 0 all
/// steered wheels take `delta_rad` (parallel steer); in between, a blend (PhysX
/// `ackermannAccuracy`). Each wheel is clamped to its own `max_steer_angle`; wheels that
/// do not steer get 0.
pub fn wheel_angles(p: &SimParams, delta_rad: f32, out: &mut [f32]) {
    let (front_z, rear_z) = axle_lines(p);
    let wheelbase = front_z - rear_z;
    let accuracy = p.steering.ackermann_accuracy;
    for (w, angle) in p.wheels.iter().zip(out.iter_mut()) {
        if !w.steers() {
            *angle = 0.0;
            continue;
        }
        let exact = if delta_rad.abs() < 1e-6 || wheelbase <= 0.0 {
            delta_rad
        } else {
            // Turn centre at lateral offset R = L / tan δ (left positive) on the rear axle.
            let turn_radius = wheelbase / delta_rad.tan();
            let lever = w.position_m.z - rear_z;
            (lever / (turn_radius - w.position_m.x)).atan()
        };
        let blended = delta_rad + accuracy * (exact - delta_rad);
        *angle = blended.clamp(-w.max_steer_rad, w.max_steer_rad);
    }
}

/// Mean z of the steered wheels and of the others (the rear axle line; the centre of mass
/// when every wheel steers).
pub fn axle_lines(p: &SimParams) -> (f32, f32) {
    let mean = |steered: bool| {
        let (sum, n) = p
            .wheels
            .iter()
            .filter(|w| w.steers() == steered)
            .fold((0.0, 0.0), |(s, n), w| (s + w.position_m.z, n + 1.0));
        (n > 0.0).then(|| sum / n)
    };
    let front = mean(true).unwrap_or(0.0);
    (front, mean(false).unwrap_or(p.center_of_mass_m.z))
}

/// Largest bicycle-equivalent front angle at `speed_mps`: the steered wheels' largest max
/// steer angle times the steering curve.
pub fn max_angle_rad(p: &SimParams, speed_mps: f32) -> f32 {
    let max = p.wheels.iter().map(|w| w.max_steer_rad).fold(0.0, f32::max);
    max * p.steering.curve.eval(speed_mps.abs())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::ContentRoot;
    use crate::vehicle::CarDef;

    #[test]
    fn inner_wheel_steers_more_and_both_meet_at_one_centre() {
        let car = CarDef::load(&ContentRoot::Embedded, "sedan").unwrap();
        let p = car.sim().unwrap();
        let mut angles = [0.0; 4];
        let delta = 0.2f32;
        wheel_angles(p, delta, &mut angles);
        // Left turn: the left wheel (+X) is inside.
        assert!(angles[0] > delta && angles[1] < delta && angles[1] > 0.0, "{angles:?}");
        // Both axes meet the rear-axle line at x = L / tan δ (wheelbase 2.70 m).
        let centre = 2.70 / delta.tan();
        for (w, a) in p.wheels.iter().zip(angles).take(2) {
            let hit = w.position_m.x + (w.position_m.z + 1.30) / a.tan();
            assert!((hit - centre).abs() < 1e-3, "{hit} vs {centre}");
        }
        assert_eq!(&angles[2..], &[0.0, 0.0]);
    }
}
