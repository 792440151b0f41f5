//! libFuzzer target: `skidpad::fuzzing::replay` (see src/fuzzing.rs), which must never panic.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = skidpad::fuzzing::replay(data);
});
