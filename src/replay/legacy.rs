//! The replay formats this build still reads, each upgraded to today's: 6 (no grid or
//! opponents' difficulties in the header), 5 (no guests), 3 (no `actions` byte, no
//! difficulty). A replay of a format not listed in [`READ`] is refused by name.

use super::{ReplayHeader, StoredInput, FORMAT};
use serde::{Deserialize, Serialize};

/// The format before the grid: a race whose people started one behind the other from pole
/// and whose opponents drove at one difficulty. Read, as such a race.
pub(super) const FORMAT_BEFORE_GRID: u32 = 6;

/// The format before guests: one player's inputs. Read, as one player's replay.
pub(super) const FORMAT_BEFORE_GUESTS: u32 = 5;

/// The format before: no `actions` byte, its reset flag put the car back at the start,
/// which is this format's restart, and no difficulty in the header (its opponents raced at
/// the one pace there was, today's `ace`). Read, so such replays still replay as recorded.
pub(super) const FORMAT_BEFORE_ACTIONS: u32 = 3;

/// The older formats read.
pub(super) const READ: [u32; 3] = [FORMAT_BEFORE_ACTIONS, FORMAT_BEFORE_GUESTS, FORMAT_BEFORE_GRID];

/// What a file of an older format holds, in today's terms.
type Upgraded = (ReplayHeader, Vec<StoredInput>, Vec<Vec<StoredInput>>);

/// Decodes `payload` of format `format` into today's terms; None when the format is not
/// one of [`READ`].
pub(super) fn decode(format: u32, payload: &[u8]) -> Option<Result<Upgraded, postcard::Error>> {
    let upgraded = match format {
        FORMAT_BEFORE_GRID => postcard::from_bytes::<ReplayFileV6>(payload)
            .map(|old| (old.header.upgraded(), old.inputs, old.guest_inputs)),
        FORMAT_BEFORE_GUESTS => {
            postcard::from_bytes::<ReplayFileV5>(payload).map(|old| (old.header.upgraded(), old.inputs, Vec::new()))
        }
        // Upgraded: it is written back, if at all, in today's format.
        FORMAT_BEFORE_ACTIONS => postcard::from_bytes::<ReplayFileV3>(payload).map(|old| {
            (
                old.header.upgraded(),
                old.inputs.into_iter().map(StoredInputV3::upgraded).collect(),
                Vec::new(),
            )
        }),
        _ => return None,
    };
    Some(upgraded)
}

/// The header as format 6 stored it: [`ReplayHeader`] without the grid and the opponents'
/// difficulties.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(super) struct ReplayHeaderV6 {
    pub(super) format: u32,
    pub(super) build: String,
    pub(super) level: String,
    pub(super) car: String,
    pub(super) platform: String,
    pub(super) tick_rate_hz: u32,
    pub(super) ai_opponents: u32,
    pub(super) ai_car: String,
    pub(super) ai_difficulty: String,
    pub(super) final_state_hash: u64,
    pub(super) guest_cars: Vec<String>,
}

/// A format 6 file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(super) struct ReplayFileV6 {
    pub(super) header: ReplayHeaderV6,
    pub(super) inputs: Vec<StoredInput>,
    pub(super) guest_inputs: Vec<Vec<StoredInput>>,
}

impl ReplayHeaderV6 {
    /// This header in today's format: people from pole, one difficulty.
    fn upgraded(self) -> ReplayHeader {
        ReplayHeader {
            format: FORMAT,
            build: self.build,
            level: self.level,
            car: self.car,
            platform: self.platform,
            tick_rate_hz: self.tick_rate_hz,
            ai_opponents: self.ai_opponents,
            ai_car: self.ai_car,
            ai_difficulty: self.ai_difficulty,
            final_state_hash: self.final_state_hash,
            guest_cars: self.guest_cars,
            opponent_skills: Vec::new(),
            grid_slots: Vec::new(),
        }
    }
}

/// The header as format 5 stored it: [`ReplayHeader`] without `guest_cars`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(super) struct ReplayHeaderV5 {
    pub(super) format: u32,
    pub(super) build: String,
    pub(super) level: String,
    pub(super) car: String,
    pub(super) platform: String,
    pub(super) tick_rate_hz: u32,
    pub(super) ai_opponents: u32,
    pub(super) ai_car: String,
    pub(super) ai_difficulty: String,
    pub(super) final_state_hash: u64,
}

/// A format 5 file: one player's inputs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(super) struct ReplayFileV5 {
    pub(super) header: ReplayHeaderV5,
    pub(super) inputs: Vec<StoredInput>,
}

impl ReplayHeaderV5 {
    /// This header in today's format: format 6's with no guests.
    fn upgraded(self) -> ReplayHeader {
        ReplayHeaderV6 {
            format: FORMAT_BEFORE_GRID,
            build: self.build,
            level: self.level,
            car: self.car,
            platform: self.platform,
            tick_rate_hz: self.tick_rate_hz,
            ai_opponents: self.ai_opponents,
            ai_car: self.ai_car,
            ai_difficulty: self.ai_difficulty,
            final_state_hash: self.final_state_hash,
            guest_cars: Vec::new(),
        }
        .upgraded()
    }
}

/// One tick's input as format 3 stored it: [`StoredInput`] without `actions`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub(super) struct StoredInputV3 {
    pub(super) throttle: f32,
    pub(super) steer: f32,
    pub(super) brake: f32,
    pub(super) flags: u8,
    pub(super) gear: i8,
}

