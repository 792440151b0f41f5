//! The lit pass's shader source (chunks, props, the boxes of a car without a model): the
//! ground's detail texture by material, sun with the shared shadow lookup, sky light, wet
//! sheen and fog. Assembled in `lit_program.rs` with the sky's GLSL function (both
//! stages), the fog's (vertex) and the shadow's (fragment) between head and main; the wet
//! sheen only where `SHEEN` is defined (the sheen program).

pub(super) const VERTEX_HEAD: &str = r#"#version 330 core
uniform vec3 u_sun_dir;
uniform vec3 u_sky;
uniform vec3 u_eye;
// Per material id: (texture layer or −1, repeats per metre, sheen, 0).
uniform vec4 u_surface[32];
// 0 in the friction view: flat μ colours, no texture detail.
uniform int u_detail;
uniform sampler2DArray u_ground;
"#;

pub(super) const VERTEX_MAIN: &str = r#"
layout(location = 0) in vec3 a_pos;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec4 a_color;
// The vertex's material id (chunk meshes; −1 for meshes without one: props, cars).
layout(location = 3) in float a_material;
uniform mat4 u_model;
uniform mat4 u_view_proj;
uniform mat4 u_light_vp;
out vec3 v_world;
out vec3 v_normal;
out vec4 v_color;
out vec4 v_light;
// The vertex's material's row of `u_surface` (layer −1: untextured). Looked up here, once
// a vertex, and passed flat: indexing a uniform array by a per-fragment value is a gather
// on llvmpipe, paid by every fragment.
flat out vec4 v_surface;
out vec4 v_fog;
// Macro variation, ×1 on average: the material's own texture read again, 7.3 times
// larger, turned 37° and from its mip four levels down (only its broad patches left),
// so patches spread over tens of metres and never line up with the tiles (the grass's
// 3 m repeat read as a checkerboard toward the horizon). Read per vertex: read per
// fragment it cost llvmpipe 29 % more instructions a frame on the circuit.
out vec3 v_macro;
void main() {
    vec4 world = u_model * vec4(a_pos, 1.0);
    int material = int(floor(a_material + 0.5));
    v_surface = (u_detail != 0 && material >= 0 && material < 32) ? u_surface[material] : vec4(-1.0, 0.0, 0.0, 0.0);
    vec2 macro_uv = mat2(0.799, 0.602, -0.602, 0.799) * world.xz * (v_surface.y * 0.137);
    // As the texture varies, no stronger: chunk meshes are decimated where the ground is
    // flat, and tripled the variation drew the large triangles' edges as bands.
    v_macro = v_surface.x >= 0.0
        ? textureLod(u_ground, vec3(macro_uv, v_surface.x), 4.0).rgb * (255.0 / 127.5)
        : vec3(1.0);
    // The fog: the sky's colour in the direction of the vertex (the same function the sky
    // pass draws) and how much of the surface it hides. Per vertex, like the fixed-function
    // fog of the Xbox's generation: the haze varies over hundreds of metres, far slower
    // than a triangle, and a fragment then pays only the mix.
    vec3 to_vertex = world.xyz - u_eye;
    v_fog = vec4(sky_colour(normalize(to_vertex)), fog_amount(length(to_vertex)));
    v_world = world.xyz;
    v_normal = transpose(inverse(mat3(u_model))) * a_normal;
    v_color = a_color;
    v_light = u_light_vp * world;
    gl_Position = u_view_proj * world;
}
"#;

pub(super) const FRAGMENT_HEAD: &str = r#"#version 330 core
in vec3 v_world;
in vec3 v_normal;
in vec4 v_color;
in vec4 v_light;
flat in vec4 v_surface;
in vec4 v_fog;
in vec3 v_macro;
uniform vec3 u_color;
uniform sampler2DShadow u_shadow;
uniform float u_shadow_texel;
uniform vec3 u_sun_dir;
uniform vec3 u_sky;
uniform vec3 u_eye;
uniform float u_alpha;
uniform sampler2DArray u_ground;
out vec4 frag;
"#;

pub(super) const FRAGMENT_MAIN: &str = r#"
void main() {
    vec3 n = normalize(v_normal);
    vec3 albedo = u_color * v_color.rgb;
    vec4 surface = v_surface;
    // Planar mapping along the face's main axis (ground: XZ; walls: ZY or XY). The one
    // texture fetch is made for every fragment, outside any branch, so its mip level's
    // derivatives are defined; untextured faces read one texel (scale 0) and ignore it.
    vec3 an = abs(n);
    vec2 uv = an.y >= max(an.x, an.z) ? v_world.xz : (an.x >= an.z ? v_world.zy : v_world.xy);
    vec4 detail = texture(u_ground, vec3(uv * surface.y, max(surface.x, 0.0)));
    float mirror = 0.0;
    if (surface.x >= 0.0) {
        // The texture's mean is ×1 (127.5 of 255): the material's colour stays the average
        // (the macro variation's too, near enough).
        albedo *= detail.rgb * v_macro * (255.0 / 127.5);
        mirror = surface.z * detail.a;
    } else {
        // 4 m ground tiles, as strong as the material asks, so motion and distance read.
        vec2 cell = floor(v_world.xz / 4.0);
        float c = mod(cell.x + cell.y, 2.0);
        albedo *= mix(1.0, mix(0.85, 1.08, c), v_color.a);
    }
    float sun = max(dot(n, -u_sun_dir), 0.0);
    float lit_fraction = sun > 0.0 ? sun_visible(v_light) : 1.0;
    sun *= lit_fraction;
    float sky = 0.5 + 0.5 * n.y;
    vec3 lit = albedo * (vec3(1.0, 0.96, 0.88) * sun * 0.85 + u_sky * sky * 0.35);
#ifdef SHEEN
    vec3 view_dir = normalize(v_world - u_eye);
    if (mirror > 0.0) {
        // A wet surface mirrors the sky: Schlick's Fresnel approximation (water, F0 0.02)
        // weighs the reflected sky, and the sun's highlight where it is not shadowed.
        vec3 r = reflect(view_dir, n);
        float f = 0.02 + 0.98 * pow(1.0 - max(dot(-view_dir, n), 0.0), 5.0);
        vec3 highlight = vec3(1.0, 0.95, 0.85) * pow(max(dot(r, -u_sun_dir), 0.0), 96.0) * lit_fraction;
        lit = mix(lit, sky_colour(r), clamp(f * mirror, 0.0, 1.0)) + highlight * mirror;
    }
#endif
    // The shared haze towards the sky's colour in that direction (`v_fog`), so the far
    // ground and a level's edge melt into the horizon.
    frag = vec4(mix(lit, v_fog.rgb, v_fog.a), u_alpha);
}
"#;
