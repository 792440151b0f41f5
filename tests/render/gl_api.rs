//! The OpenGL API the window gets (`--gl`, issue 20 item 4): llvmpipe through SDL's
//! offscreen driver really gives an OpenGL ES 3 context when asked (its `GL_VERSION` says
//! "OpenGL ES 3"), and a desktop 3.3 core one otherwise; `auto` falls back to ES, with a log
//! line, where 3.3 core cannot be made; when neither can be made the command exits with
//! code 3 naming both. The driver is made to refuse versions with Mesa's own overrides
//! (`MESA_GL_VERSION_OVERRIDE`, `MESA_GLES_VERSION_OVERRIDE`), in a child process each, as
//! Mesa reads them once per process.

use crate::common;

use crate::common::gl::open_offscreen;
use skidpad_platform::GlApi;
use std::path::Path;
use std::process::{Command, Output};

#[test]
fn llvmpipe_gives_an_opengl_es_3_context_through_the_offscreen_driver() {
    let platform = open_offscreen(GlApi::Es, 64, 48);
    let info = platform.gl_info();
    assert!(info.version.contains("OpenGL ES 3"), "GL_VERSION {:?}", info.version);
    assert!(info.major >= 3, "{}.{}", info.major, info.minor);
    assert_eq!(info.api, GlApi::Es);
}

#[test]
fn the_core_context_is_desktop_opengl_3_3_or_later() {
    let platform = open_offscreen(GlApi::Core, 64, 48);
    let info = platform.gl_info();
    assert!(!info.version.starts_with("OpenGL ES"), "GL_VERSION {:?}", info.version);
    assert!((info.major, info.minor) >= (3, 3), "{}.{}", info.major, info.minor);
}

/// `skidpad screenshot` of the flat proving ground at 160 × 120 with `gl` and extra
/// environment `env`, no display.
fn screenshot(dir: &Path, gl: &str, env: &[(&str, &str)]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_skidpad"));
    c.args([
        "screenshot",
        "--width",
        "160",
        "--height",
        "120",
        "--frames",
        "2",
        "--gl",
        gl,
    ])
    .arg("--out")
    .arg(dir.join(format!("{gl}.png")))
    .env_remove("DISPLAY")
    .env_remove("WAYLAND_DISPLAY")
    .env("RUST_LOG", "info");
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().expect("the skidpad binary runs")
}

fn log(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn gl_es_renders_on_an_es_context_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let o = screenshot(dir.path(), "es", &[]);
    assert!(o.status.success(), "{}", log(&o));
    assert!(log(&o).contains("OpenGL ES 3.0"), "{}", log(&o));
    assert!(dir.path().join("es.png").is_file());
}

#[test]
fn auto_falls_back_to_es_when_3_3_core_cannot_be_made() {
    let dir = tempfile::tempdir().unwrap();
    // Mesa then offers desktop OpenGL 3.0 at most: no 3.3 core context.
    let no_core = [("MESA_GL_VERSION_OVERRIDE", "3.0")];
    let core = screenshot(dir.path(), "core", &no_core);
    assert_eq!(core.status.code(), Some(3), "{}", log(&core));
    assert!(log(&core).contains("OpenGL 3.3 core"), "{}", log(&core));

    let auto = screenshot(dir.path(), "auto", &no_core);
    assert!(auto.status.success(), "{}", log(&auto));
    let text = log(&auto);
    assert!(
        text.contains("OpenGL 3.3 core could not be created") && text.contains("trying OpenGL ES 3.0"),
        "the fallback is logged: {text}"
    );
    assert!(dir.path().join("auto.png").is_file());
}

#[test]
fn neither_api_is_exit_code_3_naming_both() {
    let dir = tempfile::tempdir().unwrap();
    let o = screenshot(
        dir.path(),
        "auto",
        &[
            ("MESA_GL_VERSION_OVERRIDE", "3.0"),
            ("MESA_GLES_VERSION_OVERRIDE", "2.0"),
        ],
    );
    assert_eq!(o.status.code(), Some(3), "{}", log(&o));
    let text = log(&o);
    assert!(text.contains("OpenGL 3.3 core, then OpenGL ES 3.0"), "{text}");
    assert!(!text.contains("panicked"), "{text}");
}

#[test]
fn an_unknown_gl_is_bad_input_naming_the_choices() {
    let o = common::cli::skidpad(&["screenshot", "--gl", "vulkan"]);
    assert_eq!(o.status.code(), Some(2), "{}", log(&o));
    assert!(log(&o).contains("auto, core, es"), "{}", log(&o));
}