/// The header as format 3 stored it: [`ReplayHeader`] without `ai_difficulty`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(super) struct ReplayHeaderV3 {
    pub(super) format: u32,
    pub(super) build: String,
    pub(super) level: String,
    pub(super) car: String,
    pub(super) platform: String,
    pub(super) tick_rate_hz: u32,
    pub(super) ai_opponents: u32,
    pub(super) ai_car: String,
    pub(super) final_state_hash: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(super) struct ReplayFileV3 {
    pub(super) header: ReplayHeaderV3,
    pub(super) inputs: Vec<StoredInputV3>,
}

impl ReplayHeaderV3 {
    /// This header in today's format: format 5's, its opponents, if any, at today's `ace`.
    fn upgraded(self) -> ReplayHeader {
        ReplayHeaderV5 {
            format: FORMAT_BEFORE_GUESTS,
            build: self.build,
            level: self.level,
            car: self.car,
            platform: self.platform,
            tick_rate_hz: self.tick_rate_hz,
            ai_opponents: self.ai_opponents,
            ai_car: self.ai_car,
            ai_difficulty: if self.ai_opponents == 0 {
                String::new()
            } else {
                "ace".to_owned()
            },
            final_state_hash: self.final_state_hash,
        }
        .upgraded()
    }
}

impl StoredInputV3 {
    /// This input in today's format: its reset (back to the start) becomes a restart.
    fn upgraded(self) -> StoredInput {
        const RESET: u8 = 4;
        StoredInput {
            throttle: self.throttle,
            steer: self.steer,
            brake: self.brake,
            flags: self.flags & !RESET,
            gear: self.gear,
            actions: (self.flags & RESET != 0) as u8,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::{Replay, MAGIC};

    /// `file` as a replay's bytes: magic, postcard, checksum.
    fn bytes_of(file: &impl Serialize) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        bytes.extend(postcard::to_stdvec(file).unwrap());
        let sum = xxhash_rust::xxh3::xxh3_64(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        bytes
    }

    #[test]
    fn a_format_6_replay_reads_as_a_race_from_pole_at_one_difficulty() {
        let r = crate::replay::tests::sample();
        let h = &r.header;
        let old = ReplayFileV6 {
            header: ReplayHeaderV6 {
                format: FORMAT_BEFORE_GRID,
                build: h.build.clone(),
                level: h.level.clone(),
                car: h.car.clone(),
                platform: h.platform.clone(),
                tick_rate_hz: h.tick_rate_hz,
                ai_opponents: 3,
                ai_car: "sedan".into(),
                ai_difficulty: "pro".into(),
                final_state_hash: h.final_state_hash,
                guest_cars: vec!["coupe".into()],
            },
            inputs: r.inputs.iter().map(StoredInput::of).collect(),
            guest_inputs: vec![r.inputs.iter().map(StoredInput::of).collect()],
        };
        let back = Replay::decode("six.rpl", &bytes_of(&old)).unwrap();
        assert_eq!(back.inputs, r.inputs);
        assert_eq!(back.guest_inputs, vec![r.inputs.clone()]);
        assert_eq!(back.header.guest_cars, ["coupe"]);
        assert!(back.header.grid_slots.is_empty() && back.header.opponent_skills.is_empty());
        assert_eq!(back.header.format, FORMAT);
    }

    #[test]
    fn a_format_5_replay_reads_as_one_players() {
        let r = crate::replay::tests::sample();
        let old = ReplayFileV5 {
            header: ReplayHeaderV5 {
                format: FORMAT_BEFORE_GUESTS,
                build: r.header.build.clone(),
                level: r.header.level.clone(),
                car: r.header.car.clone(),
                platform: r.header.platform.clone(),
                tick_rate_hz: r.header.tick_rate_hz,
                ai_opponents: 3,
                ai_car: "sedan".into(),
                ai_difficulty: "pro".into(),
                final_state_hash: r.header.final_state_hash,
            },
            inputs: r.inputs.iter().map(StoredInput::of).collect(),
        };
        let bytes = bytes_of(&old);
        let back = Replay::decode("five.rpl", &bytes).unwrap();
        assert_eq!(back.inputs, r.inputs);
        assert!(back.guest_inputs.is_empty() && back.header.guest_cars.is_empty());
        assert_eq!(
            (back.header.ai_opponents, back.header.ai_difficulty.as_str()),
            (3, "pro")
        );
    }

    #[test]
    fn a_format_3_replay_replays_its_reset_as_a_restart() {
        let r = crate::replay::tests::sample();
        let old = ReplayFileV3 {
            header: ReplayHeaderV3 {
                format: FORMAT_BEFORE_ACTIONS,
                build: r.header.build.clone(),
                level: r.header.level.clone(),
                car: r.header.car.clone(),
                platform: r.header.platform.clone(),
                tick_rate_hz: r.header.tick_rate_hz,
                ai_opponents: 2,
                ai_car: "sedan".into(),
                final_state_hash: r.header.final_state_hash,
            },
            inputs: r
                .inputs
                .iter()
                .map(|i| StoredInputV3 {
                    throttle: i.control.throttle,
                    steer: i.control.steer,
                    brake: i.control.brake,
                    flags: (i.reset as u8) << 2 | i.assists.bits() << 4,
                    gear: i.control.gear,
                })
                .collect(),
        };
        let bytes = bytes_of(&old);
        let back = Replay::decode("old.rpl", &bytes).unwrap();
        assert!(back.inputs[50].restart && !back.inputs[50].reset);
        assert!(back.inputs.iter().filter(|i| i.reset || i.restart).count() == 1);
        assert_eq!(back.inputs[7].assists, r.inputs[7].assists);
        // The header keeps what it named; its opponents raced at the one pace there was.
        assert_eq!(back.header.level, r.header.level);
        assert_eq!(back.header.final_state_hash, r.header.final_state_hash);
        assert_eq!(
            (back.header.ai_opponents, back.header.ai_difficulty.as_str()),
            (2, "ace")
        );
        assert_eq!(back.header.format, FORMAT);
    }
}
