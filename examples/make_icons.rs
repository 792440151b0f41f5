//! Draws Skidpad's application icon at every hicolor size a desktop or a handheld
//! launcher asks for, into `packaging/icons/hicolor/<N>x<N>/apps/skidpad.png` (the layout
//! they install under `/usr/share/icons/`). `scripts/package` copies those files; run this
//! only after changing the drawing, and look at every size before committing them.
//!
//! `cargo run --example make_icons [-- OUT_DIR]`
//!
//! The picture: a dark rounded tile of asphalt, the skidpad's painted circle, two black
//! tyre tracks that fade behind a small orange car drifting round it (nose in, tail out).
//! Every shape is a distance function sampled 8 × 8 times a pixel (antialiasing by
//! supersampling); small sizes drop the painted circle and thicken what is left, so a
//! 16-pixel icon still reads as a tile, a ring and a car. Deterministic: running it again
//! gives the same files.

use std::f32::consts::{PI, TAU};
use std::path::{Path, PathBuf};

const SIZES: [u32; 8] = [16, 24, 32, 48, 64, 128, 256, 512];
/// Subsamples a pixel, per axis.
const SUPERSAMPLE: u32 = 8;

type Rgba = [f32; 4];

fn hex(rgb: u32, a: f32) -> Rgba {
    let c = |s: u32| ((rgb >> s) & 0xff) as f32 / 255.0;
    [c(16), c(8), c(0), a]
}

/// `top` over `bottom`, both straight (not premultiplied) colours.
fn over(bottom: Rgba, top: Rgba) -> Rgba {
    let a = top[3] + bottom[3] * (1.0 - top[3]);
    if a <= 0.0 {
        return [0.0; 4];
    }
    let mut out = [0.0, 0.0, 0.0, a];
    for i in 0..3 {
        out[i] = (top[i] * top[3] + bottom[i] * bottom[3] * (1.0 - top[3])) / a;
    }
    out
}

fn mix(a: Rgba, b: Rgba, t: f32) -> Rgba {
    [0, 1, 2, 3].map(|i| a[i] + (b[i] - a[i]) * t)
}

