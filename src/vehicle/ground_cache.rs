//! The static ground near one car, gathered once and reused by its wheel rays until the car
//! drives out of it: the few triangle-mesh triangles and the other static colliders under
//! it, instead of a descent through the world's BVH and then each mesh's own BVH for every
//! ray.
//!
//! Same geometry, same answer: each cached triangle whose box (grown by a centimetre) meets
//! the ray's is cast with the function rapier's scene query calls on it (parry's `Triangle`
//! ray cast in the collider's frame), keeping the nearest hit the same way, and bodies
//! (other cars, props) near the car are listed from the world's BVH once per tick and cast
//! where the world's query would cast them. Only a hit at exactly equal distance on two
//! shapes could come out differently (the first found wins, and the order differs). If a
//! wheel misses ground the plain query would find, compare `cast` with
//! `PhysicsWorld::cast_ray_and_get_normal` on that ray: a region or a mesh transform the
//! gathering got wrong shows there.

use glam::Vec3;
use rapier3d::parry::bounding_volume::BoundingVolume;
use rapier3d::prelude::*;

/// Half the side of the cube gathered around a car's first wheel ray, m: a car at 50 m/s
/// crosses the slack in about ten ticks, and the terrain's 10 m cells and the road strips
/// leave a few dozen triangles in it.
const REGION_HALF_M: f32 = 6.0;

/// Margin added to the region when gathering, m: a triangle the region touches is listed
/// even if rounding in the move to the mesh's frame would shave it off.
const GATHER_MARGIN_M: f32 = 0.5;

/// Room reserved at start, so the gathering does not allocate in a tick unless a car finds
/// far denser ground than the shipped levels have.
const RESERVED_TRIANGLES: usize = 512;

/// How much a triangle's or a static collider's box is grown before a ray's box is tested
/// against it, m: far more than the tolerance of parry's ray casts, so no ray the cast
/// would accept is turned away by the box.
const HIT_BOX_MARGIN_M: f32 = 0.01;
const RESERVED_COLLIDERS: usize = 32;

/// A triangle mesh under the region: its collider and its triangles in the region
/// (`triangles[start..end]`).
#[derive(Debug, Clone, Copy)]
struct MeshPart {
    collider: ColliderHandle,
    start: usize,
    end: usize,
}

/// One car's cache of the static ground around it (see the module's doc).
#[derive(Debug)]
pub struct GroundCache {
    /// The world box whose ground is listed; `None` until the first gathering.
    region: Option<Aabb>,
    /// The world's static generation when gathered (a chunk in or out makes it stale).
    generation: u64,
    /// Static colliders other than triangle meshes (height fields, slabs, compounds),
    /// cast whole, each with its world box grown by `HIT_BOX_MARGIN_M` (static: it
    /// holds until the next gathering).
    whole: Vec<(ColliderHandle, Aabb)>,
    /// Triangle meshes touching the region.
    meshes: Vec<MeshPart>,
    /// Triangles by mesh (see [`MeshPart`]): the index and its box in the mesh's frame,
    /// grown by `HIT_BOX_MARGIN_M`.
    triangles: Vec<(u32, Aabb)>,
    /// Bodies' colliders near the latest rays prepared for.
    bodies: Vec<ColliderHandle>,
}

impl Default for GroundCache {
    fn default() -> Self {
        Self::new()
    }
}

impl GroundCache {
    /// An empty cache, with room for the ground of the shipped levels.
    pub fn new() -> Self {
        Self {
            region: None,
            generation: 0,
            whole: Vec::with_capacity(RESERVED_COLLIDERS),
            meshes: Vec::with_capacity(RESERVED_COLLIDERS),
            triangles: Vec::with_capacity(RESERVED_TRIANGLES),
            bodies: Vec::with_capacity(RESERVED_COLLIDERS),
        }
    }

    /// Readies the cache for one car's `rays` (each with how far it reaches), which
    /// `filter` says what they may hit: gathers the static ground again when a ray leaves
    /// the region or the world's static colliders changed since (`generation`), and lists
    /// the bodies (other cars, props) whose boxes in the world's BVH the rays' box touches.
    /// False when the rays do not fit a region (an unusually long reach): cast them
    /// through the world's query then.
    pub fn prepare(
        &mut self,
        physics: &PhysicsWorld,
        generation: u64,
        rays: &[(Ray, f32)],
        filter: QueryFilter,
    ) -> bool {
        let Some(span) = rays
            .iter()
            .map(|(ray, reach)| {
                let end = ray.origin + ray.dir * *reach;
                Aabb::new(ray.origin.min(end), ray.origin.max(end))
            })
            .reduce(|a, b| a.merged(&b))
        else {
            return false;
        };
        if self.generation != generation || !self.region.is_some_and(|r| r.contains(&span)) {
            self.gather(physics, generation, span.center());
            if !self.region.is_some_and(|r| r.contains(&span)) {
                return false;
            }
        }
        // Bodies move every tick: listed afresh, from the same boxes the world's query
        // descends through.
        let bodies = QueryFilter {
            flags: filter.flags | QueryFilterFlags::EXCLUDE_FIXED,
            ..filter
        };
        self.bodies.clear();
        self.bodies.extend(
            physics
                .query_pipeline_with_filter(bodies)
                .intersect_aabb_conservative(span)
                .map(|(handle, _)| handle),
        );
        true
    }

