//! The height of a baked chunk's ground under a point, from its own colliders: the
//! terrain's height field (a level in hills) or flat slab, and the height patches over
//! it. The renderer asks it which of a chunk's triangles lie on the ground
//! (`shadow_casters.rs` in the game), so hills need no flag of their own in the baked
//! format. If a chunk's ground reads as missing, check the colliders' order and poses:
//! height fields and slabs are looked up unrotated, as the bake places them.

use crate::chunk::{BakedChunk, BakedCollider, BakedShape};
use glam::{Quat, Vec3};
use parry3d::shape::{HeightField, Triangle};

/// How far outside a triangle's edge a point still counts as over it (barycentric), so a
/// vertex baked on a shared edge or corner finds its height.
const EDGE_EPS: f32 = 1e-4;

impl BakedChunk {
    /// The highest ground of this chunk under the world point (`x`, `z`), m: its terrain
    /// (height field or slab) or a height patch; `None` where none lies under it (outside
    /// the chunk, or a cell cut out of the terrain where a patch or the road replaces it).
    pub fn ground_height_at(&self, x: f32, z: f32) -> Option<f32> {
        // Called for every vertex of a chunk as it enters: the shape first, so the
        // compounds and triangle meshes cost one comparison each.
        let unturned = |c: &BakedCollider| c.rotation.abs_diff_eq(Quat::IDENTITY, 1e-6);
        self.colliders
            .iter()
            .filter_map(|c| {
                let local = Vec3::new(x - c.translation.x, 0.0, z - c.translation.z);
                let height = match &c.shape {
                    BakedShape::Heights(field) if unturned(c) => field_height(field, local)?,
                    BakedShape::Slab(slab) if unturned(c) => {
                        let half = slab.half_extents;
                        (local.x.abs() <= half.x && local.z.abs() <= half.z).then_some(half.y)?
                    }
                    _ => return None,
                };
                Some(height + c.translation.y)
            })
            .reduce(f32::max)
    }
}

/// The height of `field`'s surface over `local` (its own frame; y ignored), on the
/// triangle of its cell the point lies over.
fn field_height(field: &HeightField, local: Vec3) -> Option<f32> {
    let (i, j) = field.cell_at_point(local)?;
    let (first, second) = field.triangles_at(i, j);
    [first, second]
        .into_iter()
        .flatten()
        .find_map(|t| height_over(&t, local.x, local.z))
}

/// The height of triangle `t`'s plane over (`x`, `z`), if the point lies over the triangle.
fn height_over(t: &Triangle, x: f32, z: f32) -> Option<f32> {
    let (a, b, c) = (t.a, t.b, t.c);
    let det = (b.z - c.z) * (a.x - c.x) + (c.x - b.x) * (a.z - c.z);
    if det.abs() < 1e-12 {
        return None;
    }
    let wa = ((b.z - c.z) * (x - c.x) + (c.x - b.x) * (z - c.z)) / det;
    let wb = ((c.z - a.z) * (x - c.x) + (a.x - c.x) * (z - c.z)) / det;
    let wc = 1.0 - wa - wb;
    (wa >= -EDGE_EPS && wb >= -EDGE_EPS && wc >= -EDGE_EPS).then_some(wa * a.y + wb * b.y + wc * c.y)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::MeshData;
    use crate::material::MaterialId;
    use glam::IVec2;
    use parry3d::shape::Cuboid;
    use parry3d::utils::Array2;

    fn chunk(colliders: Vec<BakedCollider>) -> BakedChunk {
        BakedChunk {
            coord: IVec2::ZERO,
            colliders,
            mesh: MeshData::default(),
        }
    }

    fn collider(shape: BakedShape, translation: Vec3) -> BakedCollider {
        BakedCollider {
            shape,
            translation,
            rotation: Quat::IDENTITY,
            material: MaterialId(0),
        }
    }

    #[test]
    fn a_height_field_reads_its_grid_at_its_points_and_its_planes_between() {
        // 3 × 3 heights over 20 m × 20 m centred on (100, 50): a ramp rising 1 m a column
        // along X (10 m a cell), so every triangle's plane is the ramp's.
        let heights = Array2::new(3, 3, vec![0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 2.0, 2.0, 2.0]);
        let field = HeightField::new(heights, Vec3::new(20.0, 1.0, 20.0));
        let c = chunk(vec![collider(BakedShape::Heights(field), Vec3::new(100.0, 3.0, 50.0))]);
        // A grid point: the column x = 100 is the middle one, 1 m, plus the collider's 3.
        assert_eq!(c.ground_height_at(100.0, 50.0), Some(4.0));
        // Between points, on the plane: 2.5 m along X from the middle column.
        let h = c.ground_height_at(102.5, 47.0).unwrap();
        assert!((h - 4.25).abs() < 1e-5, "{h}");
        // The far corner, on the edge.
        assert_eq!(c.ground_height_at(110.0, 60.0), Some(5.0));
        // Outside the field.
        assert_eq!(c.ground_height_at(111.0, 50.0), None);
    }

    #[test]
    fn a_slab_is_flat_at_its_top_and_the_highest_ground_wins() {
        let slab = BakedShape::Slab(Cuboid::new(Vec3::new(10.0, 0.5, 10.0)));
        let patch = HeightField::new(Array2::new(2, 2, vec![0.3; 4]), Vec3::new(2.0, 1.0, 2.0));
        let c = chunk(vec![
            collider(slab, Vec3::new(0.0, -0.5, 0.0)),
            collider(BakedShape::Heights(patch), Vec3::ZERO),
        ]);
        assert_eq!(c.ground_height_at(5.0, 5.0), Some(0.0));
        let on_patch = c.ground_height_at(0.5, 0.5).unwrap();
        assert!((on_patch - 0.3).abs() < 1e-6, "{on_patch}");
        assert_eq!(c.ground_height_at(20.0, 0.0), None);
    }
}
