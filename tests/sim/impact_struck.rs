//! A crash knows what it hit (what it sounds like): the crash level's concrete wall, its
//! parked car, and on a dressed circuit the armco and tyre walls, each named by the
//! contact that pushed hardest in the impact's tick.

use glam::{Quat, Vec3};
use skidpad::app::Setup;
use skidpad::content::{ContentRoot, PlatformProfile};
use skidpad::sim::{SimEvent, SimWorld, Struck, TickInput, VehicleControl};

fn crash_world() -> (Setup, SimWorld) {
    let profile = PlatformProfile::load("desktop").unwrap();
    let setup = Setup::load(&ContentRoot::Embedded, "crash", "coupe", profile).unwrap();
    let w = SimWorld::new(&setup.level, &setup.car, &setup.parked, 60);
    (setup, w)
}

/// The player's first impact within 5 s of running at 25 m/s from where it stands.
fn first_hit(w: &mut SimWorld) -> Option<Struck> {
    w.set_player_velocity(w.player_body().rotation() * Vec3::Z * 25.0, Vec3::ZERO);
    let input = TickInput {
        control: VehicleControl {
            throttle: 0.5,
            ..Default::default()
        },
        ..Default::default()
    };
    for _ in 0..300 {
        w.step(&input);
        let hit = w.events().iter().find_map(|e| match *e {
            SimEvent::Impact { car: 0, struck, .. } => Some(struck),
            _ => None,
        });
        if hit.is_some() {
            return hit;
        }
    }
    None
}

#[test]
fn a_car_driven_into_the_concrete_wall_hits_concrete() {
    let (_, mut w) = crash_world();
    let struck = first_hit(&mut w).expect("the car reaches the wall");
    let Struck::Surface(Some(m)) = struck else {
        panic!("the wall hit reads as {struck:?}");
    };
    assert_eq!(w.materials().get(m).name, "concrete");
}

#[test]
fn a_car_driven_into_the_parked_car_hits_a_car() {
    let (setup, mut w) = crash_world();
    // 15 m short of the parked car, heading at it (+Z).
    let parked = setup.level.level.parked_cars[0].position_m;
    w.teleport_player(Vec3::new(parked.x, 0.5, parked.z - 15.0), Quat::IDENTITY);
    assert_eq!(
        first_hit(&mut w),
        Some(Struck::Car(1)),
        "the parked car is the world's second"
    );
}
