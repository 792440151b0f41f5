use alloc::{boxed::Box, vec::Vec};

use crate::bounding_volume::{Aabb, BoundingVolume};
use crate::math::{Pose, Real};
use crate::query::contact_manifolds::contact_manifolds_workspace::{
    TypedWorkspaceData, WorkspaceData,
};
use crate::query::contact_manifolds::{
    contact_manifolds_composite_shape_shape, ContactManifoldsWorkspace,
};
use crate::query::details::NormalConstraints;
use crate::query::query_dispatcher::PersistentQueryDispatcher;
use crate::query::ContactManifold;
use crate::shape::{CompositeShape, Shape, TriMesh, TriMeshFlags};

#[cfg_attr(feature = "serde-serialize", derive(Serialize, Deserialize))]
#[cfg_attr(
    feature = "rkyv",
    derive(rkyv::Archive, rkyv::Deserialize, rkyv::Serialize)
)]
#[derive(Clone)]
pub struct TriMeshShapeContactManifoldsWorkspace {
    interferences: Vec<u32>,
    local_aabb2: Aabb,
    old_interferences: Vec<u32>,
}

impl Default for TriMeshShapeContactManifoldsWorkspace {
    fn default() -> Self {
        Self::new()
    }
}

impl TriMeshShapeContactManifoldsWorkspace {
    pub fn new() -> Self {
        Self {
            interferences: Vec::new(),
            local_aabb2: Aabb::new_invalid(),
            old_interferences: Vec::new(),
        }
    }

    /// Skidpad patch: a new workspace with room for `triangles` interfering triangles, for
    /// the pool of spare workspaces made at load (`reserve_spare_workspaces`).
    pub(crate) fn with_room(triangles: usize) -> Self {
        Self {
            interferences: Vec::with_capacity(triangles),
            local_aabb2: Aabb::new_invalid(),
            old_interferences: Vec::with_capacity(triangles),
        }
    }
}

/// Computes the contact manifold between a triangle-mesh an a shape, both represented as `Shape` trait-objects.
pub fn contact_manifolds_trimesh_shape_shapes<ManifoldData, ContactData>(
    dispatcher: &dyn PersistentQueryDispatcher<ManifoldData, ContactData>,
    pos12: &Pose,
    shape1: &dyn Shape,
    shape2: &dyn Shape,
    prediction: Real,
    manifolds: &mut Vec<ContactManifold<ManifoldData, ContactData>>,
    workspace: &mut Option<ContactManifoldsWorkspace>,
) where
    ManifoldData: Default + Clone + Send + Sync + 'static,
    ContactData: Default + Copy + Send + Sync + 'static,
{
    if let Some(trimesh1) = shape1.as_trimesh() {
        contact_manifolds_trimesh_shape(
            dispatcher, pos12, trimesh1, shape2, prediction, manifolds, workspace, false,
        )
    } else if let Some(trimesh2) = shape2.as_trimesh() {
        contact_manifolds_trimesh_shape(
            dispatcher,
            &pos12.inverse(),
            trimesh2,
            shape1,
            prediction,
            manifolds,
            workspace,
            true,
        )
    }
}

fn ensure_workspace_exists(workspace: &mut Option<ContactManifoldsWorkspace>) {
    if workspace
        .as_mut()
        .and_then(|w| w.0.downcast_mut::<TriMeshShapeContactManifoldsWorkspace>())
        .is_some()
    {
        return;
    }

    // Skidpad patch: a spare from the pool made at load, if there is one, instead of a new
    // one; the replaced workspace, if any, goes back to the pool.
    if let Some(old) = workspace.take() {
        super::recycle_workspace(old);
    }
    *workspace = Some(
        super::take_spare_workspace::<TriMeshShapeContactManifoldsWorkspace>().unwrap_or_else(|| {
            ContactManifoldsWorkspace(Box::new(TriMeshShapeContactManifoldsWorkspace::new()))
        }),
    );
}

