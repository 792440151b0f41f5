#![allow(clippy::multiple_bound_locations)] // for impl_downcast

use alloc::boxed::Box;
use downcast_rs::{impl_downcast, DowncastSync};

use crate::query::contact_manifolds::{
    CompositeShapeCompositeShapeContactManifoldsWorkspace,
    CompositeShapeShapeContactManifoldsWorkspace,
    HeightFieldCompositeShapeContactManifoldsWorkspace, HeightFieldShapeContactManifoldsWorkspace,
    TriMeshShapeContactManifoldsWorkspace, VoxelsShapeContactManifoldsWorkspace,
};

#[derive(Copy, Clone)]
#[cfg_attr(feature = "serde-serialize", derive(Serialize))]
/// Enum representing workspace data of a specific type.
pub enum TypedWorkspaceData<'a> {
    /// A trimesh workspace.
    TriMeshShapeContactManifoldsWorkspace(&'a TriMeshShapeContactManifoldsWorkspace),
    /// A heightfield vs. shape workspace.
    HeightfieldShapeContactManifoldsWorkspace(&'a HeightFieldShapeContactManifoldsWorkspace),
    /// A heightfield vs. composite shape workspace.
    HeightfieldCompositeShapeContactManifoldsWorkspace(
        &'a HeightFieldCompositeShapeContactManifoldsWorkspace,
    ),
    /// A composite shape vs. composite shape workspace.
    CompositeShapeCompositeShapeContactManifoldsWorkspace(
        &'a CompositeShapeCompositeShapeContactManifoldsWorkspace,
    ),
    /// A composite shape vs. shape workspace.
    CompositeShapeShapeContactManifoldsWorkspace(&'a CompositeShapeShapeContactManifoldsWorkspace),
    /// A voxels vs. shape workspace.
    VoxelsShapeContactManifoldsWorkspace(&'a VoxelsShapeContactManifoldsWorkspace<2>),
    /// A voxels vs. composite shape workspace.
    VoxelsCompositeShapeContactManifoldsWorkspace(&'a VoxelsShapeContactManifoldsWorkspace<3>),
    /// A voxels vs. voxels workspace.
    VoxelsVoxelsContactManifoldsWorkspace(&'a VoxelsShapeContactManifoldsWorkspace<4>),
    /// A custom workspace.
    Custom,
}

// NOTE: must match the TypedWorkspaceData enum.
#[cfg(feature = "serde-serialize")]
#[derive(Deserialize)]
enum DeserializableWorkspaceData {
    TriMeshShapeContactManifoldsWorkspace(TriMeshShapeContactManifoldsWorkspace),
    HeightfieldShapeContactManifoldsWorkspace(HeightFieldShapeContactManifoldsWorkspace),
    HeightfieldCompositeShapeContactManifoldsWorkspace(
        HeightFieldCompositeShapeContactManifoldsWorkspace,
    ),
    CompositeShapeCompositeShapeContactManifoldsWorkspace(
        CompositeShapeCompositeShapeContactManifoldsWorkspace,
    ),
    CompositeShapeShapeContactManifoldsWorkspace(CompositeShapeShapeContactManifoldsWorkspace),
    VoxelsShapeContactManifoldsWorkspace(VoxelsShapeContactManifoldsWorkspace<2>),
    VoxelsCompositeShapeContactManifoldsWorkspace(VoxelsShapeContactManifoldsWorkspace<3>),
    VoxelsVoxelsContactManifoldsWorkspace(VoxelsShapeContactManifoldsWorkspace<4>),
    #[allow(dead_code)]
    Custom,
}

#[cfg(feature = "serde-serialize")]
impl DeserializableWorkspaceData {
    pub fn into_contact_manifold_workspace(self) -> Option<ContactManifoldsWorkspace> {
        match self {
            DeserializableWorkspaceData::TriMeshShapeContactManifoldsWorkspace(w) => {
                Some(ContactManifoldsWorkspace(Box::new(w)))
            }
            DeserializableWorkspaceData::HeightfieldShapeContactManifoldsWorkspace(w) => {
                Some(ContactManifoldsWorkspace(Box::new(w)))
            }
            DeserializableWorkspaceData::HeightfieldCompositeShapeContactManifoldsWorkspace(w) => {
                Some(ContactManifoldsWorkspace(Box::new(w)))
            }
            DeserializableWorkspaceData::CompositeShapeCompositeShapeContactManifoldsWorkspace(
                w,
            ) => Some(ContactManifoldsWorkspace(Box::new(w))),
            DeserializableWorkspaceData::CompositeShapeShapeContactManifoldsWorkspace(w) => {
                Some(ContactManifoldsWorkspace(Box::new(w)))
            }
            DeserializableWorkspaceData::VoxelsShapeContactManifoldsWorkspace(w) => {
                Some(ContactManifoldsWorkspace(Box::new(w)))
            }
            DeserializableWorkspaceData::VoxelsCompositeShapeContactManifoldsWorkspace(w) => {
                Some(ContactManifoldsWorkspace(Box::new(w)))
            }
            DeserializableWorkspaceData::VoxelsVoxelsContactManifoldsWorkspace(w) => {
                Some(ContactManifoldsWorkspace(Box::new(w)))
            }
            DeserializableWorkspaceData::Custom => None,
        }
    }
}

/// Data from a [`ContactManifoldsWorkspace`].
pub trait WorkspaceData: DowncastSync {
    /// Gets the underlying workspace as an enum.
    fn as_typed_workspace_data(&self) -> TypedWorkspaceData<'_>;

    /// Clones `self`.
    fn clone_dyn(&self) -> Box<dyn WorkspaceData>;

    /// Skidpad patch: empties the workspace in place into the state its `new()` makes, for
    /// a contact pair reused for other shapes, and says whether it did: `false` (the
    /// default) means it cannot, and the caller drops it. Kept workspaces keep their
    /// storage, so a reused pair against the same kind of shape allocates no new one.
    fn clear_for_reuse(&mut self) -> bool {
        false
    }
}

impl_downcast!(sync WorkspaceData);

// Note we have this newtype because it simplifies the serialization/deserialization code.
/// A serializable workspace used by some contact-manifolds computation algorithms.
pub struct ContactManifoldsWorkspace(pub Box<dyn WorkspaceData>);

impl Clone for ContactManifoldsWorkspace {
    fn clone(&self) -> Self {
        ContactManifoldsWorkspace(self.0.clone_dyn())
    }
}

impl<T: WorkspaceData> From<T> for ContactManifoldsWorkspace {
    fn from(data: T) -> Self {
        Self(Box::new(data) as Box<dyn WorkspaceData>)
    }
}

#[cfg(feature = "serde-serialize")]
impl serde::Serialize for ContactManifoldsWorkspace {
    fn serialize<S>(&self, serializer: S) -> Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        self.0.as_typed_workspace_data().serialize(serializer)
    }
}

#[cfg(feature = "serde-serialize")]
impl<'de> serde::Deserialize<'de> for ContactManifoldsWorkspace {
    fn deserialize<D>(deserializer: D) -> Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        use crate::serde::de::Error;
        DeserializableWorkspaceData::deserialize(deserializer)?
            .into_contact_manifold_workspace()
            .ok_or(D::Error::custom("Cannot deserialize custom shape."))
    }
}

#[cfg(feature = "std")]
std::thread_local! {
    /// Skidpad patch: the spare workspaces, emptied, that new contact pairs against height
    /// fields and composite shapes take instead of boxing a new one (`ensure_workspace_exists`
    /// in each algorithm). Filled at load by [`reserve_spare_workspaces`] and by the workspaces
    /// of retired pairs ([`recycle_workspace`]). One pool per thread: a world is filled and
    /// stepped on one thread, and worlds stepped on other threads at the same time must not
    /// drain its spares (with one pool for the process, whether a tick allocated depended on
    /// how the threads interleaved). A workspace holds no reference to its pair, and an emptied
    /// one is what `new()` makes, so which one a pair gets changes no result.
    static SPARE_WORKSPACES: core::cell::RefCell<alloc::vec::Vec<ContactManifoldsWorkspace>> =
        const { core::cell::RefCell::new(alloc::vec::Vec::new()) };
}

/// Runs `f` on this thread's spare workspaces, if they can be reached (not while the thread
/// is being torn down, nor from inside another use of them).
#[cfg(feature = "std")]
fn with_spare_workspaces<R>(f: impl FnOnce(&mut alloc::vec::Vec<ContactManifoldsWorkspace>) -> R) -> Option<R> {
    SPARE_WORKSPACES
        .try_with(|pool| pool.try_borrow_mut().ok().map(|mut pool| f(&mut pool)))
        .ok()
        .flatten()
}

/// Skidpad patch: a spare workspace of type `T`, if the pool has one.
pub(crate) fn take_spare_workspace<T: WorkspaceData>() -> Option<ContactManifoldsWorkspace> {
    #[cfg(feature = "std")]
    {
        with_spare_workspaces(|pool| {
            let i = pool.iter().rposition(|w| w.0.downcast_ref::<T>().is_some())?;
            Some(pool.swap_remove(i))
        })
        .flatten()
    }
    #[cfg(not(feature = "std"))]
    None
}

/// Skidpad patch: empties `workspace` and keeps it for the next pair that needs one of its
/// type, if it can be emptied (else it is dropped). The pool keeps its room: pushing past
/// what [`reserve_spare_workspaces`] reserved allocates.
pub fn recycle_workspace(mut workspace: ContactManifoldsWorkspace) {
    if !workspace.0.clear_for_reuse() {
        return;
    }
    #[cfg(feature = "std")]
    {
        let _ = with_spare_workspaces(|pool| pool.push(workspace));
    }
}

/// Skidpad patch: fills this thread's pool of spare workspaces at load (on the thread that
/// will step the world) with `per_kind` height-field, composite-shape, rigid-triangle-mesh
/// and composite-composite workspaces (topping up: it counts those already there), each with room for `sub_shapes` sub-shape pairs. Every workspace taken from
/// the pool comes back to room kept for it; one made because the pool ran dry grows the
/// pool when it comes back. A contact pair forming in play against a mesh, a compound or a height
/// field then takes one instead of allocating.
pub fn reserve_spare_workspaces(per_kind: usize, sub_shapes: usize) {
    #[cfg(feature = "std")]
    {
        let _ = with_spare_workspaces(|pool| {
            let count = |pool: &alloc::vec::Vec<ContactManifoldsWorkspace>, f: fn(&ContactManifoldsWorkspace) -> bool| {
                pool.iter().filter(|w| f(w)).count()
            };
            let have_hf = count(pool, |w| w.0.downcast_ref::<HeightFieldShapeContactManifoldsWorkspace>().is_some());
            let have_cs = count(pool, |w| w.0.downcast_ref::<CompositeShapeShapeContactManifoldsWorkspace>().is_some());
            let have_cc = count(pool, |w| {
                w.0.downcast_ref::<CompositeShapeCompositeShapeContactManifoldsWorkspace>().is_some()
            });
            let have_tm = count(pool, |w| w.0.downcast_ref::<TriMeshShapeContactManifoldsWorkspace>().is_some());
            pool.reserve(4 * per_kind);
            for _ in have_hf..per_kind {
                pool.push(ContactManifoldsWorkspace(Box::new(
                    HeightFieldShapeContactManifoldsWorkspace::with_room(sub_shapes),
                )));
            }
            for _ in have_cs..per_kind {
                pool.push(ContactManifoldsWorkspace(Box::new(
                    CompositeShapeShapeContactManifoldsWorkspace::with_room(sub_shapes),
                )));
            }
            for _ in have_tm..per_kind {
                pool.push(ContactManifoldsWorkspace(Box::new(
                    TriMeshShapeContactManifoldsWorkspace::with_room(sub_shapes),
                )));
            }
            for _ in have_cc..per_kind {
                pool.push(ContactManifoldsWorkspace(Box::new(
                    CompositeShapeCompositeShapeContactManifoldsWorkspace::with_room(sub_shapes),
                )));
            }
        });
    }
    #[cfg(not(feature = "std"))]
    let _ = (per_kind, sub_shapes);
}
