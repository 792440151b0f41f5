//! The car select's turning 3D preview: the focused car at rest on a small flat level of
//! its own (its physics settled, so it sits on its suspension), drawn by the real renderer
//! from a camera circling it. The level's ground is never handed to the renderer, so the
//! car turns against the sky and nothing is left behind in the renderer for the level
//! played next.

use crate::app::session::Session;
use crate::app::setup::Setup;
use crate::content::{bake_now, materials, ContentRoot, Level, PlatformProfile};
use crate::error::Error;
use crate::render::{Camera, Renderer};
use crate::sim::TickInput;
use crate::vehicle::CarDef;
use glam::{Vec2, Vec3};

/// The preview level's side, m, and its chunk size.
const GROUND_M: f32 = 64.0;
const CHUNK_M: f32 = 32.0;
/// Where the car is dropped, m above the ground.
const DROP_M: f32 = 1.0;
/// Ticks the car settles for before it is shown.
const SETTLE_TICKS: u32 = 90;
/// How fast the camera circles the car, rad/s.
pub const TURN_RATE_RAD_PER_S: f32 = 0.6;

/// A car settled on a flat preview level.
pub struct CarPreview {
    name: String,
    session: Session,
}

impl CarPreview {
    /// `car` (a name) at rest on flat asphalt under `profile`.
    pub fn new(root: &ContentRoot, profile: &PlatformProfile, car: &str) -> Result<CarPreview, Error> {
        let table = materials(root)?;
        let asphalt = table.id("asphalt", "materials.toml", "car preview ground")?;
        let level = Level::flat(
            "car preview",
            "",
            CHUNK_M,
            Vec2::splat(GROUND_M),
            asphalt,
            table,
            Vec3::new(0.0, DROP_M, 0.0),
        );
        let def = CarDef::load(root, car)?;
        let setup = Setup::new(bake_now(level), def, Vec::new(), profile.clone());
        let mut session = Session::start(&setup);
        for _ in 0..SETTLE_TICKS {
            session.tick(&TickInput::default());
        }
        Ok(CarPreview {
            name: car.to_string(),
            session,
        })
    }

    /// Paints the car `color` (the car select shows the player's paint).
    pub fn paint(&mut self, color: Vec3) {
        self.session.scene.paint(color);
    }

    /// The car's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The session holding the car (what the renderer reads).
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// Draws the car, seen from `angle_rad` around it, into a `w` × `h` frame so it sits in
    /// `region`, the car select's preview region (`frontend::car_preview_region`: the page
    /// is drawn over the rest).
    pub fn draw(&self, renderer: &mut Renderer, region: [f32; 4], angle_rad: f32, w: u32, h: u32) {
        let [x, y, pw, ph] = region;
        let (wf, hf) = (w as f32, h.max(1) as f32);
        let at = ((x + pw * 0.5) / wf * 2.0 - 1.0, 1.0 - (y + ph * 0.5) / hf * 2.0);
        let camera = self.camera(angle_rad, wf / hf, at, ph / hf);
        renderer.draw(&self.session.frame_view(1.0, &camera), w, h);
    }

    /// A camera circling the car at `angle_rad`, framed so the car appears at `at_ndc`
    /// (normalised device coordinates, −1..1, y up) in an image of `aspect` (w / h),
    /// about `fill` of the image's height across.
    pub fn camera(&self, angle_rad: f32, aspect: f32, at_ndc: (f32, f32), fill: f32) -> Camera {
        let car = self
            .session
            .snapshot()
            .cars
            .first()
            .map_or(Vec3::ZERO, |c| c.chassis.position);
        // The car's size from its wheelbase (a car is about 1.6 wheelbases long).
        let length = self.session.world().player().def().wheelbase_m().max(1.0) * 1.6;
        let fov_y_rad = 40f32.to_radians();
        // The distance at which `length` spans three quarters of `fill` of the image height.
        let distance = length / (2.0 * (fov_y_rad * 0.5).tan() * fill.clamp(0.05, 1.0) * 0.75);
        let eye = car + Vec3::new(angle_rad.sin() * distance, distance * 0.3, angle_rad.cos() * distance);
        // Aim beside the car so it lands at `at_ndc`: at the car's distance one NDC unit is
        // tan(fov/2)·d vertically and that × aspect across.
        let forward = (car - eye).normalize();
        let right = forward.cross(Vec3::Y).normalize();
        let up = right.cross(forward);
        let half_h = (fov_y_rad * 0.5).tan() * distance;
        let target = car - right * (at_ndc.0 * half_h * aspect) - up * (at_ndc.1 * half_h);
        Camera {
            fov_y_rad,
            ..Camera::looking_at(eye, target)
        }
        .seeing(500.0)
    }
}
