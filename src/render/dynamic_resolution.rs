//! Dynamic resolution: the scale the 3D scene is drawn at, following the GPU time of recent
//! scenes so a slow GPU keeps to the frame budget by drawing fewer pixels (the HUD stays at
//! full resolution). No GL here: the renderer measures the scene
//! ([`Renderer::take_gpu_scene_time`](super::Renderer::take_gpu_scene_time)) and draws at whatever
//! [`DynamicResolution::detail`] says.
//!
//! The model: a frame costs a fixed part plus a part proportional to the pixels drawn,
//! i.e. to scale². Over budget, the scale drops at once by the square root of the overrun
//! (the pixel cost falls by the overrun); under it by a margin for a while, it climbs back
//! in small steps, so one cheap frame does not bring back the resolution that overran.
//! Timer results arrive a few frames late: each is first rescaled by the pixels of the
//! scale in force against those it was drawn at, so a drop is not repeated for the frames
//! already in flight.
//!
//! At its floor the scale can cut no more, and what is left is the fixed part: the
//! renderer's ladder of costs a frame pays whatever its pixels
//! ([`Renderer::detail_steps`](super::Renderer::detail_steps): on llvmpipe the upscale to the
//! window, the shadow filter's taps, the shadow map's size; PERFORMANCE.md, "Dynamic
//! resolution at its floor"). Still over the target there, the frame goes one step down
//! the ladder, as a console's dynamic-quality scaler does; results drawn before a step are
//! ignored (their cost says nothing about the step). Back under the target, the ladder is
//! climbed before the scale, and a step only when the cost it saved, measured when it was
//! taken, fits: a step that would overrun again is not retried every quarter second.

use std::time::Duration;

/// The lowest scale: half the width and height, a quarter of the pixels; below it the
/// image is too coarse to drive by.
pub const MIN_SCALE: f32 = 0.5;
/// The share of the frame budget the scene's GPU time aims at: the rest is the CPU's
/// simulation and HUD, and jitter. At 0.8 (13.3 ms of 16.7) the scale settled where
/// frames took 12–13 ms, and llvmpipe's lone 3–4 ms late frames went over: p99 up to
/// 17.1 ms on the desktop profile. At 0.72 with the calm line at 0.55, p99 13.1–15.0 ms
/// with 0–3 frames over of 600, for a scale 0.05–0.1 lower (PERFORMANCE.md,
/// "Dynamic resolution at its floor").
const TARGET_FRACTION: f32 = 0.72;
/// Scenes are "cheap" below this fraction of the budget.
const CALM_FRACTION: f32 = 0.55;
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
/// Steps a ladder may have at most.
pub const MAX_DETAIL_STEPS: u8 = 6;
/// The share of its cost a ladder step is taken to leave until measured, and the least it
/// is ever taken to leave: a hitch on the frame before a step must not make the step look
/// so cheap that the scene never climbs back.
const MIN_STEP_RATIO: f32 = 0.5;

/// What a scene is drawn with: its resolution and how far down the renderer's ladder of
/// fixed costs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SceneDetail {
    /// The scene's width and height as a fraction of the window's, in [`MIN_SCALE`, 1].
    pub scale: f32,
    /// Steps taken down the ladder (0: the profile's full detail).
    pub steps_down: u8,
}

impl SceneDetail {
    /// Full resolution, full detail: what the scene is drawn with when dynamic resolution
    /// is off.
    pub const FULL: SceneDetail = SceneDetail {
        scale: 1.0,
        steps_down: 0,
    };

    /// Full detail at `scale`.
    pub fn at_scale(scale: f32) -> SceneDetail {
        SceneDetail { scale, steps_down: 0 }
    }
}

