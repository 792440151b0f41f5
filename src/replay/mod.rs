//! Replays: every tick's input with the identity of what was played (build, level, car,
//! platform) and the final state hash, so a replay reproduces the run bit for bit or says
//! exactly why it cannot.
//!
//! File layout: the magic `SKIDRPL1`, a postcard-encoded [`ReplayFile`], and an XXH3-64
//! checksum of everything before it. Written atomically (temporary file, fsync, rename).

use crate::assists::AssistSet;
use crate::content::build_content_digest;
use crate::content::ContentError;
use crate::sim::{TickInput, VehicleControl};
use serde::{Deserialize, Serialize};
use std::path::Path;

mod legacy;

const MAGIC: &[u8; 8] = b"SKIDRPL1";
/// Format version written in every replay (7: the header keeps the grid when the race
/// placed people apart and each opponent's difficulty where they differ, a championship
/// round's; 6: the header names each guest's car and the file holds every guest's inputs,
/// for split-screen races; 5: each input has an `actions` byte, for the restart action
/// that came with reset-in-place, and the header names the opponents' difficulty). Format
/// 4 never left the development branches that each made one half of 5. Older formats are
/// read by `legacy.rs`.
pub const FORMAT: u32 = 7;

/// What was played, and how it ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplayHeader {
    /// [`FORMAT`] when written.
    pub format: u32,
    /// The build that recorded it ([`build_identity`]): physics may differ in another.
    pub build: String,
    /// Level name or path.
    pub level: String,
    /// Car name or path.
    pub car: String,
    /// Platform profile name or path.
    pub platform: String,
    /// Simulation rate.
    pub tick_rate_hz: u32,
    /// AI opponents raced against (their inputs are not stored: the AI recomputes them).
    pub ai_opponents: u32,
    /// The opponents' car, name or path (empty with none).
    pub ai_car: String,
    /// The opponents' difficulty by name (`rookie` … `ace`; empty with none): their
    /// driving, and their seeded wander off the line, depend on it.
    pub ai_difficulty: String,
    /// State hash after the last tick.
    pub final_state_hash: u64,
    /// Each guest's car (the players after the first in a split-screen race), name or
    /// path; empty with one player.
    pub guest_cars: Vec<String>,
    /// Each opponent's difficulty by name, in grid order, where they differ (a
    /// championship's field); empty: every opponent at `ai_difficulty`.
    pub opponent_skills: Vec<String>,
    /// Each person's grid slot, the first player's then each guest's, where the race
    /// placed them apart (a championship's table); empty: from pole, one behind the other.
    pub grid_slots: Vec<usize>,
}

impl ReplayHeader {
    /// The header of a run this build recorded: what was played, as the user named it
    /// (`level`, `car`, `platform`: names or paths, so the replay loads them the same way),
    /// the opponents (`ai_car` is kept only when there are any) and the state hash after
    /// the last tick. The format and build identity are this build's, so a replay made by
    /// another build is refused on load rather than diverging.
    pub fn new(
        level: &str,
        car: &str,
        platform: &str,
        tick_rate_hz: u32,
        ai_opponents: usize,
        ai_car: &str,
        final_state_hash: u64,
    ) -> Self {
        Self {
            format: FORMAT,
            build: build_identity(),
            level: level.to_owned(),
            car: car.to_owned(),
            platform: platform.to_owned(),
            tick_rate_hz,
            ai_opponents: ai_opponents as u32,
            ai_car: if ai_opponents == 0 {
                String::new()
            } else {
                ai_car.to_owned()
            },
            ai_difficulty: String::new(),
            final_state_hash,
            guest_cars: Vec::new(),
            opponent_skills: Vec::new(),
            grid_slots: Vec::new(),
        }
    }
}

/// One tick's input as stored: the controls' exact bits and the flags.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub(super) struct StoredInput {
    throttle: f32,
    steer: f32,
    brake: f32,
    /// 1 handbrake, 2 reverse, 4 reset, 8 manual gear shift; the high four bits the
    /// assists that were on (`AssistSet::bits`), all clear in replays written before
    /// assists existed, which therefore replay with none, as they were recorded.
    flags: u8,
    /// Manual gear (−1 reverse, 0 neutral, 1.. forward).
    gear: i8,
    /// 1 restart from the level's start; the other bits free for later actions.
    actions: u8,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct ReplayFile {
    header: ReplayHeader,
    inputs: Vec<StoredInput>,
    /// Each guest's inputs, one per tick as `inputs`.
    guest_inputs: Vec<Vec<StoredInput>>,
}

