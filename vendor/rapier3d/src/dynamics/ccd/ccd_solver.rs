use crate::alloc_prelude::*;
use crate::dynamics::{
    IntegrationParameters, IslandManager, RigidBodyHandle, RigidBodySet, SoftBodySet,
};
use crate::geometry::{
    BroadPhaseBvh, Collider, ColliderHandle, ColliderSet, CollisionEvent, NarrowPhase,
};
use crate::math::Real;
use crate::parry::bounding_volume::Aabb;
use crate::pipeline::{EventHandler, PhysicsHooks, QueryFilter};
use crate::prelude::{ActiveEvents, CollisionEventFlags};
use parry::query::sweep_toi::Sweep;

use super::sweeps::{
    BodyContinuousResult, CcdTargets, PseudoHitMode, collect_fixed_targets, collect_soft_targets,
    is_bullet, map_bodies_into, min_over_bodies, sweep_fast_body,
};

/// Continuous Collision Detection solver preventing fast objects from tunneling:
/// after the solver, bodies that moved more than half their thinnest extent sweep their colliders
/// and `next_position` is clamped to the earliest impact — velocities untouched, no re-solve; the
/// residual approach resolves next step via speculative contacts.
///
/// Fast dynamic bodies sweep against fixed colliders and soft-body meshes; `ccd_enabled` makes a
/// bullet that also sweeps kinematic/dynamic bodies (never other bullets); mesh-like colliders are
/// never the moving shape; compounds sweep per convex child; `max_ccd_substeps = 0` disables CCD.
#[derive(Clone, Default)]
#[cfg_attr(feature = "serde-serialize", derive(Serialize, Deserialize))]
pub struct CCDSolver {
    /// Cached fixed-target list for the non-bullet sweep pass: the AABB loosening it was built
    /// with; `None` past [`FIXED_TARGETS_LIST_MAX`] (sweep queries the full BVH). Invalidated by
    /// the scene-change flag — re-scanning every collider each step dominated CCD on large scenes.
    #[cfg_attr(feature = "serde-serialize", serde(skip))]
    fixed_targets_cache: Option<FixedTargetsCache>,
    /// The cached fixed-target list itself (valid while `fixed_targets_cache` is `Some` with
    /// `fits`). Kept across invalidations so that rebuilding it reuses its storage.
    // Skidpad patch: this and the scratch lists below make a step with fast bodies allocate
    // nothing once they have grown to the scene's size.
    #[cfg_attr(feature = "serde-serialize", serde(skip))]
    fixed_targets: Vec<(ColliderHandle, Aabb)>,
    /// Scratch: the soft-body meshes gathered afresh each step.
    #[cfg_attr(feature = "serde-serialize", serde(skip))]
    soft_targets: Vec<(ColliderHandle, Aabb)>,
    /// Scratch: this step's fast non-bullet bodies.
    #[cfg_attr(feature = "serde-serialize", serde(skip))]
    fast_bodies: Vec<RigidBodyHandle>,
    /// Scratch: this step's fast bullets.
    #[cfg_attr(feature = "serde-serialize", serde(skip))]
    bullets: Vec<RigidBodyHandle>,
    /// Scratch: this step's sweep results, non-bullets first, then bullets.
    #[cfg_attr(feature = "serde-serialize", serde(skip))]
    results: Vec<BodyContinuousResult>,
}

/// The AABB loosening the cached fixed-target list was built with, and whether the list
/// holds them all — `false` past [`FIXED_TARGETS_LIST_MAX`], where the sweep queries the full
/// BVH.
#[derive(Clone, Copy)]
struct FixedTargetsCache {
    prediction: Real,
    fits: bool,
}

impl CCDSolver {
    /// Initializes a new CCD solver
    pub fn new() -> Self {
        Self::default()
    }

