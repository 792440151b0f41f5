//! Sources rendered into buffers through the feed, a tick at a time: no device involved.

use super::*;
use crate::audio::car_voice::SQUEAL_THRESHOLD_W;
use crate::audio::feed::sound_feed;
use crate::audio::sound_frame::CarSound;
use crate::audio::spatial::SPEED_OF_SOUND_MPS;
use crate::content::material::{ImpactSound, RollingSound};
use glam::Vec3;

const TICK_HZ: u32 = 60;

/// Renders `seconds` of `frame_at(tick)`, sent a tick at a time as play sends them, after
/// half a second of the first frame to let the voices settle.
fn render_with(seconds: f32, mut frame_at: impl FnMut(u32) -> SoundFrame) -> Vec<f32> {
    let (mut feed, tap) = sound_feed();
    let mut m = Mixer::new(tap, TICK_HZ, -23.0);
    let tick = 2 * m.samples_per_tick() as usize;
    let mut scratch = vec![0.0; tick];
    for _ in 0..TICK_HZ / 2 {
        feed.send(frame_at(0));
        m.render(&mut scratch);
    }
    let ticks = (seconds * TICK_HZ as f32) as u32;
    let mut out = vec![0.0; tick * ticks as usize];
    for (t, chunk) in out.chunks_mut(tick).enumerate() {
        feed.send(frame_at(t as u32));
        m.render(chunk);
    }
    out
}

fn render(frame: SoundFrame, seconds: f32) -> Vec<f32> {
    render_with(seconds, |_| frame)
}

/// One car, the player's, at the listener.
fn engine(rpm: f32, load: f32) -> SoundFrame {
    let mut f = SoundFrame::default();
    f.push_car(CarSound {
        rpm,
        load,
        ..CarSound::default()
    });
    f
}

fn left(stereo: &[f32]) -> Vec<f32> {
    stereo.chunks(2).map(|f| f[0]).collect()
}

fn right(stereo: &[f32]) -> Vec<f32> {
    stereo.chunks(2).map(|f| f[1]).collect()
}

fn rms(x: &[f32]) -> f32 {
    (x.iter().map(|v| v * v).sum::<f32>() / x.len().max(1) as f32).sqrt()
}

/// Goertzel power of `f` Hz in `x`.
fn power(x: &[f32], f: f32) -> f32 {
    let w = std::f32::consts::TAU * f / SAMPLE_RATE as f32;
    let c = 2.0 * w.cos();
    let (mut s1, mut s2) = (0.0f32, 0.0f32);
    for v in x {
        let s = v + c * s1 - s2;
        s2 = s1;
        s1 = s;
    }
    s1 * s1 + s2 * s2 - c * s1 * s2
}

fn strongest(x: &[f32], lo: f32, hi: f32) -> f32 {
    let mut best = (lo, 0.0);
    let mut f = lo;
    while f <= hi {
        let p = power(x, f);
        if p > best.1 {
            best = (f, p);
        }
        f += 0.25;
    }
    best.0
}

#[test]
fn the_engines_fundamental_follows_rpm() {
    // A four-stroke four fires rpm/30 times a second: 60 Hz at 1800 rpm, 120 Hz at 3600.
    for rpm in [1800.0, 3600.0, 5400.0] {
        let x = left(&render(engine(rpm, 0.5), 0.5));
        let expected = rpm / 30.0;
        // Search above the crank component (rpm/60) and below the second harmonic.
        let found = strongest(&x, expected * 0.75, expected * 1.4);
        assert!(
            (found / expected - 1.0).abs() < 0.02,
            "{rpm} rpm: strongest at {found} Hz, expected {expected}"
        );
    }
}

#[test]
fn squeal_only_above_the_slip_threshold() {
    let sliding = |w: f32| {
        let mut f = SoundFrame::default();
        f.push_car(CarSound {
            slip_power_w: w,
            ..CarSound::default()
        });
        f
    };
    let quiet = render(sliding(SQUEAL_THRESHOLD_W * 0.8), 0.25);
    assert!(quiet.iter().all(|s| *s == 0.0), "squeal below the threshold");
    let loud = left(&render(sliding(50_000.0), 0.25));
    assert!(rms(&loud) > 0.01, "squeal rms {}", rms(&loud));
    // And it sits around 1.5 kHz.
    assert!(power(&loud, 1500.0) > 20.0 * power(&loud, 300.0));
}

