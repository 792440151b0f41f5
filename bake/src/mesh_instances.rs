//! Prop models placed whole in a chunk's mesh (the trees lining a circuit): each becomes one
//! detail group at the very end of the mesh's arrays, and the baked bytes keep only its
//! model and placement ([`crate::mesh_wire`]). Reading the chunk back places the model
//! again with this same code, so the triangles come back bit for bit without being
//! stored: a tree is about 30 bytes in a chunk instead of 3 KB.
//!
//! If trees come back wrong after a chunk is read (moved, recoloured, missing), compare
//! [`MeshData::add_instance`] with the decor piece [`crate::model_props::model_pieces`]
//! makes of the same placement; the test below holds them to the same triangles.

use crate::geometry::MeshData;
use crate::model::{PropMesh, PropModel};
use crate::placed::{MeshInstance, Placement};
use glam::{Quat, Vec3};

impl MeshData {
    /// Places `instance` (whose model is `model`) whole at the end of the mesh, as one
    /// detail group: the body near, the far stand-in far. Place models only after every
    /// other piece and group of the chunk. Returns false, adding nothing, when the model has
    /// no far stand-in (it then belongs with the chunk's other triangles).
    pub fn add_instance(&mut self, model: &PropModel, instance: MeshInstance) -> bool {
        let Some(far) = &model.far else {
            return false;
        };
        if self.placed.models.is_empty() {
            self.placed.starts = [
                self.positions.len() as u32,
                self.indices.len() as u32,
                self.far_indices.len() as u32,
                self.detail.len() as u32,
            ];
        }
        let at = instance.placement();
        let rotation = Quat::from_rotation_y(at.yaw_rad);
        let first_vertex = self.positions.len();
        let near_start = self.indices.len() as u32;
        self.push_model_mesh(&model.body, rotation, &at, false);
        let far_start = self.far_indices.len() as u32;
        self.push_model_mesh(&far.mesh, rotation, &at, true);
        self.close_group(first_vertex, near_start, far_start, far.departure_m * at.scale, true);
        self.tag_material(instance.material);
        self.placed.models.push(instance);
        true
    }

    /// Appends `mesh` turned and placed as `at` says, flat-shaded as every decor piece is
    /// (each triangle its own three vertices, the colour of its first corner).
    fn push_model_mesh(&mut self, mesh: &PropMesh, rotation: Quat, at: &Placement, far: bool) {
        for t in mesh.indices.chunks_exact(3) {
            let c = mesh.colors[t[0] as usize];
            let color = [c[0] * at.shade, c[1] * at.shade, c[2] * at.shade, 0.0];
            let [a, b, cc] = [t[0], t[1], t[2]]
                .map(|i| at.position + rotation * (Vec3::from(mesh.positions[i as usize]) * at.scale));
            let n = (b - a).cross(cc - a).normalize_or_zero();
            let corners = [a, b, cc].map(|p| self.push_vertex(p, n, color));
            if far {
                self.far_indices.extend_from_slice(&corners);
            } else {
                self.indices.extend_from_slice(&corners);
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::material::MaterialId;
    use crate::model::FarMesh;
    use crate::piece::{Piece, PieceShape};
    use std::sync::Arc;

    pub(crate) fn model() -> PropModel {
        let mesh = |y: f32, rgb: f32| PropMesh {
            positions: vec![[0.0, 0.0, 0.0], [1.0, y, 0.0], [0.0, y, 1.0], [1.0, 2.0 * y, 1.0]],
            normals: vec![[0.0, 1.0, 0.0]; 4],
            colors: vec![[rgb, 0.5, 0.25], [0.1, 0.2, 0.3], [0.3, 0.2, 0.1], [0.9, 0.8, 0.7]],
            indices: vec![0, 1, 2, 1, 3, 2],
        };
        PropModel {
            body: mesh(1.0, 0.6),
            col_boxes: vec![],
            far: Some(FarMesh {
                mesh: mesh(0.5, 0.4),
                departure_m: 0.3,
            }),
        }
    }

    #[test]
    fn a_placed_model_draws_what_its_decor_piece_draws() {
        let model = Arc::new(model());
        let instance = MeshInstance {
            model: 0,
            position: [812.25, 1.5, -37.125],
            yaw_rad: 2.2,
            scale: 1.17,
            shade: 0.93,
            material: MaterialId(3),
        };
        let mut pieces: Vec<Piece> = Vec::new();
        crate::model_props::model_pieces(&model, instance.placement(), instance.material, false, &mut pieces);
        assert!(matches!(pieces[0].shape, PieceShape::Decor { placed: Some(_), .. }));
        let mut by_piece = MeshData::default();
        by_piece.add_detail_groups(&pieces[0]);
        by_piece.tag_material(instance.material);

        let mut placed = MeshData::default();
        assert!(placed.add_instance(&model, instance.clone()));
        assert_eq!(placed.placed.models, vec![instance]);
        placed.placed = Default::default();
        assert_eq!(placed, by_piece);
    }

    #[test]
    fn a_model_without_a_stand_in_is_not_placed_whole() {
        let mut m = model();
        m.far = None;
        let mut mesh = MeshData::default();
        let instance = MeshInstance {
            model: 0,
            position: [0.0; 3],
            yaw_rad: 0.0,
            scale: 1.0,
            shade: 1.0,
            material: MaterialId(0),
        };
        assert!(!mesh.add_instance(&m, instance));
        assert_eq!(mesh, MeshData::default());
    }
}
