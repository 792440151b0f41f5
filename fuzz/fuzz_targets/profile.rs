//! libFuzzer target: `skidpad::fuzzing::profile` (see src/fuzzing.rs), which must never panic.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = skidpad::fuzzing::profile(data);
});
