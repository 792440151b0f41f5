//! The SDL2 window with its OpenGL context (3.3 core, or ES 3.0: [`GlRequest`]), and the
//! event pump.
//!
//! Where there is no display (no `DISPLAY`/`WAYLAND_DISPLAY`), or when asked to, SDL's
//! `offscreen` video driver is used: it gives a real OpenGL context through EGL (Mesa
//! llvmpipe on a machine without a GPU), so screenshots and render tests need no X server.

use crate::events::{Key, PlatformEvent};
use crate::gl_api::{version_string_is_es, GlApi, GlRequest};
use sdl2::event::{Event, WindowEvent};
use sdl2::keyboard::Keycode;
use sdl2::video::{GLProfile, SwapInterval};
use std::ffi::CStr;

/// What the window should look like. Sizes come from the platform profile.
#[derive(Debug, Clone)]
pub struct WindowConfig {
    /// Window title.
    pub title: String,
    /// Drawable width in pixels.
    pub width: u32,
    /// Drawable height in pixels.
    pub height: u32,
    /// Wait for the display's vertical blank on swap.
    pub vsync: bool,
    /// Render without showing anything (screenshots, tests): forces the offscreen driver.
    pub offscreen: bool,
    /// Which OpenGL API to create (`--gl`).
    pub gl: GlRequest,
}

/// Which SDL video driver carries the GL context.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VideoBackend {
    /// A real window on the desktop (x11, wayland, …).
    Windowed,
    /// SDL's `offscreen` driver: a GL context with no window on screen.
    Offscreen,
}

/// What the driver reports about the GL context we got.
#[derive(Debug, Clone)]
pub struct GlInfo {
    /// `GL_RENDERER`, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    pub renderer: String,
    /// `GL_VERSION` string.
    pub version: String,
    /// Context major version as created.
    pub major: u8,
    /// Context minor version as created.
    pub minor: u8,
    /// The API the context speaks.
    pub api: GlApi,
}

/// Why the window or its GL context could not be opened. Each is a clean exit for the game,
/// never a panic.
#[derive(Debug, thiserror::Error)]
pub enum PlatformError {
    /// SDL itself or its video subsystem failed to start.
    #[error(
        "video: could not start SDL video ({driver} driver): {reason}; unset SDL_VIDEODRIVER or set it to a \
         driver this machine has (x11, wayland, offscreen)"
    )]
    Video {
        /// SDL video driver that was tried.
        driver: String,
        /// SDL's message.
        reason: String,
    },
    /// The window could be made but none of the OpenGL contexts asked for (`--gl`).
    #[error(
        "OpenGL could not be created ({tried}): {reason}; update the graphics driver (Mesa's llvmpipe software \
         renderer works; unset MESA_GL_VERSION_OVERRIDE / MESA_GLES_VERSION_OVERRIDE if set), or try another \
         `--gl` (auto, core, es); `skidpad run` needs no graphics"
    )]
    NoGl {
        /// The APIs tried, e.g. "OpenGL 3.3 core, then OpenGL ES 3.0".
        tried: String,
        /// Why the last one failed.
        reason: String,
    },
}

/// The open window, its GL context and its event pump. Dropping it closes everything.
pub struct Platform {
    _sdl: sdl2::Sdl,
    video: sdl2::VideoSubsystem,
    window: sdl2::video::Window,
    _gl_context: sdl2::video::GLContext,
    event_pump: sdl2::EventPump,
    backend: VideoBackend,
    gl_info: GlInfo,
    vsync: bool,
}

fn display_present() -> bool {
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    if cfg!(target_os = "linux") {
        set("DISPLAY") || set("WAYLAND_DISPLAY")
    } else {
        true
    }
}

