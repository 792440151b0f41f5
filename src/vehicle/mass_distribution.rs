//! How a car's mass sits on its wheels and turns about its centre: the sprung mass each
//! wheel carries (from the centre of mass, as CARLA/PhysX derive it) and the chassis
//! inertia (from the collision boxes, mass shared by volume). Computed once when a car
//! file is read; a car whose wheels cannot balance its centre of mass is refused here.

use super::chassis::ChassisBox;
use glam::{DVec3, Vec3};

/// Sprung mass per wheel: the least-squares-smallest masses that add up to `mass_kg` and
/// balance the centre of mass in both horizontal directions (M = Σm_i, M·x_cm = Σm_i·x_i,
/// M·z_cm = Σm_i·z_i). For two axles of two symmetric wheels this is CARLA/PhysX's
/// M·X_cm = M_f·X_f + M_r·X_r split evenly left and right.
pub fn sprung_masses(mass_kg: f32, com: Vec3, positions_m: &[Vec3]) -> Result<Vec<f32>, String> {
    // m = Aᵀ (A Aᵀ)⁻¹ b with A's rows [1, x_i, z_i].
    let mut aat = [[0.0f64; 3]; 3];
    for p in positions_m {
        let r = [1.0, p.x as f64, p.z as f64];
        for i in 0..3 {
            for j in 0..3 {
                aat[i][j] += r[i] * r[j];
            }
        }
    }
    let m = mass_kg as f64;
    let b = [m, m * com.x as f64, m * com.z as f64];
    let y = solve3(aat, b).ok_or_else(|| {
        "the wheels lie on one line, so their sprung masses cannot balance the centre of mass".to_string()
    })?;
    let masses: Vec<f32> = positions_m
        .iter()
        .map(|p| (y[0] + y[1] * p.x as f64 + y[2] * p.z as f64) as f32)
        .collect();
    if let Some((i, m)) = masses.iter().enumerate().find(|(_, m)| **m <= 0.0) {
        return Err(format!(
            "lies outside the wheels' footprint: wheel {i} would carry {m:.1} kg; move it between the axles"
        ));
    }
    Ok(masses)
}

fn solve3(a: [[f64; 3]; 3], b: [f64; 3]) -> Option<[f64; 3]> {
    let det = |m: [[f64; 3]; 3]| {
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    };
    let d = det(a);
    let scale = a.iter().flatten().map(|x| x.abs()).fold(0.0, f64::max).powi(3);
    if d.abs() <= 1e-9 * scale.max(1e-30) {
        return None;
    }
    let mut out = [0.0; 3];
    for (k, o) in out.iter_mut().enumerate() {
        let mut m = a;
        for (row, bv) in m.iter_mut().zip(b) {
            row[k] = bv;
        }
        *o = det(m) / d;
    }
    Some(out)
}

/// Principal moments of the collision boxes (mass shared by volume) about their common
/// centroid, used as the inertia about the declared centre of mass: the boxes give the
/// shape of the mass, [physics] says where its centre is. Products of inertia are dropped
/// (cars are near-symmetric about their principal axes).
pub fn box_inertia(mass_kg: f32, boxes: &[ChassisBox]) -> Vec3 {
    let volume: f64 = boxes.iter().map(|b| b.volume_m3() as f64).sum();
    let centroid = boxes
        .iter()
        .map(|b| b.position_m.as_dvec3() * b.volume_m3() as f64)
        .sum::<DVec3>()
        / volume;
    let mut inertia = DVec3::ZERO;
    for b in boxes {
        let m = mass_kg as f64 * b.volume_m3() as f64 / volume;
        let s = b.size_m.as_dvec3();
        let d = b.position_m.as_dvec3() - centroid;
        inertia += m * DVec3::new(
            (s.y * s.y + s.z * s.z) / 12.0 + d.y * d.y + d.z * d.z,
            (s.x * s.x + s.z * s.z) / 12.0 + d.x * d.x + d.z * d.z,
            (s.x * s.x + s.y * s.y) / 12.0 + d.x * d.x + d.y * d.y,
        );
    }
    inertia.as_vec3()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn box_inertia_of_one_box_is_the_textbook_one() {
        let b = ChassisBox {
            size_m: Vec3::new(2.0, 1.0, 4.0),
            position_m: Vec3::new(0.0, 0.5, 0.3),
        };
        let i = box_inertia(1200.0, &[b]);
        // m(b² + c²)/12 about each axis.
        assert!((i.y - 1200.0 * (4.0 + 16.0) / 12.0).abs() < 1e-2);
        assert!((i.x - 1200.0 * (1.0 + 16.0) / 12.0).abs() < 1e-2);
    }
}
