//! The audio callback allocates nothing: the mixer's reference load (a field of eight on
//! every surface, shifts, the limiter, squeal, impacts of every kind, the crowd and the
//! menus' blips: `benches/support/mixer_rig.rs`), fed a frame a tick and rendered in
//! callback-sized blocks that do not line up with the ticks, as a sound card pulls them.
//! Counted on the thread that renders and sends, after the first second.

#[path = "../../benches/support/mixer_rig.rs"]
mod mixer_rig;

use crate::beside_others;
use mixer_rig::MixerRig;
use skidpad::alloc_count::thread_allocations;

#[test]
fn mixing_a_field_of_eight_allocates_nothing() {
    let _shared = beside_others();
    let mut rig = MixerRig::new();
    let mut allocated = 0u64;
    // Ten seconds.
    for _ in 0..MixerRig::callbacks_for(10.0) {
        let before = thread_allocations();
        rig.callback();
        if rig.sent > 60 {
            allocated += thread_allocations() - before;
        }
        assert!(rig.block.iter().all(|s| s.is_finite() && s.abs() <= 1.0));
    }
    assert_eq!(allocated, 0, "the mixer or the feed allocated in steady state");
    assert!(rig.block.iter().any(|s| s.abs() > 1e-3), "the field is silent");
}