#[test]
fn silence_with_no_car_and_nothing_happening() {
    let x = render(SoundFrame::default(), 0.5);
    assert!(x.iter().all(|s| *s == 0.0));
}

#[test]
fn no_clipping_with_a_field_at_full_load_and_everything_playing() {
    let volumes = crate::settings::Volumes {
        master: 1.0,
        engine: 1.0,
        tires: 1.0,
        impacts: 1.0,
        wind: 1.0,
    };
    let mut f = SoundFrame::quiet(volumes);
    for i in 0..8 {
        f.push_car(CarSound {
            position_m: Vec3::new(i as f32 - 4.0, 0.0, -3.0),
            rpm: 6500.0,
            load: 1.0,
            slip_power_w: 500_000.0,
            ..CarSound::default()
        });
    }
    f.wind_speed_mps = 80.0;
    let x = render_with(0.5, |t| {
        let mut f = f;
        if t == 0 {
            for _ in 0..4 {
                f.push_event(SoundEvent::Impact {
                    position_m: Vec3::ZERO,
                    loudness: 1.0,
                    sound: ImpactSound::Concrete,
                });
            }
        }
        f
    });
    let peak = x.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    assert!(peak < 1.0, "peak {peak}");
    assert!(peak > 0.3, "suspiciously quiet: {peak}");
}

#[test]
fn an_impact_is_heard_where_it_happened_and_dies_away() {
    // Twenty metres to the listener's right.
    let x = render_with(2.0, |t| {
        let mut f = SoundFrame::default();
        if t == 0 {
            f.push_event(SoundEvent::Impact {
                position_m: Vec3::new(20.0, 0.0, 0.0),
                loudness: 0.8,
                sound: ImpactSound::Concrete,
            });
        }
        f
    });
    let (l, r) = (left(&x), right(&x));
    let n = SAMPLE_RATE as usize / 10;
    assert!(rms(&r[..n]) > 0.01, "impact too quiet: {}", rms(&r[..n]));
    assert!(
        rms(&r[..n]) > 10.0 * rms(&l[..n]),
        "not on the right: {} vs {}",
        rms(&r[..n]),
        rms(&l[..n])
    );
    assert!(rms(&r[r.len() - n..]) < rms(&r[..n]) * 0.05, "impact does not decay");
}

#[test]
fn a_menu_blip_is_a_short_tone_at_its_pitch() {
    let x = left(&render_with(0.2, |t| {
        let mut f = SoundFrame::default();
        if t == 0 {
            f.push_event(SoundEvent::Blip { pitch_hz: 660.0 });
        }
        f
    }));
    // The first 30 ms hold the tone: 660 Hz stands far above a fifth away (990 Hz).
    let head = &x[..SAMPLE_RATE as usize * 3 / 100];
    assert!(power(head, 660.0) > 50.0 * power(head, 990.0), "not a 660 Hz tone");
    // Its amplitude falls by e every ~25 ms (BLIP_DECAY): after 150 ms it is under 1 %.
    let peak = |s: &[f32]| s.iter().fold(0.0f32, |m, v| m.max(v.abs()));
    let tail = &x[SAMPLE_RATE as usize * 15 / 100..];
    assert!(peak(head) > 0.05, "blip too quiet: {}", peak(head));
    assert!(peak(tail) < 0.01 * peak(head), "blip still sounding: {}", peak(tail));
}