impl Platform {
    /// Opens a window (or an offscreen surface) with the OpenGL context `config.gl` asks
    /// for (auto: 3.3 core, else ES 3.0, logged) and loads the GL function pointers. Falls
    /// back to the offscreen driver when there is no display or the windowed driver cannot
    /// start.
    pub fn open(config: &WindowConfig) -> Result<Platform, PlatformError> {
        let forced = std::env::var("SDL_VIDEODRIVER").ok().filter(|v| !v.is_empty());
        let want_offscreen = config.offscreen || (forced.is_none() && !display_present());
        if want_offscreen {
            if forced.as_deref().is_some_and(|d| d != "offscreen") {
                log::info!(
                    "SDL_VIDEODRIVER={} overridden: rendering offscreen",
                    forced.as_deref().unwrap_or("")
                );
            } else if !config.offscreen {
                log::info!("no display found: rendering with SDL's offscreen driver");
            }
            return Self::open_with(config, VideoBackend::Offscreen);
        }
        match Self::open_with(config, VideoBackend::Windowed) {
            Ok(p) => Ok(p),
            Err(PlatformError::Video { reason, .. }) if forced.is_none() => {
                log::warn!("windowed video failed ({reason}); rendering offscreen instead");
                Self::open_with(config, VideoBackend::Offscreen)
            }
            Err(e) => Err(e),
        }
    }

    fn open_with(config: &WindowConfig, backend: VideoBackend) -> Result<Platform, PlatformError> {
        let driver = match backend {
            VideoBackend::Offscreen => "offscreen".to_string(),
            VideoBackend::Windowed => std::env::var("SDL_VIDEODRIVER").unwrap_or_else(|_| "default".into()),
        };
        if backend == VideoBackend::Offscreen {
            sdl2::hint::set("SDL_VIDEODRIVER", "offscreen");
        }
        let video_err = |reason: String| PlatformError::Video {
            driver: driver.clone(),
            reason,
        };
        let sdl = sdl2::init().map_err(video_err)?;
        let video = sdl.video().map_err(video_err)?;
        // SDL falls through its drivers by itself: a display that cannot be reached (a
        // stale DISPLAY) ends on the offscreen one. Nothing is shown then; say so.
        let backend = if backend == VideoBackend::Windowed && video.current_video_driver() == "offscreen" {
            if std::env::var("SDL_VIDEODRIVER").is_err() {
                log::warn!(
                    "the display (DISPLAY={}, WAYLAND_DISPLAY={}) could not be used; rendering offscreen instead",
                    std::env::var("DISPLAY").unwrap_or_default(),
                    std::env::var("WAYLAND_DISPLAY").unwrap_or_default()
                );
            }
            VideoBackend::Offscreen
        } else {
            backend
        };
        let mut failure = String::new();
        let mut opened = None;
        for (k, &api) in config.gl.candidates().iter().enumerate() {
            if k > 0 {
                log::warn!(
                    "{} could not be created ({failure}); trying {}",
                    config.gl.candidates()[k - 1].describe(),
                    api.describe()
                );
            }
            match open_context(&video, config, backend, api) {
                Ok(o) => {
                    opened = Some(o);
                    break;
                }
                Err(ContextError::Window(reason)) => return Err(video_err(reason)),
                Err(ContextError::Gl(reason)) => failure = reason,
            }
        }
        let Some((window, gl_context, api, (major, minor))) = opened else {
            let tried: Vec<&str> = config.gl.candidates().iter().map(|a| a.describe()).collect();
            return Err(PlatformError::NoGl {
                tried: tried.join(", then "),
                reason: failure,
            });
        };
        let interval = if config.vsync && backend == VideoBackend::Windowed {
            SwapInterval::VSync
        } else {
            SwapInterval::Immediate
        };
        let vsync = match video.gl_set_swap_interval(interval) {
            Ok(()) => interval == SwapInterval::VSync,
            Err(e) => {
                log::warn!("could not set swap interval {interval:?}: {e}");
                false
            }
        };
        let gl_info = GlInfo {
            renderer: gl_string(gl::RENDERER),
            version: gl_string(gl::VERSION),
            major,
            minor,
            api,
        };
        let workers = match std::env::var(crate::software_gl::LLVMPIPE_THREADS_VAR) {
            Ok(n) if gl_info.renderer.contains("llvmpipe") => format!(", {n} rasteriser threads"),
            _ => String::new(),
        };
        log::info!(
            "{} context ({:?}, SDL driver {}): {} / {}{workers}",
            api.describe(),
            backend,
            video.current_video_driver(),
            gl_info.renderer,
            gl_info.version
        );
        let event_pump = sdl.event_pump().map_err(video_err)?;
        Ok(Platform {
            _sdl: sdl,
            video,
            window,
            _gl_context: gl_context,
            event_pump,
            backend,
            gl_info,
            vsync,
        })
    }

