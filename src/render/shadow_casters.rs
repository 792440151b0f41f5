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
//! Hills (a level's `[terrain]` relief) are ground too, wherever they are no steeper than
//! [`MAX_QUIET_SLOPE_DEG`]: a sun ray climbs away from a height field at the sun's
//! elevation, faster than ground gentler than that rises, so such ground shades nothing,
//! not even itself (the lit pass's N·L darkens its far sides). Drawn as casters, a circuit's
//! hills were most of the depth pass at a race's start (four players on the desktop: 16.5 M
//! of its instructions rasterising the map; PERFORMANCE.md). A cliff steeper than that
//! still casts.
//!
//! The same order serves the lit pass: the ground comes top layer first. A level's ground
//! is layers (a road or kerb a few centimetres over the grass plane under it); drawn in
//! bake order, the grass under the road was shaded and then shaded over, and a fragment
//! hidden by one already drawn fails the depth test before it is shaded. Measured with
//! `profile --fixed-step` (PERFORMANCE.md, "Ground drawn top layer first"): the circuit's
//! lit fragments a frame 380 k → 232 k, Montreal's 352 k → 211 k, the same pixels. If a
//! level's frame shades far more fragments than it has pixels, look for layers drawn
//! bottom first.

use glam::Vec3;

/// Triangles whose every corner is within this height of the ground plane (y = 0) cast no
/// shadow, m. The bump strips (up to 0.3 m) and flat ground are below it; kerbs' tops
/// are, their sides' casting part is not; ramps, walls, trees and props are above.
pub const GROUND_RELIEF_M: f32 = 0.35;

/// The steepest terrain that casts no shadow, degrees from level: under the sun's 54.6°
/// elevation (`scene_desc::SUN_TRAVEL`) with a margin, so the depth pass's polygon offset
/// and the map's texels cannot show a sliver of a shadow where none falls.
pub const MAX_QUIET_SLOPE_DEG: f32 = 45.0;

/// Per vertex of `positions`, into `out` (cleared first): whether it lies on terrain
/// other than the plane y = 0, within [`GROUND_RELIEF_M`] of `terrain_height` at its
/// (x, z) (a chunk's hills: `BakedChunk::ground_height_at`; `None` where no terrain lies
/// under it). Looked up only for vertices off the plane, which it covers already.
pub fn mark_on_terrain(positions: &[[f32; 3]], terrain_height: impl Fn(f32, f32) -> Option<f32>, out: &mut Vec<bool>) {
    out.clear();
    out.extend(positions.iter().map(|p| {
        p[1].abs() > GROUND_RELIEF_M && terrain_height(p[0], p[2]).is_some_and(|h| (p[1] - h).abs() <= GROUND_RELIEF_M)
    }));
}

/// `indices` (triangles into `positions`) reordered with the shadow casters first, in
/// their original order, then the ground, highest corner first (ties in their original
/// order), and how many of the indices are casters. Allocates; the renderer uses
/// [`casters_first_into`].
#[cfg(test)]
pub fn casters_first(positions: &[[f32; 3]], indices: &[u32]) -> (Vec<u32>, usize) {
    let mut ordered = Vec::new();
    let casters = casters_first_into(positions, &[], indices, &mut ordered, &mut Vec::new()).casters;
    (ordered, casters)
}

/// How [`casters_first_into`] ordered a run: its first `casters` triangles' indices cast,
/// the `hills` after them are quiet terrain (culled by tiles like the casters in the lit
/// pass, never drawn into the map), the rest is flat ground.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CasterOrder {
    /// Indices of the casters.
    pub casters: usize,
    /// Indices of the quiet hills after them.
    pub hills: usize,
}

