//! Player settings (`settings.toml` in the per-user settings directory, or `--settings
//! FILE`): the player's name, volumes, stick and trigger response, keyboard steering, key
//! and button bindings, driving assists.
//!
//! Numbers are written as a person would (`0.15`, not `0.15000000596046448`): each f32 is
//! written as the shortest decimal that reads back to it.
//!
//! A console game never refuses to start over its settings: a broken file gives the
//! defaults and one clear warning (the file is left as it was, for the player to fix);
//! unknown keys and an older version's file load with a warning. Saving is atomic.

mod bindings_table;
mod guests;
mod input_table;

pub use guests::{GuestSettings, MAX_GUESTS};

use crate::assists::gearbox::GearboxMode;

pub use crate::assists::AssistSettings;
pub use crate::input::InputSettings;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Settings version this build writes.
pub const VERSION: u32 = 1;

/// Volumes, each 0..1.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Volumes {
    /// Everything.
    pub master: f32,
    /// The engine.
    pub engine: f32,
    /// Tire squeal.
    pub tires: f32,
    /// Crashes and landings.
    pub impacts: f32,
    /// Wind at speed.
    pub wind: f32,
}

impl Default for Volumes {
    fn default() -> Self {
        Self {
            master: 0.8,
            engine: 0.9,
            tires: 0.8,
            impacts: 1.0,
            wind: 0.5,
        }
    }
}

/// What is drawn and how big: sun shadows and particles (every profile), and the window on
/// the desktop profile (the console profiles' display is fixed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Display {
    /// Sun shadows.
    pub shadows: bool,
    /// Smoke, dust, debris and sparks.
    pub particles: bool,
    /// The 3D scene drawn at a resolution that follows recent frame times (the HUD stays
    /// sharp), so frames keep to the budget on a slow GPU.
    pub dynamic_resolution: bool,
    /// Frames a second at most (one of the profile's `frame_caps_hz`); 0: as many as the
    /// display shows.
    pub frame_cap_hz: u32,
    /// Desktop fullscreen instead of a window.
    pub fullscreen: bool,
    /// The window's height in pixels, its width 16:9 of it; 0: the profile's size.
    pub window_height_px: u32,
    /// The player's car paint: an index into `render::PAINTS` (`car_paint = "blue"` in the
    /// file); none: the car file's own colour (`"car"`).
    pub car_paint: Option<usize>,
    /// Two players side by side instead of one above the other (split screen).
    pub split_side_by_side: bool,
}

impl Display {
    /// The colour of the chosen paint; none: the car file's own.
    pub fn car_paint_color(&self) -> Option<glam::Vec3> {
        self.car_paint
            .and_then(|i| crate::render::PAINTS.get(i))
            .map(|(_, c)| glam::Vec3::from(*c))
    }
}

impl Default for Display {
    fn default() -> Self {
        Self {
            shadows: true,
            particles: true,
            dynamic_resolution: true,
            frame_cap_hz: 0,
            fullscreen: false,
            window_height_px: 0,
            car_paint: None,
            split_side_by_side: false,
        }
    }
}

/// The player as the game names them.
#[derive(Debug, Clone, PartialEq)]
pub struct Player {
    /// The name a championship's tables show for the player (`[player] name`): 1 to
    /// [`MAX_NAME_CHARS`] characters, no control characters.
    pub name: String,
}

/// The longest player name, in characters (a table's driver column fits it at 640×480).
pub const MAX_NAME_CHARS: usize = 20;

impl Default for Player {
    fn default() -> Self {
        Self { name: "Player".into() }
    }
}

/// All settings.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Settings {
    /// The player's name.
    pub player: Player,
    /// Volumes.
    pub volumes: Volumes,
    /// Window size and fullscreen (desktop).
    pub display: Display,
    /// Input.
    pub input: InputSettings,
    /// Assists and gearbox.
    pub assists: AssistSettings,
    /// What each guest seat of a split-screen game chose last (player 2 first).
    pub guests: Vec<GuestSettings>,
}

