//! A bit-exact hash of simulation state: equal hashes mean equal bits, so two runs that
//! agree on it took exactly the same path.

use glam::{Quat, Vec3};
use xxhash_rust::xxh3::Xxh3;

/// Accumulates state into a 64-bit XXH3 digest. Floats are hashed by their bits, so −0.0
/// and 0.0 differ and any NaN payload shows.
pub struct StateHasher(Xxh3);

impl StateHasher {
    /// An empty hash.
    pub fn new() -> Self {
        Self(Xxh3::new())
    }

    /// Adds an integer.
    pub fn u64(&mut self, v: u64) {
        self.0.update(&v.to_le_bytes());
    }

    /// Adds a vector's three components.
    pub fn vec3(&mut self, v: Vec3) {
        for c in v.to_array() {
            self.0.update(&c.to_bits().to_le_bytes());
        }
    }

    /// Adds a rotation's four components.
    pub fn quat(&mut self, q: Quat) {
        for c in q.to_array() {
            self.0.update(&c.to_bits().to_le_bytes());
        }
    }

    /// The digest.
    pub fn finish(&self) -> u64 {
        self.0.digest()
    }
}

impl Default for StateHasher {
    fn default() -> Self {
        Self::new()
    }
}