/// [`casters_first`] into `ordered` (cleared first), with `ground` as scratch (each ground
/// triangle's highest corner and its index): nothing allocates once both have held a
/// chunk this large. `on_terrain` marks the vertices on hills ([`mark_on_terrain`]; empty
/// for a mesh with none): a triangle of them no steeper than [`MAX_QUIET_SLOPE_DEG`] casts
/// nothing either, and goes between the casters and the flat ground, in its bake order.
pub fn casters_first_into(
    positions: &[[f32; 3]],
    on_terrain: &[bool],
    indices: &[u32],
    ordered: &mut Vec<u32>,
    ground: &mut Vec<(f32, u32)>,
) -> CasterOrder {
    let corner = |i: u32| positions.get(i as usize).map(|p| Vec3::from_array(*p));
    let on_plane = |i: u32| corner(i).is_some_and(|p| p.y.abs() <= GROUND_RELIEF_M);
    let on_hill = |i: u32| on_terrain.get(i as usize).copied().unwrap_or(false);
    let min_up = MAX_QUIET_SLOPE_DEG.to_radians().cos();
    let is_gentle = |tri: &[u32]| match (corner(tri[0]), corner(tri[1]), corner(tri[2])) {
        (Some(a), Some(b), Some(c)) => {
            let n = (b - a).cross(c - a);
            n.length_squared() > 0.0 && n.y.abs() >= min_up * n.length()
        }
        _ => false,
    };
    let is_hill = |tri: &[u32]| {
        tri.iter().all(|&i| on_plane(i) || on_hill(i)) && tri.iter().any(|&i| on_hill(i)) && is_gentle(tri)
    };
    let top = |tri: &[u32]| {
        tri.iter()
            .map(|&i| positions.get(i as usize).map_or(f32::MIN, |p| p[1]))
            .fold(f32::MIN, f32::max)
    };
    ordered.clear();
    ground.clear();
    ordered.reserve(indices.len());
    let mut hills = 0;
    for (t, tri) in indices.chunks_exact(3).enumerate() {
        if tri.iter().all(|&i| on_plane(i)) {
            ground.push((top(tri), t as u32));
        } else if is_hill(tri) {
            // Above any flat ground's top, so the sort below keeps the hills first, in
            // their bake order.
            ground.push((f32::INFINITY, t as u32));
            hills += 3;
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
    CasterOrder { casters, hills }
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
        let casters = casters_first_into(&positions, &[], &indices, &mut ordered, &mut ground).casters;
        assert_eq!((ordered.clone(), casters), casters_first(&positions, &indices));
        // The caster, then the two ground triangles (same top: their bake order).
        assert_eq!(ordered, vec![0, 2, 3, 0, 1, 2, 2, 1, 0]);
        let capacities = (ordered.capacity(), ground.capacity());
        casters_first_into(&positions, &[], &indices[..6], &mut ordered, &mut ground);
        assert_eq!(ordered, vec![0, 2, 3, 0, 1, 2]);
        assert_eq!((ordered.capacity(), ground.capacity()), capacities);
    }

    /// A hill: a ridge 6 m high, its faces 30° (quiet) towards −Z and 60° (a cliff)
    /// towards +Z, a stand's roof 6 m over it, and flat ground before them all.
    fn hill() -> ([[f32; 3]; 9], [u32; 12]) {
        let (rise, cliff) = (6.0 / 30f32.to_radians().tan(), 6.0 / 60f32.to_radians().tan());
        let positions = [
            [0.0, 0.0, -rise],
            [10.0, 0.0, -rise],
            [0.0, 6.0, 0.0],
            [10.0, 6.0, 0.0],
            [0.0, 0.0, cliff],
            [10.0, 0.0, cliff],
            // The roof: flat, 6 m over the ridge.
            [0.0, 12.0, 0.0],
            [10.0, 12.0, 0.0],
            [0.0, 12.0, 4.0],
        ];
        // The flat ground, the quiet face, the cliff, the roof.
        (positions, [0, 1, 4, 0, 2, 1, 2, 4, 3, 6, 8, 7])
    }

    #[test]
    fn gentle_hills_cast_nothing_a_cliff_and_a_roof_over_them_do() {
        let (positions, indices) = hill();
        // The terrain under every point: the ridge's two faces.
        let terrain = |_x: f32, z: f32| {
            let (rise, cliff) = (6.0 / 30f32.to_radians().tan(), 6.0 / 60f32.to_radians().tan());
            Some(
                if z <= 0.0 {
                    6.0 * (1.0 + z / rise)
                } else {
                    6.0 * (1.0 - z / cliff)
                }
                .max(0.0),
            )
        };
        let mut on_terrain = Vec::new();
        mark_on_terrain(&positions, terrain, &mut on_terrain);
        // The ridge's top corners are on the terrain, the roof's are 6 m over it; corners
        // on the plane y = 0 need no look-up.
        assert_eq!(
            on_terrain,
            [false, false, true, true, false, false, false, false, false]
        );
        let (mut ordered, mut ground) = (Vec::new(), Vec::new());
        let order = casters_first_into(&positions, &on_terrain, &indices, &mut ordered, &mut ground);
        // The cliff and the roof cast; the quiet face is a hill, drawn after them.
        assert_eq!(order, CasterOrder { casters: 6, hills: 3 });
        // The casters, then the hill, then the flat ground.
        assert_eq!(ordered, [2, 4, 3, 6, 8, 7, 0, 2, 1, 0, 1, 4]);
        // Without the terrain's heights the ridge is no ground: everything casts, as before.
        assert_eq!(casters_first(&positions, &indices).1, 9);
    }

    #[test]
    fn the_sun_stands_higher_than_the_steepest_quiet_ground() {
        let sun = crate::render::scene_desc::SUN_TRAVEL.normalize();
        let elevation_deg = (-sun.y).atan2(sun.x.hypot(sun.z)).to_degrees();
        assert!((elevation_deg - 54.6).abs() < 0.1, "{elevation_deg}");
        assert!(elevation_deg >= MAX_QUIET_SLOPE_DEG + 5.0, "{elevation_deg}");
    }

    #[test]
    fn a_hole_deeper_than_the_relief_casts() {
        let positions = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.5, -0.5, 0.5]];
        assert_eq!(casters_first(&positions, &[0, 1, 2]).1, 3);
    }
}
