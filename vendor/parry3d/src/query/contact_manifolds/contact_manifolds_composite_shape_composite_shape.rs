use alloc::boxed::Box;
use alloc::vec::Vec;

use crate::bounding_volume::BoundingVolume;
use crate::math::{Pose, Real};
use crate::query::contact_manifolds::contact_manifolds_workspace::{
    TypedWorkspaceData, WorkspaceData,
};
use crate::query::contact_manifolds::ContactManifoldsWorkspace;
use crate::query::query_dispatcher::PersistentQueryDispatcher;
use crate::query::ContactManifold;
use crate::shape::CompositeShape;
use crate::utils::hashmap::{Entry, HashMap};
use crate::utils::PoseOpt;

#[cfg_attr(feature = "serde-serialize", derive(Serialize, Deserialize))]
#[cfg_attr(
    feature = "rkyv",
    derive(rkyv::Archive, rkyv::Deserialize, rkyv::Serialize)
)]
#[derive(Clone)]
struct SubDetector {
    manifold_id: usize,
    timestamp: bool,
}

#[cfg_attr(feature = "serde-serialize", derive(Serialize, Deserialize))]
#[derive(Clone, Default)]
pub struct CompositeShapeCompositeShapeContactManifoldsWorkspace {
    timestamp: bool,
    sub_detectors: HashMap<(u32, u32), SubDetector>,
}

impl CompositeShapeCompositeShapeContactManifoldsWorkspace {
    pub fn new() -> Self {
        Self::default()
    }

    /// Skidpad patch: a new workspace with room for `sub_detectors` sub-shape pairs, for
    /// the pool of spare workspaces made at load (`reserve_spare_workspaces`).
    pub(crate) fn with_room(sub_detectors: usize) -> Self {
        let mut w = Self::default();
        w.sub_detectors.reserve(sub_detectors);
        w
    }
}

fn ensure_workspace_exists(workspace: &mut Option<ContactManifoldsWorkspace>) {
    if workspace
        .as_ref()
        .and_then(|w| {
            w.0.downcast_ref::<CompositeShapeCompositeShapeContactManifoldsWorkspace>()
        })
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
        super::take_spare_workspace::<CompositeShapeCompositeShapeContactManifoldsWorkspace>().unwrap_or_else(|| {
            ContactManifoldsWorkspace(Box::new(CompositeShapeCompositeShapeContactManifoldsWorkspace::new()))
        }),
    );
}

