//! Exit codes: the one place an [`ErrorKind`] becomes the number a shell sees. The codes
//! are documented in `skidpad --help` (the `AFTER_HELP` text) and tests hold scripts to
//! them, so they never change.

use crate::error::ErrorKind;

/// Exit code for bad input: an unknown level or profile, an unreadable or malformed file,
/// a value out of range. (clap's usage errors use the same code.)
pub const EXIT_BAD_INPUT: i32 = 2;
/// Exit code when the machine cannot do what was asked: no usable display or OpenGL 3.3.
pub const EXIT_NO_GRAPHICS: i32 = 3;
/// Exit code when a check fails (scenario, validate, soak).
pub const EXIT_CHECK_FAILED: i32 = 4;
/// Exit code for any other failure at run time (e.g. the output file cannot be written).
pub const EXIT_RUNTIME: i32 = 1;

/// The process exit code for a failure of `kind`.
pub fn exit_code(kind: ErrorKind) -> i32 {
    match kind {
        ErrorKind::BadInput => EXIT_BAD_INPUT,
        ErrorKind::NoGraphics => EXIT_NO_GRAPHICS,
        ErrorKind::CheckFailed => EXIT_CHECK_FAILED,
        ErrorKind::Runtime => EXIT_RUNTIME,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_its_documented_code() {
        assert_eq!(exit_code(ErrorKind::Runtime), 1);
        assert_eq!(exit_code(ErrorKind::BadInput), 2);
        assert_eq!(exit_code(ErrorKind::NoGraphics), 3);
        assert_eq!(exit_code(ErrorKind::CheckFailed), 4);
    }
}
