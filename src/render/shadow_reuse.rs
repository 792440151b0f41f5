//! Keeping the sun's depth map from one frame to the next when nothing it is drawn from
//! has changed: the same light, the same view (the scissored footprint and the culling
//! follow it), the same poses of everything that moves, the same models, the same pass
//! settings (and no chunk entered or left: the renderer forgets the map then). That holds whenever the picture stands still: the game
//! paused over the scene, a pad unplugged mid-race, a replay held on a frame, a photo.
//! Then the frame skips the depth pass, its clear and every caster's draw, and samples
//! the map the frame before drew. While anything moves the map is drawn as before.
//!
//! The inputs are reduced to a 64-bit digest (XXH3) rather than kept: comparing two
//! frames' worth of poses would need a copy of them, and a digest costs nothing to hold.
//! Two different frames that digest alike (one in 2⁶⁴) would show the earlier frame's
//! shadows for one frame.

use crate::sim::{BodyPose, CarPose};
use glam::Mat4;
use xxhash_rust::xxh3::Xxh3;

/// A digest of what a depth pass drew from: equal digests, equal maps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShadowInputs(u64);

/// Gathers a frame's [`ShadowInputs`], value by value (floats by their bits: a pose that
/// moved by any amount is a different map).
pub struct ShadowInputsDigest(Xxh3);

impl Default for ShadowInputsDigest {
    fn default() -> Self {
        Self(Xxh3::new())
    }
}

impl ShadowInputsDigest {
    /// Adds whole numbers (sizes, counts, settings).
    pub fn words(&mut self, words: &[u64]) -> &mut Self {
        for w in words {
            self.0.update(&w.to_le_bytes());
        }
        self
    }

    /// Adds floats by their bits.
    pub fn floats(&mut self, floats: &[f32]) -> &mut Self {
        for f in floats {
            self.0.update(&f.to_bits().to_le_bytes());
        }
        self
    }

    /// Adds a matrix (the light's and the camera's view-projection).
    pub fn matrix(&mut self, m: &Mat4) -> &mut Self {
        self.floats(&m.to_cols_array())
    }

    /// Adds a body's pose.
    pub fn body(&mut self, pose: &BodyPose) -> &mut Self {
        self.floats(&pose.position.to_array()).floats(&pose.rotation.to_array())
    }

    /// Adds a car's pose: chassis and every wheel it has.
    pub fn car(&mut self, car: &CarPose) -> &mut Self {
        self.body(&car.chassis).words(&[car.wheel_count as u64]);
        for w in car.wheels.iter().take(car.wheel_count) {
            self.floats(&[w.center_y_m, w.steer_rad, w.spin_rad]);
        }
        self
    }

    /// The digest of everything added.
    pub fn finish(&self) -> ShadowInputs {
        ShadowInputs(self.0.digest())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::{Quat, Vec3};

    fn car_at(x: f32) -> CarPose {
        let mut car = CarPose {
            chassis: BodyPose {
                position: Vec3::new(x, 0.5, 0.0),
                rotation: Quat::IDENTITY,
            },
            wheels: Default::default(),
            wheel_count: 4,
            brake_lamps: false,
            reverse_lamps: false,
            ground: None,
        };
        car.wheels[0].spin_rad = 1.0;
        car
    }

    fn digest(car: &CarPose, light: &Mat4) -> ShadowInputs {
        let mut d = ShadowInputsDigest::default();
        d.matrix(light).car(car).words(&[2048]);
        d.finish()
    }

    #[test]
    fn the_same_inputs_give_the_same_digest_and_any_move_another() {
        let light = Mat4::IDENTITY;
        let car = car_at(1.0);
        assert_eq!(digest(&car, &light), digest(&car, &light));
        // The smallest move a float can make.
        assert_ne!(
            digest(&car, &light),
            digest(&car_at(f32::from_bits(1.0f32.to_bits() + 1)), &light)
        );
        let mut spun = car;
        spun.wheels[3].spin_rad = 0.01;
        assert_ne!(digest(&car, &light), digest(&spun, &light));
        assert_ne!(digest(&car, &light), digest(&car, &Mat4::from_scale(Vec3::splat(2.0))));
        // Lamps do not cast: they are not part of it.
        let mut braking = car;
        braking.brake_lamps = true;
        assert_eq!(digest(&car, &light), digest(&braking, &light));
    }
}
