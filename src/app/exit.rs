//! How a command fails: a message for the user and the documented exit code.

use crate::content::ContentError;

/// Exit code for bad input: an unknown level or profile, an unreadable or malformed file,
/// a value out of range. (clap's usage errors use the same code.)
pub const EXIT_BAD_INPUT: i32 = 2;
/// Exit code when the machine cannot do what was asked: no usable display or OpenGL 3.3.
pub const EXIT_NO_GRAPHICS: i32 = 3;
/// Exit code when a scenario check fails.
pub const EXIT_CHECK_FAILED: i32 = 4;
/// Exit code for any other failure at run time (e.g. the output file cannot be written).
pub const EXIT_RUNTIME: i32 = 1;

/// A command's failure: printed as one line on stderr, then the process exits with `code`.
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct Failure {
    /// Process exit code.
    pub code: i32,
    /// What went wrong, naming what and where.
    pub message: String,
}

impl Failure {
    /// A runtime failure with exit code 1.
    pub fn runtime(message: impl Into<String>) -> Self {
        Self {
            code: EXIT_RUNTIME,
            message: message.into(),
        }
    }

    /// A graphics failure with exit code 3.
    pub fn graphics(message: impl Into<String>) -> Self {
        Self {
            code: EXIT_NO_GRAPHICS,
            message: message.into(),
        }
    }
}

impl From<ContentError> for Failure {
    fn from(e: ContentError) -> Self {
        Self {
            code: EXIT_BAD_INPUT,
            message: e.to_string(),
        }
    }
}

impl From<skidpad_platform::PlatformError> for Failure {
    fn from(e: skidpad_platform::PlatformError) -> Self {
        Failure::graphics(e.to_string())
    }
}

impl From<skidpad_platform::PadScriptError> for Failure {
    fn from(e: skidpad_platform::PadScriptError) -> Self {
        Self {
            code: EXIT_BAD_INPUT,
            message: e.to_string(),
        }
    }
}

impl From<crate::render::RenderError> for Failure {
    fn from(e: crate::render::RenderError) -> Self {
        Failure::graphics(e.to_string())
    }
}
