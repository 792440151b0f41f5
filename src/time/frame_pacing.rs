//! How evenly frames come: what a player sees as judder even when the mean frame rate is
//! fine. With vsync a frame that takes longer than the refresh interval leaves the last
//! image on screen for a second refresh (a repeat), and uneven frame times make motion
//! stutter although no frame is late.
//!
//! If `repeats` is above zero while the mean frame has headroom, the late frames are
//! spikes: `profile --trace` shows which phase they spent it in.

use std::time::Duration;

/// The evenness of a run's frames.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct FramePacing {
    /// Mean frame time, ms.
    pub mean_ms: f64,
    /// Standard deviation of the frame time, ms.
    pub std_dev_ms: f64,
    /// Mean change in frame time from one frame to the next, ms: the judder a player feels.
    pub mean_change_ms: f64,
    /// Frames longer than the refresh interval: with vsync, each left the image before it
    /// on screen for one more refresh (or more).
    pub repeats: usize,
}

impl FramePacing {
    /// The pacing of frames that took `frame_times`, in order, on a display refreshing
    /// every `refresh` (the profile's frame budget). No frames: all zero.
    pub fn of(frame_times: impl IntoIterator<Item = Duration>, refresh: Duration) -> FramePacing {
        let ms: Vec<f64> = frame_times.into_iter().map(|d| d.as_secs_f64() * 1e3).collect();
        let n = ms.len().max(1) as f64;
        let mean_ms = ms.iter().sum::<f64>() / n;
        let variance = ms.iter().map(|t| (t - mean_ms).powi(2)).sum::<f64>() / n;
        let changes = ms.len().saturating_sub(1).max(1) as f64;
        let mean_change_ms = ms.windows(2).map(|w| (w[1] - w[0]).abs()).sum::<f64>() / changes;
        let refresh_ms = refresh.as_secs_f64() * 1e3;
        FramePacing {
            mean_ms: mean_ms + 0.0,
            std_dev_ms: variance.sqrt(),
            mean_change_ms: mean_change_ms + 0.0,
            repeats: ms.iter().filter(|&&t| t > refresh_ms).count(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(v: &[f64]) -> Vec<Duration> {
        v.iter().map(|&m| Duration::from_secs_f64(m / 1e3)).collect()
    }

    #[test]
    fn even_frames_have_no_spread_and_no_repeats() {
        let p = FramePacing::of(ms(&[10.0; 8]), Duration::from_secs_f64(1.0 / 60.0));
        assert!((p.mean_ms - 10.0).abs() < 1e-9);
        assert!(p.std_dev_ms < 1e-9 && p.mean_change_ms < 1e-9);
        assert_eq!(p.repeats, 0);
    }

    #[test]
    fn alternating_frames_judder_and_a_late_one_repeats() {
        // 10, 14, 10, 14 ms: mean 12, spread 2, a 4 ms change every frame; then one of 20 ms
        // at 60 Hz (16.7 ms) leaves the frame before it up for a second refresh.
        let p = FramePacing::of(ms(&[10.0, 14.0, 10.0, 14.0]), Duration::from_secs_f64(1.0 / 60.0));
        assert!((p.mean_ms - 12.0).abs() < 1e-9);
        assert!((p.std_dev_ms - 2.0).abs() < 1e-9);
        assert!((p.mean_change_ms - 4.0).abs() < 1e-9);
        assert_eq!(p.repeats, 0);
        let late = FramePacing::of(ms(&[10.0, 20.0, 10.0]), Duration::from_secs_f64(1.0 / 60.0));
        assert_eq!(late.repeats, 1);
    }

    #[test]
    fn no_frames_is_all_zero() {
        let p = FramePacing::of(Vec::new(), Duration::from_millis(16));
        assert_eq!(
            (p.mean_ms, p.std_dev_ms, p.mean_change_ms, p.repeats),
            (0.0, 0.0, 0.0, 0)
        );
    }
}
