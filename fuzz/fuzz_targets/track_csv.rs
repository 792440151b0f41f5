//! libFuzzer target: `skidpad::fuzzing::track_csv` (see src/fuzzing.rs), which must never panic.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = skidpad::fuzzing::track_csv(data);
});
