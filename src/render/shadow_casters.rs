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
/// order), and how many of the indices are casters. Allocates; the renderer uses
/// [`casters_first_into`].
#[cfg(test)]
pub fn casters_first(positions: &[[f32; 3]], indices: &[u32]) -> (Vec<u32>, usize) {
    let mut ordered = Vec::new();
    let casters = casters_first_into(positions, indices, &mut ordered, &mut Vec::new());
    (ordered, casters)
}

/// [`casters_first`] into `ordered` (cleared first), with `ground` as scratch (each ground
/// triangle's highest corner and its index): nothing allocates once both have held a
/// chunk this large. Returns how many of the indices are casters.
pub fn casters_first_into(
    positions: &[[f32; 3]],
    indices: &[u32],
    ordered: &mut Vec<u32>,
    ground: &mut Vec<(f32, u32)>,
) -> usize {
    let is_ground = |tri: &[u32]| {
        tri.iter()
            .all(|&i| positions.get(i as usize).is_some_and(|p| p[1].abs() <= GROUND_RELIEF_M))
    };
    let top = |tri: &[u32]| {
        tri.iter()
            .map(|&i| positions.get(i as usize).map_or(f32::MIN, |p| p[1]))
            .fold(f32::MIN, f32::max)
    };
    ordered.clear();
    ground.clear();
    ordered.reserve(indices.len());
    for (t, tri) in indices.chunks_exact(3).enumerate() {
        if is_ground(tri) {
            ground.push((top(tri), t as u32));
        } else {
            ordered.extend_from_slice(tri);
        }
    }
    let casters = ordered.len();
    // Highest first; ties by the triangle's index, so coplanar layers keep the bake's
    // order, which the depth test's ties follow (a stable sort's result, without the
    // buffer a stable sort allocates).
    ground.sort_unstable_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    for &(_, t) in ground.iter() {
        let first = t as usize * 3;
        ordered.extend_from_slice(&indices[first..first + 3]);
    }
    casters
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
    fn into_reuses_its_buffers_and_orders_as_before() {
        let positions = [[0.0, 0.0, 0.0], [1.0, 0.05, 0.0], [1.0, 0.0, 1.0], [0.0, 2.0, 1.0]];
        let indices = [0, 1, 2, 0, 2, 3, 2, 1, 0];
        let (mut ordered, mut ground) = (Vec::new(), Vec::new());
        let casters = casters_first_into(&positions, &indices, &mut ordered, &mut ground);
        assert_eq!((ordered.clone(), casters), casters_first(&positions, &indices));
        // The caster, then the two ground triangles (same top: their bake order).
        assert_eq!(ordered, vec![0, 2, 3, 0, 1, 2, 2, 1, 0]);
        let capacities = (ordered.capacity(), ground.capacity());
        casters_first_into(&positions, &indices[..6], &mut ordered, &mut ground);
        assert_eq!(ordered, vec![0, 2, 3, 0, 1, 2]);
        assert_eq!((ordered.capacity(), ground.capacity()), capacities);
    }

    #[test]
    fn a_hole_deeper_than_the_relief_casts() {
        let positions = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.5, -0.5, 0.5]];
        assert_eq!(casters_first(&positions, &[0, 1, 2]).1, 3);
    }
}