    /// Skidpad patch: sizes the lists at load for `bodies` bodies, and the fixed-target
    /// list for as many fixed colliders as it ever holds, so that a step that sweeps more
    /// bodies, or rebuilds the target list after chunks streamed in, grows nothing.
    pub fn reserve(&mut self, bodies: usize) {
        fn room<T>(list: &mut Vec<T>, n: usize) {
            list.reserve(n.saturating_sub(list.len()));
        }
        room(&mut self.fixed_targets, super::sweeps::FIXED_TARGETS_LIST_MAX);
        room(&mut self.fast_bodies, bodies);
        room(&mut self.bullets, bodies);
        room(&mut self.results, bodies);
    }

    /// Discards the cached fixed-target list used by the non-bullet continuous pass.
    /// This must be called any time the fixed targets change. If using the physics pipeline,
    /// it is called for you. If not, it must be called manually.
    pub fn invalidate_fixed_targets_cache(&mut self) {
        self.fixed_targets_cache = None;
    }

    /// Updates the set of bodies that needs CCD to be resolved.
    ///
    /// Returns `true` if any rigid-body must have CCD resolved.
    pub fn update_ccd_active_flags(
        &self,
        islands: &IslandManager,
        bodies: &mut RigidBodySet,
        dt: Real,
        include_forces: bool,
    ) -> bool {
        let mut ccd_active = false;

        for handle in islands.active_bodies() {
            let rb = bodies.index_mut_internal(handle);

            // Default tier: every fast dynamic body is a CCD origin. `ccd_enabled`
            // no longer gates *activation*, only the sweep *scope* (fixed-only vs all bodies),
            // applied later during pair selection.
            if rb.is_soft_frame() {
                // A cluster proxy's pose is derived from its particles: it is never swept.
                rb.ccd.ccd_active = false;
            } else if rb.is_dynamic() {
                let moving_fast = if include_forces {
                    // Pre-solve (substep splitter): `next_position` isn't solved yet, use the
                    // current velocity with forces, like `find_first_impact`. The last solved
                    // motion (`ccd_vels`) is stale, or zero on a body's first step.
                    rb.ccd.is_moving_fast(
                        dt,
                        &rb.vels,
                        Some((&rb.forces, &rb.mprops)),
                        rb.mprops.max_extent(),
                        &rb.pos.position.rotation,
                    )
                } else {
                    // Post-solve: the fast-body criterion on the actual solved motion.
                    rb.ccd.is_moving_fast_with_next_position(
                        dt,
                        &rb.ccd_vels,
                        &rb.pos,
                        rb.mprops.local_mprops.local_com,
                        rb.mprops.max_extent(),
                    )
                };
                rb.ccd.ccd_active = moving_fast;
                ccd_active = ccd_active || moving_fast;
            }
        }

        ccd_active
    }

    /// Find the first time a CCD-active body has a non-sensor collider hitting another
    /// non-sensor collider, for the multi-substep splitter.
    ///
    /// Returns the impact time in `[0, dt)` if any.
    #[profiling::function]
    #[allow(clippy::too_many_arguments)]
    pub fn find_first_impact(
        &mut self,
        dt: Real, // NOTE: this doesn’t necessarily match the `params.dt`.
        params: &IntegrationParameters,
        islands: &IslandManager,
        bodies: &RigidBodySet,
        colliders: &ColliderSet,
        broad_phase: &mut BroadPhaseBvh,
        narrow_phase: &NarrowPhase,
        hooks: &dyn PhysicsHooks,
    ) -> Option<Real> {
        // NOTE: broad-phase AABBs are NOT enlarged to the swept volumes: only the fast body's
        // query box is swept (per collider, below); targets keep their regular fat AABBs.
        // Swept AABBs written into the tree would leak into the next step (pair explosion).
        let query_pipeline = broad_phase.as_query_pipeline(
            narrow_phase.query_dispatcher(),
            bodies,
            colliders,
            QueryFilter::default(),
        );
        let (bvh, dispatcher) = (query_pipeline.bvh, query_pipeline.dispatcher);

        let linear_slop = params.allowed_linear_error();
        let fast_bodies = &mut self.fast_bodies;
        fast_bodies.clear();
        fast_bodies.extend(
            islands
                .active_bodies()
                .filter(|h| bodies[*h].ccd.ccd_active),
        );

        let min_fraction = min_over_bodies(fast_bodies, hooks, |handle, hooks| {
            let rb1 = &bodies[handle];
            // `next_position` isn't solved yet: sweep to the forces/velocities integration.
            let predicted_body_pos =
                rb1.pos
                    .integrate_forces_and_velocities(dt, &rb1.forces, &rb1.vels, &rb1.mprops);
            sweep_fast_body(
                handle,
                bodies,
                colliders,
                predicted_body_pos,
                CcdTargets::FullBvh(bvh),
                dispatcher,
                hooks,
                dt,
                linear_slop,
                PseudoHitMode::Ignore,
            )
            .fraction
        });

        (min_fraction < 1.0).then_some(min_fraction * dt)
    }

