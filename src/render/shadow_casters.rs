//! Which triangles of a chunk draw into the sun's shadow map. Ground near the ground
//! plane receives shadows but casts none worth drawing: measured on `bump` (PERFORMANCE.md),
//! rasterizing the ground into the 1024² depth map was most of the frame's `render` CPU
//! phase, since the lit pass cannot start until the shadow map is done.
//!
//! How far a shadow reaches: a point `h` above the ground, under the sun's fixed direction
//! (`SceneDesc::sun_dir`, (−0.45, −1, 0.55): 54.6° above the horizon), shades ground
//! h · 0.71 away. Below [`GROUND_RELIEF_M`] that is under 0.25 m, three texels of the map
//! (90 m over 1024 texels), within the 3 × 3 filter's blur and the depth pass's polygon
//! offset: bumps that low are shaded by their normals instead (the lit pass's N·L).

/// Triangles whose every corner is within this height of the ground plane (y = 0) cast no
/// shadow, m. The bump strips (up to 0.3 m) and flat ground are below it; kerbs' tops
/// are, their sides' casting part is not; ramps, walls, trees and props are above.
pub const GROUND_RELIEF_M: f32 = 0.35;

/// `indices` (triangles into `positions`) reordered with the shadow casters first, each
/// group in its original order, and how many of the indices are casters.
pub fn casters_first(positions: &[[f32; 3]], indices: &[u32]) -> (Vec<u32>, usize) {
    let is_ground = |tri: &[u32]| {
        tri.iter()
            .all(|&i| positions.get(i as usize).is_some_and(|p| p[1].abs() <= GROUND_RELIEF_M))
    };
    let mut ordered = Vec::with_capacity(indices.len());
    ordered.extend(indices.chunks_exact(3).filter(|t| !is_ground(t)).flatten());
    let casters = ordered.len();
    ordered.extend(indices.chunks_exact(3).filter(|t| is_ground(t)).flatten());
    (ordered, casters)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flat_and_low_ground_is_not_a_caster_a_wall_is() {
        let positions = [
            // 0..4: flat ground quad at y = 0.
            [0.0, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [1.0, 0.0, 1.0],
            [0.0, 0.0, 1.0],
            // 4..6: the top of a wall 1 m high over the quad's far edge.
            [1.0, 1.0, 1.0],
            [0.0, 1.0, 1.0],
            // 6: a bump just under the relief.
            [0.5, 0.34, 0.5],
        ];
        let indices = [
            0, 1, 2, // ground
            2, 3, 5, // wall: two corners on the ground, one 1 m up
            0, 6, 1, // bump
            2, 5, 4, // wall
        ];
        let (ordered, casters) = casters_first(&positions, &indices);
        assert_eq!(casters, 6);
        assert_eq!(ordered, vec![2, 3, 5, 2, 5, 4, 0, 1, 2, 0, 6, 1]);
    }

    #[test]
    fn a_hole_deeper_than_the_relief_casts() {
        let positions = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.5, -0.5, 0.5]];
        assert_eq!(casters_first(&positions, &[0, 1, 2]).1, 3);
    }
}
