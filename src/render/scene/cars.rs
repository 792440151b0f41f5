//! Drawing the cars: each car's meshes as its look builds them (a model's body and
//! wheels, or boxes and cylinders), the model cars with the car shader, and the ghost.

use super::{CarLook, FrameView, Renderer};
use crate::render::car_lod::WheelDetail;
use crate::render::car_model::{wheel_scale, CarMeshes};
use crate::render::car_paint::{CarFrame, Scuffing};
use crate::render::draw_stats::PassDrawStats;
use crate::render::frustum::Frustum;
use crate::render::gl_check;
use crate::render::mesh::Mesh;
use crate::sim::CarPose;
use glam::{Mat4, Quat, Vec3};

/// Tyre colour.
const TYRE_COLOR: Vec3 = Vec3::new(0.07, 0.07, 0.08);
/// A ghost car's colour: a pale blue no car in the content uses, so it reads as a ghost.
const GHOST_TINT: Vec3 = Vec3::new(0.55, 0.8, 1.0);
/// The author's ghost's colour: the gold of the author time on the HUD, so it reads as
/// the gold medal's lap.
const AUTHOR_GHOST_TINT: Vec3 = Vec3::new(0.95, 0.78, 0.25);
/// A ghost car's opacity: the road shows through it.
pub(super) const GHOST_ALPHA: f32 = 0.4;

impl Renderer {
    /// Calls `f` with the meshes of `car` (a pose between two ticks) as `look` builds it,
    /// its body in `color`.
    /// A car drawn from a model: its body in the chassis frame, each wheel's mesh at the
    /// wheel's centre, steered, spun and scaled to that wheel's own radius and width; the
    /// model's far or distant body and far wheel where `detail` finds them small
    /// (`car_lod.rs`).
    pub(super) fn car_meshes(
        &self,
        look: &CarLook,
        car: &CarPose,
        color: Vec3,
        detail: WheelDetail,
        f: &mut dyn FnMut(&Mesh, &Mat4, Vec3),
    ) {
        let chassis = Mat4::from_rotation_translation(car.chassis.rotation, car.chassis.position);
        if let Some(meshes) = self.model_meshes(look) {
            let body = meshes.body_for(detail.body(car.chassis.position, meshes.body_length_m));
            f(body, &chassis, color);
            let wheels = look.wheel_origins.iter().zip(&car.wheels[..car.wheel_count]);
            for (i, (origin, wheel)) in wheels.enumerate() {
                let size = look.wheel_size(i);
                let scale = wheel_scale(meshes.wheel_radius_m, meshes.wheel_width_m, size);
                let centre = Vec3::new(origin.x, wheel.center_y_m, origin.z);
                let rot = Quat::from_rotation_y(wheel.steer_rad) * Quat::from_rotation_x(wheel.spin_rad);
                let far = detail.is_far(chassis.transform_point3(centre), size.radius_m * 2.0);
                f(
                    if far { &meshes.far_wheel } else { &meshes.wheel },
                    &(chassis * Mat4::from_scale_rotation_translation(scale, rot, centre)),
                    TYRE_COLOR,
                );
            }
            return;
        }
        for (size, centre) in &look.boxes {
            f(
                &self.cube,
                &(chassis * Mat4::from_scale_rotation_translation(*size, Quat::IDENTITY, *centre)),
                color,
            );
        }
        for (i, (origin, wheel)) in look
            .wheel_origins
            .iter()
            .zip(&car.wheels[..car.wheel_count])
            .enumerate()
        {
            let centre = Vec3::new(origin.x, wheel.center_y_m, origin.z);
            let rot = Quat::from_rotation_y(wheel.steer_rad) * Quat::from_rotation_x(wheel.spin_rad);
            let size = look.wheel_size(i);
            let d = size.radius_m * 2.0;
            let model = chassis * Mat4::from_scale_rotation_translation(Vec3::new(size.width_m, d, d), rot, centre);
            f(&self.wheel, &model, TYRE_COLOR);
        }
    }

