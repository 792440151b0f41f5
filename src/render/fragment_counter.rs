//! How many fragments the lit pass shaded, from a `GL_SAMPLES_PASSED` query: on a software
//! rasterizer (llvmpipe) the frame's cost is mostly shading fragments, so this count, which
//! repeats exactly from run to run, is what draw-order and level-of-detail changes are
//! measured by when wall-clock times are too noisy. The fragments that pass the depth test
//! are the ones shaded (the lit shaders neither discard nor write depth, so the early depth
//! test applies); divided by the pixels drawn it is the overdraw.
//!
//! A query per split-screen view, summed: one query begun again in the same frame made
//! llvmpipe finish every scene queued so far (reading the view before's count waited for
//! it), three extra finishes a frame with four views, and counted the last view alone.
//!
//! Core GL only (ES 3.0 has no `GL_SAMPLES_PASSED`). Off unless asked for (`profile` turns
//! it on): the result is read back one frame late with
//! a wait, which a measured run can afford and play should not.

use super::gl_check;

/// A samples-passed query around each view's lit pass, read at the next frame.
pub struct FragmentCounter {
    /// One query a view (as many as the renderer draws views at most).
    queries: Vec<u32>,
    /// Queries begun this frame and not read yet.
    pending: usize,
    /// The last frame's count, handed out once.
    latest: Option<u64>,
}

impl FragmentCounter {
    /// Creates a query for each of up to `views` views (the renderer's most).
    pub fn new(views: usize) -> FragmentCounter {
        let mut queries = vec![0u32; views.max(1)];
        // SAFETY: generates `queries.len()` query names into a live buffer of that length.
        unsafe { gl::GenQueries(queries.len() as i32, queries.as_mut_ptr()) };
        gl_check::debug_check("fragment counter query");
        FragmentCounter {
            queries,
            pending: 0,
            latest: None,
        }
    }

    /// A new frame: reads the previous frame's counts (waiting for them), if unread.
    pub fn new_frame(&mut self) {
        self.collect();
    }

    /// Starts counting the next view's fragments (past the views it was made for, the frame's
    /// first query is read and begun again).
    pub fn begin(&mut self) {
        if self.pending == self.queries.len() {
            self.collect();
        }
        // SAFETY: begins a query we own; `end` closes it before any other SAMPLES_PASSED
        // query begins.
        unsafe { gl::BeginQuery(gl::SAMPLES_PASSED, self.queries[self.pending]) };
        self.pending += 1;
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
        if self.pending == 0 {
            return;
        }
        let mut total = 0u64;
        for &query in &self.queries[..self.pending] {
            let mut samples = 0u64;
            // SAFETY: the query has ended; reading QUERY_RESULT waits for it into a live u64.
            unsafe { gl::GetQueryObjectui64v(query, gl::QUERY_RESULT, &mut samples) };
            total += samples;
        }
        self.latest = Some(total);
        self.pending = 0;
    }
}

impl Drop for FragmentCounter {
    fn drop(&mut self) {
        // SAFETY: deletes the queries we own.
        unsafe { gl::DeleteQueries(self.queries.len() as i32, self.queries.as_ptr()) };
    }
}
