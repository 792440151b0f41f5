use alloc::{boxed::Box, vec::Vec};

use crate::bounding_volume::BoundingVolume;
use crate::math::{Pose, Real};
use crate::query::contact_manifolds::contact_manifolds_workspace::{
    TypedWorkspaceData, WorkspaceData,
};
use crate::query::contact_manifolds::ContactManifoldsWorkspace;
use crate::query::query_dispatcher::PersistentQueryDispatcher;
use crate::query::ContactManifold;
#[cfg(feature = "dim2")]
use crate::shape::Capsule;
use crate::shape::{HeightField, Shape};
use crate::utils::hashmap::{Entry, HashMap};

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
pub struct HeightFieldShapeContactManifoldsWorkspace {
    timestamp: bool,
    sub_detectors: HashMap<u32, SubDetector>,
}

impl HeightFieldShapeContactManifoldsWorkspace {
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

/// Computes the contact manifold between an heightfield and a shape, both represented as `Shape` trait-objects.
pub fn contact_manifolds_heightfield_shape_shapes<ManifoldData, ContactData>(
    dispatcher: &dyn PersistentQueryDispatcher<ManifoldData, ContactData>,
    pos12: &Pose,
    shape1: &dyn Shape,
    shape2: &dyn Shape,
    prediction: Real,
    manifolds: &mut Vec<ContactManifold<ManifoldData, ContactData>>,
    workspace: &mut Option<ContactManifoldsWorkspace>,
) where
    ManifoldData: Default + Clone + Send + 'static,
    ContactData: Default + Copy + Send + 'static,
{
    if let Some(heightfield1) = shape1.as_heightfield() {
        contact_manifolds_heightfield_shape(
            dispatcher,
            pos12,
            heightfield1,
            shape2,
            prediction,
            manifolds,
            workspace,
            false,
        )
    } else if let Some(heightfield2) = shape2.as_heightfield() {
        contact_manifolds_heightfield_shape(
            dispatcher,
            &pos12.inverse(),
            heightfield2,
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
        .as_ref()
        .and_then(|w| {
            w.0.downcast_ref::<HeightFieldShapeContactManifoldsWorkspace>()
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
        super::take_spare_workspace::<HeightFieldShapeContactManifoldsWorkspace>().unwrap_or_else(|| {
            ContactManifoldsWorkspace(Box::new(HeightFieldShapeContactManifoldsWorkspace::new()))
        }),
    );
}

/// Computes the contact manifold between an heightfield and an abstract shape.
pub fn contact_manifolds_heightfield_shape<ManifoldData, ContactData>(
    dispatcher: &dyn PersistentQueryDispatcher<ManifoldData, ContactData>,
    pos12: &Pose,
    heightfield1: &HeightField,
    shape2: &dyn Shape,
    prediction: Real,
    manifolds: &mut Vec<ContactManifold<ManifoldData, ContactData>>,
    workspace: &mut Option<ContactManifoldsWorkspace>,
    flipped: bool,
) where
    ManifoldData: Default + Clone + Send + 'static,
    ContactData: Default + Copy + Send + 'static,
{
    ensure_workspace_exists(workspace);
    let workspace: &mut HeightFieldShapeContactManifoldsWorkspace =
        workspace.as_mut().unwrap().0.downcast_mut().unwrap();
    let new_timestamp = !workspace.timestamp;
    workspace.timestamp = new_timestamp;

    /*
     * Compute interferences.
     */
    // TODO: somehow precompute the Aabb and reuse it?
    let ls_aabb2 = shape2.compute_aabb(pos12).loosened(prediction);
    // Skidpad patch: the kept manifolds move from the front of `manifolds` (last query's,
    // `n_old` of them) to its end, and the front is drained afterwards: same manifolds in
    // the same order as taking the list and pushing into a new one, without allocating a
    // new list every query.
    let n_old = manifolds.len();

    heightfield1.map_elements_in_local_aabb(&ls_aabb2, &mut |i, part1| {
        #[cfg(feature = "dim2")]
        let sub_shape1 = Capsule::new(part1.a, part1.b, 0.0); // TODO: use a segment instead.
        #[cfg(feature = "dim3")]
        let sub_shape1 = *part1;

        let sub_detector = match workspace.sub_detectors.entry(i) {
            Entry::Occupied(entry) => {
                let sub_detector = entry.into_mut();
                let manifold = manifolds[sub_detector.manifold_id].take_whole();
                sub_detector.manifold_id = manifolds.len() - n_old;
                sub_detector.timestamp = new_timestamp;
                // Skidpad patch: room from a spare list rather than growing this one.
                super::make_room_for_one(manifolds);
                manifolds.push(manifold);
                sub_detector
            }
            Entry::Vacant(entry) => {
                let sub_detector = SubDetector {
                    manifold_id: manifolds.len() - n_old,
                    timestamp: new_timestamp,
                };

                // Skidpad patch: a spare manifold from the pool made at load (its lists
                // kept), emptied to what `with_data(id1, id2, default)` makes.
                let (id1, id2) = if flipped { (0, i) } else { (i, 0) };
                let mut manifold = super::new_manifold();
                manifold.subshape1 = id1;
                manifold.subshape2 = id2;
                super::make_room_for_one(manifolds);
                manifolds.push(manifold);

                entry.insert(sub_detector)
            }
        };

        let manifold = &mut manifolds[n_old + sub_detector.manifold_id];

        #[cfg(feature = "dim2")]
        let pseudo_normals = None::<()>;
        #[cfg(feature = "dim3")]
        let pseudo_normals = heightfield1.triangle_normal_constraints(i);

        let normal_constraints1 = pseudo_normals.as_ref().map(|pn| pn as &_);

        if flipped {
            let _ = dispatcher.contact_manifold_convex_convex(
                &pos12.inverse(),
                shape2,
                &sub_shape1,
                None,
                normal_constraints1,
                prediction,
                manifold,
            );
        } else {
            let _ = dispatcher.contact_manifold_convex_convex(
                pos12,
                &sub_shape1,
                shape2,
                normal_constraints1,
                None,
                prediction,
                manifold,
            );
        }
    });
    // Skidpad patch: a triangle left behind gives its manifold back to the pool of spares
    // (see `contact_manifolds_composite_shape_shape`); then the front, all shells, is drained.
    workspace.sub_detectors.retain(|_, detector| {
        let kept = detector.timestamp == new_timestamp;
        if !kept && detector.manifold_id < n_old {
            super::recycle_manifold(manifolds[detector.manifold_id].take_whole());
        }
        kept
    });
    let _ = manifolds.drain(..n_old);
}

impl WorkspaceData for HeightFieldShapeContactManifoldsWorkspace {
    fn as_typed_workspace_data(&self) -> TypedWorkspaceData<'_> {
        TypedWorkspaceData::HeightfieldShapeContactManifoldsWorkspace(self)
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
