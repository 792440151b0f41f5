//! Dynamic resolution: the scale the 3D scene is drawn at, following the GPU time of recent
//! scenes so a slow GPU keeps to the frame budget by drawing fewer pixels (the HUD stays at
//! full resolution). No GL here: the renderer measures the scene
//! ([`Renderer::take_gpu_scene_time`](super::Renderer::take_gpu_scene_time)) and draws at whatever
//! [`DynamicResolution::scale`] says.
//!
//! The model: a frame costs a fixed part plus a part proportional to the pixels drawn,
//! i.e. to scale². Over budget, the scale drops at once by the square root of the overrun
//! (the pixel cost falls by the overrun); under it by a margin for a while, it climbs back
//! in small steps, so one cheap frame does not bring back the resolution that overran.
//! Timer results arrive a few frames late: each is first rescaled by the pixels of the
//! scale in force against those it was drawn at, so a drop is not repeated for the frames
//! already in flight.
//! If the scale sits at its floor and frames still overrun, the cost is not in pixels:
//! look at the profiler's phases, not here.

use std::time::Duration;

/// The lowest scale: half the width and height, a quarter of the pixels; below it the
/// image is too coarse to drive by.
pub const MIN_SCALE: f32 = 0.5;
/// The share of the frame budget the scene's GPU time aims at: the rest is the CPU's
/// simulation and HUD, and jitter.
const TARGET_FRACTION: f32 = 0.8;
/// Scenes are "cheap" below this fraction of the budget.
const CALM_FRACTION: f32 = 0.6;
/// Cheap frames in a row before the scale may climb (a quarter second at 60 Hz).
const CALM_FRAMES: u32 = 15;
/// Scenes over the target in a row before the scale drops: one alone is a hitch (a
/// shader's first use, a streamed chunk's upload), not a load to draw fewer pixels for.
const OVER_FRAMES: u32 = 2;
/// Scale added per climb.
const CLIMB_STEP: f32 = 0.05;
/// A drop never cuts more than this fraction at once (a single hitch, e.g. a streamed
/// chunk's upload, must not halve the resolution).
const MAX_DROP: f32 = 0.8;

/// The scale in force and what the last frames cost.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DynamicResolution {
    scale: f32,
    budget_ms: f32,
    calm_frames: u32,
    over_frames: u32,
}

impl DynamicResolution {
    /// Full resolution, aiming at `budget` per frame.
    pub fn new(budget: Duration) -> Self {
        Self {
            scale: 1.0,
            budget_ms: budget.as_secs_f32() * 1e3,
            calm_frames: 0,
            over_frames: 0,
        }
    }

    /// The scale to draw the next frame's scene at, in [`MIN_SCALE`, 1].
    pub fn scale(&self) -> f32 {
        self.scale
    }