/// Computes the contact manifolds between two composite shapes.
pub fn contact_manifolds_composite_shape_composite_shape<'a, ManifoldData, ContactData>(
    dispatcher: &dyn PersistentQueryDispatcher<ManifoldData, ContactData>,
    pos12: &Pose,
    mut composite1: &'a dyn CompositeShape,
    mut composite2: &'a dyn CompositeShape,
    prediction: Real,
    manifolds: &mut Vec<ContactManifold<ManifoldData, ContactData>>,
    workspace: &mut Option<ContactManifoldsWorkspace>,
) where
    ManifoldData: Default + Clone + Send + 'static,
    ContactData: Default + Copy + Send + 'static,
{
    ensure_workspace_exists(workspace);
    let workspace: &mut CompositeShapeCompositeShapeContactManifoldsWorkspace =
        workspace.as_mut().unwrap().0.downcast_mut().unwrap();
    let new_timestamp = !workspace.timestamp;
    workspace.timestamp = new_timestamp;

    /*
     * Compute interferences.
     */

    let mut bvh1 = composite1.bvh();
    let mut bvh2 = composite2.bvh();

    let mut pos12 = *pos12;
    let mut pos21 = pos12.inverse();

    let mut ls_aabb1 = bvh1.root_aabb();
    let mut ls_aabb2 = bvh2.root_aabb();
    let flipped =
        ls_aabb1.half_extents().length_squared() < ls_aabb2.half_extents().length_squared();

    if flipped {
        core::mem::swap(&mut composite1, &mut composite2);
        core::mem::swap(&mut bvh1, &mut bvh2);
        core::mem::swap(&mut pos12, &mut pos21);
        core::mem::swap(&mut ls_aabb1, &mut ls_aabb2);
    }

    // Traverse bvh1 first.
    let ls_aabb2_1 = ls_aabb2.transform_by(&pos12).loosened(prediction);
    // Skidpad patch: the kept manifolds move from the front of `manifolds` (last query's,
    // `n_old` of them) to its end, and the front is drained afterwards: same manifolds in
    // the same order as taking the list and pushing into a new one, without allocating a
    // new list every query.
    let n_old = manifolds.len();
    let deformable = composite1.is_deformable() || composite2.is_deformable();

    let mut leaf_fn1 = |leaf1: u32| {
        composite1.map_part_at(leaf1, &mut |part_pos1, part_shape1, normal_constraints1| {
            let pos211 = part_pos1.prepend_to(&pos21); // == pos21 * part_pos1
            let ls_part_aabb1_2 = part_shape1.compute_aabb(&pos211).loosened(prediction);
            let mut leaf_fn2 = |leaf2: u32| {
                composite2.map_part_at(
                    leaf2,
                    &mut |part_pos2, part_shape2, normal_constraints2| {
                        let pos2211 = part_pos2.inv_mul(&pos211);
                        let entry_key = if flipped {
                            (leaf2, leaf1)
                        } else {
                            (leaf1, leaf2)
                        };

                        let sub_detector = match workspace.sub_detectors.entry(entry_key) {
                            Entry::Occupied(entry) => {
                                let sub_detector = entry.into_mut();
                                let manifold =
                                    manifolds[sub_detector.manifold_id].take_whole();
                                sub_detector.manifold_id = manifolds.len() - n_old;
                                sub_detector.timestamp = new_timestamp;
                                // Skidpad patch: room from a spare list, not growth.
                                super::make_room_for_one(manifolds);
                                manifolds.push(manifold);
                                sub_detector
                            }
                            Entry::Vacant(entry) => {
                                let sub_detector = SubDetector {
                                    manifold_id: manifolds.len() - n_old,
                                    timestamp: new_timestamp,
                                };

                                // Skidpad patch: a spare manifold from the pool made
                                // at load, emptied to what `new()` makes.
                                let mut manifold = super::new_manifold();

                                if flipped {
                                    manifold.subshape1 = leaf2;
                                    manifold.subshape2 = leaf1;
                                    manifold.set_subshape_pos1(part_pos2.copied());
                                    manifold.set_subshape_pos2(part_pos1.copied());
                                } else {
                                    manifold.subshape1 = leaf1;
                                    manifold.subshape2 = leaf2;
                                    manifold.set_subshape_pos1(part_pos1.copied());
                                    manifold.set_subshape_pos2(part_pos2.copied());
                                };

                                super::make_room_for_one(manifolds);
                                manifolds.push(manifold);
                                entry.insert(sub_detector)
                            }
                        };

                        let manifold = &mut manifolds[n_old + sub_detector.manifold_id];
                        if deformable {
                            manifold.mark_shapes_deformed();
                        }

                        if flipped {
                            let _ = dispatcher.contact_manifold_convex_convex(
                                &pos2211,
                                part_shape2,
                                part_shape1,
                                normal_constraints2,
                                normal_constraints1,
                                prediction,
                                manifold,
                            );
                        } else {
                            let _ = dispatcher.contact_manifold_convex_convex(
                                &pos2211.inverse(),
                                part_shape1,
                                part_shape2,
                                normal_constraints1,
                                normal_constraints2,
                                prediction,
                                manifold,
                            );
                        }
                    },
                );
            };

            for leaf_id in composite2.bvh().intersect_aabb(&ls_part_aabb1_2) {
                leaf_fn2(leaf_id);
            }
        });
    };

    for leaf_id in composite1.bvh().intersect_aabb(&ls_aabb2_1) {
        leaf_fn1(leaf_id);
    }
    // Skidpad patch: a sub-shape pair left behind gives its manifold back to the pool of
    // spares (see `contact_manifolds_composite_shape_shape`); then the front, all shells,
    // is drained.
    workspace.sub_detectors.retain(|_, detector| {
        let kept = detector.timestamp == new_timestamp;
        if !kept && detector.manifold_id < n_old {
            super::recycle_manifold(manifolds[detector.manifold_id].take_whole());
        }
        kept
    });
    let _ = manifolds.drain(..n_old);
}

impl WorkspaceData for CompositeShapeCompositeShapeContactManifoldsWorkspace {
    fn as_typed_workspace_data(&self) -> TypedWorkspaceData<'_> {
        TypedWorkspaceData::CompositeShapeCompositeShapeContactManifoldsWorkspace(self)
    }

    fn clone_dyn(&self) -> Box<dyn WorkspaceData> {
        Box::new(self.clone())
    }

    // Skidpad patch: no sub-detector left is what `new()` makes; the timestamp only
    // tells this query's detectors from the last one's, of which there are none.
    fn clear_for_reuse(&mut self) -> bool {
        self.sub_detectors.clear();
        true
    }
}