impl ReplayFile {
    /// A file of an older format in today's.
    fn upgraded(header: ReplayHeader, inputs: Vec<StoredInput>, guest_inputs: Vec<Vec<StoredInput>>) -> Self {
        Self {
            header,
            inputs,
            guest_inputs,
        }
    }
}

impl StoredInput {
    /// `input` as stored.
    fn of(i: &TickInput) -> StoredInput {
        StoredInput {
            throttle: i.control.throttle,
            steer: i.control.steer,
            brake: i.control.brake,
            flags: i.control.hand_brake as u8
                | (i.control.reverse as u8) << 1
                | (i.reset as u8) << 2
                | (i.control.manual_gear_shift as u8) << 3
                | i.assists.bits() << 4,
            gear: i.control.gear,
            actions: i.restart as u8,
        }
    }

    /// The input this stores.
    fn tick_input(&self) -> TickInput {
        TickInput {
            control: VehicleControl {
                throttle: self.throttle,
                steer: self.steer,
                brake: self.brake,
                hand_brake: self.flags & 1 != 0,
                reverse: self.flags & 2 != 0,
                manual_gear_shift: self.flags & 8 != 0,
                gear: self.gear,
                wheel_brake_scale: None,
            },
            reset: self.flags & 4 != 0,
            restart: self.actions & 1 != 0,
            assists: AssistSet::from_bits(self.flags >> 4),
        }
    }
}

/// A NaN or ∞ axis is refused at the edge: no file we write has one (the checksum passed,
/// so this one was made by hand or by another tool). `what` names the list.
fn check_finite(file: &str, what: &str, inputs: &[StoredInput]) -> Result<(), ContentError> {
    match inputs
        .iter()
        .enumerate()
        .find(|(_, s)| !(s.throttle.is_finite() && s.steer.is_finite() && s.brake.is_finite()))
    {
        Some((tick, s)) => Err(ContentError::new(
            file,
            format!("{what}[{tick}]"),
            format!(
                "controls must be finite numbers (throttle {}, steer {}, brake {})",
                s.throttle, s.steer, s.brake
            ),
        )),
        None => Ok(()),
    }
}

/// A replay in memory.
#[derive(Debug, Clone, PartialEq)]
pub struct Replay {
    /// What was played.
    pub header: ReplayHeader,
    /// The first player's input, one per tick.
    pub inputs: Vec<TickInput>,
    /// Each guest's inputs (the header's `guest_cars`, in order), as many as `inputs`;
    /// empty with one player.
    pub guest_inputs: Vec<Vec<TickInput>>,
}

/// The build's identity: version and a digest of the content it carries.
pub fn build_identity() -> String {
    format!(
        "skidpad {} content {:016x}",
        env!("CARGO_PKG_VERSION"),
        build_content_digest()
    )
}

