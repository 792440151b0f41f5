//! Offscreen GL contexts for the render tests, on each API the renderer runs on: every
//! pixel check runs on OpenGL 3.3 core and on OpenGL ES 3.0 (Mesa llvmpipe through SDL's
//! offscreen driver gives both).

use skidpad_platform::{GlApi, GlRequest, Platform, WindowConfig};

/// The APIs every render test runs on.
pub const APIS: [GlApi; 2] = [GlApi::Core, GlApi::Es];

/// The `--gl` request that makes exactly `api`.
pub fn request(api: GlApi) -> GlRequest {
    match api {
        GlApi::Core => GlRequest::Core,
        GlApi::Es => GlRequest::Es,
    }
}

/// A hidden `width` × `height` window with an `api` context, current.
pub fn open_offscreen(api: GlApi, width: u32, height: u32) -> Platform {
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
    platform
}

/// Runs `f` once per API, saying which on stderr first: a failing test's captured output
/// ends with the API it failed on.
pub fn on_each_api(mut f: impl FnMut(GlApi)) {
    for api in APIS {
        eprintln!("=== on {} ===", api.describe());
        f(api);
    }
}
