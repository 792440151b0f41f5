//! Offscreen GL contexts for the render tests, on each API the renderer runs on: every
//! pixel check runs on OpenGL 3.3 core and on OpenGL ES 3.0 (Mesa llvmpipe through SDL's
//! offscreen driver gives both).

use std::ops::Deref;
use std::sync::{Mutex, MutexGuard};

use skidpad_platform::{GlApi, GlRequest, Platform, WindowConfig};

/// SDL runs on one thread at a time in a process (the `sdl2` crate refuses a second thread
/// while another holds it), and the render tests of one binary run on many: every context a
/// test opens holds this lock until it closes.
static SDL: Mutex<()> = Mutex::new(());

/// Holds SDL for a test that opens its platform itself (not through [`open_offscreen`]).
pub fn sdl_alone() -> MutexGuard<'static, ()> {
    SDL.lock().unwrap_or_else(|e| e.into_inner())
}

/// An offscreen platform, current, and this process's SDL held until it is dropped.
pub struct Offscreen {
    // Declared first: the platform closes before the lock is let go.
    platform: Platform,
    _sdl: MutexGuard<'static, ()>,
}

impl Deref for Offscreen {
    type Target = Platform;
    fn deref(&self) -> &Platform {
        &self.platform
    }
}

/// The APIs every render test runs on.
pub const APIS: [GlApi; 2] = [GlApi::Core, GlApi::Es];

/// The `--gl` request that makes exactly `api`.
pub fn request(api: GlApi) -> GlRequest {
    match api {
        GlApi::Core => GlRequest::Core,
        GlApi::Es => GlRequest::Es,
    }
}

/// A hidden `width` × `height` window with an `api` context, current; it waits for any other
/// test's context in this process to close first.
pub fn open_offscreen(api: GlApi, width: u32, height: u32) -> Offscreen {
    let sdl = sdl_alone();
    let platform = Platform::open(&WindowConfig {
        title: format!("render test ({})", api.name()),
        width,
        height,
        vsync: false,
        offscreen: true,
        gl: request(api),
    })
    .unwrap_or_else(|e| panic!("offscreen {} context: {e}", api.describe()));
    assert_eq!(platform.gl_api(), api, "{}", platform.gl_info().version);
    Offscreen { platform, _sdl: sdl }
}

/// Runs `f` once per API, saying which on stderr first: a failing test's captured output
/// ends with the API it failed on.
pub fn on_each_api(mut f: impl FnMut(GlApi)) {
    for api in APIS {
        eprintln!("=== on {} ===", api.describe());
        f(api);
    }
}