/// The scale and ladder step in force and what the last frames cost.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DynamicResolution {
    scale: f32,
    budget_ms: f32,
    calm_frames: u32,
    over_frames: u32,
    /// Steps taken down the ladder, of `ladder_steps`.
    steps_down: u8,
    /// Steps the renderer's ladder has (0: the scale alone).
    ladder_steps: u8,
    /// Per step, the share of the scene's cost left once it was taken (measured on the
    /// first result after it; [`MIN_STEP_RATIO`] until then).
    step_ratio: [f32; MAX_DETAIL_STEPS as usize],
    /// The cost, ms, that made the latest step down, until the first result after it.
    before_step_ms: Option<f32>,
}

impl DynamicResolution {
    /// Full resolution, aiming at `budget` per frame.
    pub fn new(budget: Duration) -> Self {
        Self {
            scale: 1.0,
            budget_ms: budget.as_secs_f32() * 1e3,
            calm_frames: 0,
            over_frames: 0,
            steps_down: 0,
            ladder_steps: 0,
            step_ratio: [MIN_STEP_RATIO; MAX_DETAIL_STEPS as usize],
            before_step_ms: None,
        }
    }

    /// [`DynamicResolution::new`] that, at its floor, may also take up to `steps` steps down
    /// the renderer's ladder ([`Renderer::detail_steps`](super::Renderer::detail_steps);
    /// at most [`MAX_DETAIL_STEPS`]).
    pub fn with_ladder(budget: Duration, steps: u8) -> Self {
        Self {
            ladder_steps: steps.min(MAX_DETAIL_STEPS),
            ..Self::new(budget)
        }
    }

    /// Lets the controller take up to `steps` steps down the ladder from now on (fewer than
    /// it has taken gives the extra back).
    pub fn set_ladder_steps(&mut self, steps: u8) {
        self.ladder_steps = steps.min(MAX_DETAIL_STEPS);
        self.steps_down = self.steps_down.min(self.ladder_steps);
    }

    /// The scale to draw the next frame's scene at, in [`MIN_SCALE`, 1].
    pub fn scale(&self) -> f32 {
        self.scale
    }

    /// The scale and ladder step to draw the next frame's scene with.
    pub fn detail(&self) -> SceneDetail {
        SceneDetail {
            scale: self.scale,
            steps_down: self.steps_down,
        }
    }

    /// A scene drawn with `drawn` took `gpu_ms` on the GPU: adjusts the scale, or at its
    /// floor the ladder step, for the next frames.
    pub fn after_scene(&mut self, gpu_ms: f32, drawn: SceneDetail) {
        let drawn_scale = drawn.scale;
        if !gpu_ms.is_finite() || gpu_ms <= 0.0 || !drawn_scale.is_finite() || drawn_scale <= 0.0 {
            return;
        }
        if drawn.steps_down != self.steps_down {
            // Drawn before the latest step: in flight when it was taken.
            return;
        }
        let ms = gpu_ms * (self.scale / drawn_scale).powi(2);
        if let Some(before) = self.before_step_ms.take() {
            let step = usize::from(self.steps_down - 1);
            self.step_ratio[step] = (ms / before).clamp(MIN_STEP_RATIO, 1.0);
        }
        let target = self.budget_ms * TARGET_FRACTION;
        if ms > target {
            self.calm_frames = 0;
            self.over_frames += 1;
            if self.over_frames >= OVER_FRAMES {
                if self.scale > MIN_SCALE {
                    self.scale = (self.scale * (target / ms).sqrt().max(MAX_DROP)).max(MIN_SCALE);
                } else if self.steps_down < self.ladder_steps {
                    self.steps_down += 1;
                    self.before_step_ms = Some(ms);
                    self.over_frames = 0;
                }
            }
            return;
        }
        self.over_frames = 0;
        if ms < self.budget_ms * CALM_FRACTION {
            self.calm_frames += 1;
            if self.calm_frames >= CALM_FRAMES {
                self.calm_frames = 0;
                self.climb(ms, target);
            }
        } else {
            self.calm_frames = 0;
        }
    }

