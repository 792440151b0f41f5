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
//!
//! The same order serves the lit pass: the ground comes top layer first. A level's ground
//! is layers (a road or kerb a few centimetres over the grass plane under it); drawn in
//! bake order, the grass under the road was shaded and then shaded over, and a fragment
//! hidden by one already drawn fails the depth test before it is shaded. Measured with
//! `profile --fixed-step` (PERFORMANCE.md, "Ground drawn top layer first"): the circuit's
//! lit fragments a frame 380 k → 232 k, Montreal's 352 k → 211 k, the same pixels. If a
//! level's frame shades far more fragments than it has pixels, look for layers drawn
//! bottom first.

/// Triangles whose every corner is within this height of the ground plane (y = 0) cast no
/// shadow, m. The bump strips (up to 0.3 m) and flat ground are below it; kerbs' tops
/// are, their sides' casting part is not; ramps, walls, trees and props are above.
pub const GROUND_RELIEF_M: f32 = 0.35;

/// `indices` (triangles into `positions`) reordered with the shadow casters first, in
/// their original order, then the ground, highest corner first (ties in their original
/// order), and how many of the indices are casters.
pub fn casters_first(positions: &[[f32; 3]], indices: &[u32]) -> (Vec<u32>, usize) {
    let is_ground = |tri: &[u32]| {
        tri.iter()
            .all(|&i| positions.get(i as usize).is_some_and(|p| p[1].abs() <= GROUND_RELIEF_M))
    };
    let mut ordered = Vec::with_capacity(indices.len());
    ordered.extend(indices.chunks_exact(3).filter(|t| !is_ground(t)).flatten());
    let casters = ordered.len();
    let top = |tri: &[u32]| {
        tri.iter()
            .map(|&i| positions.get(i as usize).map_or(f32::MIN, |p| p[1]))
            .fold(f32::MIN, f32::max)
    };
    let mut ground: Vec<&[u32]> = indices.chunks_exact(3).filter(|t| is_ground(t)).collect();
    // Stable: coplanar layers keep the bake's order, which the depth test's ties follow.
    ground.sort_by(|a, b| top(b).total_cmp(&top(a)));
    ordered.extend(ground.into_iter().flatten());
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
        // The walls in their order, then the bump (its top 0.34 m) before the flat ground.
        assert_eq!(ordered, vec![2, 3, 5, 2, 5, 4, 0, 6, 1, 0, 1, 2]);
    }

    #[test]
    fn a_road_over_the_grass_is_drawn_before_the_grass_under_it() {
        let positions = [
            // 0..4: the grass plane, 100 m square at y = 0.
            [-50.0, 0.0, -50.0],
            [50.0, 0.0, -50.0],
            [50.0, 0.0, 50.0],
            [-50.0, 0.0, 50.0],
            // 4..8: a road strip 5 cm over it.
            [-5.0, 0.05, -50.0],
            [5.0, 0.05, -50.0],
            [5.0, 0.05, 50.0],
            [-5.0, 0.05, 50.0],
            // 8..10: a second grass pair, coplanar with the first.
            [60.0, 0.0, -50.0],
            [60.0, 0.0, 50.0],
        ];
        let grass = [0, 1, 2, 0, 2, 3];
        let road = [4, 5, 6, 4, 6, 7];
        let more_grass = [1, 8, 9];
        let indices: Vec<u32> = grass.iter().chain(&road).chain(&more_grass).copied().collect();
        let (ordered, casters) = casters_first(&positions, &indices);
        assert_eq!(casters, 0);
        // The road first; the grass triangles after it, in the bake's order.
        let expected: Vec<u32> = road.iter().chain(&grass).chain(&more_grass).copied().collect();
        assert_eq!(ordered, expected);
    }

    #[test]
    fn a_hole_deeper_than_the_relief_casts() {
        let positions = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.5, -0.5, 0.5]];
        assert_eq!(casters_first(&positions, &[0, 1, 2]).1, 3);
    }
}
