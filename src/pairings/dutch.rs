//! The Swiss system's engine: FIDE Dutch pairing (C.04.3, 2025) by maximum weight matching, a crate of its own
//! in `crates/dutch` so that it is built optimised even in test builds (the reference tournaments replay
//! thousands of rounds).

pub use tablero_dutch::*;
