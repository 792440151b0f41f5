//! What the overlay shows: speed, the frame-time graph, the telemetry page, the pause
//! screen. Built each frame into the renderer's [`Hud`] batch.

use super::Session;
use crate::assists::gearbox::shown_gear;
use crate::assists::AssistLamps;
use crate::render::Hud;
use crate::time::{FrameHistory, Phase};
use std::fmt::Write as _;
use std::time::Duration;

/// Which overlay pages are on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HudState {
    /// Game paused (the simulation does not tick).
    pub paused: bool,
    /// Frame-time graph shown.
    pub frame_graph: bool,
    /// Telemetry page shown.
    pub telemetry: bool,
    /// The pad in use was unplugged: paused, asking for a controller (XR-115).
    pub controller_lost: bool,
    /// A pad is connected again (the prompt asks for a button press).
    pub pad_connected: bool,
}

const WHITE: [f32; 4] = [1.0, 1.0, 1.0, 1.0];
const SHADE: [f32; 4] = [0.0, 0.0, 0.0, 0.55];
const AMBER: [f32; 4] = [1.0, 0.75, 0.2, 1.0];

/// Top of the speedometer box above the bottom edge, in 240-line units (× scale).
const SPEEDO_TOP: f32 = 28.0;
/// The same with the rpm-and-gear line.
const SPEEDO_ENGINE_TOP: f32 = 40.0;
/// The sim car's telemetry page: first line, line pitch, in 240-line units. It starts
/// below the frame-time graph (which ends at 88) and, at 12 lines, ends at 196: above
/// the speedometer (from 240 − 40).
const SIM_PAGE_TOP: f32 = 89.0;
const SIM_PAGE_PITCH: f32 = 9.0;
/// Characters of the sim page's wheel table: a label column, then one column per wheel.
const LABEL_CHARS: usize = 8;
const WHEEL_CHARS: usize = 7;
/// Wheel columns per table.
const WHEELS_PER_TABLE: usize = 4;
/// The page's width in characters: a full table (8 + 4 × 7) or the engine line; at 8
/// units each, 288 of the 320 units across (640×480 at ×2).
const PAGE_CHARS: usize = 36;

/// A gear as the driver reads it: R, N, 1, 2, …
struct Gear(i8);

impl std::fmt::Display for Gear {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            g if g < 0 => f.write_str("R"),
            0 => f.write_str("N"),
            g => write!(f, "{g}"),
        }
    }
}

/// A lamp lit and unlit: amber while its assist acts, a dark box otherwise.
const LAMP_OFF: [f32; 4] = [0.25, 0.25, 0.25, 0.7];

/// The assists' lamps in a row ending at the right edge, their bottom at `bottom`: each
/// lights in the tick its assist changed the controls, so the player sees what the car
/// did for them.
fn assist_lamps(hud: &mut Hud, lamps: AssistLamps, scale: f32, w: f32, bottom: f32) {
    let row = [
        ("TCS", lamps.traction),
        ("ABS", lamps.abs),
        ("ESC", lamps.stability),
        ("STR", lamps.steering),
    ];
    let lamp_w = 28.0 * scale;
    let lamp_h = 10.0 * scale;
    let mut x = w - 16.0 * scale - row.len() as f32 * (lamp_w + 2.0 * scale);
    for (label, lit) in row {
        hud.rect(x, bottom - lamp_h, lamp_w, lamp_h, if lit { AMBER } else { LAMP_OFF });
        let colour = if lit {
            [0.0, 0.0, 0.0, 1.0]
        } else {
            [0.6, 0.6, 0.6, 1.0]
        };
        hud.text(x + 2.0 * scale, bottom - lamp_h + scale, scale, label, colour);
        x += lamp_w + 2.0 * scale;
    }
}

/// What the overlay reads.
#[derive(Clone, Copy)]
pub struct HudInputs<'a> {
    /// The game.
    pub session: &'a Session,
    /// Recent frames, for the graph.
    pub history: &'a FrameHistory,
    /// The profile's frame budget.
    pub budget: Duration,
    /// Which pages are on.
    pub state: HudState,
}

