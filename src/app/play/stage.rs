//! What the screens of `skidpad play` play through, opened once for the whole game: the
//! window and its events, the pads, the renderer and the HUD batch, the sound, and the
//! wall clock. Everything here comes from the platform layer; the screens never open a
//! device themselves.

use crate::app::menu::Device;
use crate::audio::{sound_feed, Mixer, SoundFeed};
use crate::content::PlatformProfile;
use crate::error::Error;
use crate::render::Hud;
use crate::render::{DynamicResolution, Renderer, SceneDetail};
use skidpad_platform::{
    AudioOutput, PadEvent, PadEventKind, Pads, Platform, PlatformEvent, VideoBackend, WallClock, WindowConfig,
};

/// Events a frame takes at most before its buffers grow (they are kept between frames).
const EVENTS_PER_FRAME: usize = 64;

/// The devices of a game of `skidpad play` and this frame's events.
///
/// Fields drop in the order written: the HUD and the renderer free their GL objects while
/// the window's context is still current, and the platform goes before the pads. Keep the
/// order when adding a device.
pub struct Stage {
    /// This frame's window and keyboard events.
    pub events: Vec<PlatformEvent>,
    /// This frame's pad events (none on a frame whose screen takes no pad input).
    pub pad_events: Vec<PadEvent>,
    /// Pads plugged in or unplugged on a screen that reads the pads only for Back (the
    /// loading screen), handed to the next frame that reads them.
    held_pad_events: Vec<PadEvent>,
    /// The 2D batch the HUD and the loading screen's label are drawn with.
    pub hud: Hud,
    /// The window height the HUD's font was rasterised for, px.
    hud_height: u32,
    /// The HUD batch of split-screen views, with the view height its font was
    /// rasterised for (made when split screen first draws).
    view_hud: Option<(u32, Hud)>,
    /// The clock frames are timed and paced by.
    pub clock: WallClock,
    /// The game's end of the sound feed the audio thread's mixer takes a frame from each tick.
    pub sound: SoundFeed,
    /// Kept open for the whole game: dropping it stops the sound.
    _audio: AudioOutput,
    /// The 3D renderer.
    pub renderer: Renderer,
    /// The level select's previews made this game, kept with the renderer that drew them
    /// (GL objects: declared before `platform`, so they are dropped while its context is).
    pub level_previews: super::level_preview::LevelPreviews,
    /// The scene's resolution scale, following the GPU's recent scene times.
    resolution: DynamicResolution,
    /// Whether the scale follows them (the options), or the scene is drawn at full
    /// resolution.
    pub dynamic_resolution: bool,
    /// Whether the renderer's detail ladder has been built (once, when dynamic resolution
    /// first draws a scene).
    ladder_built: bool,
    /// The frame-rate caps the profile offers (the pause menu's options list them).
    pub frame_caps_hz: Vec<u32>,
    /// The profile's title-safe share of the screen, which the HUD keeps inside.
    pub title_safe: f32,
    /// The device whose prompts the menus show: the one used last on a menu screen, the
    /// profile's `home_device` until one is.
    pub last_device: Device,
    /// The device the profile is played with (`[input] pad_only`: the pad): its prompts
    /// show from the start, and after a pad is unplugged.
    pub home_device: Device,
    /// The window and its GL context.
    pub platform: Platform,
    /// The gamepads (real, or a pad script's).
    pub pads: Pads,
}

impl Stage {
    /// Before drawing a level's scene: the resolution and detail it is drawn with, from the
    /// GPU time of recent scenes when dynamic resolution is on (the first time, the
    /// renderer's detail ladder is built), else full.
    pub fn pick_scene_resolution(&mut self) {
        let detail = if self.dynamic_resolution {
            if !self.ladder_built {
                self.ladder_built = true;
                match self.renderer.enable_detail_ladder() {
                    Ok(()) => {
                        self.resolution.set_ladder_steps(self.renderer.detail_steps());
                    }
                    Err(e) => log::warn!("dynamic resolution without its detail ladder: {e}"),
                }
            }
            if let Some((ms, drawn)) = self.renderer.take_gpu_scene_time() {
                self.resolution.after_scene(ms, drawn);
            }
            self.resolution.detail()
        } else {
            SceneDetail::FULL
        };
        self.renderer.set_scene_detail(detail);
        self.renderer.set_scene_timing(self.dynamic_resolution);
    }

