//! Drawing the particle pool: camera-facing quads, sorted back to front, with a soft round
//! alpha, lit by the sun and the sky, fogged like the scene, blended premultiplied so they
//! look the same from any side. Buffers are sized for the pool's capacity once.

use super::camera::Viewer;
use super::fog::{set_haze, FOG_GLSL, FOG_SCALE_M, HAZE_UNIFORM};
use super::frustum::Frustum;
use super::particles::ParticlePool;
use super::quads::QuadStream;
use super::shader::Program;
use crate::content::DEFAULT_PARTICLE_FILL_SCREENS;
use glam::{Mat4, Vec3};

const VERTEX_HEAD: &str = r#"#version 330 core
layout(location = 0) in vec3 a_pos;
layout(location = 1) in vec2 a_uv;
layout(location = 2) in vec4 a_color;
uniform mat4 u_view_proj;
uniform vec3 u_sun_dir;
uniform vec3 u_sky;
uniform vec3 u_eye;
out vec2 v_uv;
out vec3 v_rgb;
out float v_alpha;
"#;

/// The light and the fog per corner, not per fragment: a puff is small, its colour the same
/// at every corner, the fog across it all but flat; llvmpipe shades its blended fill (up to
/// the profile's `render.particle_fill_screens` of it) at a few instructions a fragment fewer.
const VERTEX_MAIN: &str = r#"
void main() {
    v_uv = a_uv;
    // A puff scatters light from the sun whatever its facing; the sky fills in.
    float sun = 0.55 + 0.45 * max(-u_sun_dir.y, 0.0);
    vec3 lit = a_color.rgb * (vec3(1.0, 0.96, 0.88) * sun * 0.8 + u_sky * 0.35);
    v_rgb = mix(lit, u_sky, fog_amount(length(a_pos - u_eye)));
    v_alpha = a_color.a;
    gl_Position = u_view_proj * vec4(a_pos, 1.0);
}
"#;

const FRAGMENT: &str = r#"#version 330 core
in vec2 v_uv;
in vec3 v_rgb;
in float v_alpha;
out vec4 frag;
void main() {
    // Soft edge: full in the middle, nothing at the rim and past it (the quad's corners
    // add nothing under the premultiplied blend; no `discard`, whose kill mask llvmpipe
    // carries through the rest of the fragment's work).
    float edge = max(1.0 - dot(v_uv, v_uv), 0.0);
    float a = v_alpha * edge * edge;
    frag = vec4(v_rgb * a, a);
}
"#;

/// The share of the screen a billboard of half-size `half_size_m` covers at `distance_m`,
/// for a projection scaling x by `p00` and y by `p11` (a quad spanning ±(s·p/d) in NDC of
/// the ±1 screen), at most 1.
pub fn screen_fraction(half_size_m: f32, distance_m: f32, p00: f32, p11: f32) -> f32 {
    let d = distance_m.max(1e-3);
    (half_size_m * half_size_m * p00 * p11 / (d * d)).min(1.0)
}

/// How many of `fractions` (far to near) fit in `budget` screens, counted from the first.
pub fn within_fill_budget(fractions: impl IntoIterator<Item = f32>, budget: f32) -> usize {
    let mut sum = 0.0;
    fractions
        .into_iter()
        .take_while(|f| {
            sum += f;
            sum <= budget
        })
        .count()
}

/// Floats per vertex: position 3, uv 2, colour 4.
const STRIDE: usize = 9;

/// GPU side of the particle pool.
pub struct Billboards {
    program: Program,
    quads: QuadStream,
    capacity: usize,
    /// Blended fill a frame may cost, screens (the platform profile's).
    fill_budget_screens: f32,
    vertices: Vec<f32>,
    order: Vec<(f32, u32)>,
    u_view_proj: i32,
    u_sun_dir: i32,
    u_sky: i32,
    u_eye: i32,
    u_haze: i32,
}

impl Billboards {
    /// Buffers for `capacity` particles.
    pub fn new(capacity: usize) -> Result<Billboards, super::RenderError> {
        let vertex = format!("{VERTEX_HEAD}{FOG_GLSL}{VERTEX_MAIN}");
        let program = Program::new("particles", &vertex, FRAGMENT)?;
        let capacity = capacity.max(1);
        Ok(Billboards {
            u_view_proj: program.uniform("u_view_proj"),
            u_sun_dir: program.uniform("u_sun_dir"),
            u_sky: program.uniform("u_sky"),
            u_eye: program.uniform("u_eye"),
            u_haze: program.uniform(HAZE_UNIFORM),
            program,
            quads: QuadStream::new(capacity, &[3, 2, 4]),
            capacity,
            fill_budget_screens: DEFAULT_PARTICLE_FILL_SCREENS,
            vertices: Vec::with_capacity(capacity * 4 * STRIDE),
            order: Vec::with_capacity(capacity),
        })
    }

    /// Draws no more blended fill a frame than `screens` screens (the platform profile's
    /// `render.particle_fill_screens`; non-finite or below 0.1 leaves the default).
    pub fn set_fill_budget(&mut self, screens: f32) {
        self.fill_budget_screens = if screens.is_finite() && screens >= 0.1 {
            screens
        } else {
            DEFAULT_PARTICLE_FILL_SCREENS
        };
    }

