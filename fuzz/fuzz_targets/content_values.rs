//! libFuzzer target: `skidpad::tools::fuzzing::content_values` (see src/tools/fuzzing.rs), which must never panic.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = skidpad::tools::fuzzing::content_values(data);
});
