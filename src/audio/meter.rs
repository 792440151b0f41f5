//! How loud a rendered mix is, as the loudness recommendations measure it: EBU R128
//! integrated loudness (ITU-R BS.1770's K-weighting and gating) and true peak (the peak
//! of the signal oversampled 4×, where a converter's reconstruction can overshoot the
//! samples), through the `ebur128` crate. The offline render reports it and the loudness
//! tests assert it; the mixer itself never meters.

use super::mixer::SAMPLE_RATE;

/// The loudness of a stretch of interleaved stereo at [`SAMPLE_RATE`].
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Loudness {
    /// Integrated loudness, LUFS (gated; −70 or lower for silence).
    pub integrated_lufs: f64,
    /// The higher channel's true peak, dBTP (−∞ for silence is reported as −200).
    pub true_peak_dbtp: f64,
}

/// Measures `stereo` (interleaved, −1..1). `None` when the meter refuses the input
/// (never for finite samples; a non-finite one is measured as silence).
pub fn measure(stereo: &[f32]) -> Option<Loudness> {
    use ebur128::{EbuR128, Mode};
    let mut meter = EbuR128::new(2, SAMPLE_RATE, Mode::I | Mode::TRUE_PEAK).ok()?;
    if stereo.iter().all(|s| s.is_finite()) {
        meter.add_frames_f32(stereo).ok()?;
    } else {
        let clean: Vec<f32> = stereo.iter().map(|&s| if s.is_finite() { s } else { 0.0 }).collect();
        meter.add_frames_f32(&clean).ok()?;
    }
    let peak = (0..2).map(|c| meter.true_peak(c).unwrap_or(0.0)).fold(0.0f64, f64::max);
    Some(Loudness {
        integrated_lufs: meter.loudness_global().ok()?.max(-200.0),
        true_peak_dbtp: if peak > 0.0 { 20.0 * peak.log10() } else { -200.0 },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stereo sine of `amplitude` at `hz`, `seconds` long.
    fn sine(hz: f32, amplitude: f32, seconds: f32) -> Vec<f32> {
        let n = (SAMPLE_RATE as f32 * seconds) as usize;
        (0..n)
            .flat_map(|i| {
                let s = amplitude * (std::f32::consts::TAU * hz * i as f32 / SAMPLE_RATE as f32).sin();
                [s, s]
            })
            .collect()
    }

    #[test]
    fn a_full_scale_1_khz_sine_in_both_channels_reads_as_bs1770_says() {
        // BS.1770: a 0 dBFS 1 kHz sine in one front channel reads −3.01 LKFS; in both
        // channels the powers add, +3.01 dB: 0.0 LUFS. Its true peak is its amplitude.
        let l = measure(&sine(1000.0, 1.0, 3.0)).unwrap();
        assert!((l.integrated_lufs - 0.0).abs() < 0.1, "{l:?}");
        assert!(l.true_peak_dbtp.abs() < 0.2, "{l:?}");
        // 20 dB down is 20 LU down.
        let quiet = measure(&sine(1000.0, 0.1, 3.0)).unwrap();
        assert!((quiet.integrated_lufs + 20.0).abs() < 0.1, "{quiet:?}");
    }

    #[test]
    fn silence_and_non_finite_samples_measure_without_failing() {
        let l = measure(&vec![0.0; 2 * SAMPLE_RATE as usize]).unwrap();
        assert!(l.integrated_lufs < -69.0 && l.true_peak_dbtp < -100.0, "{l:?}");
        let mut s = sine(1000.0, 0.1, 2.0);
        s[100] = f32::NAN;
        assert!(measure(&s).unwrap().integrated_lufs.is_finite());
    }
}