    /// The nearest hit of `ray` within `max_toi_m`, as `PhysicsWorld::cast_ray_and_get_normal`
    /// with `solid` true and [`GroundCache::prepare`]'s filter would find it: static ground
    /// from the cache, then the bodies listed, each cast only where the world's query would
    /// (its box in the world's BVH hit nearer than the best so far).
    pub fn cast(&self, physics: &PhysicsWorld, ray: &Ray, max_toi_m: f32) -> Option<(ColliderHandle, RayIntersection)> {
        let mut best_toi = max_toi_m;
        let mut best: Option<(ColliderHandle, RayIntersection)> = None;
        for &(handle, world_box) in &self.whole {
            // As for the triangles below: a hit nearer than the best so far lies in both
            // boxes. A wheel's short ray crosses one height field of the few around the
            // car; the others were each a clip against their box inside parry's cast.
            let end = ray.point_at(best_toi);
            if !world_box.intersects(&Aabb::new(ray.origin.min(end), ray.origin.max(end))) {
                continue;
            }
            let Some(collider) = physics.colliders.get(handle) else {
                continue;
            };
            if let Some(hit) = collider
                .shape()
                .cast_ray_and_get_normal(collider.position(), ray, best_toi, true)
            {
                if hit.time_of_impact < best_toi {
                    best_toi = hit.time_of_impact;
                    best = Some((handle, hit));
                }
            }
        }
        for part in &self.meshes {
            let Some(collider) = physics.colliders.get(part.collider) else {
                continue;
            };
            let Some(mesh) = collider.shape().as_trimesh() else {
                continue;
            };
            let pose = collider.position();
            let local_ray = ray.inverse_transform_by(pose);
            let mut mesh_best: Option<RayIntersection> = None;
            for (i, tri_box) in &self.triangles[part.start..part.end] {
                // A hit nearer than the best so far lies in both boxes: skip the test
                // where they do not meet (most of the cube's triangles, for a short ray).
                let end = local_ray.point_at(best_toi);
                if !tri_box.intersects(&Aabb::new(local_ray.origin.min(end), local_ray.origin.max(end))) {
                    continue;
                }
                if let Some(hit) = mesh
                    .triangle(*i)
                    .cast_local_ray_and_get_normal(&local_ray, best_toi, true)
                {
                    if hit.time_of_impact < best_toi {
                        best_toi = hit.time_of_impact;
                        mesh_best = Some(hit);
                    }
                }
            }
            if let Some(hit) = mesh_best {
                best = Some((part.collider, hit.transform_by(pose)));
            }
        }
        let bvh = physics.query_pipeline().bvh;
        for &handle in &self.bodies {
            let (Some(collider), Some(leaf)) =
                (physics.colliders.get(handle), bvh.leaf_node(handle.into_raw_parts().0))
            else {
                continue;
            };
            if leaf.cast_ray(ray, best_toi) >= best_toi {
                continue;
            }
            if let Some(hit) = collider
                .shape()
                .cast_ray_and_get_normal(collider.position(), ray, best_toi, true)
            {
                if hit.time_of_impact < best_toi {
                    best_toi = hit.time_of_impact;
                    best = Some((handle, hit));
                }
            }
        }
        best
    }

