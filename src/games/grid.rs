//! The squares of a game played on squares (Epaminondas, Ocencahuac) as a page draws them: rows from the top
//! (the highest rank) down, files from `a` on the left, each square named as the move notation names it, with
//! the piece on it; and the squares a move's notation starts from and ends on.

use crate::games::{Position, Side, epaminondas, ocencahuac};

/// A square of the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell {
    /// Its name in the notation (`c3`).
    pub square: String,
    pub piece: Option<GridPiece>,
}

/// A piece as a page draws it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GridPiece {
    pub side: Side,
    /// Drawn dark (Epaminondas' Black, Ocencahuac's Sangangüey), else light.
    pub dark: bool,
    /// The letter the picture writes on it (Ocencahuac: E, M, P, W); none for Epaminondas' plain pieces.
    pub letter: Option<char>,
    pub crowned: bool,
    pub stunned: bool,
}

impl Position {
    /// The board's rows, the top one first; `None` for a game without squares.
    pub fn grid(&self) -> Option<Vec<Vec<Cell>>> {
        match self {
            Position::Epaminondas(game) => Some(
                (0..game.ranks())
                    .rev()
                    .map(|rank| {
                        (0..game.files())
                            .filter_map(|file| epaminondas::Square::new(file, rank))
                            .map(|square| Cell {
                                square: square.to_string(),
                                piece: game.piece_at(square).map(|side| GridPiece {
                                    side,
                                    dark: side == Side::Second,
                                    letter: None,
                                    crowned: false,
                                    stunned: false,
                                }),
                            })
                            .collect()
                    })
                    .collect(),
            ),
            Position::Ocencahuac(game) => Some(
                (0..8)
                    .rev()
                    .map(|row| {
                        (0..5)
                            .filter_map(|col| ocencahuac::Square::new(col, row))
                            .map(|square| Cell {
                                square: square.to_string(),
                                piece: game.board().at(square).map(|p| GridPiece {
                                    side: p.side,
                                    dark: p.side == Side::First,
                                    letter: Some(p.kind.letter()),
                                    crowned: p.crowned,
                                    stunned: p.stunned,
                                }),
                            })
                            .collect()
                    })
                    .collect(),
            ),
            _ => None,
        }
    }

    /// The squares a move starts from and ends on (Epaminondas: the phalanx's tail and where its head ends;
    /// Ocencahuac: the piece's square and its last), as the notation names them; `None` for a pass, a move that
    /// does not read, or a game without squares.
    pub fn move_ends(&self, notation: &str) -> Option<(String, String)> {
        match self {
            Position::Epaminondas(_) => {
                let m: epaminondas::Move = notation.parse().ok()?;
                Some((m.tail.to_string(), m.dest.to_string()))
            }
            Position::Ocencahuac(_) => {
                let m: ocencahuac::Move = notation.parse().ok()?;
                Some((m.squares.first()?.to_string(), m.squares.last()?.to_string()))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;

    #[test]
    fn a_board_is_drawn_from_its_top_rank_and_moves_read_as_their_ends() {
        let epaminondas = Position::new(GameKind::Epaminondas, &Default::default()).unwrap();
        let rows = epaminondas.grid().unwrap();
        assert_eq!((rows.len(), rows[0].len()), (12, 14));
        assert_eq!((rows[0][0].square.as_str(), rows[11][13].square.as_str()), ("a12", "n1"));
        assert_eq!(rows[11][0].piece.map(|p| p.side), Some(Side::First), "White starts on the first ranks");
        assert_eq!(rows[0][0].piece.map(|p| p.side), Some(Side::Second));
        assert_eq!(epaminondas.move_ends("c2-c4"), Some(("c2".into(), "c4".into())));
        let ocencahuac = Position::new(GameKind::Ocencahuac, &Default::default()).unwrap();
        let rows = ocencahuac.grid().unwrap();
        assert_eq!((rows.len(), rows[0].len(), rows[7][0].square.as_str()), (8, 5, "a1"));
        assert!(rows.iter().flatten().filter_map(|c| c.piece).all(|p| p.letter.is_some()));
        assert_eq!(ocencahuac.move_ends("b2-b3-b5"), Some(("b2".into(), "b5".into())));
        assert_eq!(ocencahuac.move_ends("pass"), None);
        assert_eq!(Position::new(GameKind::Hoyito, &Default::default()).unwrap().grid(), None);
    }
}
