//! GL error checks: after every call site that uses [`check`] in debug builds, once per
//! frame in release builds.

use super::RenderError;

/// Returns the first pending GL error, if any, tagged with `what`.
pub fn check(what: &'static str) -> Result<(), RenderError> {
    // SAFETY: glGetError has no preconditions beyond a current context.
    let code = unsafe { gl::GetError() };
    if code == gl::NO_ERROR {
        Ok(())
    } else {
        // Drain the rest so the next check reports a fresh error.
        // SAFETY: as above.
        while unsafe { gl::GetError() } != gl::NO_ERROR {}
        Err(RenderError::Gl { code, what })
    }
}

/// In debug builds, logs any pending GL error with `what`; compiled out in release.
pub fn debug_check(what: &'static str) {
    if cfg!(debug_assertions) {
        if let Err(e) = check(what) {
            log::error!("{e}");
        }
    }
}