/// Adds this frame's overlay to `hud`. `text` is a scratch buffer reused between frames.
pub fn compose(hud: &mut Hud, text: &mut String, inputs: HudInputs, width: u32, height: u32) {
    let HudInputs {
        session,
        history,
        budget,
        state,
    } = inputs;
    let (w, h) = (width as f32, height as f32);
    let scale = (h / 240.0).floor().max(1.0);
    let world = session.world();
    let body = world.player_body();

    // Speedometer, bottom right; a car with an engine (the sim model) shows its rpm and
    // gear on a line above.
    let engine = world.player().as_sim().map(|_| world.telemetry(0));
    // While the gearbox shifts it is in neutral; the readout shows where it is going.
    let gear = world.player().as_sim().map_or(0, |c| shown_gear(c.gearbox()));
    text.clear();
    let _ = write!(text, "{:3.0} km/h", body.linvel().length() * 3.6);
    let speed_len = text.len();
    if let Some(t) = &engine {
        let _ = write!(text, "{:4.0} RPM  GEAR {}", t.engine_rpm, Gear(gear));
    }
    let (speed, rpm) = text.split_at(speed_len);
    let tw = speed.len() as f32 * 8.0 * scale * 2.0;
    let rw = rpm.len() as f32 * 8.0 * scale;
    let box_w = tw.max(rw);
    let top = if engine.is_some() {
        SPEEDO_ENGINE_TOP
    } else {
        SPEEDO_TOP
    };
    hud.rect(
        w - box_w - 16.0 * scale,
        h - top * scale,
        box_w + 12.0 * scale,
        (top - 4.0) * scale,
        SHADE,
    );
    if !rpm.is_empty() {
        hud.text(w - rw - 10.0 * scale, h - 36.0 * scale, scale, rpm, AMBER);
    }
    hud.text(w - tw - 10.0 * scale, h - 24.0 * scale, scale * 2.0, speed, WHITE);
    assist_lamps(hud, world.assist_lamps(), scale, w, h - (top + 2.0) * scale);

    if state.frame_graph {
        frame_graph(hud, text, history, budget, scale, w);
    }
    if state.telemetry {
        match &engine {
            Some(t) => sim_telemetry(hud, text, session, t, scale),
            None => telemetry(hud, text, session, scale),
        }
    }
    if state.controller_lost {
        controller_lost(hud, state.pad_connected, w, h);
    } else if state.paused {
        hud.rect(0.0, 0.0, w, h, [0.0, 0.0, 0.0, 0.45]);
        let s = scale * 4.0;
        let label = "PAUSED";
        hud.text((w - label.len() as f32 * 8.0 * s) * 0.5, h * 0.4, s, label, WHITE);
        let hint = "P / START TO RESUME";
        hud.text(
            (w - hint.len() as f32 * 8.0 * scale) * 0.5,
            h * 0.4 + 48.0 * scale,
            scale,
            hint,
            AMBER,
        );
    }
}

/// The last frames as bars (height ∝ frame time), the budget as a line, and the phase that
/// took longest in the worst frame.
fn frame_graph(hud: &mut Hud, text: &mut String, history: &FrameHistory, budget: Duration, scale: f32, w: f32) {
    let (gx, gy, gw, gh) = (8.0 * scale, 8.0 * scale, (w * 0.45).min(300.0 * scale), 60.0 * scale);
    hud.rect(gx - 4.0, gy - 4.0, gw + 8.0, gh + 20.0 * scale, SHADE);
    let full = budget.as_secs_f32() * 2.0;
    let n = history.len().min(gw as usize);
    let bar = gw / n.max(1) as f32;
    let mut worst = None::<(Duration, Phase)>;
    for (i, f) in history.iter().skip(history.len() - n).enumerate() {
        let t = f.total.as_secs_f32();
        let bh = (t / full).min(1.0) * gh;
        let color = if f.total > budget {
            [0.95, 0.25, 0.2, 0.9]
        } else {
            [0.3, 0.85, 0.4, 0.9]
        };
        hud.rect(gx + i as f32 * bar, gy + gh - bh, bar.max(1.0), bh, color);
        if worst.is_none_or(|(d, _)| f.total > d) {
            worst = Some((f.total, f.longest()));
        }
    }
    hud.rect(gx, gy + gh * 0.5, gw, 1.0, AMBER);
    text.clear();
    if let Some((d, phase)) = worst {
        let _ = write!(
            text,
            "WORST {:.1} MS ({})",
            d.as_secs_f64() * 1e3,
            phase.name().to_uppercase()
        );
    }
    hud.text(gx, gy + gh + 4.0 * scale, scale, text, WHITE);
}

/// Per-wheel and car state.
fn telemetry(hud: &mut Hud, text: &mut String, session: &Session, scale: f32) {
    let world = session.world();
    let car = world.player();
    let (x, mut y) = (8.0 * scale, 100.0 * scale);
    let lines = 3 + car.wheels().len();
    hud.rect(
        x - 4.0,
        y - 4.0,
        300.0 * scale,
        lines as f32 * 10.0 * scale + 8.0,
        SHADE,
    );
    let line = |hud: &mut Hud, y: &mut f32, s: &str| {
        hud.text(x, *y, scale, s, WHITE);
        *y += 10.0 * scale;
    };
    text.clear();
    let _ = write!(
        text,
        "CAR {}  FWD {:5.1} M/S",
        car.def().name.to_uppercase(),
        world.player_forward_speed()
    );
    line(hud, &mut y, text);
    line(hud, &mut y, "WHEEL GND  COMP CM  SLIP KW  STEER");
    for (i, w) in car.wheels().iter().enumerate() {
        text.clear();
        let _ = write!(
            text,
            "{i}     {}    {:5.1}  {:7.1}  {:5.1}",
            if w.grounded { "Y" } else { "-" },
            w.compression_m * 100.0,
            w.slip_power_w / 1000.0,
            w.steer_rad.to_degrees()
        );
        line(hud, &mut y, text);
    }
    text.clear();
    let s = world.stream_stats();
    let _ = write!(
        text,
        "CHUNKS {} ({:.1} MB)  WAITS {}",
        s.resident_chunks,
        s.resident_bytes as f64 / 1048576.0,
        s.waits
    );
    line(hud, &mut y, text);
}