    /// Runs the continuous-collision pass on all fast bodies and clamps their `next_position`
    /// to their earliest time of impact: non-bullets sweep the automatic targets (fixed
    /// colliders and soft-body collision meshes) first, then bullets sweep every (possibly
    /// already clamped) body; velocities are never modified. Sensor
    /// crossings the narrow phase would miss entirely emit paired `Started`/`Stopped`
    /// intersection events.
    #[profiling::function]
    #[allow(clippy::too_many_arguments)]
    pub fn solve_continuous(
        &mut self,
        params: &IntegrationParameters,
        islands: &IslandManager,
        bodies: &mut RigidBodySet,
        colliders: &ColliderSet,
        soft_bodies: &SoftBodySet,
        broad_phase: &mut BroadPhaseBvh,
        narrow_phase: &NarrowPhase,
        hooks: &dyn PhysicsHooks,
        events: &dyn EventHandler,
    ) {
        let dt = params.dt;
        let linear_slop = params.allowed_linear_error();

        // NOTE: broad-phase AABBs are NOT enlarged to the swept volumes: only the fast body's
        // query box is swept; stationary targets keep their fat AABBs. Swept AABBs in
        // the tree leak into the next step's broad phase (pair explosion, ~2x narrow-phase cost).
        let Self {
            fixed_targets_cache,
            fixed_targets,
            soft_targets,
            fast_bodies: non_bullets,
            bullets,
            results: all_results,
        } = self;
        non_bullets.clear();
        bullets.clear();
        for h in islands.active_bodies() {
            let rb = &bodies[h];
            if rb.ccd.ccd_active {
                if is_bullet(rb) {
                    bullets.push(h);
                } else {
                    non_bullets.push(h);
                }
            }
        }
        all_results.clear();

        // Pass 1: fast non-bullet bodies vs fixed targets (all targets are stationary, so
        // the bodies are independent and can run in parallel).
        {
            let query_pipeline = broad_phase.as_query_pipeline(
                narrow_phase.query_dispatcher(),
                bodies,
                colliders,
                QueryFilter::default(),
            );
            let (bvh, dispatcher) = (query_pipeline.bvh, query_pipeline.dispatcher);
            // Non-bullet fast bodies only hit fixed targets: sweep against the (small) cached
            // fixed-collider list instead of the full BVH.
            let prediction = params.prediction_distance();
            let cache = match *fixed_targets_cache {
                Some(cache) if cache.prediction == prediction => cache,
                _ => {
                    let cache = FixedTargetsCache {
                        prediction,
                        fits: collect_fixed_targets(bodies, colliders, prediction, fixed_targets),
                    };
                    *fixed_targets_cache = Some(cache);
                    cache
                }
            };
            // Soft-body meshes deform every step without any scene change, so they are
            // gathered fresh (one AABB per mesh, not a collider scan).
            collect_soft_targets(soft_bodies, colliders, prediction, soft_targets);
            let targets = if cache.fits {
                CcdTargets::Lists {
                    fixed: fixed_targets,
                    soft: soft_targets,
                }
            } else {
                CcdTargets::FullBvh(bvh)
            };
            map_bodies_into(non_bullets, hooks, all_results, |handle, hooks| {
                sweep_fast_body(
                    handle,
                    bodies,
                    colliders,
                    bodies[handle].pos.next_position,
                    targets,
                    dispatcher,
                    hooks,
                    dt,
                    linear_slop,
                    PseudoHitMode::Record,
                )
            });
        }
        Self::apply_clamps(bodies, all_results);

        // Pass 2: bullets vs everything except other bullets. Targets read the (already
        // clamped) `next_position` from pass 1 (deferred bullet stage).
        if !bullets.is_empty() {
            let first_bullet = all_results.len();
            {
                let query_pipeline = broad_phase.as_query_pipeline(
                    narrow_phase.query_dispatcher(),
                    bodies,
                    colliders,
                    QueryFilter::default(),
                );
                let (bvh, dispatcher) = (query_pipeline.bvh, query_pipeline.dispatcher);
                map_bodies_into(bullets, hooks, all_results, |handle, hooks| {
                    sweep_fast_body(
                        handle,
                        bodies,
                        colliders,
                        bodies[handle].pos.next_position,
                        CcdTargets::FullBvh(bvh),
                        dispatcher,
                        hooks,
                        dt,
                        linear_slop,
                        PseudoHitMode::Record,
                    )
                });
            }
            Self::apply_clamps(bodies, &all_results[first_bullet..]);
        }

        // Emit intersection events for sensor crossings that happened strictly before each
        // body's final solid impact and that the narrow phase would never observe (no
        // overlap at either the start or the clamped end pose).
        for result in all_results.iter() {
            for hit in &result.pseudo_hits {
                if hit.fraction >= result.fraction {
                    // The body stops before reaching this sensor.
                    continue;
                }

                let co1 = &colliders[hit.ch1];
                let co2 = &colliders[hit.ch2];

                if !co1.is_sensor() && !co2.is_sensor() {
                    // TODO: this happens if we found a TOI between two non-sensor
                    //       colliders with mismatching solver_flags. It is not clear
                    //       what we should do in this case: we could report a
                    //       contact started/contact stopped event for example. But in
                    //       that case, what contact pair should be pass to these events?
                    // For now we just ignore this special case. Let's wait for an actual
                    // use-case to come up before we determine what we want to do here.
                    continue;
                }

                let next_pose = |co: &Collider| match co.parent.as_ref() {
                    Some(parent) => bodies[parent.handle].pos.next_position * parent.pos_wrt_parent,
                    None => co.pos.0,
                };

                let prev_pos12 = co1.pos.inv_mul(&co2.pos);
                let next_pos12 = next_pose(co1).inv_mul(&next_pose(co2));

                let dispatcher = narrow_phase.query_dispatcher();
                let intersect_before = dispatcher
                    .intersection_test(&prev_pos12, co1.shape.as_ref(), co2.shape.as_ref())
                    .is_ok_and(|hit| hit.intersecting);
                let intersect_after = dispatcher
                    .intersection_test(&next_pos12, co1.shape.as_ref(), co2.shape.as_ref())
                    .is_ok_and(|hit| hit.intersecting);

                if !intersect_before
                    && !intersect_after
                    && (co1.flags.active_events | co2.flags.active_events)
                        .contains(ActiveEvents::COLLISION_EVENTS)
                {
                    // Emit one intersection-started and one intersection-stopped event.
                    events.handle_collision_event(
                        bodies,
                        colliders,
                        CollisionEvent::Started(hit.ch1, hit.ch2, CollisionEventFlags::SENSOR),
                        None,
                    );
                    events.handle_collision_event(
                        bodies,
                        colliders,
                        CollisionEvent::Stopped(hit.ch1, hit.ch2, CollisionEventFlags::SENSOR),
                        None,
                    );
                }
            }
        }
    }

    /// Clamps each impacted body's `next_position` to the interpolated pose at its impact
    /// fraction. Pose only — velocities are preserved.
    fn apply_clamps(bodies: &mut RigidBodySet, results: &[BodyContinuousResult]) {
        for result in results {
            if result.fraction < 1.0 {
                let rb = bodies.index_mut_internal(result.handle);
                let sweep = Sweep::from_poses(
                    &rb.pos.position,
                    &rb.pos.next_position,
                    rb.mprops.local_mprops.local_com,
                );
                rb.pos.next_position = sweep.transform_at(result.fraction);
            }
        }
    }
}
