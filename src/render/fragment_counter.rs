//! How many fragments the lit pass shaded, from a `GL_SAMPLES_PASSED` query: on a software
//! rasterizer (llvmpipe) the frame's cost is mostly shading fragments, so this count, which
//! repeats exactly from run to run, is what draw-order and level-of-detail changes are
//! measured by when wall-clock times are too noisy. The fragments that pass the depth test
//! are the ones shaded (the lit shaders neither discard nor write depth, so the early depth
//! test applies); divided by the pixels drawn it is the overdraw.
//!
//! Core GL only (ES 3.0 has no `GL_SAMPLES_PASSED`). Off unless asked for (`profile` turns
//! it on): the result is read back one frame late with
//! a wait, which a measured run can afford and play should not.

use super::gl_check;

/// A samples-passed query around each frame's lit pass, read at the next frame.
pub struct FragmentCounter {
    query: u32,
    /// A query has been issued and not read yet.
    pending: bool,
    /// The last frame's count, handed out once.
    latest: Option<u64>,
}

impl FragmentCounter {
    /// Creates the query object.
    pub fn new() -> FragmentCounter {
        let mut query = 0u32;
        // SAFETY: generates one query name into a live u32.
        unsafe { gl::GenQueries(1, &mut query) };
        gl_check::debug_check("fragment counter query");
        FragmentCounter {
            query,
            pending: false,
            latest: None,
        }
    }

    /// Reads the previous frame's count (waiting for it) and starts counting this frame's.
    pub fn begin(&mut self) {
        self.collect();
        // SAFETY: begins a query we own; `end` closes it before any other SAMPLES_PASSED
        // query begins.
        unsafe { gl::BeginQuery(gl::SAMPLES_PASSED, self.query) };
        self.pending = true;
    }

    /// Stops counting.
    pub fn end(&mut self) {
        // SAFETY: ends the SAMPLES_PASSED query `begin` started.
        unsafe { gl::EndQuery(gl::SAMPLES_PASSED) };
    }

    /// The latest finished frame's count, once.
    pub fn take_latest(&mut self) -> Option<u64> {
        self.collect();
        self.latest.take()
    }

    fn collect(&mut self) {
        if !self.pending {
            return;
        }
        let mut samples = 0u64;
        // SAFETY: the query has ended; reading QUERY_RESULT waits for it into a live u64.
        unsafe { gl::GetQueryObjectui64v(self.query, gl::QUERY_RESULT, &mut samples) };
        self.latest = Some(samples);
        self.pending = false;
    }
}

impl Drop for FragmentCounter {
    fn drop(&mut self) {
        // SAFETY: deletes the query we own.
        unsafe { gl::DeleteQueries(1, &self.query) };
    }
}
