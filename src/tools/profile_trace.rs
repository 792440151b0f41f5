//! `skidpad profile --trace`: the measured frames as Chrome Trace Event JSON (the
//! `traceEvents` form Perfetto and chrome://tracing open), with dynamic resolution's
//! choices as counters beside them.

use crate::time::{FramePhases, Phase};
use serde::Serialize;

/// What a frame's scene was drawn with under dynamic resolution, for the trace.
#[derive(Clone, Copy, Debug)]
pub struct TracedScene {
    /// The scale and ladder steps the scene was drawn with.
    pub detail: crate::render::SceneDetail,
    /// The GPU time of an earlier scene whose timer result arrived as this frame began
    /// (results come a few frames late), ms.
    pub gpu_scene_ms: Option<f32>,
}

/// Chrome Trace Event JSON (the `traceEvents` form Perfetto and chrome://tracing open):
/// one complete ("X") event per frame and, inside it, one per phase laid end to end in
/// frame order (several ticks of a frame are summed). With `scenes` (one per frame, from
/// `--dynamic-resolution`), counter ("C") events at each frame's start: "scene detail"
/// (scale, steps down the ladder) and "gpu scene ms" when a timer result arrived, so a
/// slow frame can be read against what the controller did just before it.
pub fn chrome_trace(frames: &[FramePhases], scenes: &[TracedScene]) -> String {
    #[derive(Serialize)]
    struct Event {
        name: &'static str,
        cat: &'static str,
        ph: &'static str,
        ts: f64,
        #[serde(skip_serializing_if = "Option::is_none")]
        dur: Option<f64>,
        pid: u32,
        tid: u32,
        #[serde(skip_serializing_if = "Option::is_none")]
        args: Option<Counters>,
    }
    #[derive(Serialize)]
    #[serde(untagged)]
    enum Counters {
        Detail { scale: f32, steps_down: u8 },
        GpuScene { ms: f32 },
    }
    #[derive(Serialize)]
    struct Trace {
        #[serde(rename = "traceEvents")]
        trace_events: Vec<Event>,
        #[serde(rename = "displayTimeUnit")]
        display_time_unit: &'static str,
    }
    let us = |d: std::time::Duration| d.as_secs_f64() * 1e6;
    let span = |name, cat, ts, dur| Event {
        name,
        cat,
        ph: "X",
        ts,
        dur: Some(dur),
        pid: 1,
        tid: 1,
        args: None,
    };
    let counter = |name, ts, args| Event {
        name,
        cat: "dynamic_resolution",
        ph: "C",
        ts,
        dur: None,
        pid: 1,
        tid: 1,
        args: Some(args),
    };
    let mut events = Vec::with_capacity(frames.len() * (Phase::COUNT + 3));
    for (i, f) in frames.iter().enumerate() {
        events.push(span("frame", "frame", us(f.start), us(f.total)));
        if let Some(scene) = scenes.get(i) {
            let d = scene.detail;
            let detail = Counters::Detail {
                scale: d.scale,
                steps_down: d.steps_down,
            };
            events.push(counter("scene detail", us(f.start), detail));
            if let Some(ms) = scene.gpu_scene_ms {
                events.push(counter("gpu scene ms", us(f.start), Counters::GpuScene { ms }));
            }
        }
        let mut at = f.start;
        for p in Phase::ALL {
            let d = f.get(p);
            if d.is_zero() {
                continue;
            }
            events.push(span(p.name(), "phase", us(at), us(d)));
            at += d;
        }
    }
    serde_json::to_string(&Trace {
        trace_events: events,
        display_time_unit: "ms",
    })
    .expect("trace serializes")
}
