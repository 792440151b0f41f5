//! Drawing the skid-mark ring ([`SkidMarks`]): one dynamic vertex buffer holding every
//! segment, of which only the segments changed since the last frame are uploaded
//! (`glBufferSubData` per run of changed slots), drawn in one call after the opaque scene
//! with the depth test on, depth writes off and a polygon offset so the marks never fight
//! the ground they lie on. Each mark multiplies the ground's colour by its shade, so the
//! ground's lighting, shadow and fog carry through; marks fade with age in the shader, so a
//! fading mark costs no upload.

use super::camera::Viewer;
use super::fog::{set_haze, FOG_GLSL, FOG_SCALE_M, HAZE_UNIFORM};
use super::quads::QuadStream;
use super::shader::Program;
use super::skid_marks::{Segment, SkidMarks, FADE_S, HOLD_S};
use glam::{Mat4, Vec3};

const VERTEX: &str = r#"#version 330 core
layout(location = 0) in vec3 a_pos;
layout(location = 1) in vec3 a_shade;
layout(location = 2) in vec3 a_alpha_born_across;
uniform mat4 u_view_proj;
out vec3 v_world;
out vec3 v_shade;
out vec3 v_abc;
void main() {
    v_world = a_pos;
    v_shade = a_shade;
    v_abc = a_alpha_born_across;
    gl_Position = u_view_proj * vec4(a_pos, 1.0);
}
"#;

const FRAGMENT_HEAD: &str = r#"#version 330 core
in vec3 v_world;
in vec3 v_shade;
in vec3 v_abc;
uniform float u_now;
uniform float u_hold;
uniform float u_fade;
uniform vec3 u_eye;
out vec4 frag;
"#;

const FRAGMENT_MAIN: &str = r#"
void main() {
    float age = u_now - v_abc.y;
    float life = 1.0 - clamp((age - u_hold) / u_fade, 0.0, 1.0);
    float across = abs(v_abc.z);
    // Soft sides, and the tread's grooves as faint lengthwise streaks.
    float edge = 1.0 - across * across * across * across;
    float tread = 0.85 + 0.15 * step(0.0, sin(across * 14.0));
    // The fog hides a distant mark as it hides the ground under it.
    float fog = fog_amount(length(v_world - u_eye));
    float a = v_abc.x * life * edge * tread * (1.0 - fog);
    if (a <= 0.003) discard;
    // Blended as src × dst: the ground times the mark's shade where it is opaque.
    frag = vec4(mix(vec3(1.0), v_shade, a), 1.0);
}
"#;

/// A vertex's attributes' components: position 3, shade 3, (alpha, born, across) 3.
const SEGMENT_COMPONENTS: [usize; 3] = [3, 3, 3];
/// Floats per vertex.
const STRIDE: usize = 9;
/// Floats per segment (four vertices).
const SEGMENT_FLOATS: usize = 4 * STRIDE;

/// The GPU side of the skid marks.
pub struct SkidMarkDraw {
    program: Program,
    /// The vertex buffer, for the ring capacity it was made for (made at the first ring).
    quads: Option<(QuadStream, usize)>,
    /// Vertices of one upload, sized for the whole ring once.
    scratch: Vec<f32>,
    /// The ring last synced and the version it was synced to.
    synced: (u64, u64),
    u_view_proj: i32,
    u_now: i32,
    u_hold: i32,
    u_fade: i32,
    u_eye: i32,
    u_haze: i32,
}

impl SkidMarkDraw {
    /// GPU memory of the marks' buffers (none before the first ring is drawn), bytes.
    pub fn bytes(&self) -> usize {
        self.quads.as_ref().map_or(0, |(q, _)| q.bytes())
    }

    /// Compiles the shader; buffers come with the first ring drawn.
    pub fn new() -> Result<Self, super::RenderError> {
        let fragment = format!("{FRAGMENT_HEAD}{FOG_GLSL}{FRAGMENT_MAIN}");
        let program = Program::new("skid marks", VERTEX, &fragment)?;
        Ok(Self {
            u_view_proj: program.uniform("u_view_proj"),
            u_now: program.uniform("u_now"),
            u_hold: program.uniform("u_hold"),
            u_fade: program.uniform("u_fade"),
            u_eye: program.uniform("u_eye"),
            u_haze: program.uniform(HAZE_UNIFORM),
            program,
            quads: None,
            scratch: Vec::new(),
            synced: (0, 0),
        })
    }

    /// Forgets what was uploaded: the next ring is uploaded whole (the level restarted).
    pub fn forget(&mut self) {
        self.synced = (0, 0);
    }

