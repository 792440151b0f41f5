//! Racing lines searched offline and shipped with a level, one per car: the load-time
//! search's result ([`super::searched_line`]) kept as content, so a player's first race on a
//! circuit starts at once instead of after seconds of search, and every machine drives the
//! same line.
//!
//! A file (`levels/NAME/racelines/CAR.line`, written by `cargo run --release --example
//! ship_racelines`) holds the search's key ([`super::line_key`]: a hash of the laterals, the
//! car's speed model and the search's settings) and one value per lateral. A file whose key
//! is not the key of what the game would search now (the track, the car's physics or the
//! search changed since it was written) is stale: the level logs it and searches as if no
//! line shipped. `tests/shipped_racelines.rs` fails while any shipped line is stale; run the
//! example again.

/// The directory beside a level's `level.toml` holding its shipped lines.
pub const SHIPPED_LINES_DIR: &str = "racelines";
/// The extension of a shipped line's file (`CAR.line`).
pub const SHIPPED_LINE_EXT: &str = "line";
/// The file's first bytes.
const MAGIC: &[u8; 8] = b"SKIDLINE";
/// The layout's version, after the magic.
const FORMAT_VERSION: u32 = 1;
/// Magic, version, key and count.
const HEADER_LEN: usize = 8 + 4 + 8 + 4;

/// The relative path of `car`'s shipped line under a level's directory.
pub fn shipped_line_path(car: &str) -> String {
    format!("{SHIPPED_LINES_DIR}/{car}.{SHIPPED_LINE_EXT}")
}

/// A shipped line as read from its file.
#[derive(Debug, Clone, PartialEq)]
pub struct ShippedLine {
    /// The key of the search it came from ([`super::line_key`]).
    pub key: u64,
    /// One value per lateral, 0 at the left end and 1 at the right.
    pub line: Vec<f32>,
}

impl ShippedLine {
    /// The file's bytes: magic, version, key, count (little-endian), then each value's bits.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER_LEN + 4 * self.line.len());
        out.extend_from_slice(MAGIC);
        out.extend(FORMAT_VERSION.to_le_bytes());
        out.extend(self.key.to_le_bytes());
        out.extend((self.line.len() as u32).to_le_bytes());
        for t in &self.line {
            out.extend(t.to_bits().to_le_bytes());
        }
        out
    }

    /// Reads a file written by [`Self::encode`]; the error says what is wrong with it
    /// (the caller names the file).
    pub fn decode(bytes: &[u8]) -> Result<Self, String> {
        if bytes.len() < HEADER_LEN || &bytes[..8] != MAGIC {
            return Err("not a shipped racing line (no SKIDLINE header)".into());
        }
        let word = |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
        let version = word(8);
        if version != FORMAT_VERSION {
            return Err(format!("layout version {version}, this build reads {FORMAT_VERSION}"));
        }
        let key = u64::from(word(12)) | (u64::from(word(16)) << 32);
        let n = word(20) as usize;
        if bytes.len() != HEADER_LEN + 4 * n {
            return Err(format!(
                "{} bytes, but its header says {n} laterals ({} bytes)",
                bytes.len(),
                HEADER_LEN + 4 * n
            ));
        }
        let line: Vec<f32> = (0..n).map(|i| f32::from_bits(word(HEADER_LEN + 4 * i))).collect();
        if let Some(i) = line.iter().position(|t| !(0.0..=1.0).contains(t)) {
            return Err(format!("lateral {i} is at {}, outside 0..1", line[i]));
        }
        Ok(Self { key, line })
    }
}

/// The offset from `track`'s centre line (m, positive left, one per centre-line point) at
/// which the closed polyline `line` (a racing line's points) crosses each point's normal:
/// what the bake's worn band reads ([`skidpad_bake::worn_line::WORN_LINE_FILE`]). Where the
/// normal misses the line (a point whose normal runs along it), the nearest point's
/// offset; each clamped to the road.
pub fn offsets_from_centre(track: &skidpad_bake::track::Track, line: &[glam::Vec2]) -> Vec<f32> {
    let m = line.len();
    (0..track.len())
        .map(|i| {
            let (c, n) = (track.centre[i], track.left(i));
            let (left, right) = (track.width_left_m[i], track.width_right_m[i]);
            let crossing = (0..m)
                .filter_map(|k| {
                    let (a, b) = (line[k], line[(k + 1) % m]);
                    // c + n·s = a + (b − a)·u
                    let ab = b - a;
                    let denom = n.perp_dot(ab);
                    if denom.abs() < 1e-9 {
                        return None;
                    }
                    let ca = a - c;
                    let s = ca.perp_dot(ab) / denom;
                    let u = ca.perp_dot(n) / denom;
                    ((0.0..=1.0).contains(&u) && s <= left + 1.0 && s >= -right - 1.0).then_some(s)
                })
                .min_by(|x, y| x.abs().total_cmp(&y.abs()));
            let s = crossing.unwrap_or_else(|| {
                let nearest = line
                    .iter()
                    .min_by(|p, q| p.distance_squared(c).total_cmp(&q.distance_squared(c)))
                    .copied()
                    .unwrap_or(c);
                (nearest - c).dot(n)
            });
            s.clamp(-right, left)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_reads_back_bit_for_bit() {
        let shipped = ShippedLine {
            key: 0x0123_4567_89ab_cdef,
            line: vec![0.0, 0.25, 1.0, 0.123_456_79],
        };
        assert_eq!(ShippedLine::decode(&shipped.encode()), Ok(shipped));
    }

    #[test]
    fn a_broken_file_is_refused_with_what_is_wrong() {
        let bytes = ShippedLine {
            key: 7,
            line: vec![0.5; 10],
        }
        .encode();
        assert!(ShippedLine::decode(&bytes[..bytes.len() - 1])
            .unwrap_err()
            .contains("10 laterals"));
        assert!(ShippedLine::decode(b"# skidpad").unwrap_err().contains("SKIDLINE"));
        let mut outside = bytes.clone();
        outside[HEADER_LEN..HEADER_LEN + 4].copy_from_slice(&2.0f32.to_bits().to_le_bytes());
        assert!(ShippedLine::decode(&outside).unwrap_err().contains("lateral 0"));
        let mut nan = bytes;
        nan[HEADER_LEN + 4..HEADER_LEN + 8].copy_from_slice(&f32::NAN.to_bits().to_le_bytes());
        assert!(ShippedLine::decode(&nan).unwrap_err().contains("lateral 1"));
    }
}