impl Replay {
    /// Serializes with magic and checksum.
    pub fn encode(&self) -> Vec<u8> {
        let file = ReplayFile {
            header: self.header.clone(),
            inputs: self.inputs.iter().map(StoredInput::of).collect(),
            guest_inputs: self
                .guest_inputs
                .iter()
                .map(|inputs| inputs.iter().map(StoredInput::of).collect())
                .collect(),
        };
        let mut out = MAGIC.to_vec();
        out.extend(postcard::to_stdvec(&file).expect("in-memory serialization of plain data cannot fail"));
        let sum = xxhash_rust::xxh3::xxh3_64(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Parses `bytes` read from `file`; every way a file can be wrong is a clear error.
    pub fn decode(file: &str, bytes: &[u8]) -> Result<Replay, ContentError> {
        let fail = |problem: String| ContentError::new(file, "replay", problem);
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err(fail("not a Skidpad replay (bad magic)".into()));
        }
        if bytes.len() < MAGIC.len() + 8 {
            return Err(fail("truncated".into()));
        }
        let (body, sum) = bytes.split_at(bytes.len() - 8);
        let expected = u64::from_le_bytes(sum.try_into().expect("8 bytes"));
        if xxhash_rust::xxh3::xxh3_64(body) != expected {
            return Err(fail("corrupt or truncated (checksum mismatch)".into()));
        }
        // The header first: a replay of another format says so, rather than failing to
        // parse as this one.
        // The format is the header's first field in every version.
        let (format, _): (u32, _) =
            postcard::take_from_bytes(&body[MAGIC.len()..]).map_err(|e| fail(format!("corrupt ({e})")))?;
        let payload = &body[MAGIC.len()..];
        let corrupt = |e: postcard::Error| fail(format!("corrupt ({e})"));
        let parsed: ReplayFile = match format {
            FORMAT => postcard::from_bytes(payload).map_err(corrupt)?,
            old => match legacy::decode(old, payload) {
                Some(Ok((header, inputs, guest_inputs))) => ReplayFile::upgraded(header, inputs, guest_inputs),
                Some(Err(e)) => return Err(corrupt(e)),
                None => {
                    return Err(fail(format!(
                        "format {old} but this build reads {} and {FORMAT}",
                        legacy::READ.map(|f| f.to_string()).join(", ")
                    )))
                }
            },
        };
        if parsed.guest_inputs.len() != parsed.header.guest_cars.len() {
            return Err(ContentError::new(
                file,
                "guest_inputs",
                format!(
                    "{} guests' inputs for {} guests' cars",
                    parsed.guest_inputs.len(),
                    parsed.header.guest_cars.len()
                ),
            ));
        }
        check_finite(file, "inputs", &parsed.inputs)?;
        for (g, inputs) in parsed.guest_inputs.iter().enumerate() {
            if inputs.len() != parsed.inputs.len() {
                return Err(ContentError::new(
                    file,
                    format!("guest_inputs[{g}]"),
                    format!(
                        "{} ticks, but the first player's run {}",
                        inputs.len(),
                        parsed.inputs.len()
                    ),
                ));
            }
            check_finite(file, &format!("guest_inputs[{g}]"), inputs)?;
        }
        Ok(Replay {
            inputs: parsed.inputs.iter().map(StoredInput::tick_input).collect(),
            guest_inputs: parsed
                .guest_inputs
                .iter()
                .map(|inputs| inputs.iter().map(StoredInput::tick_input).collect())
                .collect(),
            header: parsed.header,
        })
    }

    /// Reads and decodes a replay file.
    pub fn load(path: &Path) -> Result<Replay, ContentError> {
        let bytes = crate::content::read_file(path)?;
        Self::decode(&path.display().to_string(), &bytes)
    }

    /// Writes the replay atomically.
    pub fn save(&self, path: &Path) -> Result<(), crate::error::Error> {
        skidpad_platform::files::write_atomically(path, &self.encode()).map_err(|e| {
            crate::error::Error::runtime(format!(
                "{}: cannot write replay: {e} (any file already there is unchanged)",
                path.display()
            ))
        })
    }

    /// Refuses a replay from another build (its physics may differ).
    pub fn check_build(&self, file: &str) -> Result<(), ContentError> {
        let here = build_identity();
        if self.header.build != here {
            return Err(ContentError::new(
                file,
                "build",
                format!(
                    "recorded with `{}`, this is `{here}`: the simulation may differ",
                    self.header.build
                ),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A one-player replay of 100 ticks in today's format.
    pub(super) fn sample() -> Replay {
        Replay {
            header: ReplayHeader {
                format: FORMAT,
                build: build_identity(),
                level: "slip".into(),
                car: "coupe".into(),
                platform: "desktop".into(),
                tick_rate_hz: 60,
                ai_opponents: 0,
                ai_car: String::new(),
                ai_difficulty: String::new(),
                final_state_hash: 0xDEAD_BEEF,
                guest_cars: Vec::new(),
                opponent_skills: Vec::new(),
                grid_slots: Vec::new(),
            },
            guest_inputs: Vec::new(),
            inputs: (0..100)
                .map(|i| TickInput {
                    control: VehicleControl {
                        throttle: i as f32 / 100.0,
                        steer: -0.3,
                        brake: 0.0,
                        hand_brake: i % 7 == 0,
                        ..VehicleControl::default()
                    },
                    reset: i == 50,
                    restart: i == 70,
                    assists: AssistSet::from_bits(i as u8 % 16),
                })
                .collect(),
        }
    }

    #[test]
    fn a_non_finite_control_is_refused_naming_the_tick() {
        let mut r = sample();
        r.inputs[1].control.steer = f32::NAN;
        let e = Replay::decode("r.rpl", &r.encode()).unwrap_err();
        assert_eq!((e.file.as_str(), e.field.as_str()), ("r.rpl", "inputs[1]"));
        assert!(e.problem.contains("finite"), "{e}");
        r.inputs[1].control.steer = 0.0;
        r.inputs[0].control.throttle = f32::INFINITY;
        assert!(Replay::decode("r.rpl", &r.encode()).is_err());
    }

    #[test]
    fn round_trips_bit_exactly() {
        let r = sample();
        assert_eq!(Replay::decode("r", &r.encode()).unwrap(), r);
    }

    #[test]
    fn truncated_corrupt_and_foreign_files_are_refused() {
        let bytes = sample().encode();
        let e = Replay::decode("r", &bytes[..bytes.len() / 2]).unwrap_err();
        assert!(e.problem.contains("corrupt") || e.problem.contains("truncated"), "{e}");
        let mut flipped = bytes.clone();
        flipped[20] ^= 0xFF;
        assert!(Replay::decode("r", &flipped).unwrap_err().problem.contains("checksum"));
        assert!(Replay::decode("r", b"PNG\x89 not a replay")
            .unwrap_err()
            .problem
            .contains("magic"));
        let mut old = sample();
        old.header.format = legacy::FORMAT_BEFORE_ACTIONS - 1;
        let e = Replay::decode("r", &old.encode()).unwrap_err();
        assert!(e.problem.contains("format"), "{e}");
        let mut other = sample();
        other.header.build = "skidpad 0.0.0 content 0".into();
        assert!(other.check_build("r").unwrap_err().problem.contains("recorded with"));
    }

    /// A two-player replay: the guest drives the other way round the same ticks.
    fn with_a_guest() -> Replay {
        let mut r = sample();
        let mut guest = r.inputs.clone();
        for i in &mut guest {
            i.control.steer = -i.control.steer;
        }
        guest[10].reset = true;
        r.header.guest_cars = vec!["buggy".into()];
        r.guest_inputs = vec![guest];
        r
    }

    #[test]
    fn every_players_inputs_round_trip_bit_exactly() {
        let r = with_a_guest();
        let back = Replay::decode("r", &r.encode()).unwrap();
        assert_eq!(back, r);
        assert!(back.guest_inputs[0][10].reset && !back.inputs[10].reset);
    }

    #[test]
    fn guests_inputs_that_do_not_match_their_cars_or_ticks_are_refused() {
        let mut r = with_a_guest();
        r.guest_inputs[0].pop();
        let e = Replay::decode("r.rpl", &r.encode()).unwrap_err();
        assert_eq!(e.field, "guest_inputs[0]", "{e}");
        let mut r = with_a_guest();
        r.header.guest_cars.push("coupe".into());
        let e = Replay::decode("r.rpl", &r.encode()).unwrap_err();
        assert_eq!(e.field, "guest_inputs", "{e}");
        let mut r = with_a_guest();
        r.guest_inputs[0][3].control.brake = f32::NAN;
        let e = Replay::decode("r.rpl", &r.encode()).unwrap_err();
        assert_eq!(e.field, "guest_inputs[0][3]", "{e}");
    }

    #[test]
    fn a_championship_rounds_grid_and_field_are_kept() {
        let mut r = sample();
        r.header.opponent_skills = vec!["pro".into(), "rookie".into()];
        r.header.grid_slots = vec![3, 0];
        r.header.guest_cars = vec!["sedan".into()];
        r.guest_inputs = vec![r.inputs.clone()];
        let back = Replay::decode("round.rpl", &r.encode()).unwrap();
        assert_eq!(back, r);
    }

    #[test]
    fn the_development_format_4_is_refused_by_name() {
        let mut dev = sample();
        dev.header.format = 4;
        let e = Replay::decode("r", &dev.encode()).unwrap_err();
        assert!(e.problem.contains("format 4"), "{e}");
    }
}
