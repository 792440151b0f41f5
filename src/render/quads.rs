//! A vertex buffer of quads rewritten every frame (particles, HUD), drawn through a fixed
//! index buffer of two triangles per quad. Sized once for a capacity; never reallocates.

/// Up to `capacity` quads of interleaved f32 attributes.
pub struct QuadStream {
    vao: u32,
    vbo: u32,
    ebo: u32,
    capacity: usize,
    floats_per_vertex: usize,
}

impl QuadStream {
    /// GPU memory its buffers hold: the vertex buffer for `capacity` quads and the index
    /// buffer, bytes.
    pub fn bytes(&self) -> usize {
        self.capacity * 4 * self.floats_per_vertex * 4 + self.capacity * 6 * 4
    }
}

impl QuadStream {
    /// Buffers for `capacity` quads whose vertices are the f32 attributes with these
    /// component counts, in order (attribute locations 0, 1, 2…).
    pub fn new(capacity: usize, components: &[usize]) -> QuadStream {
        let capacity = capacity.max(1);
        let floats_per_vertex: usize = components.iter().sum();
        let indices: Vec<u32> = (0..capacity as u32)
            .flat_map(|i| [i * 4, i * 4 + 1, i * 4 + 2, i * 4, i * 4 + 2, i * 4 + 3])
            .collect();
        let (mut vao, mut vbo, mut ebo) = (0, 0, 0);
        // SAFETY: buffers created and filled from live slices of the sizes given; the
        // attribute pointers walk `components` within one vertex of `floats_per_vertex`.
        unsafe {
            gl::GenVertexArrays(1, &mut vao);
            gl::GenBuffers(1, &mut vbo);
            gl::GenBuffers(1, &mut ebo);
            gl::BindVertexArray(vao);
            gl::BindBuffer(gl::ARRAY_BUFFER, vbo);
            gl::BufferData(
                gl::ARRAY_BUFFER,
                (capacity * 4 * floats_per_vertex * 4) as isize,
                std::ptr::null(),
                gl::STREAM_DRAW,
            );
            gl::BindBuffer(gl::ELEMENT_ARRAY_BUFFER, ebo);
            gl::BufferData(
                gl::ELEMENT_ARRAY_BUFFER,
                std::mem::size_of_val(indices.as_slice()) as isize,
                indices.as_ptr().cast(),
                gl::STATIC_DRAW,
            );
            let stride = (floats_per_vertex * 4) as i32;
            let mut offset = 0usize;
            for (location, n) in components.iter().enumerate() {
                gl::EnableVertexAttribArray(location as u32);
                gl::VertexAttribPointer(
                    location as u32,
                    *n as i32,
                    gl::FLOAT,
                    gl::FALSE,
                    stride,
                    (offset * 4) as *const _,
                );
                offset += n;
            }
            gl::BindVertexArray(0);
        }
        QuadStream {
            vao,
            vbo,
            ebo,
            capacity,
            floats_per_vertex,
        }
    }

    /// Floats one quad takes.
    pub fn floats_per_quad(&self) -> usize {
        self.floats_per_vertex * 4
    }

    /// Uploads `vertices` (whole quads; anything past the capacity is dropped) and draws
    /// them with the bound program and the current blend and depth state.
    pub fn draw(&self, vertices: &[f32]) {
        let quads = (vertices.len() / self.floats_per_quad()).min(self.capacity);
        if quads == 0 {
            return;
        }
        // SAFETY: uploads at most `capacity` quads into our buffer, sized for that many.
        unsafe {
            gl::BindVertexArray(self.vao);
            gl::BindBuffer(gl::ARRAY_BUFFER, self.vbo);
            gl::BufferSubData(
                gl::ARRAY_BUFFER,
                0,
                (quads * self.floats_per_quad() * 4) as isize,
                vertices.as_ptr().cast(),
            );
            gl::DrawElements(gl::TRIANGLES, (quads * 6) as i32, gl::UNSIGNED_INT, std::ptr::null());
            gl::BindVertexArray(0);
        }
    }
}

impl QuadStream {
    /// Overwrites quads `first_quad..` with `vertices` (whole quads; anything past the
    /// capacity is dropped), leaving the rest of the buffer as it was: for buffers that
    /// keep their quads between frames and change a few (skid marks).
    pub fn write(&self, first_quad: usize, vertices: &[f32]) {
        let quads = (vertices.len() / self.floats_per_quad()).min(self.capacity.saturating_sub(first_quad));
        if quads == 0 {
            return;
        }
        let bytes_per_quad = self.floats_per_quad() * 4;
        // SAFETY: writes quads first_quad..first_quad + quads, within the buffer's capacity.
        unsafe {
            gl::BindBuffer(gl::ARRAY_BUFFER, self.vbo);
            gl::BufferSubData(
                gl::ARRAY_BUFFER,
                (first_quad * bytes_per_quad) as isize,
                (quads * bytes_per_quad) as isize,
                vertices.as_ptr().cast(),
            );
        }
    }

    /// Draws the first `quads` quads as they are in the buffer, with the bound program and
    /// the current blend and depth state: one draw call.
    pub fn draw_kept(&self, quads: usize) {
        let quads = quads.min(self.capacity);
        if quads == 0 {
            return;
        }
        // SAFETY: draws indices of at most `capacity` quads, all in the index buffer.
        unsafe {
            gl::BindVertexArray(self.vao);
            gl::DrawElements(gl::TRIANGLES, (quads * 6) as i32, gl::UNSIGNED_INT, std::ptr::null());
            gl::BindVertexArray(0);
        }
    }
}

impl Drop for QuadStream {
    fn drop(&mut self) {
        // SAFETY: deletes objects we own.
        unsafe {
            gl::DeleteVertexArrays(1, &self.vao);
            gl::DeleteBuffers(1, &self.vbo);
            gl::DeleteBuffers(1, &self.ebo);
        }
    }
}