/// A car at 40 m/s passes 10 m in front of a still listener, left to right, its engine
/// at 3 000 rpm (100 Hz). Coming, it is heard on the left and higher, by OpenAL's Doppler
/// formula c/(c − v·cos θ) = 1.131 at x = −100 m; going, on the right and lower,
/// c/(c + v·cos θ) = 0.896 at x = +100 m.
#[test]
fn a_pass_is_heard_coming_on_the_left_and_going_on_the_right_lower() {
    let speed_mps = 40.0;
    let start_x = -150.0;
    let at = |t: u32| start_x + speed_mps * t as f32 / TICK_HZ as f32;
    let x = render_with(300.0 / speed_mps, |t| {
        let mut f = SoundFrame::default();
        // The player's own car, silent, stands at the listener.
        f.push_car(CarSound::default());
        f.push_car(CarSound {
            position_m: Vec3::new(at(t), 0.0, -10.0),
            velocity_mps: Vec3::new(speed_mps, 0.0, 0.0),
            rpm: 3000.0,
            load: 0.5,
            slip_power_w: 0.0,
            ..CarSound::default()
        });
        f
    });
    let (l, r) = (left(&x), right(&x));
    // A quarter second centred where the car is at x.
    let window = |ch: &[f32], x_m: f32| {
        let t_s = (x_m - start_x) / speed_mps;
        let mid = (t_s * SAMPLE_RATE as f32) as usize;
        let half = SAMPLE_RATE as usize / 8;
        ch[mid - half..mid + half].to_vec()
    };
    let (coming_l, coming_r) = (window(&l, -100.0), window(&r, -100.0));
    let (going_l, going_r) = (window(&l, 100.0), window(&r, 100.0));
    assert!(rms(&coming_l) > 3.0 * rms(&coming_r), "coming not on the left");
    assert!(rms(&going_r) > 3.0 * rms(&going_l), "going not on the right");
    let cos = 100.0 / 100.0f32.hypot(10.0);
    let c = SPEED_OF_SOUND_MPS;
    for (ch, expected) in [
        (&coming_l, 100.0 * c / (c - speed_mps * cos)),
        (&going_r, 100.0 * c / (c + speed_mps * cos)),
    ] {
        let found = strongest(ch, 80.0, 125.0);
        // A quarter second resolves about 4 Hz; the peak of a steady tone within 1 %.
        assert!(
            (found / expected - 1.0).abs() < 0.015,
            "heard {found} Hz, expected {expected:.1}"
        );
    }
    // Passing closest, the car is loudest.
    let closest = rms(&window(&l, 0.0)) + rms(&window(&r, 0.0));
    assert!(closest > 2.0 * (rms(&coming_l) + rms(&coming_r)));
}

/// A field of eight: the player's car and the three nearest are voiced in full, so a car
/// fifth nearest loses its upper harmonics; alone at the same place it has them.
#[test]
fn the_nearest_cars_are_voiced_in_full_and_the_rest_cheaply() {
    let far_rpm = 4_200.0; // 140 Hz, unlike the others' 100 Hz
    let field = |others: bool| {
        let mut f = SoundFrame::default();
        f.push_car(CarSound::default());
        if others {
            for i in 0..6 {
                f.push_car(CarSound {
                    position_m: Vec3::new(-30.0, 0.0, -5.0 * i as f32),
                    rpm: 3_000.0,
                    load: 1.0,
                    ..CarSound::default()
                });
            }
        }
        f.push_car(CarSound {
            position_m: Vec3::new(60.0, 0.0, 0.0),
            rpm: far_rpm,
            load: 1.0,
            ..CarSound::default()
        });
        f
    };
    let third_harmonic = |with_others: bool| {
        let x = right(&render(field(with_others), 0.5));
        let f0 = far_rpm / 30.0;
        power(&x, 3.0 * f0) / power(&x, f0)
    };
    let (cheap, full) = (third_harmonic(true), third_harmonic(false));
    // Full: the third harmonic at bright/3 of the fundamental, power (1/3)² ≈ 0.11.
    assert!(full > 0.05, "alone, the third harmonic: {full}");
    assert!(
        cheap < 0.01 * full,
        "far in a field, the third harmonic: {cheap} (alone {full})"
    );
}

#[test]
fn the_same_frames_render_the_same_bytes() {
    let frames = |t: u32| {
        let mut f = engine(2000.0 + 20.0 * t as f32, 0.7);
        f.cars[0].slip_power_w = 30_000.0;
        f.wind_speed_mps = 30.0;
        if t % 20 == 0 {
            f.push_event(SoundEvent::Impact {
                position_m: Vec3::new(5.0, 0.0, 0.0),
                loudness: 0.5,
                sound: ImpactSound::Concrete,
            });
        }
        f
    };
    let a = render_with(1.0, frames);
    let b = render_with(1.0, frames);
    assert!(a.iter().zip(&b).all(|(x, y)| x.to_bits() == y.to_bits()));
    assert!(rms(&a) > 0.01);
}