    /// A scene drawn at `drawn_scale` took `gpu_ms` on the GPU: adjusts the scale for the
    /// next frames.
    pub fn after_scene(&mut self, gpu_ms: f32, drawn_scale: f32) {
        if !gpu_ms.is_finite() || gpu_ms <= 0.0 || !drawn_scale.is_finite() || drawn_scale <= 0.0 {
            return;
        }
        let ms = gpu_ms * (self.scale / drawn_scale).powi(2);
        let target = self.budget_ms * TARGET_FRACTION;
        if ms > target {
            self.calm_frames = 0;
            self.over_frames += 1;
            if self.over_frames >= OVER_FRAMES {
                self.scale = (self.scale * (target / ms).sqrt().max(MAX_DROP)).max(MIN_SCALE);
            }
            return;
        }
        self.over_frames = 0;
        if ms < self.budget_ms * CALM_FRACTION {
            self.calm_frames += 1;
            if self.calm_frames >= CALM_FRAMES {
                self.calm_frames = 0;
                self.scale = (self.scale + CLIMB_STEP).min(1.0);
            }
        } else {
            self.calm_frames = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BUDGET: Duration = Duration::from_micros(16_667);

    /// A GPU whose scene costs `fixed_ms` + `full_ms` · scale², ms.
    fn frame(fixed_ms: f32, full_ms: f32, scale: f32) -> f32 {
        fixed_ms + full_ms * scale * scale
    }

    /// Feeds `d` the scene times of `frames` frames drawn on that GPU, each result arriving
    /// `lag` frames late; the last frame's time.
    fn run(d: &mut DynamicResolution, fixed_ms: f32, full_ms: f32, frames: usize, lag: usize) -> Vec<f32> {
        let mut in_flight = std::collections::VecDeque::new();
        let mut times = Vec::new();
        for _ in 0..frames {
            let t = frame(fixed_ms, full_ms, d.scale());
            times.push(t);
            in_flight.push_back((t, d.scale()));
            if in_flight.len() > lag {
                let (t, s) = in_flight.pop_front().unwrap();
                d.after_scene(t, s);
            }
        }
        times
    }

    #[test]
    fn a_slow_gpu_brings_scenes_under_target_and_holds_them() {
        // 30 ms at full resolution, 4 ms of it fixed: the target (80 % of 16.7 ms) needs
        // scale ≈ 0.64.
        let needed = ((16.667 * TARGET_FRACTION - 4.0) / 26.0f32).sqrt();
        for lag in [0, 3] {
            let mut d = DynamicResolution::new(BUDGET);
            run(&mut d, 4.0, 26.0, 300, lag);
            // Not lower than it needs: within two climb steps of the scale that fills the
            // target, and never under it by more than a drop's rounding.
            assert!(
                d.scale() > needed - 2.0 * CLIMB_STEP,
                "lag {lag}: {} vs {needed}",
                d.scale()
            );
            // Held: of the next 300 frames, at most one per climb attempt overruns the
            // budget.
            let over = run(&mut d, 4.0, 26.0, 300, lag).iter().filter(|t| **t > 16.667).count();
            assert!(over <= 300 / CALM_FRAMES as usize, "lag {lag}: {over} frames over");
        }
    }

    #[test]
    fn a_fast_gpu_keeps_full_resolution_and_recovers_after_a_hitch() {
        let mut d = DynamicResolution::new(BUDGET);
        run(&mut d, 2.0, 6.0, 100, 2);
        assert_eq!(d.scale(), 1.0);
        // One 40 ms hitch alone changes nothing…
        d.after_scene(40.0, 1.0);
        assert_eq!(d.scale(), 1.0);
        run(&mut d, 2.0, 6.0, 10, 0);
        // …two in a row cut the scale by at most MAX_DROP…
        d.after_scene(40.0, 1.0);
        d.after_scene(40.0, 1.0);
        assert!((d.scale() - MAX_DROP).abs() < 1e-6, "{}", d.scale());
        // …and cheap frames bring it back within a few seconds.
        run(&mut d, 2.0, 6.0, CALM_FRAMES as usize * 5, 2);
        assert_eq!(d.scale(), 1.0);
    }

    #[test]
    fn late_results_do_not_drop_the_scale_twice() {
        let mut d = DynamicResolution::new(BUDGET);
        // Four frames drawn at full scale at 20 ms each arrive one after another: the
        // second drops the scale.
        d.after_scene(20.0, 1.0);
        d.after_scene(20.0, 1.0);
        let after_first = d.scale();
        assert!(after_first < 1.0);
        d.after_scene(20.0, 1.0);
        d.after_scene(20.0, 1.0);
        // Rescaled to the new scale, the later two are no longer over the target.
        assert!(
            (d.scale() - after_first).abs() < 0.02,
            "{after_first} then {}",
            d.scale()
        );
    }

    #[test]
    fn the_scale_never_leaves_its_range_whatever_the_timings() {
        let mut d = DynamicResolution::new(BUDGET);
        for _ in 0..100 {
            d.after_scene(1000.0, d.scale());
        }
        assert_eq!(d.scale(), MIN_SCALE);
        for bad in [0.0, -1.0, f32::NAN, f32::INFINITY] {
            d.after_scene(bad, 1.0);
            d.after_scene(5.0, bad);
        }
        assert_eq!(d.scale(), MIN_SCALE);
    }
}
