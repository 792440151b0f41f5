//! Skidpad patch: spare contact manifolds and manifold lists, made at load, that the
//! composite and height-field queries take instead of allocating when a contact pair meets a
//! sub-shape (a compound's part, a mesh's or height field's triangle) it had no manifold
//! for, and give back, emptied, when the pair leaves one.
//!
//! Before, each such manifold was a new `ContactManifold` whose point list, boxed sub-shape
//! pose and (in rapier) solver-contact list grew from nothing, and the pair's manifold list
//! grew when the query held more manifolds than ever before for that pair (the kept ones
//! move to its end before the old front is drained, so it holds up to twice the live ones
//! for a moment). One pool per thread, like the spare workspaces: a world is filled at load
//! and stepped on one thread, so worlds stepped on other threads at the same time (tests
//! running side by side, the racing-line search measuring a car on a worker, a run being
//! prepared) neither drain its spares nor top them up; with one pool for the process they
//! did, and a tick allocated or not depending on how the threads interleaved. A spare is
//! emptied to what `ContactManifold::new()` makes (same points, normals, ids and data; only
//! capacities differ), so which one a pair gets changes no result, and the manifolds stay
//! in the same order.
//!
//! The manifold type is generic (rapier's own manifold data), so the pool keeps one entry
//! per `(ManifoldData, ContactData)` type, registered by [`reserve_spare_manifolds`]; the
//! queries find it by `TypeId`, and without one they allocate as parry does.

use crate::query::ContactManifold;
use alloc::boxed::Box;
use alloc::vec::Vec;
use core::any::{Any, TypeId};

/// The spares of one manifold type.
struct Spares<ManifoldData, ContactData> {
    /// Emptied manifolds, their lists' capacity kept.
    manifolds: Vec<ContactManifold<ManifoldData, ContactData>>,
    /// Empty manifold lists, their capacity kept: a pair's list about to grow is moved into
    /// one with more room instead.
    lists: Vec<Vec<ContactManifold<ManifoldData, ContactData>>>,
    /// Empties the caller's manifold data in place into its default, keeping its storage.
    empty_data: fn(&mut ManifoldData),
}

#[cfg(feature = "std")]
type Pool = Vec<(TypeId, Box<dyn Any + Send>)>;

#[cfg(feature = "std")]
std::thread_local! {
    static SPARE_MANIFOLDS: core::cell::RefCell<Pool> = const { core::cell::RefCell::new(Vec::new()) };
}

/// Runs `f` on this thread's pool, if it can be reached (not while the thread is being torn
/// down, nor from inside another use of it: then the caller does without spares).
#[cfg(feature = "std")]
fn with_pool<R>(f: impl FnOnce(&mut Pool) -> R) -> Option<R> {
    SPARE_MANIFOLDS
        .try_with(|pool| pool.try_borrow_mut().ok().map(|mut pool| f(&mut pool)))
        .ok()
        .flatten()
}

/// Runs `f` on the spares of this manifold type, if any were registered on this thread.
#[cfg(feature = "std")]
fn with_spares<ManifoldData, ContactData, R>(
    f: impl FnOnce(&mut Spares<ManifoldData, ContactData>) -> R,
) -> Option<R>
where
    ManifoldData: Send + 'static,
    ContactData: Send + 'static,
{
    with_pool(|pool| {
        let key = TypeId::of::<Spares<ManifoldData, ContactData>>();
        let (_, spares) = pool.iter_mut().find(|(id, _)| *id == key)?;
        spares.downcast_mut::<Spares<ManifoldData, ContactData>>().map(f)
    })
    .flatten()
}

#[cfg(not(feature = "std"))]
fn with_spares<ManifoldData, ContactData, R>(
    _f: impl FnOnce(&mut Spares<ManifoldData, ContactData>) -> R,
) -> Option<R> {
    None
}

/// Empties `manifold` into what `ContactManifold::new()` makes, keeping its lists and its
/// boxed sub-shape poses (set to none: the accessors read the same as without the box).
fn empty_in_place<ManifoldData, ContactData>(
    manifold: &mut ContactManifold<ManifoldData, ContactData>,
    empty_data: fn(&mut ManifoldData),
) {
    manifold.points.clear();
    manifold.local_n1 = crate::math::Vector::ZERO;
    manifold.local_n2 = crate::math::Vector::ZERO;
    manifold.subshape1 = 0;
    manifold.subshape2 = 0;
    if let Some(poses) = &mut manifold.subshape_poses {
        poses.pos1 = None;
        poses.pos2 = None;
    }
    empty_data(&mut manifold.data);
}