    /// Lists the static ground in the cube around `centre`.
    fn gather(&mut self, physics: &PhysicsWorld, generation: u64, centre: Vec3) {
        let region = Aabb::new(centre - Vec3::splat(REGION_HALF_M), centre + Vec3::splat(REGION_HALF_M));
        let wide = region.loosened(GATHER_MARGIN_M);
        self.whole.clear();
        self.meshes.clear();
        self.triangles.clear();
        // Colliders on no body or a fixed one: what `exclude_fixed` leaves out of `cast`'s
        // query of bodies.
        let statics = physics.query_pipeline_with_filter(QueryFilter::only_fixed().exclude_sensors());
        for (handle, collider) in statics.intersect_aabb_conservative(wide) {
            match collider.shape().as_trimesh() {
                Some(mesh) => {
                    let local = wide.transform_by(&collider.position().inverse());
                    let start = self.triangles.len();
                    self.triangles.extend(
                        mesh.bvh()
                            .intersect_aabb(&local)
                            .map(|i| (i, mesh.triangle(i).local_aabb().loosened(HIT_BOX_MARGIN_M))),
                    );
                    if self.triangles.len() > start {
                        self.meshes.push(MeshPart {
                            collider: handle,
                            start,
                            end: self.triangles.len(),
                        });
                    }
                }
                None => self
                    .whole
                    .push((handle, collider.compute_aabb().loosened(HIT_BOX_MARGIN_M))),
            }
        }
        self.region = Some(region);
        self.generation = generation;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A world with the kinds of ground a level bakes (a bumpy triangle mesh off the origin,
    /// a height field, a slab) and a dynamic box lying on the mesh, stepped once so the
    /// broad phase holds them all.
    fn world() -> (PhysicsWorld, RigidBodyHandle) {
        let mut physics = PhysicsWorld::new();
        let (mut vertices, mut indices) = (Vec::new(), Vec::new());
        for z in 0..=20u32 {
            for x in 0..=20u32 {
                let (fx, fz) = (x as f32 * 1.7, z as f32 * 1.3);
                vertices.push(Vec3::new(fx, 0.3 * (fx * 0.7).sin() * (fz * 0.5).cos(), fz));
            }
        }
        for z in 0..20u32 {
            for x in 0..20u32 {
                let i = z * 21 + x;
                indices.push([i, i + 21, i + 1]);
                indices.push([i + 1, i + 21, i + 22]);
            }
        }
        let mesh = ColliderBuilder::trimesh(vertices, indices)
            .expect("a valid mesh")
            .translation(Vec3::new(-10.0, 0.5, -8.0));
        physics.insert_collider(mesh, None);
        let heights = rapier3d::parry::utils::Array2::new(9, 9, (0..81).map(|k| 0.2 * ((k * 5) % 7) as f32).collect());
        let field =
            ColliderBuilder::heightfield(heights, Vec3::new(16.0, 1.0, 16.0)).translation(Vec3::new(30.0, 0.0, 0.0));
        physics.insert_collider(field, None);
        physics.insert_collider(
            ColliderBuilder::cuboid(8.0, 0.5, 8.0).translation(Vec3::new(0.0, -0.6, 30.0)),
            None,
        );
        physics.insert(
            RigidBodyBuilder::dynamic().translation(Vec3::new(2.0, 2.0, 3.0)),
            ColliderBuilder::cuboid(1.0, 0.4, 1.5),
        );
        let car = physics
            .insert(
                RigidBodyBuilder::dynamic().translation(Vec3::new(0.0, 5.0, 0.0)),
                ColliderBuilder::ball(0.3),
            )
            .0;
        physics.step();
        (physics, car)
    }

    #[test]
    fn hits_what_the_world_query_hits() {
        let (physics, car) = world();
        let filter = QueryFilter::default().exclude_rigid_body(car).exclude_sensors();
        let mut cache = GroundCache::new();
        let (mut hits, mut rays) = (0, 0);
        // Rays down (and tilted, as a rolled car casts them) over every kind of ground and
        // the box, in steps that cross the cache's region many times.
        for (k, x) in (-12..46).map(|x| x as f32 * 0.77).enumerate() {
            for z in (-10..40).map(|z| z as f32 * 0.91) {
                let dir = if k % 3 == 0 {
                    Vec3::new(0.3, -1.0, 0.2).normalize()
                } else {
                    -Vec3::Y
                };
                let wheel_rays = [
                    (Ray::new(Vec3::new(x, 2.5, z), dir), 3.0),
                    (Ray::new(Vec3::new(x + 1.5, 2.5, z), dir), 3.0),
                ];
                assert!(
                    cache.prepare(&physics, 1, &wheel_rays, filter),
                    "a wheel's rays fit a region"
                );
                for (ray, reach) in &wheel_rays {
                    let expected = physics.cast_ray_and_get_normal(ray, *reach, true, filter);
                    let got = cache.cast(&physics, ray, *reach);
                    rays += 1;
                    hits += usize::from(expected.is_some());
                    assert_eq!(
                        got.map(|(h, hit)| (h, hit.time_of_impact, hit.normal)),
                        expected.map(|(h, hit)| (h, hit.time_of_impact, hit.normal)),
                        "ray from {:?} along {:?}",
                        ray.origin,
                        ray.dir
                    );
                }
            }
        }
        // The comparison means something only if most rays found ground or the box.
        assert!(hits * 2 > rays, "{hits} of {rays} rays hit");
    }
}