    /// Uploads the segments of `marks` changed since the last call: each run of changed
    /// slots in one `glBufferSubData`. The buffer is made (or remade, for a ring of another
    /// capacity) here, never per frame.
    fn sync(&mut self, marks: &SkidMarks) {
        let capacity = marks.capacity();
        if self.quads.as_ref().map(|q| q.1) != Some(capacity) {
            self.quads = Some((QuadStream::new(capacity, &SEGMENT_COMPONENTS), capacity));
            self.scratch = Vec::with_capacity(capacity * SEGMENT_FLOATS);
            self.synced = (0, 0);
        }
        if self.synced.0 != marks.ring() {
            self.synced = (marks.ring(), 0);
        }
        let since = self.synced.1;
        if marks.version() == since {
            return;
        }
        let Some((quads, _)) = &self.quads else {
            return;
        };
        let versions = &marks.versions()[..marks.in_use()];
        let segments = marks.segments();
        let mut i = 0;
        while i < versions.len() {
            if versions[i] <= since {
                i += 1;
                continue;
            }
            let first = i;
            self.scratch.clear();
            while i < versions.len() && versions[i] > since {
                push_segment(&mut self.scratch, &segments[i]);
                i += 1;
            }
            quads.write(first, &self.scratch);
        }
        self.synced.1 = marks.version();
    }

    /// Draws `marks` seen through `view_proj` from `eye`, after the opaque scene and into
    /// its depth buffer.
    pub fn draw(&mut self, marks: &SkidMarks, view_proj: &Mat4, viewer: Viewer) {
        self.sync(marks);
        let Some((quads, _)) = &self.quads else {
            return;
        };
        if marks.in_use() == 0 {
            return;
        }
        self.draw_with_state(view_proj, viewer, marks.now_s(), || quads.draw_kept(marks.in_use()));
    }

    /// Draws one segment with no area, with the program and state [`SkidMarkDraw::draw`]
    /// uses, so the driver builds that pipeline now (`Renderer`'s warm-up) rather than at
    /// the first slide.
    pub fn warm(&self) {
        let quads = QuadStream::new(1, &SEGMENT_COMPONENTS);
        let nowhere = Viewer {
            eye: Vec3::ZERO,
            haze_m: FOG_SCALE_M,
        };
        self.draw_with_state(&Mat4::IDENTITY, nowhere, 0.0, || quads.draw(&[0.0; SEGMENT_FLOATS]));
    }

    fn draw_with_state(&self, view_proj: &Mat4, viewer: Viewer, now_s: f32, draw: impl FnOnce()) {
        self.program.bind();
        // SAFETY: uniforms of the bound program, then blend, depth and offset state on the
        // current context, restored below.
        unsafe {
            gl::UniformMatrix4fv(self.u_view_proj, 1, gl::FALSE, view_proj.to_cols_array().as_ptr());
            gl::Uniform1f(self.u_now, now_s);
            gl::Uniform1f(self.u_hold, HOLD_S);
            gl::Uniform1f(self.u_fade, FADE_S);
            gl::Uniform3fv(self.u_eye, 1, viewer.eye.to_array().as_ptr());
            set_haze(self.u_haze, viewer.haze_m);
            gl::Enable(gl::BLEND);
            gl::BlendFunc(gl::DST_COLOR, gl::ZERO);
            gl::DepthMask(gl::FALSE);
            gl::Disable(gl::CULL_FACE);
            gl::Enable(gl::POLYGON_OFFSET_FILL);
            gl::PolygonOffset(-1.0, -2.0);
        }
        draw();
        // SAFETY: as above.
        unsafe {
            gl::Disable(gl::POLYGON_OFFSET_FILL);
            gl::DepthMask(gl::TRUE);
            gl::Disable(gl::BLEND);
            gl::Enable(gl::CULL_FACE);
        }
    }
}

/// A segment's four vertices: start left, start right, end right, end left (the quad
/// stream's two triangles are 0-1-2 and 0-2-3).
fn push_segment(out: &mut Vec<f32>, s: &Segment) {
    let [r, g, b] = s.look.shade;
    for (p, alpha, across) in [
        (s.start[0], s.alpha[0], -1.0f32),
        (s.start[1], s.alpha[0], 1.0),
        (s.end[1], s.alpha[1], 1.0),
        (s.end[0], s.alpha[1], -1.0),
    ] {
        out.extend_from_slice(&[p.x, p.y, p.z, r, g, b, alpha, s.born_s, across]);
    }
}