/// Signed distance to a rounded rectangle centred on the origin (half extents `hx`, `hy`,
/// corner radius `r`): negative inside.
fn rounded_rect(x: f32, y: f32, hx: f32, hy: f32, r: f32) -> f32 {
    let qx = x.abs() - hx + r;
    let qy = y.abs() - hy + r;
    let outside = (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt();
    outside + qx.max(qy).min(0.0) - r
}

/// How the picture is drawn at one size: strokes never thinner than about a pixel.
struct Style {
    /// One pixel, in the picture's unit square.
    px: f32,
    painted_line: bool,
    /// Two tracks (the rear wheels'), or at the smallest sizes one bolder one.
    twin_tracks: bool,
    track_width: f32,
    car_scale: f32,
}

impl Style {
    fn for_size(size: u32) -> Style {
        let px = 1.0 / size as f32;
        Style {
            px,
            painted_line: size >= 32,
            twin_tracks: size >= 32,
            track_width: if size >= 32 { (0.034f32).max(1.1 * px) } else { 1.8 * px },
            car_scale: if size <= 24 { 1.25 } else { 1.0 },
        }
    }
}

/// The skidpad's centre and the radius the car drives.
const CENTRE: (f32, f32) = (0.5, 0.5);
const RADIUS: f32 = 0.27;
/// Where the car is on the circle (radians, counter-clockwise from +x, y up) and how far
/// its nose points inside the tangent (its drift angle).
const CAR_AT: f32 = 0.24 * PI;
const DRIFT: f32 = 0.42;
/// How much of the circle the tracks cover behind the car before they have faded.
const TRACK_SPAN: f32 = 1.55 * PI;

/// The colour at a point of the unit square (x right, y down, as in the image).
fn shade(x: f32, y: f32, s: &Style) -> Rgba {
    let mut c: Rgba = [0.0; 4];

    // The tile: a rounded square with a vertical gradient and a lighter rim at the top.
    let inset = if s.px > 0.03 { 0.0 } else { 0.035 };
    let half = 0.5 - inset;
    let corner = 0.2 * half * 2.0;
    let d_tile = rounded_rect(x - 0.5, y - 0.5, half, half, corner);
    if d_tile > 0.0 {
        return c;
    }
    let t = ((y - inset) / (1.0 - 2.0 * inset)).clamp(0.0, 1.0);
    c = over(c, mix(hex(0x6e7889, 1.0), hex(0x444b59, 1.0), t));
    let rim = (s.px * 1.2).max(0.012);
    if d_tile > -rim && s.px < 0.03 {
        c = over(c, hex(0xffffff, 0.10 * (1.0 - t)));
    }

    // Polar coordinates about the skidpad's centre, y up.
    let (dx, dy) = (x - CENTRE.0, CENTRE.1 - y);
    let r = (dx * dx + dy * dy).sqrt();
    let ang = dy.atan2(dx);

    // The painted circle: a thin white line on the driven radius, dashed.
    if s.painted_line {
        let w = (0.007f32).max(0.6 * s.px);
        let dash = ((ang.rem_euclid(TAU)) / TAU * 36.0).fract() < 0.5;
        if (r - RADIUS).abs() < w && dash {
            c = over(c, hex(0xf2efe6, 0.6));
        }
    }

    // The tyre tracks: the rear wheels' two arcs behind the car (which goes
    // counter-clockwise), fading with the angle behind it.
    let behind = (CAR_AT - ang).rem_euclid(TAU);
    if behind < TRACK_SPAN {
        let fade = 1.0 - behind / TRACK_SPAN;
        // The tail swings out: the tracks sit a little outside the driven radius.
        let mid = RADIUS + 0.02 * s.car_scale;
        let lanes: &[f32] = if s.twin_tracks {
            &[mid - 0.052, mid + 0.052]
        } else {
            &[mid]
        };
        for lane in lanes {
            if (r - lane).abs() < s.track_width / 2.0 {
                c = over(c, hex(0x0d0e12, 0.92 * fade.powf(0.6)));
            }
        }
    }

    // The car, in its own frame: u forward, v to its left, units of the unit square.
    let (cx, cy) = (CENTRE.0 + RADIUS * CAR_AT.cos(), CENTRE.1 - RADIUS * CAR_AT.sin());
    let heading = CAR_AT + PI / 2.0 + DRIFT;
    let (px, py) = (x - cx, cy - y);
    let k = 1.0 / s.car_scale;
    let u = (px * heading.cos() + py * heading.sin()) * k;
    let v = (-px * heading.sin() + py * heading.cos()) * k;
    c = over(c, car(u, v, s));
    c
}

/// The car from above, its centre at the origin, pointing along +u.
fn car(u: f32, v: f32, s: &Style) -> Rgba {
    let mut c: Rgba = [0.0; 4];
    let small = s.px > 0.03;
    // A soft shadow under it.
    let d_shadow = rounded_rect(u + 0.012, v + 0.012, 0.135, 0.082, 0.05);
    if d_shadow < 0.02 {
        c = over(
            c,
            hex(0x000000, 0.35 * (1.0 - (d_shadow + 0.02) / 0.04).clamp(0.0, 1.0)),
        );
    }
    // Wheels, sticking out of the body's sides.
    for (wu, wv) in [(0.082, 0.07), (0.082, -0.07), (-0.082, 0.07), (-0.082, -0.07)] {
        if rounded_rect(u - wu, v - wv, 0.036, 0.02, 0.008) < 0.0 {
            c = over(c, hex(0x101114, 1.0));
        }
    }
    // The body: orange-red, a little lighter at its centre line.
    let d_body = rounded_rect(u, v, 0.135, 0.074, 0.045);
    if d_body < 0.0 {
        let light = 1.0 - (v.abs() / 0.074).min(1.0);
        c = over(c, mix(hex(0xd2381f, 1.0), hex(0xff6a3d, 1.0), 0.6 * light));
        if small {
            // At 16 and 24 px only the windscreen, as one dark band.
            if (0.01..0.06).contains(&u) && v.abs() < 0.055 {
                c = over(c, hex(0x1a2230, 1.0));
            }
            return c;
        }
        // Windscreen, roof, rear window.
        let d_glass = rounded_rect(u - 0.005, v, 0.062, 0.056, 0.02);
        if d_glass < 0.0 {
            let front = u > 0.018;
            let rear = u < -0.04;
            let glass = if front || rear {
                hex(0x1a2230, 1.0)
            } else {
                hex(0xc9321b, 1.0)
            };
            c = over(c, glass);
            if front && (u - 0.04).abs() < 0.006 && v > 0.0 {
                c = over(c, hex(0xffffff, 0.25));
            }
        }
        // A white stripe down the bonnet and the boot.
        if v.abs() < 0.012 && !(-0.06..=0.07).contains(&u) {
            c = over(c, hex(0xf4efe6, 0.95));
        }
        // Headlamps.
        for side in [-1.0f32, 1.0] {
            if rounded_rect(u - 0.122, v - side * 0.05, 0.01, 0.016, 0.006) < 0.0 {
                c = over(c, hex(0xfff2b0, 1.0));
            }
        }
    }
    c
}

fn render(size: u32) -> Vec<u8> {
    let style = Style::for_size(size);
    let n = SUPERSAMPLE;
    let mut out = Vec::with_capacity((size * size * 4) as usize);
    for py in 0..size {
        for px in 0..size {
            // Average premultiplied colour over the subsamples.
            let mut acc = [0.0f32; 4];
            for sy in 0..n {
                for sx in 0..n {
                    let x = (px as f32 + (sx as f32 + 0.5) / n as f32) / size as f32;
                    let y = (py as f32 + (sy as f32 + 0.5) / n as f32) / size as f32;
                    let c = shade(x, y, &style);
                    for i in 0..3 {
                        acc[i] += c[i] * c[3];
                    }
                    acc[3] += c[3];
                }
            }
            let a = acc[3] / (n * n) as f32;
            for i in 0..3 {
                let straight = if acc[3] > 0.0 { acc[i] / acc[3] } else { 0.0 };
                // Linear blending of sRGB values is close enough at these sizes.
                out.push((straight * 255.0).round().clamp(0.0, 255.0) as u8);
            }
            out.push((a * 255.0).round().clamp(0.0, 255.0) as u8);
        }
    }
    out
}

fn write_png(path: &Path, size: u32, rgba: &[u8]) {
    std::fs::create_dir_all(path.parent().unwrap()).expect("the icon directory can be made");
    let file = std::fs::File::create(path).expect("the icon file can be written");
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), size, size);
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(png::Compression::Best);
    let mut w = enc.write_header().expect("PNG header");
    w.write_image_data(rgba).expect("PNG data");
}

fn main() {
    let root: PathBuf = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("packaging/icons/hicolor"));
    for size in SIZES {
        let path = root.join(format!("{size}x{size}/apps/skidpad.png"));
        write_png(&path, size, &render(size));
        println!("{}", path.display());
    }
}
