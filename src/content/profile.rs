//! Platform profiles (`platform/profiles/*.toml`): the target machine's display, tick rate,
//! frame and memory budgets, and render caps. Chosen with `--platform NAME|PATH`.

use super::root::{embedded_profiles, read_file};
use super::toml_file::parse_bytes;
use super::validate::Validator;
use super::ContentError;
use crate::time::LoopConfig;
use serde::Deserialize;
use skidpad_platform::GlRequest;
use std::path::Path;
use std::time::Duration;

/// The profile used when none is named.
pub const DEFAULT_PROFILE: &str = "desktop";

/// Blended fill the particles may cost a frame, in screens (the sum of every billboard's
/// share of the screen), where a profile's `render.particle_fill_screens` does not say.
/// Smoke grows to 3.5× its size and a puff a metre from the camera covers the whole screen;
/// on `slip` a frame of hard braking stacked so many that llvmpipe spent up to 110 ms
/// shading them (PERFORMANCE.md). Past the budget the nearest are left out: they cost the
/// most and show least, a haze over the whole view.
pub const DEFAULT_PARTICLE_FILL_SCREENS: f32 = 3.0;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProfile {
    name: String,
    description: String,
    display: RawDisplay,
    timing: RawTiming,
    memory: RawMemory,
    render: RawRender,
    #[serde(default)]
    input: RawInput,
    #[serde(default)]
    audio: RawAudio,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAudio {
    /// The integrated loudness the mix is calibrated to, LUFS.
    #[serde(default = "default_loudness_lufs")]
    loudness_lufs: f64,
}

impl Default for RawAudio {
    fn default() -> Self {
        Self {
            loudness_lufs: default_loudness_lufs(),
        }
    }
}

/// ASWG-R001's target for home platforms (a console on a television, a desktop): −23 LUFS
/// integrated, as EBU R128 has for broadcast.
fn default_loudness_lufs() -> f64 {
    -23.0
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawInput {
    /// The machine has a pad and no keyboard (a console, a handheld PC).
    #[serde(default)]
    pad_only: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDisplay {
    width: u32,
    height: u32,
    vsync: bool,
    #[serde(default)]
    frame_caps_hz: Vec<u32>,
    /// The share of each screen dimension the HUD keeps inside (title-safe area).
    #[serde(default = "default_title_safe")]
    title_safe: f64,
}

/// A desktop monitor shows the whole picture; 95 % keeps the HUD off the bezel's edge.
fn default_title_safe() -> f64 {
    0.95
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTiming {
    tick_rate_hz: u32,
    max_ticks_per_frame: u32,
    max_frame_delta_ms: f64,
    frame_budget_ms: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMemory {
    budget_mb: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRender {
    max_particles: u32,
    shadow_map_size: u32,
    #[serde(default = "default_skid_mark_segments")]
    skid_mark_segments: u32,
    #[serde(default)]
    shadow_filter: ShadowFilter,
    /// Screens of blended particle fill a frame may cost ([`DEFAULT_PARTICLE_FILL_SCREENS`]
    /// when absent).
    particle_fill_screens: Option<f64>,
    /// `auto`, `core` or `es`; `auto` when absent.
    #[serde(default)]
    gl: Option<String>,
}

/// How a lit fragment filters the sun's shadow map: `[render] shadow_filter` in a platform
/// profile. The wider filter's softer edges cost three more depth-map fetches per lit
/// fragment, which on a fill-bound GPU (llvmpipe at 640×480) is about a seventh of the
/// frame (PERFORMANCE.md, "Shadow filter per profile").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShadowFilter {
    /// 2×2 bilinear percentage-closer taps over a 4×4-texel footprint: soft edges.
    #[default]
    Pcf2x2,
    /// One bilinear percentage-closer tap (2×2 texels): the hardware lookup of an
    /// Xbox-class GPU; harder, blockier edges.
    Bilinear,
}

/// Skid-mark segments a profile holds when it does not say: 2048 one-metre segments are
/// about a dozen long slides of one car.
fn default_skid_mark_segments() -> u32 {
    2048
}

/// A validated platform profile.
#[derive(Debug, Clone, PartialEq)]
pub struct PlatformProfile {
    /// Short name (`desktop`, `xbox`).
    pub name: String,
    /// One line for `--help` and logs.
    pub description: String,
    /// Window / framebuffer width in pixels.
    pub width: u32,
    /// Window / framebuffer height in pixels.
    pub height: u32,
    /// Wait for vblank on present.
    pub vsync: bool,
    /// Frame-rate caps the player may choose (ascending, frames a second; empty: none
    /// offered, frames follow the display).
    pub frame_caps_hz: Vec<u32>,
    /// The title-safe area: the share of the width and of the height, centred, that the
    /// HUD keeps inside (a television may crop the edges; 0.9 on a console, the action-safe
    /// convention of broadcast TV). `[display] title_safe`, 0.95 when absent.
    pub title_safe: f32,
    /// The fixed-step loop's settings.
    pub loop_config: LoopConfig,
    /// Wall time one frame may take.
    pub frame_budget: Duration,
    /// Memory the resident level may use, in bytes.
    pub memory_budget_bytes: u64,
    /// Particle pool capacity.
    pub max_particles: u32,
    /// Shadow map edge in texels.
    pub shadow_map_size: u32,
    /// Blended particle fill a frame may cost, in screens (the sum of every billboard's
    /// share of the screen; past it the nearest puffs are left out).
    pub particle_fill_screens: f32,
    /// Skid-mark ring capacity, segments (the oldest is reused when it is full).
    pub skid_mark_segments: u32,
    /// How lit fragments filter the sun's shadow map (`[render] shadow_filter`, `pcf2x2`
    /// when absent).
    pub shadow_filter: ShadowFilter,
    /// Which OpenGL API the window asks for (`[render] gl`: `auto` when absent, core with
    /// ES 3.0 as the fallback; `es` for a device whose driver offers only GLES). The
    /// global `--gl` replaces it.
    pub gl: GlRequest,
    /// Played with a pad and no keyboard (`[input] pad_only`: a console, a handheld PC):
    /// the front end's prompts show the pad's buttons.
    pub pad_only: bool,
    /// The integrated loudness the mix is calibrated to at the default volumes, LUFS
    /// (`[audio] loudness_lufs`: −23 when absent, ASWG-R001's home target; −18 on a
    /// handheld, its portable target, heard over small speakers and earbuds outdoors).
    pub loudness_lufs: f32,
}

impl PlatformProfile {
    /// Loads a profile by name (one shipped in `platform/profiles/`) or by path to a TOML
    /// file (anything containing `/` or ending in `.toml`).
    pub fn load(name_or_path: &str) -> Result<Self, ContentError> {
        if name_or_path.contains('/') || name_or_path.ends_with(".toml") {
            let path = Path::new(name_or_path);
            let bytes = read_file(path)?;
            return Self::parse(&path.display().to_string(), &bytes);
        }
        let file = format!("{name_or_path}.toml");
        match embedded_profiles().iter().find(|(f, _)| *f == file) {
            Some((_, bytes)) => Self::parse(&format!("platform/profiles/{file}"), bytes),
            None => Err(ContentError::new(
                "--platform",
                name_or_path,
                format!("no platform profile of that name (known: {})", Self::known().join(", ")),
            )),
        }
    }

    /// Names of the shipped profiles.
    pub fn known() -> Vec<&'static str> {
        embedded_profiles()
            .iter()
            .filter_map(|(f, _)| f.strip_suffix(".toml"))
            .collect()
    }

    /// Parses and validates a profile's text; `file` names it in errors.
    pub fn parse(file: &str, bytes: &[u8]) -> Result<Self, ContentError> {
        let raw: RawProfile = parse_bytes(file, bytes)?;
        let v = Validator::new(file);
        let count = |field: &str, n: u32, lo: u32, hi: u32| {
            if (lo..=hi).contains(&n) {
                Ok(n)
            } else {
                Err(v.fail(field, format!("must be between {lo} and {hi}, got {n}")))
            }
        };
        count("display.width", raw.display.width, 64, 16384)?;
        count("display.height", raw.display.height, 64, 16384)?;
        count("timing.tick_rate_hz", raw.timing.tick_rate_hz, 10, 1000)?;
        count("timing.max_ticks_per_frame", raw.timing.max_ticks_per_frame, 1, 64)?;
        count("render.max_particles", raw.render.max_particles, 0, 1_000_000)?;
        count("render.skid_mark_segments", raw.render.skid_mark_segments, 0, 1_000_000)?;
        let particle_fill_screens = match raw.render.particle_fill_screens {
            Some(screens) => v.range("render.particle_fill_screens", screens, 0.1, 20.0)? as f32,
            None => DEFAULT_PARTICLE_FILL_SCREENS,
        };
        let shadow = count("render.shadow_map_size", raw.render.shadow_map_size, 64, 16384)?;
        if !shadow.is_power_of_two() {
            return Err(v.fail(
                "render.shadow_map_size",
                format!("must be a power of two, got {shadow}"),
            ));
        }
        let max_delta_ms = v.range(
            "timing.max_frame_delta_ms",
            raw.timing.max_frame_delta_ms,
            1.0,
            10_000.0,
        )?;
        for (i, &cap) in raw.display.frame_caps_hz.iter().enumerate() {
            count(&format!("display.frame_caps_hz[{i}]"), cap, 10, 1000)?;
            if i > 0 && cap <= raw.display.frame_caps_hz[i - 1] {
                return Err(v.fail(
                    "display.frame_caps_hz",
                    format!("must be ascending, got {:?}", raw.display.frame_caps_hz),
                ));
            }
        }
        let title_safe = v.range("display.title_safe", raw.display.title_safe, 0.5, 1.0)? as f32;
        let budget_ms = v.range("timing.frame_budget_ms", raw.timing.frame_budget_ms, 0.1, 10_000.0)?;
        let budget_mb = v.range("memory.budget_mb", raw.memory.budget_mb, 1.0, 1_048_576.0)?;
        let gl = match raw.render.gl.as_deref() {
            None => GlRequest::Auto,
            Some(name) => GlRequest::parse(name).ok_or_else(|| {
                v.fail(
                    "render.gl",
                    format!("must be one of {}, got `{name}`", GlRequest::NAMES.join(", ")),
                )
            })?,
        };
        let loudness_lufs = v.range("audio.loudness_lufs", raw.audio.loudness_lufs, -40.0, -10.0)? as f32;
        Ok(Self {
            name: raw.name,
            description: raw.description,
            width: raw.display.width,
            height: raw.display.height,
            vsync: raw.display.vsync,
            frame_caps_hz: raw.display.frame_caps_hz,
            title_safe,
            loop_config: LoopConfig {
                tick_rate_hz: raw.timing.tick_rate_hz,
                max_frame_delta: Duration::from_secs_f64(max_delta_ms / 1000.0),
                max_ticks_per_frame: raw.timing.max_ticks_per_frame,
                ..LoopConfig::default()
            },
            frame_budget: Duration::from_secs_f64(budget_ms / 1000.0),
            memory_budget_bytes: (budget_mb * 1024.0 * 1024.0) as u64,
            max_particles: raw.render.max_particles,
            shadow_map_size: shadow,
            particle_fill_screens,
            skid_mark_segments: raw.render.skid_mark_segments,
            shadow_filter: raw.render.shadow_filter,
            gl,
            pad_only: raw.input.pad_only,
            loudness_lufs,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_profiles_load() {
        let xbox = PlatformProfile::load("xbox").unwrap();
        assert_eq!((xbox.width, xbox.height), (640, 480));
        assert_eq!(xbox.loop_config.tick_rate_hz, 60);
        assert_eq!(xbox.memory_budget_bytes, 64 * 1024 * 1024);
        assert_eq!(xbox.frame_budget, Duration::from_micros(16_670));
        let desktop = PlatformProfile::load(DEFAULT_PROFILE).unwrap();
        assert_eq!(desktop.loop_config.max_ticks_per_frame, 8);
        assert_eq!(desktop.loop_config.max_frame_delta, Duration::from_millis(250));
        assert!(xbox.frame_caps_hz.is_empty(), "a console shows every frame it can");
        assert_eq!(desktop.frame_caps_hz, vec![30, 60]);
        let handheld = PlatformProfile::load("handheld").unwrap();
        assert_eq!((handheld.width, handheld.height), (1280, 800));
        assert_eq!(handheld.frame_caps_hz, vec![30, 40, 60]);
        assert_eq!(handheld.loop_config.tick_rate_hz, 60);
        assert_eq!(xbox.title_safe, 0.9, "a television crops its edges");
        assert_eq!(desktop.title_safe, 0.95, "the default when the file says none");
        assert!(
            handheld.pad_only && xbox.pad_only,
            "a handheld PC and a console are played with a pad"
        );
        assert!(!desktop.pad_only);
        assert_eq!(
            (desktop.loudness_lufs, xbox.loudness_lufs, handheld.loudness_lufs),
            (-23.0, -23.0, -18.0),
            "ASWG-R001: −23 LUFS at home, −18 on a portable"
        );
    }

    #[test]
    fn a_loudness_target_out_of_reason_is_refused_naming_the_field() {
        for bad in ["0.0", "-90.0", "nan"] {
            let text = format!("{}\n[audio]\nloudness_lufs = {bad}\n", xbox_text());
            let e = PlatformProfile::parse("p.toml", text.as_bytes()).unwrap_err();
            assert_eq!(e.field, "audio.loudness_lufs", "{bad}");
        }
    }

    #[test]
    fn frame_caps_must_be_ascending_and_sane() {
        let text = xbox_text().replace("vsync = true", "vsync = true\nframe_caps_hz = [40, 30]");
        let e = PlatformProfile::parse("p.toml", text.as_bytes()).unwrap_err();
        assert_eq!(e.field, "display.frame_caps_hz");
        let text = xbox_text().replace("vsync = true", "vsync = true\nframe_caps_hz = [0]");
        let e = PlatformProfile::parse("p.toml", text.as_bytes()).unwrap_err();
        assert_eq!(e.field, "display.frame_caps_hz[0]");
    }

    #[test]
    fn the_gl_key_names_an_api_or_is_refused_naming_the_choices() {
        let with = |gl: &str| xbox_text().replace("[render]", &format!("[render]\ngl = \"{gl}\""));
        assert_eq!(PlatformProfile::load("xbox").unwrap().gl, GlRequest::Auto);
        let es = PlatformProfile::parse("p.toml", with("es").as_bytes()).unwrap();
        assert_eq!(es.gl, GlRequest::Es);
        let e = PlatformProfile::parse("p.toml", with("vulkan").as_bytes()).unwrap_err();
        assert_eq!(e.field, "render.gl");
        assert!(e.to_string().contains("auto, core, es"), "{e}");
    }

    fn xbox_text() -> String {
        String::from_utf8(
            embedded_profiles()
                .iter()
                .find(|(f, _)| *f == "xbox.toml")
                .unwrap()
                .1
                .to_vec(),
        )
        .unwrap()
    }

    #[test]
    fn nan_budget_is_rejected_by_field() {
        let text = xbox_text().replace("frame_budget_ms = 16.67", "frame_budget_ms = nan");
        let e = PlatformProfile::parse("p.toml", text.as_bytes()).unwrap_err();
        assert_eq!(e.field, "timing.frame_budget_ms");
        assert!(e.problem.contains("finite"), "{e}");
    }

    #[test]
    fn zero_tick_rate_is_rejected() {
        let text = xbox_text().replace("tick_rate_hz = 60", "tick_rate_hz = 0");
        let e = PlatformProfile::parse("p.toml", text.as_bytes()).unwrap_err();
        assert_eq!(e.field, "timing.tick_rate_hz");
    }

    #[test]
    fn the_console_filters_shadows_with_one_tap_and_a_bad_filter_is_named() {
        assert_eq!(
            PlatformProfile::load("xbox").unwrap().shadow_filter,
            ShadowFilter::Bilinear
        );
        let desktop = PlatformProfile::load(DEFAULT_PROFILE).unwrap();
        assert_eq!(desktop.shadow_filter, ShadowFilter::Pcf2x2, "the default when absent");
        let text = xbox_text().replace("shadow_filter = \"bilinear\"", "shadow_filter = \"pcf9x9\"");
        let e = PlatformProfile::parse("p.toml", text.as_bytes()).unwrap_err();
        assert!(
            e.to_string().contains("pcf9x9") && e.to_string().contains("p.toml"),
            "{e}"
        );
    }

    #[test]
    fn the_console_spends_less_fill_on_particles_and_a_bad_budget_is_named() {
        assert_eq!(PlatformProfile::load("xbox").unwrap().particle_fill_screens, 1.5);
        let desktop = PlatformProfile::load(DEFAULT_PROFILE).unwrap();
        assert_eq!(
            desktop.particle_fill_screens, DEFAULT_PARTICLE_FILL_SCREENS,
            "the default when absent"
        );
        for bad in ["nan", "0.0", "-1.0", "100.0"] {
            let text = xbox_text().replace("particle_fill_screens = 1.5", &format!("particle_fill_screens = {bad}"));
            let e = PlatformProfile::parse("p.toml", text.as_bytes()).unwrap_err();
            assert_eq!(e.field, "render.particle_fill_screens", "{bad}: {e}");
        }
    }

    #[test]
    fn unknown_name_lists_the_known_ones() {
        let e = PlatformProfile::load("dreamcast").unwrap_err();
        assert!(e.problem.contains("xbox") && e.problem.contains("desktop"), "{e}");
    }
}