    /// After calm frames costing `ms`: one step up the ladder if the cost that step saved
    /// fits under `target`, else (with the whole ladder climbed) a larger scale.
    fn climb(&mut self, ms: f32, target: f32) {
        if self.steps_down > 0 {
            let step = usize::from(self.steps_down - 1);
            if ms / self.step_ratio[step] < target {
                self.steps_down -= 1;
            }
            return;
        }
        self.scale = (self.scale + CLIMB_STEP).min(1.0);
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
    /// `lag` frames late; each frame's time.
    fn run(d: &mut DynamicResolution, fixed_ms: f32, full_ms: f32, frames: usize, lag: usize) -> Vec<f32> {
        run_ladder(d, &[fixed_ms], full_ms, frames, lag)
    }

    /// [`run`] on a GPU whose fixed part is `fixed_ms[k]` with `k` steps taken down the
    /// ladder (the last entry past the end).
    fn run_ladder(d: &mut DynamicResolution, fixed_ms: &[f32], full_ms: f32, frames: usize, lag: usize) -> Vec<f32> {
        let mut in_flight = std::collections::VecDeque::new();
        let mut times = Vec::new();
        for _ in 0..frames {
            let drawn = d.detail();
            let fixed = fixed_ms[usize::from(drawn.steps_down).min(fixed_ms.len() - 1)];
            let t = frame(fixed, full_ms, drawn.scale);
            times.push(t);
            in_flight.push_back((t, drawn));
            if in_flight.len() > lag {
                let (t, drawn) = in_flight.pop_front().unwrap();
                d.after_scene(t, drawn);
            }
        }
        times
    }

    fn at(scale: f32) -> SceneDetail {
        SceneDetail::at_scale(scale)
    }

    #[test]
    fn a_slow_gpu_brings_scenes_under_target_and_holds_them() {
        // 30 ms at full resolution, 4 ms of it fixed: the target (72 % of 16.7 ms) needs
        // scale ≈ 0.55.
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
        d.after_scene(40.0, at(1.0));
        assert_eq!(d.scale(), 1.0);
        run(&mut d, 2.0, 6.0, 10, 0);
        // …two in a row cut the scale by at most MAX_DROP…
        d.after_scene(40.0, at(1.0));
        d.after_scene(40.0, at(1.0));
        assert!((d.scale() - MAX_DROP).abs() < 1e-6, "{}", d.scale());
        // …and cheap frames bring it back within a few seconds.
        run(&mut d, 2.0, 6.0, CALM_FRAMES as usize * 5, 2);
        assert_eq!(d.scale(), 1.0);
    }

    #[test]
    fn late_results_do_not_drop_the_scale_twice() {
        let mut d = DynamicResolution::new(BUDGET);
        // Four frames drawn at full scale at 16 ms each (over the target by less than one
        // drop's most) arrive one after another: the second drops the scale.
        d.after_scene(16.0, at(1.0));
        d.after_scene(16.0, at(1.0));
        let after_first = d.scale();
        assert!(after_first < 1.0);
        d.after_scene(16.0, at(1.0));
        d.after_scene(16.0, at(1.0));
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
            d.after_scene(1000.0, d.detail());
        }
        assert_eq!(d.scale(), MIN_SCALE);
        for bad in [0.0, -1.0, f32::NAN, f32::INFINITY] {
            d.after_scene(bad, at(1.0));
            d.after_scene(5.0, at(bad));
        }
        assert_eq!(d.scale(), MIN_SCALE);
    }

    /// A GPU whose fixed part alone overruns the target at the scale's floor: 12 ms, then
    /// 6 and 4 ms down the ladder's steps, plus 20 ms of pixels at full scale (5 at 0.5).
    const LADDER_MS: [f32; 3] = [12.0, 6.0, 4.0];

