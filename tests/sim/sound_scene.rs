//! What play tells the mixer each tick, from a real session: the surfaces under each car's
//! wheels, its gear, and the crowd of the stand nearest the camera.

use glam::{Quat, Vec3};
use skidpad::app::{Motion, Session, Setup};
use skidpad::content::material::RollingSound;
use skidpad::content::{ContentRoot, PlatformProfile};
use skidpad::sim::TickInput;

fn session(level: &str) -> Session {
    let profile = PlatformProfile::load("desktop").unwrap();
    let setup = Setup::load(&ContentRoot::Embedded, level, "coupe", profile).unwrap();
    Session::start(&setup)
}

/// The player's car set down at `at` and left a second to settle, rolling at 10 m/s:
/// its wheels on each rolling sound.
fn wheels_at(s: &mut Session, at: Vec3) -> [u8; skidpad::audio::ROLLING_KINDS] {
    s.world_mut_for_tools().teleport_player(at, Quat::IDENTITY);
    for _ in 0..60 {
        s.tick(&TickInput::default());
    }
    s.world_mut_for_tools().set_player_velocity(Vec3::Z * 10.0, Vec3::ZERO);
    s.tick(&TickInput::default());
    let frame = s.sound_frame(0.0, Default::default(), Motion::Running);
    assert!(frame.cars[0].speed_mps > 5.0, "{:?}", frame.cars[0]);
    frame.cars[0].rolling_wheels
}

#[test]
fn a_car_rolls_on_the_sound_of_the_ground_under_its_wheels() {
    // The bump level (`content/levels/bump/level.toml`): asphalt, with strips 8 m wide
    // and 60 m long centred on z = 20: gravel at x = −15, rough grass at x = 15.
    let mut s = session("bump");
    for (x, sound) in [
        (-15.0, RollingSound::Gravel),
        (15.0, RollingSound::Grass),
        (45.0, RollingSound::Tarmac),
    ] {
        let wheels = wheels_at(&mut s, Vec3::new(x, 0.7, 10.0));
        assert_eq!(wheels[sound.index()], 4, "at x = {x}: {wheels:?}");
    }
}

#[test]
fn a_circuit_with_stands_has_its_crowd_heard_and_a_test_ground_none() {
    let circuit = session("circuit");
    let frame = circuit.sound_frame(0.0, Default::default(), Motion::Running);
    let crowd = frame.crowd.expect("the circuit's stands are heard");
    assert!(crowd.size > 0.0 && crowd.position_m.is_finite());
    let bump = session("bump");
    assert_eq!(bump.sound_frame(0.0, Default::default(), Motion::Running).crowd, None);
}
