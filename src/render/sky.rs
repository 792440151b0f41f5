//! The sky: a full-screen pass drawn after the solid scene wherever nothing was (depth
//! still at the far plane), so it costs only the pixels it shows. A gradient from the
//! horizon colour (the level's sky colour, which is also the fog's) to a deeper zenith, a
//! sun disc in the direction the sunlight comes from, and a soft glow around it.
//!
//! [`SKY_GLSL`] is the one sky function: the lit shader fogs towards it too, so distant
//! ground melts into the sky behind it. If a seam shows at the horizon, the two have
//! drifted apart. It draws the level's horizon hills as well (`[terrain]
//! horizon_hills_deg`): two ranges of silhouettes at no distance at all, the far one higher
//! and hazier, so a flat level does not end in a bare line; under them, where the fog
//! takes distant ground, it takes it to the hills' colour, so the ground runs into them.

use super::shader::Program;
use super::RenderError;
use glam::{Mat4, Vec3};

/// `sky_colour(dir)`: the sky seen along unit `dir`, from the uniforms `u_sky` (horizon and
/// fog colour), `u_sun_dir` (the direction sunlight travels) and `u_hills` (declared here:
/// the horizon hills' height in radians, 0 for none, and their phase; [`hills_uniform`]).
/// Below the horizon it is the hills' colour (the horizon's without them, plus the sun's
/// glow), which is what fog fades distant ground to.
pub const SKY_GLSL: &str = r#"
uniform vec2 u_hills;
vec3 sky_glow(vec3 dir) {
    // Forward (Mie-like) scattering around the sun: a broad haze and a tighter halo.
    float s = max(dot(dir, -u_sun_dir), 0.0);
    float s2 = s * s, s4 = s2 * s2, s8 = s4 * s4, s32 = s8 * s8 * s8 * s8;
    return vec3(1.0, 0.9, 0.72) * (0.22 * s4 * s2 + 0.45 * s32 * s32);
}
vec3 sky_colour(vec3 dir) {
    // Horizon to zenith: the horizon's colour deepening towards a saturated blue overhead.
    float up = sqrt(clamp(dir.y, 0.0, 1.0));
    vec3 zenith = u_sky * vec3(0.42, 0.6, 0.92);
    vec3 c = mix(u_sky, zenith, up) + sky_glow(dir);
    if (u_hills.x > 0.0) {
        // Each range's height round the horizon: a few sines of whole turns (so it closes
        // on itself), shifted by the level's phase. Elevation and azimuth in radians.
        float az = atan(dir.z, dir.x);
        float el = asin(clamp(dir.y, -1.0, 1.0));
        float p = u_hills.y;
        float far_h = u_hills.x * (0.62 + 0.22 * sin(2.0 * az + p) + 0.11 * sin(5.0 * az + 1.7 * p)
            + 0.05 * sin(13.0 * az + 2.9 * p));
        float near_h = u_hills.x * (0.30 + 0.16 * sin(3.0 * az + 2.3 * p) + 0.08 * sin(8.0 * az + 0.7 * p)
            + 0.04 * sin(21.0 * az + 4.1 * p));
        // Aerial perspective: the far range mostly sky, the near one greener.
        vec3 far_c = mix(u_sky, vec3(0.30, 0.42, 0.50), 0.45);
        vec3 near_c = mix(u_sky, vec3(0.18, 0.31, 0.20), 0.62);
        // A soft edge a tenth of a degree across, so the ridge does not crawl.
        const float edge = 0.0009;
        c = mix(c, far_c, 1.0 - smoothstep(far_h - edge, far_h + edge, el));
        c = mix(c, near_c, 1.0 - smoothstep(near_h - edge, near_h + edge, el));
    }
    return c;
}
"#;

const VERTEX: &str = r#"#version 330 core
uniform mat4 u_inv_view_proj;
uniform vec3 u_eye;
out vec3 v_ray;
void main() {
    // One triangle covering the screen, from the vertex index (no vertex buffer).
    vec2 ndc = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
    // Points at one NDC depth lie on a plane of constant view depth, so the world-space
    // ray to them interpolates linearly across the screen.
    vec4 p = u_inv_view_proj * vec4(ndc, 0.0, 1.0);
    v_ray = p.xyz / p.w - u_eye;
    // At the far plane: drawn only where the scene left the depth clear.
    gl_Position = vec4(ndc, 1.0, 1.0);
}
"#;