/// The player's car, engine silent (0 rpm), rolling at `speed_mps` with every wheel on
/// `surface`.
fn rolling_on(surface: RollingSound, speed_mps: f32) -> SoundFrame {
    let mut f = SoundFrame::default();
    let mut car = CarSound {
        speed_mps,
        ..CarSound::default()
    };
    car.rolling_wheels[surface.index()] = 4;
    f.push_car(car);
    f
}

/// Energy of the first difference over the signal's: near 0 for a low rumble, near 2 for
/// white noise (a one-zero high-pass's gain, averaged over the spectrum).
fn brightness(x: &[f32]) -> f32 {
    let d: f32 = x.windows(2).map(|w| (w[1] - w[0]).powi(2)).sum();
    d / x.iter().map(|v| v * v).sum::<f32>().max(1e-12)
}

#[test]
fn each_surface_rolls_with_its_own_sound() {
    let at = |s| left(&render(rolling_on(s, 25.0), 1.0));
    let (tarmac, gravel, grass, water, ice) = (
        at(RollingSound::Tarmac),
        at(RollingSound::Gravel),
        at(RollingSound::Grass),
        at(RollingSound::Water),
        at(RollingSound::Silent),
    );
    // Gravel is a crunch well over the tarmac's roar; ice is silent.
    assert!(
        rms(&gravel) > 2.0 * rms(&tarmac),
        "{} vs {}",
        rms(&gravel),
        rms(&tarmac)
    );
    assert!(rms(&ice) < 1e-6, "ice rolls with a sound: {}", rms(&ice));
    // Their spectra: gravel and water hiss high, grass rumbles low, tarmac between.
    let b = |x: &[f32]| brightness(x);
    assert!(
        b(&gravel) > 4.0 * b(&tarmac),
        "gravel {} tarmac {}",
        b(&gravel),
        b(&tarmac)
    );
    assert!(
        b(&water) > 4.0 * b(&tarmac),
        "water {} tarmac {}",
        b(&water),
        b(&tarmac)
    );
    assert!(b(&grass) < b(&tarmac), "grass {} tarmac {}", b(&grass), b(&tarmac));
    // Standing still, nothing rolls.
    assert!(rms(&left(&render(rolling_on(RollingSound::Gravel, 0.0), 0.5))) < 1e-6);
}

#[test]
fn a_kerb_drums_at_the_rate_its_ridges_pass() {
    // At 30 m/s over ridges 0.75 m apart: 40 blows a second.
    for speed in [15.0f32, 30.0] {
        let x = left(&render(rolling_on(RollingSound::RumbleStrip, speed), 1.0));
        let expected = speed / crate::audio::KERB_RIDGE_SPACING_M;
        let found = strongest(&x, expected * 0.6, expected * 1.6);
        assert!(
            (found / expected - 1.0).abs() < 0.03,
            "{speed} m/s: strongest at {found} Hz, expected {expected}"
        );
    }
    // Two wheels on the kerb drum at half the level of four (in amplitude).
    let mut half = rolling_on(RollingSound::RumbleStrip, 30.0);
    half.cars[0].rolling_wheels[RollingSound::RumbleStrip.index()] = 2;
    let (full, half) = (
        rms(&left(&render(rolling_on(RollingSound::RumbleStrip, 30.0), 1.0))),
        rms(&left(&render(half, 1.0))),
    );
    assert!((half / full - 0.5).abs() < 0.05, "{half} of {full}");
}

/// The sound of one impact of `sound`, centred, 0.6 s.
fn impact(sound: ImpactSound) -> Vec<f32> {
    left(&render_with(0.6, |t| {
        let mut f = SoundFrame::default();
        if t == 0 {
            f.push_event(SoundEvent::Impact {
                position_m: Vec3::new(0.0, 0.0, -5.0),
                loudness: 0.8,
                sound,
            });
        }
        f
    }))
}

