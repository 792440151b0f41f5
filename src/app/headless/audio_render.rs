//! `run --replay FILE --audio-out FILE.wav`: what a replay sounds like, rendered offline.
//! The replay's inputs drive a [`Session`] a tick at a time, as play does; after each tick
//! its sound frame goes through the same feed to the same mixer, which renders exactly a
//! tick of samples. No device, no clock: the same replay gives the same bytes every time.

use crate::app::session::{Motion, Session};
use crate::app::setup::Setup;
use crate::audio::{sound_feed, Mixer};
use crate::error::Error;
use crate::settings::Volumes;
use crate::sim::TickInput;
use std::path::Path;

/// Interleaved stereo samples at [`crate::audio::SAMPLE_RATE`] of `inputs` played on
/// `setup` from its start, heard from the chase camera at `volumes`.
pub fn render_audio(setup: &Setup, inputs: &[TickInput], volumes: Volumes) -> Vec<f32> {
    let mut session = Session::start(setup);
    let (mut feed, tap) = sound_feed();
    let mut mixer = Mixer::new(tap, setup.profile.loop_config.tick_rate_hz, setup.profile.loudness_lufs);
    let tick = 2 * mixer.samples_per_tick() as usize;
    let mut out = vec![0.0; tick * inputs.len()];
    for (input, samples) in inputs.iter().zip(out.chunks_exact_mut(tick)) {
        session.tick(input);
        feed.send(session.sound_frame(input.control.throttle, volumes, Motion::Running));
        mixer.render(samples);
    }
    out
}

/// `samples` (interleaved stereo, −1..1) as a 16-bit PCM WAV file's bytes.
pub fn wav_bytes(samples: &[f32]) -> Result<Vec<u8>, Error> {
    let spec = hound::WavSpec {
        channels: 2,
        sample_rate: crate::audio::SAMPLE_RATE,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut bytes = std::io::Cursor::new(Vec::with_capacity(44 + samples.len() * 2));
    let wav_error = |e: hound::Error| Error::runtime(format!("cannot encode the WAV: {e}"));
    let mut w = hound::WavWriter::new(&mut bytes, spec).map_err(wav_error)?;
    for s in samples {
        let s = if s.is_finite() { s.clamp(-1.0, 1.0) } else { 0.0 };
        w.write_sample((s * f32::from(i16::MAX)).round() as i16)
            .map_err(wav_error)?;
    }
    w.finalize().map_err(wav_error)?;
    Ok(bytes.into_inner())
}

/// Writes `samples` to `path` as a WAV file, atomically.
pub fn save_wav(samples: &[f32], path: &Path) -> Result<(), Error> {
    let bytes = wav_bytes(samples)?;
    skidpad_platform::files::write_atomically(path, &bytes).map_err(|e| {
        Error::runtime(format!(
            "{}: cannot write the audio: {e} (any file already there is unchanged)",
            path.display()
        ))
    })
}