/// Skidpad patch: fills this thread's pool of spare manifolds of this type at load (topping
/// up: it counts those already there; call it on the thread that will step the world) with
/// `manifolds` manifolds made by `make` and `lists` manifold lists with room for
/// `list_room` manifolds each; `empty_data` empties a given back manifold's data in place.
/// Capacity only: no result depends on it.
pub fn reserve_spare_manifolds<ManifoldData, ContactData>(
    manifolds: usize,
    lists: usize,
    list_room: usize,
    mut make: impl FnMut() -> ContactManifold<ManifoldData, ContactData>,
    empty_data: fn(&mut ManifoldData),
) where
    ManifoldData: Send + 'static,
    ContactData: Send + 'static,
{
    #[cfg(feature = "std")]
    {
        let key = TypeId::of::<Spares<ManifoldData, ContactData>>();
        let _ = with_pool(|pool| {
            if !pool.iter().any(|(id, _)| *id == key) {
                let spares: Spares<ManifoldData, ContactData> = Spares {
                    manifolds: Vec::new(),
                    lists: Vec::new(),
                    empty_data,
                };
                pool.push((key, Box::new(spares)));
            }
            let (_, spares) = pool.iter_mut().find(|(id, _)| *id == key).unwrap();
            let spares = spares
                .downcast_mut::<Spares<ManifoldData, ContactData>>()
                .unwrap();
            // Room for every spare coming back, so giving one back never grows the pool.
            let have = spares.manifolds.len();
            spares.manifolds.reserve(manifolds.saturating_sub(have));
            while spares.manifolds.len() < manifolds {
                spares.manifolds.push(make());
            }
            let have = spares.lists.len();
            spares.lists.reserve(2 * lists.saturating_sub(have));
            while spares.lists.len() < lists {
                spares.lists.push(Vec::with_capacity(list_room));
            }
        });
    }
    #[cfg(not(feature = "std"))]
    let _ = (manifolds, lists, list_room, &mut make, empty_data);
}

/// Skidpad patch: a new, empty manifold: a spare if the pool has one of this type, else
/// `ContactManifold::new()`. Public for rapier's solver clusters (rapier patch 13).
pub fn new_manifold<ManifoldData, ContactData>() -> ContactManifold<ManifoldData, ContactData>
where
    ManifoldData: Default + Send + 'static,
    ContactData: Default + Copy + Send + 'static,
{
    with_spares(|s: &mut Spares<ManifoldData, ContactData>| s.manifolds.pop())
        .flatten()
        .unwrap_or_else(ContactManifold::new)
}

/// Skidpad patch: gives `manifold` back to the pool of spares, emptied, if its type has
/// one with room (else it is dropped). For a manifold its pair no longer needs.
pub fn recycle_manifold<ManifoldData, ContactData>(
    mut manifold: ContactManifold<ManifoldData, ContactData>,
) where
    ManifoldData: Send + 'static,
    ContactData: Send + 'static,
{
    let _ = with_spares(move |s: &mut Spares<ManifoldData, ContactData>| {
        if s.manifolds.len() < s.manifolds.capacity() {
            empty_in_place(&mut manifold, s.empty_data);
            s.manifolds.push(manifold);
        }
    });
}

/// Skidpad patch: makes room for one more manifold in `list` without allocating, if it is full: its
/// manifolds move into a spare list with more room, and its own storage goes back to the
/// pool. Nothing changes but where the list's storage is; without a roomier spare, the next
/// push grows it as before.
pub fn make_room_for_one<ManifoldData, ContactData>(
    list: &mut Vec<ContactManifold<ManifoldData, ContactData>>,
) where
    ManifoldData: Send + 'static,
    ContactData: Send + 'static,
{
    if list.len() < list.capacity() {
        return;
    }
    let _ = with_spares(|s: &mut Spares<ManifoldData, ContactData>| {
        let len = list.len();
        let Some(i) = s.lists.iter().position(|l| l.capacity() > len) else {
            return;
        };
        let mut roomier = s.lists.swap_remove(i);
        roomier.append(list);
        let old = core::mem::replace(list, roomier);
        if old.capacity() > 0 && s.lists.len() < s.lists.capacity() {
            s.lists.push(old);
        }
    });
}
