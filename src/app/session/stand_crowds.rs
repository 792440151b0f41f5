//! The crowds in a level's grandstands, as the sound hears them: each stand a murmur from
//! the middle of its seats, as loud as it is long; the one nearest the camera is heard.

use crate::audio::Crowd;
use crate::content::Level;
use glam::{Vec2, Vec3};

/// A grandstand this long holds a full crowd, m (a main straight's).
const FULL_STAND_M: f32 = 80.0;

/// The crowds of `level`'s grandstands (its file's and its track dressing's).
pub fn stand_crowds(level: &Level) -> Vec<Crowd> {
    crate::content::track_dressing::grandstands(level)
        .iter()
        .map(|g| {
            let ground = crate::content::surface_check::terrain_height_m(&level.terrain, g.position_m);
            // The seats rise behind the front edge: the middle is a few metres back and up.
            let back = Vec2::new(-g.heading_rad.sin(), -g.heading_rad.cos()) * 4.0;
            let middle = g.position_m + back;
            Crowd {
                position_m: Vec3::new(middle.x, ground + 3.0, middle.y),
                size: (g.length_m / FULL_STAND_M).clamp(0.1, 1.0),
            }
        })
        .collect()
}

/// The crowd of `crowds` nearest `listener_m`, if there is any.
pub fn nearest(crowds: &[Crowd], listener_m: Vec3) -> Option<Crowd> {
    crowds
        .iter()
        .min_by(|a, b| {
            a.position_m
                .distance_squared(listener_m)
                .total_cmp(&b.position_m.distance_squared(listener_m))
        })
        .copied()
}
