//! A level being played: its world, the fixed-step loop that paces it, and the two
//! snapshots render interpolates between.

use crate::content::{Level, PlatformProfile};
use crate::render::{Camera, FrameView, SceneDesc};
use crate::sim::{SimWorld, Snapshot, TickInput};
use crate::time::{FixedStepLoop, FramePlan};
use glam::Vec3;
use std::time::Duration;

/// One level in play. Platform-free: the front ends feed it frame deltas and inputs.
pub struct Session {
    /// The level's static description for rendering.
    pub scene: SceneDesc,
    world: SimWorld,
    fixed: FixedStepLoop,
    previous: Snapshot,
    current: Snapshot,
}

impl Session {
    /// Starts `level` under `profile`'s loop settings.
    pub fn new(level: &Level, profile: &PlatformProfile) -> Self {
        let world = SimWorld::new(level, profile.loop_config.tick_rate_hz);
        let mut current = Snapshot::default();
        world.snapshot_into(&mut current);
        Self {
            scene: SceneDesc::from_level(level),
            world,
            fixed: FixedStepLoop::new(profile.loop_config),
            previous: current.clone(),
            current,
        }
    }

    /// The simulation (read-only for callers: only [`Session::tick`] advances it).
    pub fn world(&self) -> &SimWorld {
        &self.world
    }

    /// Accounts a frame's wall time and says how many ticks to run and the render alpha.
    pub fn plan_frame(&mut self, frame_delta: Duration) -> FramePlan {
        self.fixed.advance(frame_delta)
    }

    /// Runs one tick and rotates the snapshots.
    pub fn tick(&mut self, input: &TickInput) {
        self.world.step(input);
        std::mem::swap(&mut self.previous, &mut self.current);
        self.world.snapshot_into(&mut self.current);
    }

    /// What to draw this frame: the snapshots `alpha` apart, from `camera`.
    pub fn frame_view<'a>(&'a self, alpha: f32, camera: &'a Camera) -> FrameView<'a> {
        FrameView {
            scene: &self.scene,
            prev: &self.previous,
            cur: &self.current,
            alpha,
            camera,
        }
    }

    /// A chase view of the player, `alpha` of the way between the last two ticks.
    pub fn chase_camera(&self, alpha: f32) -> Camera {
        let (Some(a), Some(b)) = (self.previous.bodies.first(), self.current.bodies.first()) else {
            return Camera::looking_at(Vec3::new(0.0, 5.0, -10.0), Vec3::ZERO);
        };
        let pose = a.lerp(b, alpha);
        // Follow the heading only (not pitch/roll), so the view stays level over bumps.
        let fwd = pose.rotation * Vec3::Z;
        let flat = Vec3::new(fwd.x, 0.0, fwd.z).try_normalize().unwrap_or(Vec3::Z);
        let eye = pose.position - flat * 9.0 + Vec3::Y * 3.5;
        Camera::looking_at(eye, pose.position + flat * 4.0 + Vec3::Y * 0.5)
    }
}
