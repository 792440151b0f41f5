//! libFuzzer target: `skidpad::fuzzing::settings` (see src/fuzzing.rs), which must never panic.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = skidpad::fuzzing::settings(data);
});
