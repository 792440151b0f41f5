//! How long the GPU spent on the 3D scene, from `GL_TIME_ELAPSED` queries read a few frames
//! late so the CPU never waits for them. Dynamic resolution follows these times: a frame's
//! wall time would include waiting for vblank, which says nothing about the GPU's load.
//!
//! OpenGL ES 3.0 has timer queries only with `GL_EXT_disjoint_timer_query` (same enum
//! values, the result read as 32 bits: ES has no 64-bit getter in core); without it every
//! frame goes untimed and dynamic resolution keeps its scale.

use super::dynamic_resolution::SceneDetail;
use super::gl_check;
use super::glsl_dialect::context_is_es;

/// Queries in flight: results are read this many frames after they were issued at most.
const RING: usize = 4;

/// A ring of timer queries, one per frame.
pub struct GpuTimer {
    queries: [u32; RING],
    /// The scale and detail each query's frame was drawn with, or `None` when the slot
    /// holds no query in flight.
    pending: [Option<SceneDetail>; RING],
    next: usize,
    /// The latest result: (ms, what it was drawn with).
    latest: Option<(f32, SceneDetail)>,
    /// Whether the context has timer queries (always on core), and reads them as 32 bits.
    api: TimerApi,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum TimerApi {
    Core,
    EsExt,
    None,
}

impl GpuTimer {
    /// Creates the queries (GL 3.3 core has timer queries; ES 3.0 with the extension).
    pub fn new() -> GpuTimer {
        let api = if !context_is_es() {
            TimerApi::Core
        } else if has_extension(b"GL_EXT_disjoint_timer_query") {
            TimerApi::EsExt
        } else {
            log::info!(
                "no GL_EXT_disjoint_timer_query on this OpenGL ES context: the scene's GPU time is not measured"
            );
            TimerApi::None
        };
        let mut queries = [0u32; RING];
        // SAFETY: generates query names into a live array of RING u32s.
        unsafe { gl::GenQueries(RING as i32, queries.as_mut_ptr()) };
        gl_check::debug_check("timer queries");
        GpuTimer {
            queries,
            pending: [None; RING],
            next: 0,
            latest: None,
            api,
        }
    }

    /// Starts timing this frame's scene, drawn with `detail`; collects finished results
    /// first. When every query is still in flight, this frame goes untimed.
    pub fn begin(&mut self, detail: SceneDetail) -> bool {
        if self.api == TimerApi::None {
            return false;
        }
        self.collect();
        if self.pending[self.next].is_some() {
            return false;
        }
        // SAFETY: begins a query we own; `end` closes it before any other begins.
        unsafe { gl::BeginQuery(gl::TIME_ELAPSED, self.queries[self.next]) };
        self.pending[self.next] = Some(detail);
        true
    }

    /// Stops timing the scene `begin` started (when it returned true).
    pub fn end(&mut self) {
        // SAFETY: ends the TIME_ELAPSED query `begin` started.
        unsafe { gl::EndQuery(gl::TIME_ELAPSED) };
        self.next = (self.next + 1) % RING;
    }

    /// The most recent finished frame's scene time, ms, and what it was drawn with, handed
    /// out once.
    pub fn take_latest(&mut self) -> Option<(f32, SceneDetail)> {
        self.latest.take()
    }

    /// Reads every finished query, oldest first, without waiting.
    fn collect(&mut self) {
        for k in 0..RING {
            let slot = (self.next + k) % RING;
            let Some(detail) = self.pending[slot] else {
                continue;
            };
            let mut available = 0;
            // SAFETY: queries a query object we own that has ended.
            unsafe { gl::GetQueryObjectiv(self.queries[slot], gl::QUERY_RESULT_AVAILABLE, &mut available) };
            if available == 0 {
                // Later slots finished after this one: wait for it first.
                break;
            }
            let mut ns = 0u64;
            if self.api == TimerApi::Core {
                // SAFETY: the result is available; reads it into a live u64.
                unsafe { gl::GetQueryObjectui64v(self.queries[slot], gl::QUERY_RESULT, &mut ns) };
            } else {
                let mut ns32 = 0u32;
                // SAFETY: as above, into a live u32 (a scene of over 4 s would wrap).
                unsafe { gl::GetQueryObjectuiv(self.queries[slot], gl::QUERY_RESULT, &mut ns32) };
                ns = u64::from(ns32);
            }
            self.latest = Some((ns as f32 / 1e6, detail));
            self.pending[slot] = None;
        }
    }
}

/// Whether the context lists extension `name`.
fn has_extension(name: &[u8]) -> bool {
    let mut count = 0;
    // SAFETY: GetIntegerv into a local; GetStringi within the count the driver gave, its
    // strings static and NUL-terminated.
    unsafe {
        gl::GetIntegerv(gl::NUM_EXTENSIONS, &mut count);
        (0..count.max(0) as u32).any(|i| {
            let s = gl::GetStringi(gl::EXTENSIONS, i);
            !s.is_null() && std::ffi::CStr::from_ptr(s.cast()).to_bytes() == name
        })
    }
}

impl Drop for GpuTimer {
    fn drop(&mut self) {
        // SAFETY: deletes queries we own.
        unsafe { gl::DeleteQueries(RING as i32, self.queries.as_ptr()) };
    }
}
