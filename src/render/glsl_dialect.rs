//! One shader source, two headers. Every shader in `render/` is written in GLSL 3.30 core
//! and starts with [`SOURCE_VERSION`]; [`GlslDialect::source_for`] swaps that line for the
//! header of the context the platform made: unchanged on OpenGL 3.3 core, `#version 300 es`
//! with default precisions on OpenGL ES 3.0. The bodies keep to the GLSL both accept (no
//! implicit int → float conversions, `out` variables instead of `gl_FragColor`).
//!
//! A shader that compiles on core and not on ES: the compile error names the program and
//! stage with the driver's log; `cargo test --test render render_frames::` runs every program on
//! both APIs.

use std::ffi::CStr;

/// The line every shader source starts with.
pub(super) const SOURCE_VERSION: &str = "#version 330 core\n";

/// GLSL ES 3.00 gives fragment shaders no default float precision, and shadow and array
/// samplers none in any stage (GLSL ES 3.00 specification, section 4.5.4 "Default
/// Precision Qualifiers"): highp everywhere, as desktop GLSL computes.
const ES_HEADER: &str = "#version 300 es\n\
precision highp float;\n\
precision highp int;\n\
precision highp sampler2D;\n\
precision highp sampler2DArray;\n\
precision highp sampler2DShadow;\n";

/// The shading language the current context compiles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GlslDialect {
    /// GLSL 3.30 core (OpenGL 3.3 core).
    Core330,
    /// GLSL ES 3.00 (OpenGL ES 3.0).
    Es300,
}

impl GlslDialect {
    /// The dialect of the current context, from its `GL_VERSION` (which on ES starts
    /// "OpenGL ES", as the ES specification fixes). Call with a context current.
    pub fn of_current_context() -> GlslDialect {
        // SAFETY: the platform made a context current and loaded GetString before any
        // renderer exists; GetString returns a static NUL-terminated string or null.
        let es = unsafe {
            let p = gl::GetString(gl::VERSION);
            !p.is_null() && CStr::from_ptr(p.cast()).to_bytes().starts_with(b"OpenGL ES")
        };
        if es {
            GlslDialect::Es300
        } else {
            GlslDialect::Core330
        }
    }

    /// Whether this is the ES dialect (the GL calls that differ check it too).
    pub fn is_es(self) -> bool {
        self == GlslDialect::Es300
    }

    /// `src` (which must start with [`SOURCE_VERSION`]) with this dialect's header, or
    /// `None` when it does not start so.
    pub fn source_for(self, src: &str) -> Option<String> {
        let body = src.strip_prefix(SOURCE_VERSION)?;
        Some(match self {
            GlslDialect::Core330 => src.to_string(),
            GlslDialect::Es300 => format!("{ES_HEADER}{body}"),
        })
    }
}

/// Whether the current context is OpenGL ES (see [`GlslDialect::of_current_context`]).
pub fn context_is_es() -> bool {
    GlslDialect::of_current_context().is_es()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn core_sources_stay_as_written_and_es_ones_get_the_es_header() {
        let src = "#version 330 core\nvoid main() {}\n";
        assert_eq!(GlslDialect::Core330.source_for(src).as_deref(), Some(src));
        let es = GlslDialect::Es300.source_for(src).unwrap();
        assert!(es.starts_with("#version 300 es\n"), "{es}");
        assert!(es.contains("precision highp float;"), "{es}");
        assert!(es.ends_with("\nvoid main() {}\n"), "{es}");
        assert!(!es.contains("330"), "{es}");
    }

    #[test]
    fn a_source_without_the_version_line_is_refused() {
        assert_eq!(GlslDialect::Es300.source_for("void main() {}"), None);
        assert_eq!(GlslDialect::Core330.source_for("#version 300 es\n"), None);
    }
}
