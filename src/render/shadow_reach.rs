//! Which casters draw into the sun's shadow map: those the light's frustum sees whose
//! shadow may fall where the camera looks. A stretch of crowd or a barrier behind the
//! camera shades nothing on screen, however close it is. Shared by a chunk's detail groups
//! (`decor_lod.rs`) and its base's caster tiles (`caster_tiles.rs`), so both passes agree
//! on what casts; if a shadow on screen goes missing, widen [`SHADOW_DROP_M`].

use super::frustum::Frustum;
use glam::Vec3;

/// Ground this far below a caster's bounds still takes its shadow (a stand on a slope,
/// decor on a wall's top), m.
const SHADOW_DROP_M: f32 = 5.0;

/// How far along `sun_dir` (unit, downwards) a caster of bounding radius `radius_m` casts:
/// from its top to ground [`SHADOW_DROP_M`] below its bottom.
pub fn shadow_reach_m(radius_m: f32, sun_dir: Vec3) -> f32 {
    (2.0 * radius_m + SHADOW_DROP_M) / (-sun_dir.y).max(0.1)
}

/// Whether the caster in the sphere (`centre`, `radius_m`) draws into the shadow map:
/// the light's `frustum` sees it, and its bounds swept along `sun_dir` (unit, downwards)
/// by [`shadow_reach_m`] meet one of the cameras' `views` (one, or every view that reads
/// a shared map).
pub fn casts_into_any_view(frustum: &Frustum, views: &[Frustum], sun_dir: Vec3, centre: Vec3, radius_m: f32) -> bool {
    let reach = shadow_reach_m(radius_m, sun_dir);
    frustum.sees_sphere(centre, radius_m) && shade_meets_a_view(views, sun_dir, centre, radius_m, reach)
}

/// [`casts_into_any_view`] for a caster that may be anywhere above the receivers (a car, a
/// prop: airborne over a jump, on a wall's top): its bounds swept along `sun_dir` from
/// their top down to `floor_y`, the lowest height anything lit can have, and no less than
/// [`SHADOW_DROP_M`] below their bottom.
pub fn casts_into_view_above(
    frustum: &Frustum,
    views: &[Frustum],
    sun_dir: Vec3,
    centre: Vec3,
    radius_m: f32,
    floor_y: f32,
) -> bool {
    let drop = (centre.y - radius_m - floor_y).max(SHADOW_DROP_M);
    let reach = (2.0 * radius_m + drop) / (-sun_dir.y).max(0.1);
    frustum.sees_sphere(centre, radius_m) && shade_meets_a_view(views, sun_dir, centre, radius_m, reach)
}

/// Whether the sphere (`centre`, `radius_m`) swept `reach` m along `sun_dir` meets one of
/// `views` (bounded by the sphere around the sweep).
fn shade_meets_a_view(views: &[Frustum], sun_dir: Vec3, centre: Vec3, radius_m: f32, reach: f32) -> bool {
    let shade_centre = centre + sun_dir * (reach * 0.5);
    views
        .iter()
        .any(|view| view.sees_sphere(shade_centre, radius_m + reach * 0.5))
}
