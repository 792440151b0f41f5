//! Which OpenGL API the window's context speaks: desktop OpenGL 3.3 core, or OpenGL ES 3.0
//! (console-class devices and handheld PCs whose drivers offer only GLES), and which one the
//! player asked for (`--gl es|core|auto`).
//!
//! The renderer's shaders are written once; the renderer reads the context's `GL_VERSION`
//! and gives them the header the API needs. If a context comes up with the wrong API, check
//! the log line `OpenGL ... context` that [`crate::Platform::open`] writes, and
//! `MESA_GL_VERSION_OVERRIDE` / `MESA_GLES_VERSION_OVERRIDE` in the environment.

/// The API a created context speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GlApi {
    /// Desktop OpenGL 3.3, core profile.
    Core,
    /// OpenGL ES 3.0.
    Es,
}

impl GlApi {
    /// The name used on the command line and in reports: `core` or `es`.
    pub fn name(self) -> &'static str {
        match self {
            GlApi::Core => "core",
            GlApi::Es => "es",
        }
    }

    /// What the API is called in messages, e.g. "OpenGL 3.3 core".
    pub fn describe(self) -> &'static str {
        match self {
            GlApi::Core => "OpenGL 3.3 core",
            GlApi::Es => "OpenGL ES 3.0",
        }
    }

    /// The context version asked for, (major, minor).
    pub fn version(self) -> (u8, u8) {
        match self {
            GlApi::Core => (3, 3),
            GlApi::Es => (3, 0),
        }
    }
}

/// Which API the window should get (`--gl`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum GlRequest {
    /// OpenGL 3.3 core, and OpenGL ES 3.0 (with a log line) where core cannot be made.
    #[default]
    Auto,
    /// OpenGL 3.3 core only.
    Core,
    /// OpenGL ES 3.0 only.
    Es,
}

impl GlRequest {
    /// Every accepted name, for messages and `--help`.
    pub const NAMES: [&'static str; 3] = ["auto", "core", "es"];

    /// Parses `auto`, `core` or `es`; `None` for anything else.
    pub fn parse(name: &str) -> Option<GlRequest> {
        match name {
            "auto" => Some(GlRequest::Auto),
            "core" => Some(GlRequest::Core),
            "es" => Some(GlRequest::Es),
            _ => None,
        }
    }

    /// The APIs to try, in order.
    pub fn candidates(self) -> &'static [GlApi] {
        match self {
            GlRequest::Auto => &[GlApi::Core, GlApi::Es],
            GlRequest::Core => &[GlApi::Core],
            GlRequest::Es => &[GlApi::Es],
        }
    }
}

/// Whether a `GL_VERSION` string is an OpenGL ES context's: the ES specification fixes its
/// start as "OpenGL ES N.M".
pub fn version_string_is_es(version: &str) -> bool {
    version.starts_with("OpenGL ES")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_parse_and_try_core_before_es_only_when_auto() {
        assert_eq!(GlRequest::parse("es"), Some(GlRequest::Es));
        assert_eq!(GlRequest::parse("ES"), None);
        assert_eq!(GlRequest::Auto.candidates(), &[GlApi::Core, GlApi::Es]);
        assert_eq!(GlRequest::Es.candidates(), &[GlApi::Es]);
        for name in GlRequest::NAMES {
            assert!(GlRequest::parse(name).is_some(), "{name}");
        }
    }

    #[test]
    fn es_version_strings_are_told_from_desktop_ones() {
        assert!(version_string_is_es("OpenGL ES 3.2 Mesa 22.3.6"));
        assert!(!version_string_is_es("4.5 (Core Profile) Mesa 22.3.6"));
    }
}
