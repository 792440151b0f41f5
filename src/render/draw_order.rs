//! The order the lit pass draws the level's chunks in: nearest first.
//!
//! A fragment hidden by one already drawn fails the depth test before it is shaded (early
//! depth on llvmpipe and on any GPU since the GeForce3's Z-cull), so drawing the chunks
//! near to far shades each covered pixel about once, where the chunks' grid order shaded
//! the far ground first and then the near ground over it (PERFORMANCE.md, "Ground drawn
//! top layer first"). The order is rebuilt each frame into a buffer kept between frames,
//! reserved at load for the level's chunks: no allocation.

use super::frustum::Aabb;
use glam::Vec3;

/// A chunk's key in the renderer's table of resident chunk meshes.
pub type ChunkKey = (i32, i32);

/// The resident chunks' keys, nearest to the eye first.
#[derive(Default)]
pub struct NearFirst {
    order: Vec<(f32, ChunkKey)>,
}

impl NearFirst {
    /// Room for `chunks` chunks (the level's count, reserved at load): sorting then never
    /// grows the buffer.
    pub fn reserve(&mut self, chunks: usize) {
        self.order.reserve(chunks.saturating_sub(self.order.len()));
    }

    /// Orders `chunks` by the squared distance from `eye` to the nearest point of each
    /// chunk's box (0 inside it), ties by key, so two runs draw in the same order.
    pub fn sort<'a>(&mut self, eye: Vec3, chunks: impl Iterator<Item = (ChunkKey, &'a Aabb)>) {
        self.order.clear();
        self.order.extend(chunks.map(|(key, b)| {
            let nearest = eye.clamp(b.min, b.max);
            (eye.distance_squared(nearest), key)
        }));
        self.order
            .sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    }

    /// The keys in the order of the last [`NearFirst::sort`].
    pub fn keys(&self) -> impl Iterator<Item = ChunkKey> + '_ {
        self.order.iter().map(|&(_, key)| key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(x: f32, z: f32) -> Aabb {
        Aabb {
            min: Vec3::new(x, 0.0, z),
            max: Vec3::new(x + 10.0, 2.0, z + 10.0),
        }
    }

    #[test]
    fn the_chunk_under_the_eye_comes_first_then_outwards() {
        let boxes = [
            ((0, 0), cell(0.0, 0.0)),
            ((1, 0), cell(10.0, 0.0)),
            ((3, 0), cell(30.0, 0.0)),
            ((2, 0), cell(20.0, 0.0)),
        ];
        let mut order = NearFirst::default();
        order.sort(Vec3::new(25.0, 5.0, 5.0), boxes.iter().map(|(k, b)| (*k, b)));
        let keys: Vec<_> = order.keys().collect();
        // The eye is over chunk (2, 0); (1, 0) and (3, 0) are each 5 m away: the key breaks
        // the tie.
        assert_eq!(keys, vec![(2, 0), (1, 0), (3, 0), (0, 0)]);
    }

    #[test]
    fn sorting_again_reuses_the_buffer() {
        let boxes = [((0, 0), cell(0.0, 0.0)), ((1, 0), cell(10.0, 0.0))];
        let mut order = NearFirst::default();
        order.sort(Vec3::ZERO, boxes.iter().map(|(k, b)| (*k, b)));
        let capacity = order.order.capacity();
        order.sort(Vec3::new(15.0, 0.0, 0.0), boxes.iter().map(|(k, b)| (*k, b)));
        assert_eq!(order.order.capacity(), capacity);
        assert_eq!(order.keys().collect::<Vec<_>>(), vec![(1, 0), (0, 0)]);
    }
}
