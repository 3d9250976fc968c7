//! Moves without typing, for the games with too many moves for buttons (Epaminondas, Ocencahuac): the board
//! carries select menus of the pieces that can move (25 options a menu, as Discord allows); picking one answers,
//! privately, with menus of that piece's moves, and picking a move plays it. Every menu id carries the game and
//! the move number it was drawn for, so a menu of an out-of-date board is refused like a stale button.

use crate::games::Position;
use crate::i18n::{self, Locale, Message};
use crate::store::record::{GameRecord, Status};
use crate::table::button_id::ButtonId;

/// Options a Discord select menu may hold.
pub const MENU_OPTIONS: usize = 25;

/// The piece menus of a board, at most this many (Epaminondas has up to 28 pieces that can move).
const PIECE_MENUS: usize = 2;

/// The move menus of one piece, at most this many (the rest are reached with the move command).
pub(super) const MOVE_MENUS: usize = 4;

/// One choice of a menu.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MenuOption {
    pub label: String,
    /// What the choice sends back ([`crate::table::button_id::ButtonId::menu_command_of`] reads it with the menu's id).
    pub value: String,
    pub description: Option<String>,
}

/// A select menu: a stable id, a placeholder, its options (at most [`MENU_OPTIONS`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Menu {
    pub id: crate::table::button_id::ButtonId,
    pub placeholder: String,
    pub options: Vec<MenuOption>,
}

/// Where a move starts, as its notation writes it: the squares before the first `-` or `x` (`pass` for a pass).
fn start_of(notation: &str) -> &str {
    notation.split(['-', 'x', ' ']).next().unwrap_or(notation)
}

/// A square's (file, rank) for ordering, read from its text (`c10` → (c, 10)).
fn square_order(square: &str) -> (u8, u32) {
    let file = square.bytes().next().unwrap_or(0);
    (file, square.get(1..).and_then(|r| r.parse().ok()).unwrap_or(0))
}

/// Whether a game's moves are chosen from menus.
fn has_menus(position: &Position) -> bool {
    matches!(position, Position::Epaminondas(_) | Position::Ocencahuac(_))
}

/// The legal moves grouped by the square they start from, squares by file then rank, each group's captures first.
pub(super) fn by_piece(position: &Position) -> Vec<(String, Vec<String>)> {
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for m in position.legal_moves() {
        let start = start_of(&m).to_string();
        match groups.iter_mut().find(|(s, _)| *s == start) {
            Some((_, moves)) => moves.push(m),
            None => groups.push((start, vec![m])),
        }
    }
    groups.sort_by_key(|(s, _)| square_order(s));
    for (_, moves) in &mut groups {
        moves.sort_by_key(|m| (!m.contains('x'), m.len(), m.clone()));
    }
    groups
}

/// Splits options into menus of [`MENU_OPTIONS`], each placeholder numbered when there are several.
pub(super) fn split(
    options: Vec<MenuOption>,
    most: usize,
    id: impl Fn(usize) -> ButtonId,
    placeholder: impl Fn(usize, usize) -> String,
) -> Vec<Menu> {
    let chunks: Vec<Vec<MenuOption>> = options.chunks(MENU_OPTIONS).take(most).map(<[MenuOption]>::to_vec).collect();
    let count = chunks.len();
    chunks
        .into_iter()
        .enumerate()
        .map(|(k, options)| Menu { id: id(k), placeholder: placeholder(k, count), options })
        .collect()
}

/// The piece menus of a board whose player on turn picks a move (none for other games, or a finished one).
pub(super) fn board_menus(locale: Locale, record: &GameRecord, position: &Position) -> Vec<Menu> {
    if record.status != Status::Active
        || !has_menus(position)
        || crate::table::naming::computer_to_move(record, position)
    {
        return Vec::new();
    }
    let ply = record.moves.len();
    let options: Vec<MenuOption> = by_piece(position)
        .into_iter()
        .map(|(start, moves)| MenuOption {
            description: Some(i18n::text(locale, &Message::new("menu-moves").num("count", moves.len() as i64))),
            label: start.clone(),
            value: start,
        })
        .collect();
    let from = |k: usize| options.get(k * MENU_OPTIONS).map(|o| o.label.clone()).unwrap_or_default();
    let to =
        |k: usize| options.get(((k + 1) * MENU_OPTIONS).min(options.len()).saturating_sub(1)).map(|o| o.label.clone());
    let placeholder = |k: usize, count: usize| {
        let message = match count {
            1 => Message::new("menu-piece"),
            _ => Message::new("menu-piece-range").str("from", from(k)).str("to", to(k).unwrap_or_default()),
        };
        i18n::text(locale, &message)
    };
    split(options.clone(), PIECE_MENUS, |k| ButtonId::PieceMenu { game: record.id, ply, menu: k }, placeholder)
}
