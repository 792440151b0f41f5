//! The crate's error: what went wrong, naming what and where, and which kind of failure it
//! is. Data modules (replays, scenarios, racing lines) and the front ends return it; only
//! the command line turns a kind into a process exit code, so no data format
//! knows about exit codes.

use crate::content::ContentError;

/// Which kind of failure an [`Error`] is: what the user can do about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// The input is wrong: an unknown level or profile, an unreadable or malformed file, a
    /// value out of range. Fix the file or the argument the message names.
    BadInput,
    /// The machine cannot show what was asked: no usable display driver or no OpenGL 3.3
    /// core context. Run headless (`run`, `screenshot` uses the offscreen driver) or fix
    /// the graphics stack.
    NoGraphics,
    /// Everything ran, but a check it makes (scenario, validate, soak) did not hold; the
    /// printed report says which.
    CheckFailed,
    /// Anything else at run time, e.g. an output file that cannot be written.
    Runtime,
}

/// A failure: one line for the user (what, and where) and its [`ErrorKind`].
#[derive(Debug, Clone, thiserror::Error)]
#[error("{message}")]
pub struct Error {
    kind: ErrorKind,
    message: String,
}

impl Error {
    /// An error of `kind` saying `message`.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Self {
            kind,
            message: message.into(),
        }
    }

    /// A failure at run time that is neither bad input nor missing graphics.
    pub fn runtime(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Runtime, message)
    }

    /// No usable display or OpenGL context.
    pub fn graphics(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::NoGraphics, message)
    }

    /// A check (scenario, validation, soak) that did not hold.
    pub fn check_failed(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::CheckFailed, message)
    }

    /// A command-line argument refused: bad input, naming the flag (`--ticks`) and why.
    pub fn bad_argument(flag: &str, problem: impl Into<String>) -> Self {
        ContentError::new("command line", flag, problem).into()
    }

    /// Which kind of failure this is.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// What went wrong, naming what and where.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl From<ContentError> for Error {
    fn from(e: ContentError) -> Self {
        Self::new(ErrorKind::BadInput, e.to_string())
    }
}

impl From<skidpad_platform::PlatformError> for Error {
    fn from(e: skidpad_platform::PlatformError) -> Self {
        Self::graphics(e.to_string())
    }
}

impl From<skidpad_platform::PadScriptError> for Error {
    fn from(e: skidpad_platform::PadScriptError) -> Self {
        Self::new(ErrorKind::BadInput, e.to_string())
    }
}

impl From<crate::render::RenderError> for Error {
    fn from(e: crate::render::RenderError) -> Self {
        Self::graphics(e.to_string())
    }
}