/// The file's value `v` for `name`, or why it cannot be used (NaN, infinite, or outside
/// `lo..=hi`: the message names the value's place and its range).
fn within(name: &str, v: f64, lo: f32, hi: f32) -> Result<f32, String> {
    let v = v as f32;
    if v.is_finite() && (lo..=hi).contains(&v) {
        Ok(v)
    } else {
        Err(format!("{name} must be between {lo} and {hi}, got {v}"))
    }
}

/// An f32 as the shortest decimal that reads back to it, held as the f64 of that decimal
/// so the TOML writer prints `0.8`, not the f32's exact binary value.
fn tidy(v: f32) -> f64 {
    format!("{v}").parse().unwrap_or(0.0)
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(default)]
struct RawVolumes {
    master: f64,
    engine: f64,
    tires: f64,
    impacts: f64,
    wind: f64,
}

impl Default for RawVolumes {
    fn default() -> Self {
        Settings::default().to_raw().audio
    }
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(default)]
struct RawAssists {
    traction_control: bool,
    abs: bool,
    stability_control: bool,
    steering_assist: bool,
    gearbox: String,
}

impl Default for RawAssists {
    fn default() -> Self {
        Settings::default().to_raw().assists
    }
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(default)]
struct RawDisplay {
    shadows: bool,
    particles: bool,
    dynamic_resolution: bool,
    frame_cap_hz: u32,
    fullscreen: bool,
    window_height_px: u32,
    car_paint: String,
    split_side_by_side: bool,
}

impl Default for RawDisplay {
    fn default() -> Self {
        Settings::default().to_raw().display
    }
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(default)]
struct RawPlayer {
    name: String,
}

impl Default for RawPlayer {
    fn default() -> Self {
        Settings::default().to_raw().player
    }
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(default)]
struct RawSettings {
    version: u32,
    player: RawPlayer,
    audio: RawVolumes,
    display: RawDisplay,
    input: input_table::RawInput,
    assists: RawAssists,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    guests: Vec<guests::RawGuest>,
}

impl Default for RawSettings {
    fn default() -> Self {
        Settings::default().to_raw()
    }
}

