//! The OpenGL renderer, on a 3.3 core or an ES 3.0 context (`glsl_dialect.rs`). It reads
//! [`Snapshot`](crate::sim::Snapshot)s and a [`SceneDesc`]; it never touches the simulation. GL function pointers are loaded by the
//! platform layer before a [`Renderer`] is made.

mod billboards;
mod camera;
mod car_lod;
mod car_model;
mod car_paint;
mod caster_tiles;
mod cloud_texture;
mod decor_lod;
mod draw_order;
mod draw_stats;
mod dynamic_resolution;
mod fog;
mod font_atlas;
mod fragment_counter;
mod friction_view;
mod frustum;
mod gpu_timer;
mod ground_chunks;
// Namespaces callers read through: `gl_check::check` (the GL error check a front end runs
// after its own GL calls) and `particles` (the pool fed by sim events, and its limits).
pub mod gl_check;
mod glsl_dialect;
mod hud;
mod lit_program;
mod lit_shader;
mod mesh;
mod mip_chain;
pub mod particles;
mod preview_image;
mod prop_model;
mod quads;
mod readback;
mod scene;
mod scene_desc;
mod scene_target;
mod shader;
mod shadow;
mod shadow_casters;
mod shadow_footprint;
mod shadow_reach;
mod shadow_reuse;
mod skid_mark_draw;
mod skid_marks;
mod sky;
mod surface_look;
mod texture_array;
mod textures;
mod viewport;

pub use camera::{fov_y_for_aspect, Camera, MAX_FOV_X_DEG};
pub use car_lod::{FAR_BODY_MAX_PX, FAR_WHEEL_MAX_PX, FAR_WHEEL_SIDES};
pub use car_model::{mesh_width_m, wheel_scale};
pub use car_paint::{ai_paint, ai_paint_avoiding, ai_paint_slot, paint_color, Scuffs, MAX_SCUFFS, NEAR_PAINT, PAINTS};
pub use decor_lod::FAR_DECOR_MAX_PX;
pub use draw_stats::{FrameDrawStats, GpuMemory, PassDrawStats};
pub use dynamic_resolution::{DynamicResolution, SceneDetail, MAX_DETAIL_STEPS, MIN_SCALE};
pub use fog::{fog_amount, FOG_SCALE_M};
pub use font_atlas::CAP_HEIGHT_EM;
pub use friction_view::GroundView;
pub use hud::{face_sizes_px, Hud, TextSize, MIN_CAPS_PX, MIN_CAP_PLAY_PX, MIN_CAP_REST_PX};
pub use preview_image::PreviewImage;
pub use readback::{read_back_buffer, wait_for_gpu, Image};
pub use scene::{CarLook, FrameView, Renderer, SceneDesc};
pub use scene_desc::{SurfaceTexture, WheelSize, MAX_TEXTURED_MATERIALS};
pub use skid_marks::SkidMarks;
pub use surface_look::{SurfaceLook, SurfaceLooks};
pub use viewport::ViewRect;

/// Why rendering could not start: a shader that does not compile or link (with the
/// driver's log), or a GL error.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// A shader stage failed to compile.
    #[error("shader `{name}` ({stage}) failed to compile:\n{log}")]
    Compile {
        /// Which program.
        name: String,
        /// "vertex" or "fragment".
        stage: &'static str,
        /// The driver's info log.
        log: String,
    },
    /// A program failed to link.
    #[error("shader `{name}` failed to link:\n{log}")]
    Link {
        /// Which program.
        name: String,
        /// The driver's info log.
        log: String,
    },
    /// The menu font could not be rasterised.
    #[error("menu font: {log}")]
    Font {
        /// What went wrong, and with which size.
        log: String,
    },
    /// `glGetError` reported an error after a call.
    #[error("GL error 0x{code:04x} after {what}")]
    Gl {
        /// The error code.
        code: u32,
        /// Which call.
        what: &'static str,
    },
}