    /// Opens the pads, the window (`title`, sized by `profile`), the renderer, the audio
    /// output and the HUD. A pad script that cannot be used fails before any window opens;
    /// no OpenGL context of those the profile's `gl` allows is exit code 3 (see [`Error`]).
    /// `max_frames` only decides whether an offscreen game warns that nothing will close
    /// it. `unattended` plays on a stepped clock (`WallClock::stepped`: frames last what
    /// the game paces them to, with no waiting), for runs nobody watches.
    pub fn open(
        profile: &PlatformProfile,
        title: String,
        max_frames: Option<u64>,
        unattended: bool,
    ) -> Result<Stage, Error> {
        // Before the window: a pad script that cannot be used is bad input, and nothing opens.
        let pads = Pads::from_env()?;
        let platform = Platform::open(&WindowConfig {
            title,
            width: profile.width,
            height: profile.height,
            vsync: profile.vsync,
            offscreen: false,
            gl: profile.gl,
        })?;
        if platform.backend() == VideoBackend::Offscreen && max_frames.is_none() {
            log::warn!(
                "no display: the game runs offscreen with nothing shown; close it with Ctrl-C or pass --max-frames"
            );
        }
        let renderer = Renderer::for_profile(profile)?;
        let audio = AudioOutput::open();
        let (sound, tap) = sound_feed();
        audio.play(Mixer::new(tap, profile.loop_config.tick_rate_hz, profile.loudness_lufs));
        let clock = if unattended {
            WallClock::stepped()
        } else {
            WallClock::new()
        };
        let hud_height = platform.drawable_size().1;
        let hud = Hud::for_height(hud_height)?;
        Ok(Stage {
            events: Vec::with_capacity(EVENTS_PER_FRAME),
            pad_events: Vec::with_capacity(EVENTS_PER_FRAME),
            held_pad_events: Vec::new(),
            hud,
            hud_height,
            view_hud: None,
            clock,
            sound,
            _audio: audio,
            renderer,
            resolution: DynamicResolution::new(profile.frame_budget),
            dynamic_resolution: true,
            ladder_built: false,
            frame_caps_hz: profile.frame_caps_hz.clone(),
            title_safe: profile.title_safe,
            last_device: Device::at_start(profile.pad_only),
            home_device: Device::at_start(profile.pad_only),
            platform,
            pads,
            level_previews: Default::default(),
        })
    }

    /// Takes this frame's events from the window, and from the pads when `pads` is set. A
    /// screen that takes no pad input leaves the pads unpolled, so their events wait for
    /// the next screen that does (a pad script counts polls: one per frame of play).
    pub fn pump(&mut self, pads: bool) {
        self.events.clear();
        self.pad_events.clear();
        self.platform.poll_events(&mut self.events);
        if self.events.iter().any(|e| matches!(e, PlatformEvent::Resized { .. })) {
            self.fit_hud();
        }
        if pads {
            self.pad_events.append(&mut self.held_pad_events);
            self.pads.poll(&mut self.pad_events);
            // A pad script's key lines arrive as the window's key events of the same poll.
            self.pads.take_script_keys(&mut self.events);
        }
    }

    /// Keeps this frame's pads plugged in or unplugged for the next frame that reads the
    /// pads: a screen that reads them only for Back (loading) must not swallow them, or the
    /// race after it would not know the pad is there.
    pub fn hold_pad_connections(&mut self) {
        let connections = self
            .pad_events
            .iter()
            .filter(|e| matches!(e.kind, PadEventKind::Connected | PadEventKind::Disconnected));
        self.held_pad_events.extend(connections);
    }

    /// Rasterises the HUD's font again when the window's height changed (a resize, the
    /// options' window size or fullscreen), so text stays sharp and in proportion.
    pub fn fit_hud(&mut self) {
        let (_, h) = self.platform.drawable_size();
        if h == self.hud_height {
            return;
        }
        match Hud::for_height(h) {
            Ok(hud) => {
                self.hud = hud;
                self.hud_height = h;
            }
            Err(e) => log::warn!("HUD kept at {} px high: {e}", self.hud_height),
        }
    }

    /// The HUD batch for split-screen views `height_px` high (its font rasterised for
    /// that height, so text is in proportion to the view and never under the least
    /// readable sizes); the window's HUD if it cannot be made (logged).
    pub fn view_hud(&mut self, height_px: u32) -> &mut Hud {
        if self.view_hud.as_ref().map(|(h, _)| *h) != Some(height_px) {
            match Hud::for_height(height_px) {
                Ok(hud) => self.view_hud = Some((height_px, hud)),
                Err(e) => {
                    log::warn!("split-screen HUD not made for {height_px} px views ({e}); the window's HUD instead");
                    self.view_hud = None;
                }
            }
        }
        match &mut self.view_hud {
            Some((_, hud)) => hud,
            None => &mut self.hud,
        }
    }

    /// Whether the player closed the window this frame.
    pub fn quit_event(&self) -> bool {
        self.events.iter().any(|e| matches!(e, PlatformEvent::Quit))
    }
}