    #[test]
    fn at_its_floor_and_still_over_the_scene_steps_down_the_ladder_and_holds() {
        for lag in [0, 3] {
            let mut d = DynamicResolution::with_ladder(BUDGET, 2);
            run_ladder(&mut d, &LADDER_MS, 20.0, 300, lag);
            // 12 + 5 = 17 ms at the floor is over the 12 ms target, 6 + 5 = 11 is not:
            // one step, not two (the second would cost detail for nothing).
            assert_eq!(
                d.detail(),
                SceneDetail {
                    scale: MIN_SCALE,
                    steps_down: 1
                },
                "lag {lag}"
            );
            let over = run_ladder(&mut d, &LADDER_MS, 20.0, 600, lag)
                .iter()
                .filter(|t| **t > 16.667)
                .count();
            assert_eq!(over, 0, "lag {lag}");
        }
        // Without a ladder the floor is where it stops, over budget every frame: what the
        // ladder is for.
        let mut d = DynamicResolution::new(BUDGET);
        let times = run_ladder(&mut d, &LADDER_MS, 20.0, 300, 3);
        assert_eq!(
            d.detail(),
            SceneDetail {
                scale: MIN_SCALE,
                steps_down: 0
            }
        );
        assert!(times[200..].iter().all(|t| *t > 16.667));
    }

    #[test]
    fn a_lighter_scene_climbs_the_ladder_first_then_the_scale() {
        let mut d = DynamicResolution::with_ladder(BUDGET, 2);
        run_ladder(&mut d, &LADDER_MS, 20.0, 300, 2);
        assert_eq!(d.detail().steps_down, 1);
        // The scene gets lighter (fewer casters, a plain view): 2 ms fixed, 6 ms of pixels.
        let mut seen = Vec::new();
        for _ in 0..(CALM_FRAMES as usize * 40) {
            run_ladder(&mut d, &[2.0, 1.5, 1.0], 6.0, 1, 0);
            seen.push(d.detail());
        }
        assert_eq!(d.detail(), SceneDetail::FULL);
        // The step came back before the scale moved off its floor.
        let first_climb = seen.iter().position(|s| s.scale > MIN_SCALE).unwrap();
        assert!(seen[..first_climb].iter().any(|s| s.steps_down == 0));
        assert!(seen[first_climb..].iter().all(|s| s.steps_down == 0), "{seen:?}");
    }

    #[test]
    fn a_step_that_would_overrun_again_is_not_retried() {
        // At the floor: 14 ms with full detail, 9 ms one step down. 9 ms is calm, but the
        // step saved 5 ms, and 9 + 5 is over the target: the scene stays down, with no
        // frame over budget spent finding that out again and again.
        let mut d = DynamicResolution::with_ladder(BUDGET, 1);
        run_ladder(&mut d, &[14.0 - 5.0, 9.0 - 5.0], 20.0, 120, 2);
        assert_eq!(d.detail().steps_down, 1);
        let times = run_ladder(&mut d, &[14.0 - 5.0, 9.0 - 5.0], 20.0, 1200, 2);
        assert_eq!(d.detail().steps_down, 1);
        assert!(times.iter().all(|t| (*t - 9.0).abs() < 1e-4), "it climbed back");
    }

    #[test]
    fn results_drawn_before_a_step_do_not_take_another() {
        let mut d = DynamicResolution::with_ladder(BUDGET, 3);
        for _ in 0..100 {
            d.after_scene(30.0, d.detail());
            if d.detail().steps_down > 0 {
                break;
            }
        }
        assert_eq!(
            d.detail(),
            SceneDetail {
                scale: MIN_SCALE,
                steps_down: 1
            }
        );
        // Frames drawn at the floor with full detail were in flight: still 30 ms, and
        // ignored.
        for _ in 0..4 {
            d.after_scene(30.0, at(MIN_SCALE));
        }
        assert_eq!(d.detail().steps_down, 1);
        // The ladder never goes past its last step, nor the controller past its own cap.
        for _ in 0..100 {
            d.after_scene(30.0, d.detail());
        }
        assert_eq!(d.detail().steps_down, 3);
        let capped = DynamicResolution::with_ladder(BUDGET, 200);
        assert_eq!(capped.ladder_steps, MAX_DETAIL_STEPS);
    }
}
