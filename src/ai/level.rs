//! The five levels of the computer: how deep and how long each searches, and the imperfection chosen for the
//! lower ones (they pick among moves nearly as good as the best they see, so they play plausible moves that a
//! stronger player punishes, never absurd ones).

use super::search::Limits;
use crate::games::GameKind;

/// A level from 1 (a beginner) to 5 (as strong as the engine gets within its budget).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(pub(super) u8);

impl Level {
    pub const ALL: [Level; 5] = [Level(1), Level(2), Level(3), Level(4), Level(5)];

    pub fn new(n: u8) -> Option<Level> {
        (1..=5).contains(&n).then_some(Level(n))
    }

    pub fn number(self) -> u8 {
        self.0
    }

    /// The search budget and the margin (in the engine's value units) within which the level takes any move.
    /// `scale` multiplies the node budget (the ladder's `--time-scale`); depth limits are kept.
    pub fn plan(self, kind: GameKind, scale: f64) -> (Limits, i32) {
        // Positions a level may visit, per game: a visit costs more in some games than in others.
        let nodes: [u64; 5] = match kind {
            GameKind::Hoyito => [2_000, 2_000, 2_000, 20_000, 600_000],
            GameKind::Epaminondas => [300, 3_000, 20_000, 100_000, 400_000],
            GameKind::Ocencahuac => [300, 3_000, 20_000, 100_000, 400_000],
            GameKind::ZohnAhl => [1; 5],
        };
        let i = usize::from(self.0 - 1);
        let depth = match kind {
            // Hoyito: the relay sowings make the game look alike to any deep search (levels searching 4 plies and
            // the full budget score about even), so its levels are set apart by looking 1 or 2 moves ahead.
            GameKind::Hoyito => [1, 1, 1, 2, 64][i],
            _ => [1, 2, 4, 64, 64][i],
        };
        let margin = match kind {
            GameKind::Epaminondas => [250, 20, 10, 0, 0][i],
            // Hoyito's values: a four captured is 400 and more, so level 1 may leave a capture of up to three fours
            // and level 2 one of a single four (a beginner's oversight); level 3 never leaves one.
            GameKind::Hoyito => [1300, 450, 100, 30, 0][i],
            _ => [250, 60, 0, 0, 0][i],
        };
        let budget = ((nodes[i] as f64) * scale).max(50.0) as u64;
        (Limits { depth, nodes: budget }, margin)
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}
