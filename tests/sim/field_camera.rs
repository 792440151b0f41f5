//! The screenshot's field camera (`screenshot --camera field`) frames a whole grid: every
//! car of a two-abreast grid, 8 m a row, is in front of the camera and inside the frame at
//! 4:3 and 16:9 whatever the grid's heading, and a full field spans the frame.

use glam::{Quat, Vec3, Vec4};
use skidpad::app::field_camera;
use skidpad::render::Camera;
use skidpad::sim::BodyPose;

/// A grid of `n` cars two abreast, 8 m a row, heading along `yaw`.
fn grid(n: usize, yaw: f32) -> Vec<BodyPose> {
    let rotation = Quat::from_rotation_y(yaw);
    (0..n)
        .map(|i| BodyPose {
            position: Vec3::new(100.0, 0.6, 50.0)
                + rotation * Vec3::new(if i % 2 == 0 { 3.0 } else { -3.0 }, 0.0, -8.0 * i as f32),
            rotation,
        })
        .collect()
}

/// Where `p` lands in normalised device coordinates, and its depth sign.
fn ndc(camera: &Camera, aspect: f32, p: Vec3) -> (Vec3, f32) {
    let c = camera.view_proj(aspect) * Vec4::new(p.x, p.y, p.z, 1.0);
    (c.truncate() / c.w, c.w)
}

#[test]
fn every_car_of_a_grid_is_in_front_of_the_camera_and_inside_the_frame() {
    for n in [2, 8, 16] {
        for yaw in [0.0f32, 1.2, -2.5] {
            let cars = grid(n, yaw);
            let camera = field_camera(&cars).unwrap();
            for aspect in [4.0 / 3.0, 16.0 / 9.0] {
                for (i, car) in cars.iter().enumerate() {
                    // The car's extent: its centre and a 2.5 m box around it.
                    for corner in [Vec3::ZERO, Vec3::new(1.0, 0.7, 2.3), Vec3::new(-1.0, 0.7, -2.3)] {
                        let (p, w) = ndc(&camera, aspect, car.position + car.rotation * corner);
                        assert!(
                            w > 0.0 && p.x.abs() < 0.95 && p.y.abs() < 0.95,
                            "{n} cars, yaw {yaw}, aspect {aspect}: car {i} at {p:?}"
                        );
                    }
                }
                if n < 8 {
                    continue;
                }
                // A full field fills the frame rather than sitting in a corner of it.
                let xs: Vec<f32> = cars.iter().map(|c| ndc(&camera, aspect, c.position).0.x).collect();
                let spread = xs.iter().cloned().fold(f32::MIN, f32::max) - xs.iter().cloned().fold(f32::MAX, f32::min);
                assert!(spread > 0.2, "{n} cars, yaw {yaw}: field spans {spread} of the frame");
            }
        }
    }
}

#[test]
fn no_cars_no_camera() {
    assert!(field_camera(&[]).is_none());
}
