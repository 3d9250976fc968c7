//! Throwing the sticks. The rules engine never draws (a throw is an input); the service throws here, with its
//! operating-system-seeded generator, and records the four faces so the game replays exactly.

use rand::Rng;

use crate::games::zohn_ahl::Throw;

/// Four sticks, each landing flat (marked) side up with probability `p_flat`.
pub fn throw_sticks<R: Rng + ?Sized>(rng: &mut R, p_flat: f64) -> Throw {
    Throw { flat: [(); 4].map(|_| rng.random_bool(p_flat)) }
}
