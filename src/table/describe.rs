//! Pictures put into words, for those who cannot see them (Discord reads an attachment's description aloud; a
//! web page gives it as the image's text alternative): a board from its position — the game and its number,
//! the move, who is to move or that it is over, the last move and what it did, the position in the game's own
//! terms — and a table or chart from the rows it shows. Written from the data, never from the pixels; cut to
//! Discord's 1,024 characters.

use super::naming::{called_member, game_name};
use crate::games::Position;
use crate::i18n::{self, Locale, Message, Text};
use crate::store::record::{GameRecord, Status};

/// The most characters of an attachment's description.
pub const MAX_DESCRIPTION: usize = 1024;

/// `words` cut to [`MAX_DESCRIPTION`] characters, ending in `…` when cut.
pub fn cut(words: &str) -> String {
    if words.chars().count() <= MAX_DESCRIPTION {
        return words.to_string();
    }
    let mut out: String = words.chars().take(MAX_DESCRIPTION - 1).collect();
    out.push('…');
    out
}

/// The board of `record` after `ply` moves (`position`), in words, cut to a picture's description.
pub fn board(locale: Locale, record: &GameRecord, position: &Position, ply: usize) -> String {
    cut(&board_words(locale, record, position, ply).join(" "))
}

/// The board in words, sentence by sentence: what it is and whose turn, what the last move did, the position.
pub fn board_words(locale: Locale, record: &GameRecord, position: &Position, ply: usize) -> Vec<String> {
    let say = |m: &Message| i18n::text(locale, m);
    let latest = ply == record.moves.len();
    let turn = match position.to_move() {
        // A game ended otherwise than by the rules (resigned, agreed, on time) ends at its latest position.
        _ if latest && matches!(record.status, Status::Finished { .. }) && position.to_move().is_some() => {
            say(&Message::new("describe-over"))
        }
        Some(side) => {
            let player = called_member(record, position)
                .filter(|_| latest)
                .map(|p| p.name.clone())
                .unwrap_or_else(|| record.side_label(side, locale));
            say(&Message::new("describe-to-move").name("player", player))
        }
        None => position.describe_end().map_or_else(|| say(&Message::new("describe-over")), |m| say(&m)),
    };
    let mut words = vec![say(&Message::new("describe-board")
        .str("game", game_name(locale, record.kind))
        .num("id", record.id.get() as i64)
        .num("ply", ply as i64)
        .str("turn", turn))];
    words.extend(position.describe_last_move().iter().map(say));
    words.extend(position.describe_position().iter().map(say));
    words
}

/// A table or chart from the lines of text that list what it shows (a title, then its rows).
pub fn lines(text: &Text) -> String {
    let plain = text.as_str().replace("**", "").replace('`', "");
    cut(&plain.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join(" · "))
}
