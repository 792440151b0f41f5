//! Shader programs: compile, link, and report failures with the program's name and log.
//! Sources get the current context's header here (`glsl_dialect.rs`).

use super::glsl_dialect::{GlslDialect, SOURCE_VERSION};
use super::RenderError;
use std::ffi::CString;

/// A linked GL program.
pub struct Program {
    id: gl::types::GLuint,
}

impl Program {
    /// Compiles and links a vertex + fragment pair, both written in GLSL 3.30 core and
    /// starting with `#version 330 core`, for the current context's dialect. `name` appears
    /// in any error.
    pub fn new(name: &str, vertex_src: &str, fragment_src: &str) -> Result<Program, RenderError> {
        let dialect = GlslDialect::of_current_context();
        let vs = compile(
            name,
            "vertex",
            gl::VERTEX_SHADER,
            &for_dialect(name, "vertex", dialect, vertex_src)?,
        )?;
        let fragment_src = for_dialect(name, "fragment", dialect, fragment_src)?;
        let fs = match compile(name, "fragment", gl::FRAGMENT_SHADER, &fragment_src) {
            Ok(fs) => fs,
            Err(e) => {
                // SAFETY: vs is a shader object we created.
                unsafe { gl::DeleteShader(vs) };
                return Err(e);
            }
        };
        // SAFETY: standard GL program creation with objects created above; the context is
        // current (the platform made it current before any renderer exists).
        unsafe {
            let id = gl::CreateProgram();
            gl::AttachShader(id, vs);
            gl::AttachShader(id, fs);
            gl::LinkProgram(id);
            gl::DeleteShader(vs);
            gl::DeleteShader(fs);
            let mut ok = 0;
            gl::GetProgramiv(id, gl::LINK_STATUS, &mut ok);
            if ok == 0 {
                let log = info_log(id, gl::GetProgramiv, gl::GetProgramInfoLog);
                gl::DeleteProgram(id);
                return Err(RenderError::Link {
                    name: name.to_string(),
                    log,
                });
            }
            Ok(Program { id })
        }
    }

    /// Makes this the current program.
    pub fn bind(&self) {
        // SAFETY: id is a linked program.
        unsafe { gl::UseProgram(self.id) };
    }

    /// Location of a uniform (−1 when the driver optimised it away; setting −1 is a no-op).
    pub fn uniform(&self, name: &str) -> i32 {
        let c = CString::new(name).unwrap_or_default();
        // SAFETY: c is NUL-terminated; id is a linked program.
        unsafe { gl::GetUniformLocation(self.id, c.as_ptr()) }
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        // SAFETY: id is a program we own.
        unsafe { gl::DeleteProgram(self.id) };
    }
}

/// `src` with `dialect`'s header, or a compile error naming the program when it lacks the
/// version line the header replaces.
fn for_dialect(name: &str, stage: &'static str, dialect: GlslDialect, src: &str) -> Result<String, RenderError> {
    dialect.source_for(src).ok_or_else(|| RenderError::Compile {
        name: name.to_string(),
        stage,
        log: format!("the source must start with `{}`", SOURCE_VERSION.trim_end()),
    })
}

type GetIv = unsafe fn(gl::types::GLuint, gl::types::GLenum, *mut gl::types::GLint);
type GetLog = unsafe fn(gl::types::GLuint, gl::types::GLsizei, *mut gl::types::GLsizei, *mut gl::types::GLchar);

unsafe fn info_log(id: gl::types::GLuint, get_iv: GetIv, get_log: GetLog) -> String {
    let mut len = 0;
    get_iv(id, gl::INFO_LOG_LENGTH, &mut len);
    let mut buf = vec![0u8; len.max(1) as usize];
    let mut written = 0;
    get_log(id, buf.len() as i32, &mut written, buf.as_mut_ptr().cast());
    buf.truncate(written.max(0) as usize);
    String::from_utf8_lossy(&buf).trim().to_string()
}

fn compile(
    name: &str,
    stage: &'static str,
    kind: gl::types::GLenum,
    src: &str,
) -> Result<gl::types::GLuint, RenderError> {
    let c = CString::new(src).map_err(|_| RenderError::Compile {
        name: name.to_string(),
        stage,
        log: "source contains a NUL byte".into(),
    })?;
    // SAFETY: c outlives the call; the shader object is ours.
    unsafe {
        let id = gl::CreateShader(kind);
        gl::ShaderSource(id, 1, &c.as_ptr(), std::ptr::null());
        gl::CompileShader(id);
        let mut ok = 0;
        gl::GetShaderiv(id, gl::COMPILE_STATUS, &mut ok);
        if ok == 0 {
            let log = info_log(id, gl::GetShaderiv, gl::GetShaderInfoLog);
            gl::DeleteShader(id);
            return Err(RenderError::Compile {
                name: name.to_string(),
                stage,
                log,
            });
        }
        Ok(id)
    }
}