#[test]
fn an_impact_sounds_like_what_was_hit() {
    let ms = |t: usize| SAMPLE_RATE as usize * t / 1000;
    // How much of the impact is still ringing 150–400 ms after the blow (first 50 ms).
    let ring = |x: &[f32]| rms(&x[ms(150)..ms(400)]) / rms(&x[..ms(50)]);
    let (metal, concrete, rubber) = (
        impact(ImpactSound::Metal),
        impact(ImpactSound::Concrete),
        impact(ImpactSound::Rubber),
    );
    assert!(
        ring(&metal) > 3.0 * ring(&concrete),
        "armco rings no longer than concrete: {} vs {}",
        ring(&metal),
        ring(&concrete)
    );
    // Metal rings at its modes; a tyre wall is a low bounce with no ring.
    let head = |x: &[f32]| x[..ms(200)].to_vec();
    assert!(power(&head(&metal), 523.0) > 10.0 * power(&head(&rubber), 523.0));
    assert!(
        brightness(&rubber) < brightness(&concrete),
        "rubber is duller than concrete"
    );
}

/// The player's engine at `rpm`, half load, in `gear`, on its limiter or not.
fn engine_in(rpm: f32, gear: i8, on_limiter: bool) -> SoundFrame {
    let mut f = engine(rpm, 0.5);
    f.cars[0].gear = gear;
    f.cars[0].on_limiter = on_limiter;
    f
}

/// The envelope's modulation at `hz`: Goertzel power of the 2 ms RMS envelope there over
/// the envelope's mean power.
fn modulation(x: &[f32], hz: f32) -> f32 {
    let win = SAMPLE_RATE as usize / 500;
    let env: Vec<f32> = x.chunks(win).map(rms).collect();
    let mean = env.iter().sum::<f32>() / env.len() as f32;
    let centred: Vec<f32> = env.iter().map(|e| e - mean).collect();
    // Goertzel on the envelope, sampled at 500 Hz.
    let w = std::f32::consts::TAU * hz / 500.0;
    let c = 2.0 * w.cos();
    let (mut s1, mut s2) = (0.0f32, 0.0f32);
    for v in &centred {
        let s = v + c * s1 - s2;
        s2 = s1;
        s1 = s;
    }
    (s1 * s1 + s2 * s2 - c * s1 * s2) / (mean * mean * env.len() as f32 * env.len() as f32)
}

#[test]
fn the_rev_limiter_stutters_the_engine_at_16_hz() {
    let on = left(&render(engine_in(7000.0, 3, true), 1.0));
    let off = left(&render(engine_in(7000.0, 3, false), 1.0));
    let (m_on, m_off) = (modulation(&on, 16.0), modulation(&off, 16.0));
    assert!(m_on > 20.0 * m_off.max(1e-6), "on the limiter {m_on}, off {m_off}");
    assert!(m_on > 0.01, "no stutter on the limiter: {m_on}");
}

#[test]
fn a_gear_shift_dips_the_engine_for_a_moment() {
    // Third to fourth at tick 30 (half a second in), the rpm held so only the shift shows.
    let x = left(&render_with(1.0, |t| {
        engine_in(5000.0, if t < 30 { 3 } else { 4 }, false)
    }));
    let ms = |t: usize| SAMPLE_RATE as usize * t / 1000;
    let before = rms(&x[ms(400)..ms(490)]);
    let during = rms(&x[ms(505)..ms(545)]);
    let after = rms(&x[ms(800)..ms(890)]);
    assert!(during < 0.75 * before, "no dip: {during} against {before}");
    assert!(
        (after / before - 1.0).abs() < 0.15,
        "not back after the shift: {after} vs {before}"
    );
    // A shift into reverse is not a shift.
    let y = left(&render_with(1.0, |t| {
        engine_in(5000.0, if t < 30 { 1 } else { -1 }, false)
    }));
    assert!(rms(&y[ms(505)..ms(545)]) > 0.85 * rms(&y[ms(400)..ms(490)]));
}

#[test]
fn the_crowd_is_heard_near_its_stand_and_not_far_away() {
    let at = |distance_m: f32| {
        let f = SoundFrame {
            crowd: Some(crate::audio::Crowd {
                position_m: Vec3::new(distance_m, 0.0, 0.0),
                size: 1.0,
            }),
            ..SoundFrame::default()
        };
        let x = render(f, 1.0);
        (rms(&left(&x)), rms(&right(&x)))
    };
    let (near, far) = (at(15.0), at(300.0));
    assert!(near.1 > 0.01, "a stand 15 m away is not heard: {near:?}");
    assert!(near.1 > 2.0 * near.0, "not on the right: {near:?}");
    // Inverse distance: 20 times farther, about 20 times quieter.
    assert!(far.1 < near.1 / 10.0, "{far:?} vs {near:?}");
}
