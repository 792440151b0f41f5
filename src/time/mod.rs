//! Game time: the fixed-step loop and per-frame phase accounting. Pure: driven by the
//! durations the platform measures, or by a fake clock in tests.

mod fixed_step;
mod frame_pacing;
mod frame_phases;

pub use fixed_step::{FixedStepLoop, FramePlan, LoopConfig};
pub use frame_pacing::FramePacing;
pub use frame_phases::{FrameHistory, FramePhases, Phase, PhaseTimer};
