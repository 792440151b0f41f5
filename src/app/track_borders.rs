//! How far a car is outside a level's track: its centre and the corners of its footprint
//! measured against the track's centre line and widths (the borders the racing line keeps
//! the car's half width + 0.1 m inside). `skidpad run` reports both (`max_off_track_m`,
//! `max_footprint_off_track_m`); examples/pace_probe.rs shows where along the lap.
//!
//! If it reports a car off where the car plainly stayed on, check the level's track
//! widths: a border is the centre line's point offset by that point's width, no kerb or
//! run-off counted.

use crate::ai::DrivingLine;
use crate::content::LoadedLevel;
use crate::vehicle::CarDef;
use glam::{Vec2, Vec3};
use rapier3d::prelude::RigidBody;

/// A level's track borders and one car's footprint.
#[derive(Debug, Clone)]
pub struct TrackBorders {
    centre: DrivingLine,
    width_left_m: Vec<f32>,
    width_right_m: Vec<f32>,
    /// The footprint's corners in the car's frame (x left, z forward), m.
    corners_m: [Vec2; 4],
    hint: Option<usize>,
}

/// How far a car is past the borders at one moment, m (negative: inside by that much).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PastBorder {
    /// Its centre (of mass: the body's origin).
    pub centre_m: f32,
    /// The worst of its footprint's four corners.
    pub footprint_m: f32,
}

impl TrackBorders {
    /// The borders of `level`'s track for `car`; none on a level without a track.
    pub fn new(level: &LoadedLevel, car: &CarDef) -> Option<Self> {
        let t = &level.level.track.as_ref()?.track;
        let centre = DrivingLine::new(t.centre.clone(), vec![0.0; t.centre.len()])?;
        let (width_m, length_m) = super::race::footprint_m(car);
        let (x, z) = (0.5 * width_m, 0.5 * length_m);
        Some(Self {
            centre,
            width_left_m: t.width_left_m.clone(),
            width_right_m: t.width_right_m.clone(),
            corners_m: [Vec2::new(x, z), Vec2::new(-x, z), Vec2::new(x, -z), Vec2::new(-x, -z)],
            hint: None,
        })
    }

    /// How far the car whose chassis is `body` is past the borders now. Tracks the car
    /// along the centre line from the last call, so call it as the car moves.
    pub fn past(&mut self, body: &RigidBody) -> PastBorder {
        let p = body.translation();
        let (centre_m, index) = self.point_past(Vec2::new(p.x, p.z), self.hint);
        self.hint = Some(index);
        let footprint_m = self
            .corners_m
            .iter()
            .map(|corner| {
                let c = *body.rotation() * Vec3::new(corner.x, 0.0, corner.y);
                self.point_past(Vec2::new(p.x + c.x, p.z + c.z), Some(index)).0
            })
            .fold(f32::MIN, f32::max);
        PastBorder { centre_m, footprint_m }
    }

    /// How far `p` is past the border on its side, m, and the centre line's segment there.
    fn point_past(&self, p: Vec2, hint: Option<usize>) -> (f32, usize) {
        let at = self.centre.locate(p, hint);
        let width = if at.offset_m >= 0.0 {
            self.width_left_m[at.index]
        } else {
            self.width_right_m[at.index]
        };
        (at.offset_m.abs() - width, at.index)
    }
}