    /// The OpenGL API the context speaks.
    pub fn gl_api(&self) -> GlApi {
        self.gl_info.api
    }

    /// Which video driver carries the context.
    pub fn backend(&self) -> VideoBackend {
        self.backend
    }

    /// Whether presenting waits for the display's vblank (if not, the caller paces frames).
    pub fn vsync(&self) -> bool {
        self.vsync
    }

    /// The GL context's renderer and version.
    pub fn gl_info(&self) -> &GlInfo {
        &self.gl_info
    }

    /// Drawable size in pixels (may differ from the window size on HiDPI displays).
    pub fn drawable_size(&self) -> (u32, u32) {
        self.window.drawable_size()
    }

    /// Presents the frame (waits for vblank when vsync is on). Kept out of line: the
    /// frame-by-frame instruction counts (`scripts/callgrind-frames`) cut their dumps at
    /// this symbol, which the release build's whole-program optimisation would inline away.
    #[inline(never)]
    pub fn swap(&self) {
        self.window.gl_swap_window();
    }

    /// Puts the window in desktop fullscreen, or back in a window of `width` × `height`
    /// pixels (the options' resolution). Offscreen, only the size changes.
    pub fn set_display(&mut self, width: u32, height: u32, fullscreen: bool) -> Result<(), String> {
        use sdl2::video::FullscreenType;
        if self.backend == VideoBackend::Windowed {
            let mode = if fullscreen {
                FullscreenType::Desktop
            } else {
                FullscreenType::Off
            };
            self.window.set_fullscreen(mode)?;
        }
        if !fullscreen || self.backend == VideoBackend::Offscreen {
            self.window
                .set_size(width.max(1), height.max(1))
                .map_err(|e| e.to_string())?;
        }
        Ok(())
    }

    /// Sets the window title (e.g. to show the level name).
    pub fn set_title(&mut self, title: &str) {
        if let Err(e) = self.window.set_title(title) {
            log::warn!("could not set window title: {e}");
        }
    }

    /// Moves every pending window, keyboard and mouse event into `out` (which is not
    /// cleared).
    pub fn poll_events(&mut self, out: &mut Vec<PlatformEvent>) {
        for event in self.event_pump.poll_iter() {
            if let Some(e) = translate(event) {
                out.push(e);
            }
        }
    }

    /// The SDL video subsystem, for the GL loader only.
    pub fn gl_proc_address(&self, name: &str) -> *const std::ffi::c_void {
        self.video.gl_get_proc_address(name) as *const _
    }
}

/// Why one API's context could not be opened: the window itself (fatal), or its GL context
/// (the next API may still work).
enum ContextError {
    Window(String),
    Gl(String),
}

type Opened = (sdl2::video::Window, sdl2::video::GLContext, GlApi, (u8, u8));

