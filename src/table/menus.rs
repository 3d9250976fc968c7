//! Moves without typing, for the games with too many moves for buttons (Epaminondas, Ocencahuac): the board
//! carries select menus of the pieces that can move (25 options a menu, as Discord allows); picking one answers,
//! privately, with menus of that piece's moves, and picking a move plays it. Every menu id carries the game and
//! the move number it was drawn for, so a menu of an out-of-date board is refused like a stale button.

use super::button_id::ButtonId;
use super::{Actor, Answer, Reply};
use crate::games::Position;
use crate::i18n::{self, Locale, Message};
use crate::store::record::{GameId, GameRecord, Status, Timestamp};
use crate::table::Audience;
use crate::table::write::AtWork;

/// Options a Discord select menu may hold.
pub const MENU_OPTIONS: usize = 25;

/// The piece menus of a board, at most this many (Epaminondas has up to 28 pieces that can move).
const PIECE_MENUS: usize = 2;

/// The move menus of one piece, at most this many (the rest are reached with the move command).
const MOVE_MENUS: usize = 4;

/// One choice of a menu.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MenuOption {
    pub label: String,
    /// What the choice sends back ([`super::ButtonId::menu_command_of`] reads it with the menu's id).
    pub value: String,
    pub description: Option<String>,
}

/// A select menu: a stable id, a placeholder, its options (at most [`MENU_OPTIONS`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Menu {
    pub id: super::ButtonId,
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
fn by_piece(position: &Position) -> Vec<(String, Vec<String>)> {
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
fn split(
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
    if record.status != Status::Active || !has_menus(position) || super::naming::computer_to_move(record, position) {
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

impl AtWork<'_> {
    /// A piece picked from a board's menu: the menus of its moves, for the player on turn alone.
    pub(super) fn pick_piece(&self, actor: &Actor, game: GameId, ply: usize, square: &str, now: Timestamp) -> Answer {
        let (record, _, position) = self.turn_of(actor, Some((game, ply)), now)?;
        let moves = by_piece(&position).into_iter().find(|(s, _)| s == square).map(|(_, m)| m).unwrap_or_default();
        if moves.is_empty() {
            return Err(Message::new("menu-no-moves").str("square", square).into());
        }
        let locale = actor.locale;
        let total = moves.len();
        let options: Vec<MenuOption> = moves
            .into_iter()
            .map(|m| MenuOption {
                description: m.contains('x').then(|| i18n::text(locale, &Message::new("menu-capture"))),
                label: m.clone(),
                value: m,
            })
            .collect();
        let placeholder = |k: usize, count: usize| {
            let message = match count {
                1 => Message::new("menu-move").str("square", square),
                _ => Message::new("menu-move-part")
                    .str("square", square)
                    .num("part", (k + 1) as i64)
                    .num("parts", count as i64),
            };
            i18n::text(locale, &message)
        };
        let menus = split(options, MOVE_MENUS, |k| ButtonId::MoveMenu { game: record.id, ply, menu: k }, placeholder);
        let mut text =
            i18n::text(locale, &Message::new("menu-moves-of").str("square", square).num("count", total as i64));
        if total > MOVE_MENUS * MENU_OPTIONS {
            text.push('\n');
            text.push_str(&i18n::text(
                locale,
                &Message::new("menu-more").num("shown", (MOVE_MENUS * MENU_OPTIONS) as i64),
            ));
        }
        Ok(vec![Reply { text: text.into(), menus, audience: Audience::Asker, ..Reply::default() }])
    }
}