/// Computes the contact manifold between a triangle-mesh and a shape.
///
/// A mesh flagged [`TriMeshFlags::DEFORMABLE`] goes through
/// [`contact_manifolds_composite_shape_shape`](fn@contact_manifolds_composite_shape_shape) instead:
/// the interfering-triangle cache kept in this function's workspace assumes a rigid mesh.
pub fn contact_manifolds_trimesh_shape<ManifoldData, ContactData>(
    dispatcher: &dyn PersistentQueryDispatcher<ManifoldData, ContactData>,
    pos12: &Pose,
    trimesh1: &TriMesh,
    shape2: &dyn Shape,
    prediction: Real,
    manifolds: &mut Vec<ContactManifold<ManifoldData, ContactData>>,
    workspace: &mut Option<ContactManifoldsWorkspace>,
    flipped: bool,
) where
    // Skidpad patch: `'static` for the composite path's pool of spare manifolds.
    ManifoldData: Default + Clone + Send + Sync + 'static,
    ContactData: Default + Copy + Send + Sync + 'static,
{
    if trimesh1.flags().contains(TriMeshFlags::DEFORMABLE) {
        return contact_manifolds_composite_shape_shape(
            dispatcher,
            pos12,
            trimesh1 as &(dyn CompositeShape + Sync),
            shape2,
            prediction,
            manifolds,
            workspace,
            flipped,
        );
    }

    ensure_workspace_exists(workspace);
    let workspace: &mut TriMeshShapeContactManifoldsWorkspace =
        workspace.as_mut().unwrap().0.downcast_mut().unwrap();

    /*
     * Compute interferences.
     */
    // TODO: somehow precompute the Aabb and reuse it?
    let mut new_local_aabb2 = shape2.compute_aabb(pos12).loosened(prediction);
    let same_local_aabb2 = workspace.local_aabb2.contains(&new_local_aabb2);
    // Skidpad patch: when the interferences are recomputed, the kept manifolds move from the
    // front of `manifolds` (last query's, `n_old` of them) to its end, and the front is
    // drained afterwards: same manifolds in the same order as swapping the list for a new
    // one and pushing into it, without allocating a new list each time the shape's box
    // leaves the cached one.
    let n_old = if same_local_aabb2 { 0 } else { manifolds.len() };

    if !same_local_aabb2 {
        let extra_margin =
            (new_local_aabb2.maxs - new_local_aabb2.mins).map(|e| (e / 10.0).min(0.1));
        new_local_aabb2.mins -= extra_margin;
        new_local_aabb2.maxs += extra_margin;

        let local_aabb2 = new_local_aabb2; // .loosened(prediction * 2.0); // TODO: what would be the best value?
        core::mem::swap(
            &mut workspace.old_interferences,
            &mut workspace.interferences,
        );


        // NOTE: This assertion may fire due to the invalid triangle_ids that the
        // near-phase may return (due to SIMD sentinels).
        //
        // assert_eq!(
        //     workspace
        //         .old_interferences
        //         .len()
        //         .min(trimesh1.num_triangles()),
        //     workspace.old_manifolds.len()
        // );

        workspace.interferences.clear();
        workspace
            .interferences
            .extend(trimesh1.bvh().intersect_aabb(&local_aabb2));
        workspace.local_aabb2 = local_aabb2;
    }

    /*
     * Dispatch to the specific solver by keeping the previous manifold if we already had one.
     */
    let new_interferences = &workspace.interferences;
    let mut old_inter_it = workspace.old_interferences.drain(..).peekable();
    // The index in `manifolds` of the next old manifold not yet kept or left behind.
    let mut old_manifold = 0;

    // TODO: don't redispatch at each frame (we should probably do the same as
    // the heightfield).
    for (i, triangle_id) in new_interferences.iter().enumerate() {
        if *triangle_id >= trimesh1.num_triangles() as u32 {
            // Because of SIMD padding, the broad-phase may return triangle indices greater
            // than the max.
            continue;
        }

        if !same_local_aabb2 {
            loop {
                match old_inter_it.peek() {
                    Some(old_triangle_id) if *old_triangle_id < *triangle_id => {
                        let _ = old_inter_it.next();
                        // Skidpad patch: a triangle left behind gives its manifold back
                        // to the pool of spares instead of dropping it.
                        if old_manifold < n_old {
                            super::recycle_manifold(manifolds[old_manifold].take_whole());
                            old_manifold += 1;
                        }
                    }
                    _ => break,
                }
            }

            // (`old_manifold < n_old` always holds for a triangle found in the old list but
            // for the SIMD-padding ids parry's own assertion above mentions; such a triangle
            // gets a fresh manifold, where parry's iterator would have run dry.)
            let manifold = if old_inter_it.peek() != Some(triangle_id) || old_manifold >= n_old {
                let (id1, id2) = if flipped {
                    (0, *triangle_id)
                } else {
                    (*triangle_id, 0)
                };
                // Skidpad patch: a spare manifold from the pool made at load (its lists
                // and pose box kept), emptied to what `with_data(.., default())` makes.
                let mut manifold = super::new_manifold();
                manifold.subshape1 = id1;
                manifold.subshape2 = id2;
                manifold
            } else {
                // We already have a manifold for this triangle.
                let _ = old_inter_it.next();
                let kept = manifolds[old_manifold].take_whole();
                old_manifold += 1;
                kept
            };

            super::make_room_for_one(manifolds);
            manifolds.push(manifold);
        }

        let manifold = &mut manifolds[n_old + i];
        let triangle1 = trimesh1.triangle(*triangle_id);
        let triangle_normals1 = trimesh1.triangle_normal_constraints(*triangle_id);
        let normal_constraints1 = triangle_normals1
            .as_ref()
            .map(|proj| proj as &dyn NormalConstraints);

        if flipped {
            let _ = dispatcher.contact_manifold_convex_convex(
                &pos12.inverse(),
                shape2,
                &triangle1,
                None,
                normal_constraints1,
                prediction,
                manifold,
            );
        } else {
            let _ = dispatcher.contact_manifold_convex_convex(
                pos12,
                &triangle1,
                shape2,
                normal_constraints1,
                None,
                prediction,
                manifold,
            );
        }
    }

    // Skidpad patch: the old manifolds not kept go back to the pool of spares (their
    // triangles left behind), then the front, all shells, is drained.
    drop(old_inter_it);
    for old in old_manifold..n_old {
        super::recycle_manifold(manifolds[old].take_whole());
    }
    let _ = manifolds.drain(..n_old);
}

impl WorkspaceData for TriMeshShapeContactManifoldsWorkspace {
    fn as_typed_workspace_data(&self) -> TypedWorkspaceData<'_> {
        TypedWorkspaceData::TriMeshShapeContactManifoldsWorkspace(self)
    }

    fn clone_dyn(&self) -> Box<dyn WorkspaceData> {
        Box::new(self.clone())
    }

    // Skidpad patch: emptied in place for a reused contact pair (see the trait).
    fn clear_for_reuse(&mut self) -> bool {
        self.interferences.clear();
        self.old_interferences.clear();
        self.local_aabb2 = Aabb::new_invalid();
        true
    }
}