    /// The uploaded meshes of `look`'s model, if it has one.
    pub(super) fn model_meshes(&self, look: &CarLook) -> Option<&CarMeshes> {
        look.model.as_ref().and_then(|m| self.car_models.get(m))
    }

    /// Draws the cars that have models with the car shader (paint, glass, lamps), culled
    /// by `frustum`, wheels by `detail`; the shadow map must be bound to unit 1.
    pub(super) fn draw_model_cars(
        &self,
        view: &FrameView,
        frustum: &Frustum,
        frame: &CarFrame,
        detail: WheelDetail,
    ) -> PassDrawStats {
        let mut stats = PassDrawStats::default();
        let mut bound = None;
        for (i, look) in view.scene.cars.iter().enumerate() {
            let (Some(a), Some(b)) = (view.prev.cars.get(i), view.cur.cars.get(i)) else {
                break;
            };
            if self.model_meshes(look).is_none() {
                continue;
            }
            // Scuffs show on the player's car only (the first).
            let scuffs = view.scuffs.filter(|s| i == 0 && s.any());
            let scuffing = if scuffs.is_some() {
                Scuffing::Scuffed
            } else {
                Scuffing::Clean
            };
            let program = match scuffing {
                Scuffing::Clean => &self.car_program,
                Scuffing::Scuffed => &self.car_program_scuffed,
            };
            if bound != Some(scuffing) {
                program.begin(frame);
                bound = Some(scuffing);
            }
            let car = a.lerp(b, view.alpha);
            let ground = view.scene.lit_ground(car.ground.map(|m| m.0 as usize));
            program.set_car(look.color, car.brake_lamps, car.reverse_lamps, ground);
            if let Some(scuffs) = scuffs {
                program.set_scuffs(&scuffs.in_world(car.chassis.position, car.chassis.rotation));
            }
            self.car_meshes(look, &car, look.color, detail, &mut |mesh, model, _| {
                let (centre, radius) = mesh.bounds().bounding_sphere(model);
                if frustum.sees_sphere(centre, radius) {
                    stats.drawn += 1;
                    stats.triangles += mesh.triangle_count();
                    program.set_model(model);
                    mesh.draw();
                } else {
                    stats.culled += 1;
                }
            });
        }
        stats
    }

    /// Draws a ghost over the frame `view` drew: the player's car (`view.scene.cars[0]`'s
    /// look) at the pose `view.alpha` of the way from `prev` to `cur`, translucent (alpha blended
    /// at `GHOST_ALPHA`, tinted `GHOST_TINT` — `AUTHOR_GHOST_TINT` for the author's —,
    /// casting no shadow and hiding nothing behind it), so it reads as a ghost beside the
    /// real cars. Its wheels by `detail`, as the cars'.
    pub(super) fn draw_ghost(&self, view: &FrameView, prev: &CarPose, cur: &CarPose, detail: WheelDetail) {
        let Some(look) = view.scene.cars.first() else {
            return;
        };
        let car = prev.lerp(cur, view.alpha);
        self.lit.bind();
        // SAFETY: blend and depth-write state on the current context, restored below.
        unsafe {
            gl::Enable(gl::BLEND);
            gl::BlendFunc(gl::SRC_ALPHA, gl::ONE_MINUS_SRC_ALPHA);
            gl::DepthMask(gl::FALSE);
        }
        self.lit.set_alpha(GHOST_ALPHA);
        let tint = if view.ghost_is_authors {
            AUTHOR_GHOST_TINT
        } else {
            GHOST_TINT
        };
        self.car_meshes(look, &car, tint, detail, &mut |mesh, model, color| {
            self.lit.draw(mesh, model, color)
        });
        self.lit.set_alpha(1.0);
        // SAFETY: as above.
        unsafe {
            gl::DepthMask(gl::TRUE);
            gl::Disable(gl::BLEND);
        }
        gl_check::debug_check("ghost draw");
    }
}