/// A parser's message on one line (warnings are one line each).
fn one_line(message: &str) -> String {
    message.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Every key path in a TOML value (`input.keyboard.throttle`), for spotting unknown keys.
fn key_paths(v: &toml::Value, prefix: &str, out: &mut Vec<String>) {
    if let toml::Value::Table(t) = v {
        for (k, v) in t {
            let path = if prefix.is_empty() {
                k.clone()
            } else {
                format!("{prefix}.{k}")
            };
            out.push(path.clone());
            key_paths(v, &path, out);
        }
    }
}

impl Settings {
    fn to_raw(&self) -> RawSettings {
        RawSettings {
            version: VERSION,
            player: RawPlayer {
                name: self.player.name.clone(),
            },
            display: RawDisplay {
                shadows: self.display.shadows,
                particles: self.display.particles,
                dynamic_resolution: self.display.dynamic_resolution,
                frame_cap_hz: self.display.frame_cap_hz,
                fullscreen: self.display.fullscreen,
                window_height_px: self.display.window_height_px,
                car_paint: match self.display.car_paint.and_then(|i| crate::render::PAINTS.get(i)) {
                    Some((name, _)) => name.to_string(),
                    None => "car".to_string(),
                },
                split_side_by_side: self.display.split_side_by_side,
            },
            audio: RawVolumes {
                master: tidy(self.volumes.master),
                engine: tidy(self.volumes.engine),
                tires: tidy(self.volumes.tires),
                impacts: tidy(self.volumes.impacts),
                wind: tidy(self.volumes.wind),
            },
            assists: RawAssists {
                traction_control: self.assists.traction_control,
                abs: self.assists.abs,
                stability_control: self.assists.stability_control,
                steering_assist: self.assists.steering_assist,
                gearbox: self.assists.gearbox.name().to_string(),
            },
            guests: guests::to_raw(&self.guests),
            input: input_table::RawInput::of(&self.input),
        }
    }

    /// The settings as the TOML this build writes.
    pub fn to_toml(&self) -> String {
        format!(
            "# Skidpad settings. Unknown keys are ignored with a warning; delete the file for defaults.\n{}",
            toml::to_string_pretty(&self.to_raw()).expect("settings serialize")
        )
    }

    /// Parses settings text. Never fails: returns the settings to use and the warnings to
    /// show (at most one line each).
    pub fn parse(file: &str, text: &str) -> (Settings, Vec<String>) {
        let value: toml::Value = match toml::from_str(text) {
            Ok(v) => v,
            Err(e) => {
                let at = e
                    .span()
                    .map(|s| format!(" at line {}", text[..s.start.min(text.len())].lines().count().max(1)))
                    .unwrap_or_default();
                return (
                    Settings::default(),
                    vec![format!(
                        "{file}: unreadable{at} ({}); using the default settings",
                        one_line(e.message())
                    )],
                );
            }
        };
        let raw: RawSettings = match value.clone().try_into() {
            Ok(r) => r,
            Err(e) => {
                return (
                    Settings::default(),
                    vec![format!("{file}: {}; using the default settings", one_line(e.message()))],
                )
            }
        };
        let mut warnings = Vec::new();
        let mut known = Vec::new();
        key_paths(
            &toml::Value::try_from(RawSettings::default()).expect("defaults serialize"),
            "",
            &mut known,
        );
        let mut present = Vec::new();
        key_paths(&value, "", &mut present);
        let unknown: Vec<String> = present
            .into_iter()
            .filter(|p| {
                !known.contains(p) && p != "guests" && !p.starts_with("input.keyboard.") && !p.starts_with("input.pad.")
            })
            .collect();
        if !unknown.is_empty() {
            warnings.push(format!("{file}: ignoring unknown settings: {}", unknown.join(", ")));
        }
        if raw.version < VERSION {
            warnings.push(format!(
                "{file}: written by an older version ({}); missing settings take their defaults",
                raw.version
            ));
        }
        match Self::from_raw(&raw) {
            Ok(mut s) => {
                s.guests = guests::from_raw(file, &raw.guests, &mut warnings);
                (s, warnings)
            }
            Err(problem) => {
                warnings.push(format!("{file}: {problem}; using the default settings"));
                (Settings::default(), warnings)
            }
        }
    }

    fn from_raw(raw: &RawSettings) -> Result<Settings, String> {
        let unit = |name: &str, v: f64, hi: f32| within(name, v, 0.0, hi);
        let a = &raw.audio;
        let volumes = Volumes {
            master: unit("audio.master", a.master, 1.0)?,
            engine: unit("audio.engine", a.engine, 1.0)?,
            tires: unit("audio.tires", a.tires, 1.0)?,
            impacts: unit("audio.impacts", a.impacts, 1.0)?,
            wind: unit("audio.wind", a.wind, 1.0)?,
        };
        let i = &raw.input;
        let bindings = bindings_table::from_tables("input", &i.keyboard, &i.pad)?;
        let r = &raw.assists;
        let assists = AssistSettings {
            traction_control: r.traction_control,
            abs: r.abs,
            stability_control: r.stability_control,
            steering_assist: r.steering_assist,
            gearbox: GearboxMode::from_name(&r.gearbox).ok_or(format!(
                "assists.gearbox must be \"automatic\" or \"manual\", got \"{}\"",
                r.gearbox
            ))?,
        };
        let d = &raw.display;
        if d.window_height_px != 0 && !(240..=4320).contains(&d.window_height_px) {
            return Err(format!(
                "display.window_height_px must be 0 (the profile's size) or 240..4320, got {}",
                d.window_height_px
            ));
        }
        if d.frame_cap_hz != 0 && !(10..=1000).contains(&d.frame_cap_hz) {
            return Err(format!(
                "display.frame_cap_hz must be 0 (no cap) or 10..1000, got {}",
                d.frame_cap_hz
            ));
        }
        let name = raw.player.name.trim();
        let chars = name.chars().count();
        if !(1..=MAX_NAME_CHARS).contains(&chars) || name.chars().any(char::is_control) {
            return Err(format!(
                "player.name must be 1 to {MAX_NAME_CHARS} characters without control characters, got {:?}",
                raw.player.name
            ));
        }
        Ok(Settings {
            player: Player { name: name.to_string() },
            assists,
            volumes,
            // Checked apart, so a bad guest table costs only itself (`Settings::parse`).
            guests: Vec::new(),
            display: Display {
                shadows: d.shadows,
                particles: d.particles,
                dynamic_resolution: d.dynamic_resolution,
                frame_cap_hz: d.frame_cap_hz,
                fullscreen: d.fullscreen,
                window_height_px: d.window_height_px,
                split_side_by_side: d.split_side_by_side,
                car_paint: match d.car_paint.as_str() {
                    "car" => None,
                    name => Some(
                        crate::render::PAINTS
                            .iter()
                            .position(|(n, _)| *n == name)
                            .ok_or_else(|| {
                                let names: Vec<&str> = crate::render::PAINTS.iter().map(|(n, _)| *n).collect();
                                format!(
                                    "display.car_paint must be \"car\" or one of {}, got {name:?}",
                                    names.join(", ")
                                )
                            })?,
                    ),
                },
            },
            input: raw.input.read("input", bindings)?,
        })
    }

    /// Loads `path`: a missing file gives the defaults (and writes them there, so the
    /// player has a file to edit); any other problem gives the defaults and a warning.
    pub fn load(path: &Path) -> (Settings, Vec<String>) {
        match std::fs::read_to_string(path) {
            Ok(text) => Self::parse(&path.display().to_string(), &text),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let defaults = Settings::default();
                let warnings = match defaults.save(path) {
                    Ok(()) => vec![],
                    Err(e) => vec![e],
                };
                (defaults, warnings)
            }
            Err(e) => (
                Settings::default(),
                vec![format!(
                    "{}: cannot read ({e}); using the default settings",
                    path.display()
                )],
            ),
        }
    }

    /// Saves atomically (temporary file, fsync, rename): a failure leaves the old file.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("{}: cannot create ({e}); settings not saved", dir.display()))?;
        }
        skidpad_platform::files::write_atomically(path, self.to_toml().as_bytes())
            .map_err(|e| format!("{}: cannot write ({e}); settings not saved", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::bindings::Action;
    use skidpad_platform::Key;

    #[test]
    fn defaults_round_trip_through_the_file_format() {
        let (s, warnings) = Settings::parse("s.toml", &Settings::default().to_toml());
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(s, Settings::default());
    }

    #[test]
    fn a_broken_file_gives_defaults_and_one_warning() {
        let (s, w) = Settings::parse("s.toml", "[audio\nmaster = ");
        assert_eq!(s, Settings::default());
        assert_eq!(w.len(), 1);
        assert!(w[0].contains("s.toml") && w[0].contains("default"), "{w:?}");
        assert!(w[0].contains("at line 1") && !w[0].contains('\n'), "{w:?}");
        let (s, w) = Settings::parse("s.toml", "[audio]\nmaster = nan\n");
        assert_eq!(s, Settings::default());
        assert!(w[0].contains("audio.master"), "{w:?}");
    }

    #[test]
    fn unknown_keys_and_old_versions_load_with_a_warning() {
        let text = "version = 0\nfov = 90\n[audio]\nmaster = 0.3\nreverb = true\n";
        let (s, w) = Settings::parse("s.toml", text);
        assert_eq!(s.volumes.master, 0.3);
        assert_eq!(s.volumes.engine, Volumes::default().engine);
        assert!(
            w.iter().any(|l| l.contains("fov") && l.contains("audio.reverb")),
            "{w:?}"
        );
        assert!(w.iter().any(|l| l.contains("older version")), "{w:?}");
    }

    #[test]
    fn the_players_name_loads_trimmed_and_a_bad_one_falls_back_with_a_warning() {
        let (s, w) = Settings::parse("s.toml", "[player]\nname = \"  Ana Souza \"\n");
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(s.player.name, "Ana Souza");
        assert!(Settings::default().to_toml().contains("name = \"Player\""));
        for bad in [
            "\"\"",
            "\"   \"",
            "\"A name far too long for the table\"",
            "\"tab\\there\"",
        ] {
            let (s, w) = Settings::parse("s.toml", &format!("[player]\nname = {bad}\n"));
            assert_eq!(s, Settings::default(), "{bad}");
            assert!(w.iter().any(|l| l.contains("player.name")), "{bad}: {w:?}");
        }
    }

    #[test]
    fn numbers_are_written_as_a_person_would_type_them() {
        let text = Settings::default().to_toml();
        for line in [
            "master = 0.8",
            "stick_deadzone = 0.15",
            "reverse_hold_s = 0.4",
            "gearbox = \"automatic\"",
        ] {
            assert!(text.contains(line), "{line} missing from:\n{text}");
        }
        assert!(!text.contains("00000"), "{text}");
    }

    #[test]
    fn assists_load_and_bad_values_fall_back_with_a_warning() {
        let (s, w) = Settings::parse("s.toml", "[assists]\nabs = false\ngearbox = \"manual\"\n");
        assert!(w.is_empty(), "{w:?}");
        assert!(!s.assists.abs && s.assists.traction_control);
        assert_eq!(s.assists.gearbox, GearboxMode::Manual);
        let (s, w) = Settings::parse("s.toml", "[assists]\ngearbox = \"paddles\"\n");
        assert_eq!(s, Settings::default());
        assert!(w[0].contains("assists.gearbox") && w[0].contains("paddles"), "{w:?}");
        let (s, w) = Settings::parse("s.toml", "[input]\nreverse_hold_s = -1.0\n");
        assert_eq!(s, Settings::default());
        assert!(w[0].contains("input.reverse_hold_s"), "{w:?}");
    }

    #[test]
    fn bindings_are_remappable_by_name() {
        let text = "[input.keyboard]\nthrottle = [\"E\"]\nhand_brake = [\"LeftShift\"]\n[input.pad]\nhand_brake = [\"RightBumper\"]\n";
        let (s, w) = Settings::parse("s.toml", text);
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(s.input.bindings.key_action(Key::E), Some(Action::Throttle));
        assert_eq!(s.input.bindings.key_action(Key::LeftShift), Some(Action::HandBrake));
        // Actions the file leaves out keep their defaults.
        assert_eq!(s.input.bindings.key_action(Key::Q), Some(Action::ShiftDown));
        let (_, w) = Settings::parse("s.toml", "[input.keyboard]\nthrottle = [\"Banana\"]\n");
        assert!(w[0].contains("Banana"), "{w:?}");
    }

    #[test]
    fn saving_is_atomic_and_refusals_are_clear() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.toml");
        let (_, w) = Settings::load(&path);
        assert!(w.is_empty());
        assert!(path.exists(), "defaults were not written");
        let mut s = Settings::default();
        s.volumes.master = 0.25;
        s.save(&path).unwrap();
        assert_eq!(Settings::load(&path).0.volumes.master, 0.25);
        // An unwritable place: the error names it and the old file stays.
        let e = s.save(Path::new("/proc/skidpad/settings.toml")).unwrap_err();
        assert!(e.contains("/proc/skidpad"), "{e}");
    }
}