/// A window with a current `api` context and the GL entry points loaded. SDL reads the GL
/// attributes when the window is made, so each API gets a window of its own.
fn open_context(
    video: &sdl2::VideoSubsystem,
    config: &WindowConfig,
    backend: VideoBackend,
    api: GlApi,
) -> Result<Opened, ContextError> {
    let (want_major, want_minor) = api.version();
    {
        let attr = video.gl_attr();
        attr.set_context_profile(match api {
            GlApi::Core => GLProfile::Core,
            GlApi::Es => GLProfile::GLES,
        });
        attr.set_context_version(want_major, want_minor);
        attr.set_double_buffer(true);
        attr.set_depth_size(24);
    }
    let mut builder = video.window(&config.title, config.width, config.height);
    builder.opengl().position_centered();
    if backend == VideoBackend::Offscreen {
        builder.hidden();
    } else {
        builder.resizable();
    }
    let window = builder.build().map_err(|e| ContextError::Window(e.to_string()))?;
    let gl_context = window.gl_create_context().map_err(ContextError::Gl)?;
    window.gl_make_current(&gl_context).map_err(ContextError::Gl)?;
    let (major, minor) = video.gl_attr().context_version();
    if (major, minor) < (want_major, want_minor) {
        return Err(ContextError::Gl(format!("the driver gave version {major}.{minor}")));
    }
    gl::load_with(|name| video.gl_get_proc_address(name) as *const _);
    if !gl::GetString::is_loaded() {
        return Err(ContextError::Gl("GL entry points could not be loaded".into()));
    }
    // The driver may hand out the other API than the one asked for; the shaders' header
    // follows GL_VERSION, so what matters is that it is the one the player chose.
    let version = gl_string(gl::VERSION);
    if version_string_is_es(&version) != (api == GlApi::Es) {
        return Err(ContextError::Gl(format!(
            "asked for {}, the driver gave \"{version}\"",
            api.describe()
        )));
    }
    Ok((window, gl_context, api, (major, minor)))
}

fn gl_string(name: gl::types::GLenum) -> String {
    // SAFETY: the context is current and the entry point loaded; GetString returns a static
    // NUL-terminated string or null.
    unsafe {
        let p = gl::GetString(name);
        if p.is_null() {
            String::from("?")
        } else {
            CStr::from_ptr(p.cast()).to_string_lossy().into_owned()
        }
    }
}

fn translate(event: Event) -> Option<PlatformEvent> {
    Some(match event {
        Event::Quit { .. } => PlatformEvent::Quit,
        Event::KeyDown { keycode, repeat, .. } => PlatformEvent::Key {
            key: map_key(keycode),
            pressed: true,
            repeat,
        },
        Event::KeyUp { keycode, .. } => PlatformEvent::Key {
            key: map_key(keycode),
            pressed: false,
            repeat: false,
        },
        Event::MouseMotion { x, y, .. } => PlatformEvent::Pointer {
            x: x as f32,
            y: y as f32,
            click: false,
        },
        Event::MouseButtonDown {
            mouse_btn: sdl2::mouse::MouseButton::Left,
            x,
            y,
            ..
        } => PlatformEvent::Pointer {
            x: x as f32,
            y: y as f32,
            click: true,
        },
        Event::Window { win_event, .. } => match win_event {
            WindowEvent::SizeChanged(w, h) => PlatformEvent::Resized {
                width: w.max(1) as u32,
                height: h.max(1) as u32,
            },
            WindowEvent::FocusLost => PlatformEvent::FocusLost,
            WindowEvent::FocusGained => PlatformEvent::FocusGained,
            WindowEvent::Close => PlatformEvent::Quit,
            _ => return None,
        },
        _ => return None,
    })
}

fn map_key(keycode: Option<Keycode>) -> Key {
    let Some(k) = keycode else { return Key::Other };
    match k {
        Keycode::Up => Key::Up,
        Keycode::Down => Key::Down,
        Keycode::Left => Key::Left,
        Keycode::Right => Key::Right,
        Keycode::W => Key::W,
        Keycode::A => Key::A,
        Keycode::S => Key::S,
        Keycode::D => Key::D,
        Keycode::Q => Key::Q,
        Keycode::E => Key::E,
        Keycode::R => Key::R,
        Keycode::C => Key::C,
        Keycode::P => Key::P,
        Keycode::Space => Key::Space,
        Keycode::Return => Key::Enter,
        Keycode::Escape => Key::Escape,
        Keycode::Tab => Key::Tab,
        Keycode::Backspace => Key::Backspace,
        Keycode::LShift => Key::LeftShift,
        Keycode::LCtrl => Key::LeftCtrl,
        Keycode::F1 => Key::F1,
        Keycode::F2 => Key::F2,
        Keycode::F3 => Key::F3,
        Keycode::F4 => Key::F4,
        Keycode::F12 => Key::F12,
        _ => Key::Other,
    }
}
