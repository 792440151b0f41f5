//! The audio device through rodio. The game fills sample buffers; this module feeds them to
//! the device. Where no device exists the game runs silent, with one log line.

use std::time::Duration;

/// Something that renders interleaved `f32` samples: the game's mixer.
pub trait AudioRenderer: Send + 'static {
    /// Output channel count (2 for stereo).
    fn channels(&self) -> u16;
    /// Output sample rate in Hz.
    fn sample_rate(&self) -> u32;
    /// Fills `out` (interleaved, `channels()` per frame) with the next samples in −1..1.
    fn render(&mut self, out: &mut [f32]);
}

/// The open output stream, or nothing when the machine has no audio device.
pub struct AudioOutput {
    stream: Option<rodio::OutputStream>,
}

impl AudioOutput {
    /// Opens the default output device. Never fails: with no device the output is silent
    /// and one line is logged.
    pub fn open() -> AudioOutput {
        quiet_alsa();
        match rodio::OutputStreamBuilder::open_default_stream() {
            Ok(mut stream) => {
                stream.log_on_drop(false);
                log::info!("audio: default output device opened");
                AudioOutput { stream: Some(stream) }
            }
            Err(e) => {
                // cpal's words for a machine without a sound card talk of an unplugged
                // device; say what it means for the player.
                let reason = match &e {
                    rodio::StreamError::NoDevice
                    | rodio::StreamError::DefaultStreamConfigError(
                        rodio::cpal::DefaultStreamConfigError::DeviceNotAvailable,
                    ) => "no output device found".to_string(),
                    e => format!("the output device cannot be opened ({e})"),
                };
                log::info!("audio: {reason}; running silent");
                AudioOutput { stream: None }
            }
        }
    }

    /// A silent output that never touches a device (headless runs, tests).
    pub fn silent() -> AudioOutput {
        AudioOutput { stream: None }
    }

    /// Whether a device is open.
    pub fn is_open(&self) -> bool {
        self.stream.is_some()
    }

    /// Starts pulling samples from `renderer` on the device's thread. Does nothing when silent.
    pub fn play(&self, renderer: impl AudioRenderer) {
        if let Some(stream) = &self.stream {
            stream.mixer().add(RendererSource::new(renderer));
        }
    }
}

/// libasound prints a dozen lines to stderr while cpal probes a machine with no sound card.
/// The game reports the outcome in one log line instead, so ALSA's printer is replaced by
/// one that drops its messages.
#[cfg(target_os = "linux")]
fn quiet_alsa() {
    use std::os::raw::{c_char, c_int};
    unsafe extern "C" fn drop_message(
        _file: *const c_char,
        _line: c_int,
        _func: *const c_char,
        _err: c_int,
        _fmt: *const c_char,
    ) {
    }
    // SAFETY: the handler ignores every argument, including the variadic ones; on the
    // Linux ABIs (System V x86-64, AArch64 AAPCS) a callee that declares only the fixed
    // arguments reads them from the same registers a variadic call places them in.
    unsafe {
        let handler: alsa_sys::snd_lib_error_handler_t = Some(std::mem::transmute::<
            unsafe extern "C" fn(*const c_char, c_int, *const c_char, c_int, *const c_char),
            unsafe extern "C" fn(*const c_char, c_int, *const c_char, c_int, *const c_char, ...),
        >(drop_message));
        alsa_sys::snd_lib_error_set_handler(handler);
    }
}

#[cfg(not(target_os = "linux"))]
fn quiet_alsa() {}

const CHUNK_FRAMES: usize = 256;

/// Adapts an [`AudioRenderer`] to rodio's sample iterator, one chunk at a time.
struct RendererSource<R: AudioRenderer> {
    renderer: R,
    buffer: Vec<f32>,
    pos: usize,
}

impl<R: AudioRenderer> RendererSource<R> {
    fn new(renderer: R) -> Self {
        let len = CHUNK_FRAMES * renderer.channels().max(1) as usize;
        Self {
            renderer,
            buffer: vec![0.0; len],
            pos: len,
        }
    }
}

impl<R: AudioRenderer> Iterator for RendererSource<R> {
    type Item = f32;
    fn next(&mut self) -> Option<f32> {
        if self.pos >= self.buffer.len() {
            self.renderer.render(&mut self.buffer);
            self.pos = 0;
        }
        let s = self.buffer[self.pos];
        self.pos += 1;
        Some(s)
    }
}

impl<R: AudioRenderer> rodio::Source for RendererSource<R> {
    fn current_span_len(&self) -> Option<usize> {
        Some(self.buffer.len() - self.pos)
    }
    fn channels(&self) -> rodio::ChannelCount {
        self.renderer.channels()
    }
    fn sample_rate(&self) -> rodio::SampleRate {
        self.renderer.sample_rate()
    }
    fn total_duration(&self) -> Option<Duration> {
        None
    }
}
