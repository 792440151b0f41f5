//! A recorded lap of the circuit replays to the same state hash, through the replay file
//! format (encode, decode) and a fresh world.

use glam::Vec3;
use skidpad::content::load_level;
use skidpad::content::ContentRoot;
use skidpad::replay::{Replay, ReplayHeader};
use skidpad::sim::{SimWorld, TickInput, VehicleControl};
use skidpad::vehicle::CarDef;

#[test]
fn a_recorded_lap_of_the_circuit_replays_to_the_same_hash() {
    let root = ContentRoot::Embedded;
    let level = load_level(&root, "circuit").unwrap();
    let car = CarDef::load(&root, "coupe").unwrap();
    let track = level.level.track.as_ref().unwrap().track.clone();
    let n = track.len();

    // Drive a lap with a pure-pursuit driver: aim 20 m ahead on the centre line, keep the
    // speed under 24 m/s.
    let mut world = SimWorld::new(&level, &car, &[], 60);
    let mut inputs = Vec::new();
    let (mut nearest, mut progressed) = (0usize, 0usize);
    while progressed < n && inputs.len() < 60 * 400 {
        let p = world.player_body().translation();
        let here = glam::Vec2::new(p.x, p.z);
        let next = (0..40)
            .map(|k| (nearest + k) % n)
            .min_by(|a, b| {
                track.centre[*a]
                    .distance(here)
                    .total_cmp(&track.centre[*b].distance(here))
            })
            .unwrap();
        progressed += (next + n - nearest) % n;
        nearest = next;
        let target = track.centre[(nearest + 4) % n];
        let fwd = *world.player_body().rotation() * Vec3::Z;
        let to = (target - here).normalize_or_zero();
        // Angle from heading to target, positive to the left (+X is left of +Z).
        let angle = fwd.z * to.x - fwd.x * to.y;
        let speed = world.player_forward_speed();
        let input = TickInput {
            control: VehicleControl {
                throttle: if speed < 24.0 { 0.7 } else { 0.0 },
                steer: (-angle * 2.5).clamp(-1.0, 1.0),
                brake: if speed > 27.0 { 0.5 } else { 0.0 },
                ..VehicleControl::default()
            },
            reset: false,
            ..Default::default()
        };
        world.step(&input);
        inputs.push(input);
    }
    assert!(
        progressed >= n,
        "the driver did not finish the lap: {progressed} of {n} points"
    );
    let recorded_hash = world.state_hash();

    let replay = Replay {
        header: ReplayHeader::new("circuit", "coupe", "desktop", 60, 0, "", recorded_hash),
        inputs,
        guest_inputs: Vec::new(),
    };
    let back = Replay::decode("lap.rpl", &replay.encode()).unwrap();
    back.check_build("lap.rpl").unwrap();
    let mut again = SimWorld::new(&level, &car, &[], 60);
    for i in &back.inputs {
        again.step(i);
    }
    assert_eq!(
        again.state_hash(),
        back.header.final_state_hash,
        "the replayed lap diverged"
    );
    eprintln!(
        "lap: {} ticks ({:.0} s)",
        back.inputs.len(),
        back.inputs.len() as f32 / 60.0
    );
}