    /// Draws `pool` for a camera where `viewer` says with view matrix `view` (for its right
    /// and up axes), and returns how many puffs it drew (those in the view, within the fill
    /// budget). Call after the opaque scene: depth-tested, no depth writes.
    pub fn draw(
        &mut self,
        pool: &ParticlePool,
        view: &Mat4,
        view_proj: &Mat4,
        viewer: Viewer,
        sun_dir: Vec3,
        sky: Vec3,
    ) -> u32 {
        let eye = viewer.eye;
        let particles = pool.particles();
        let n = particles.len().min(self.capacity);
        if n == 0 {
            return 0;
        }
        let right = Vec3::new(view.x_axis.x, view.y_axis.x, view.z_axis.x);
        let up = Vec3::new(view.x_axis.y, view.y_axis.y, view.z_axis.y);
        // Only the puffs this view sees: each view of a split screen would otherwise set up
        // every puff of the pool (the race start's launch smoke: 5.5–7 M instructions a frame
        // in four views), and the fill budget below would be spent on puffs off its screen.
        // A quad reaches its half-size times √2 from its centre.
        let frustum = Frustum::from_view_proj(view_proj);
        self.order.clear();
        self.order.extend(
            particles[..n]
                .iter()
                .enumerate()
                .filter(|(_, p)| frustum.sees_sphere(p.position, p.current_size_m() * std::f32::consts::SQRT_2))
                .map(|(i, p)| (p.position.distance_squared(eye), i as u32)),
        );
        if self.order.is_empty() {
            return 0;
        }
        // Back to front, so each puff blends over the ones behind it.
        self.order.sort_unstable_by(|a, b| b.0.total_cmp(&a.0));
        // The projection's x and y scales: the lengths of view_proj's first two rows (the
        // view is a rotation and a translation).
        let p00 = Vec3::new(view_proj.x_axis.x, view_proj.y_axis.x, view_proj.z_axis.x).length();
        let p11 = Vec3::new(view_proj.x_axis.y, view_proj.y_axis.y, view_proj.z_axis.y).length();
        let drawn = within_fill_budget(
            self.order
                .iter()
                .map(|&(d2, i)| screen_fraction(particles[i as usize].current_size_m(), d2.sqrt(), p00, p11)),
            self.fill_budget_screens,
        );
        self.vertices.clear();
        for &(_, i) in &self.order[..drawn] {
            let p = &particles[i as usize];
            let s = p.current_size_m();
            let c = p.color();
            for (u, v) in [(-1.0f32, -1.0f32), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
                let q = p.position + right * (u * s) + up * (v * s);
                self.vertices
                    .extend_from_slice(&[q.x, q.y, q.z, u, v, c[0], c[1], c[2], c[3]]);
            }
        }
        self.draw_quads(&self.vertices, view_proj, viewer, sun_dir, sky);
        drawn as u32
    }

    /// Draws one quad with no area, with the program and state [`Billboards::draw`] uses, so
    /// the driver builds that pipeline now (`Renderer`'s warm-up) rather than at the first
    /// puff of dust.
    pub fn warm(&self) {
        let nowhere = Viewer {
            eye: Vec3::ZERO,
            haze_m: FOG_SCALE_M,
        };
        self.draw_quads(&[0.0; 4 * STRIDE], &Mat4::IDENTITY, nowhere, Vec3::NEG_Y, Vec3::ONE);
    }

    fn draw_quads(&self, vertices: &[f32], view_proj: &Mat4, viewer: Viewer, sun_dir: Vec3, sky: Vec3) {
        self.program.bind();
        // SAFETY: uniforms of the bound program and blend state for premultiplied alpha.
        unsafe {
            gl::UniformMatrix4fv(self.u_view_proj, 1, gl::FALSE, view_proj.to_cols_array().as_ptr());
            gl::Uniform3fv(self.u_sun_dir, 1, sun_dir.to_array().as_ptr());
            gl::Uniform3fv(self.u_sky, 1, sky.to_array().as_ptr());
            gl::Uniform3fv(self.u_eye, 1, viewer.eye.to_array().as_ptr());
            set_haze(self.u_haze, viewer.haze_m);
            gl::Enable(gl::BLEND);
            gl::BlendFunc(gl::ONE, gl::ONE_MINUS_SRC_ALPHA);
            gl::DepthMask(gl::FALSE);
            gl::Disable(gl::CULL_FACE);
        }
        self.quads.draw(vertices);
        // SAFETY: restores state on the current context.
        unsafe {
            gl::DepthMask(gl::TRUE);
            gl::Disable(gl::BLEND);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_billboard_twice_as_far_covers_a_quarter() {
        let near = screen_fraction(0.5, 5.0, 1.3, 1.7);
        let far = screen_fraction(0.5, 10.0, 1.3, 1.7);
        assert!((near - 0.5 * 0.5 * 1.3 * 1.7 / 25.0).abs() < 1e-6);
        assert!((far * 4.0 - near).abs() < 1e-6);
        // One at the camera covers the screen, no more.
        assert_eq!(screen_fraction(1.0, 0.0, 1.3, 1.7), 1.0);
    }

    #[test]
    fn the_budget_keeps_the_far_ones_up_to_it_and_drops_the_rest() {
        // Far to near: 0.5 + 1.0 + 1.0 = 2.5 fits 3 screens, the next 1.0 does not.
        assert_eq!(within_fill_budget([0.5, 1.0, 1.0, 1.0, 0.1], 3.0), 3);
        assert_eq!(within_fill_budget([0.1; 10], 3.0), 10);
        assert_eq!(within_fill_budget([], 3.0), 0);
    }
}