/// The sim car's page: engine and gearbox, then a table of the wheels (one column each,
/// front first, as the car file lists them), then streaming.
fn sim_telemetry(hud: &mut Hud, text: &mut String, session: &Session, t: &crate::vehicle::Telemetry, scale: f32) {
    let world = session.world();
    let wheels = t.wheels();
    let tables = wheels.len().div_ceil(WHEELS_PER_TABLE).max(1);
    let lines = 3 + tables * (1 + WHEEL_ROWS.len());
    // More than four wheels: two tables, in smaller type so that they still fit.
    let ts = if tables > 1 {
        (scale * 0.5).floor().max(1.0)
    } else {
        scale
    };
    let (x, mut y) = (8.0 * scale, SIM_PAGE_TOP * scale);
    let pitch = SIM_PAGE_PITCH * ts;
    hud.rect(
        x - 4.0,
        y - 4.0,
        PAGE_CHARS as f32 * 8.0 * ts + 8.0,
        lines as f32 * pitch - (pitch - 8.0 * ts) + 8.0,
        SHADE,
    );
    let line = |hud: &mut Hud, y: &mut f32, s: &str| {
        hud.text(x, *y, ts, s, WHITE);
        *y += pitch;
    };
    text.clear();
    text.push_str("CAR ");
    text.extend(world.player().def().name.chars().map(|c| c.to_ascii_uppercase()));
    let _ = write!(text, "  FWD {:5.1} M/S", t.forward_speed_mps);
    line(hud, &mut y, text);
    text.clear();
    let _ = write!(
        text,
        "RPM {:4.0}  GEAR {}  CLUTCH SLIP {:5.0}",
        t.engine_rpm,
        Gear(t.gear),
        shown(t.clutch_slip_rpm, 1.0)
    );
    line(hud, &mut y, text);
    for (table, group) in wheels.chunks(WHEELS_PER_TABLE).enumerate() {
        text.clear();
        let _ = write!(text, "{:<LABEL_CHARS$}", "WHEEL");
        for i in 0..group.len() {
            let _ = write!(text, "{:>WHEEL_CHARS$}", table * WHEELS_PER_TABLE + i);
        }
        hud.text(x, y, ts, text, AMBER);
        y += pitch;
        for (label, value) in WHEEL_ROWS {
            text.clear();
            let _ = write!(text, "{label:<LABEL_CHARS$}");
            for w in group {
                let _ = write!(text, " {:>6.2}", shown(value(w), 100.0));
            }
            line(hud, &mut y, text);
        }
    }
    text.clear();
    let s = world.stream_stats();
    let _ = write!(
        text,
        "CHUNKS {} ({:.1} MB)  WAITS {}",
        s.resident_chunks,
        s.resident_bytes as f64 / 1048576.0,
        s.waits
    );
    line(hud, &mut y, text);
}

/// `v` rounded to steps of `1/per_unit`, with −0 as 0 (so a wheel at rest reads 0.00, not
/// −0.00).
fn shown(v: f32, per_unit: f32) -> f32 {
    (v * per_unit).round() / per_unit + 0.0
}

/// The sim page's wheel rows: label (units) and value in those units.
type WheelRow = (&'static str, fn(&crate::vehicle::WheelTelemetry) -> f32);
const WHEEL_ROWS: [WheelRow; 8] = [
    ("SLIP", |w| w.slip_ratio),
    ("SLIP DEG", |w| w.slip_angle_rad.to_degrees()),
    ("LOAD KN", |w| w.load_n / 1000.0),
    ("COMP CM", |w| w.compression_m * 100.0),
    ("SUSP KN", |w| w.suspension_force_n / 1000.0),
    ("FX KN", |w| w.tire_fx_n / 1000.0),
    ("FY KN", |w| w.tire_fy_n / 1000.0),
    ("WHL M/S", |w| w.wheel_speed_mps),
];

/// The pad in use was unplugged: what happened and both ways on, in the real font at
/// sizes that fit 640×480.
fn controller_lost(hud: &mut Hud, pad_connected: bool, w: f32, h: f32) {
    use crate::render::TextSize;
    hud.rect(0.0, 0.0, w, h, [0.0, 0.0, 0.0, 0.7]);
    let lines: [(&str, TextSize, [f32; 4]); 3] = [
        ("Controller disconnected", TextSize::Body, WHITE),
        (
            if pad_connected {
                "Press any button on a controller to go on"
            } else {
                "Connect a controller and press a button"
            },
            TextSize::Small,
            AMBER,
        ),
        ("or press Enter to go on with the keyboard", TextSize::Small, AMBER),
    ];
    let mut y = h * 0.4;
    for (text, size, colour) in lines {
        let tw = hud.label_width(size, text);
        hud.label((w - tw) * 0.5, y, size, text, colour);
        y += hud.line_height(size) * 1.3;
    }
}