const FRAGMENT_HEAD: &str = r#"#version 330 core
in vec3 v_ray;
uniform vec3 u_sky;
uniform vec3 u_sun_dir;
out vec4 frag;
"#;

const FRAGMENT_MAIN: &str = r#"
void main() {
    vec3 dir = normalize(v_ray);
    vec3 c = sky_colour(dir);
    // The sun's disc, about 2.4° across (four times the real sun, so it reads at
    // 640×480), with a soft edge.
    float s = dot(dir, -u_sun_dir);
    c = mix(c, vec3(1.0, 0.97, 0.9), smoothstep(0.99970, 0.99985, s));
    frag = vec4(c, 1.0);
}
"#;

/// The sky's program and the empty vertex array its triangle is drawn from.
pub struct Sky {
    program: Program,
    vao: u32,
    u_inv_view_proj: i32,
    u_eye: i32,
    u_sky: i32,
    u_sun_dir: i32,
    u_hills: i32,
}

/// What `u_hills` holds for hills `height_deg` high on the level `level_name`: (height in
/// radians, a phase from the name), so each level has its own skyline and the same one
/// every time.
pub fn hills_uniform(height_deg: f32, level_name: &str) -> [f32; 2] {
    // FNV-1a of the name, to an angle.
    let hash = level_name
        .bytes()
        .fold(0x811c_9dc5u32, |h, b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193));
    [height_deg.to_radians(), (hash % 6283) as f32 / 1000.0]
}

impl Sky {
    /// Compiles the sky. Needs a current GL 3.3 core context.
    pub fn new() -> Result<Sky, RenderError> {
        let fragment = format!("{FRAGMENT_HEAD}{SKY_GLSL}{FRAGMENT_MAIN}");
        let program = Program::new("sky", VERTEX, &fragment)?;
        let mut vao = 0;
        // SAFETY: creates a vertex array of ours (core profile draws need one bound).
        unsafe { gl::GenVertexArrays(1, &mut vao) };
        Ok(Sky {
            u_inv_view_proj: program.uniform("u_inv_view_proj"),
            u_eye: program.uniform("u_eye"),
            u_sky: program.uniform("u_sky"),
            u_sun_dir: program.uniform("u_sun_dir"),
            u_hills: program.uniform("u_hills"),
            program,
            vao,
        })
    }

    /// Draws the sky behind what the bound framebuffer already holds, seen through
    /// `view_proj` from `eye`; `sky` is the horizon (and fog) colour, `sun_dir` the
    /// direction sunlight travels, `hills` the horizon hills ([`hills_uniform`]). Leaves
    /// depth testing on and depth writes on.
    pub fn draw(&self, view_proj: &Mat4, eye: Vec3, sky: Vec3, sun_dir: Vec3, hills: [f32; 2]) {
        self.program.bind();
        let inv = view_proj.inverse();
        // SAFETY: uniforms of the bound program; state on the current context, restored
        // below; our vertex array.
        unsafe {
            gl::UniformMatrix4fv(self.u_inv_view_proj, 1, gl::FALSE, inv.to_cols_array().as_ptr());
            gl::Uniform3fv(self.u_eye, 1, eye.to_array().as_ptr());
            gl::Uniform3fv(self.u_sky, 1, sky.to_array().as_ptr());
            gl::Uniform3fv(self.u_sun_dir, 1, sun_dir.to_array().as_ptr());
            gl::Uniform2fv(self.u_hills, 1, hills.as_ptr());
            gl::DepthFunc(gl::LEQUAL);
            gl::DepthMask(gl::FALSE);
            gl::BindVertexArray(self.vao);
            gl::DrawArrays(gl::TRIANGLES, 0, 3);
            gl::BindVertexArray(0);
            gl::DepthMask(gl::TRUE);
            gl::DepthFunc(gl::LESS);
        }
    }
}

impl Drop for Sky {
    fn drop(&mut self) {
        // SAFETY: the vertex array is ours.
        unsafe { gl::DeleteVertexArrays(1, &self.vao) };
    }
}
