//! What a game's texts call things: the game, a side, the member called to throw, whom a side's call notifies;
//! whether the computer is on turn. Below the views, the moves and the menus, which all name them.

use crate::games::zohn_ahl::TurnMode;
use crate::games::{Game, GameKind, Position, Side};
use crate::i18n::{self, Callee, Locale, Message};
use crate::store::record::{COMPUTER, GameRecord, Player, Team};
use crate::store::tournament::Format;

pub(super) fn game_name(locale: Locale, kind: GameKind) -> String {
    i18n::text(locale, &Message::dynamic(format!("game-name-{kind}")))
}

pub(super) fn side_name(locale: Locale, position: &Position, side: Side) -> String {
    i18n::text(locale, &Message::new("side").str("side", position.side_name(side)))
}

/// Whether the computer is on turn in `record` (its moves have no buttons, menus or deadline).
pub(super) fn computer_to_move(record: &GameRecord, position: &Position) -> bool {
    position.to_move().and_then(|s| record.player(s)).is_some_and(|p| p.id == COMPUTER)
}

/// The member whose throw it is, in a team game whose turn mode names one (TeamBlocks and Alternate: the team's
/// players in order, one throw sequence each); `None` when any member may throw.
pub(super) fn called_member<'a>(record: &'a GameRecord, position: &Position) -> Option<&'a Player> {
    let Position::ZohnAhl(game) = position else { return None };
    let side = game.to_move()?;
    if game.options_ref().turn_mode == TurnMode::Free {
        return None;
    }
    let players = record.members(side);
    (!players.is_empty()).then(|| &players[game.sequences(side) as usize % players.len()])
}

/// Whom calling `side` notifies: a role team's role (when it may be pinged), a players' team's members, or the
/// side's player.
pub(super) fn side_calls(record: &GameRecord, side: Side) -> Vec<(Callee, String)> {
    let players: Vec<&Player> = match record.teams.get(side.index()) {
        Some(Team::Role { id, name, ping: true }) => return vec![(Callee::Role(*id), name.clone())],
        Some(Team::Role { .. }) => Vec::new(),
        Some(Team::Players { players }) => players.iter().collect(),
        None => record.player(side).into_iter().collect(),
    };
    players.into_iter().map(player_call).collect()
}

/// A call of one member.
pub(super) fn player_call(player: &Player) -> (Callee, String) {
    (Callee::User(player.id.get()), player.name.clone())
}

/// A tournament's format in words ("Swiss, 3 rounds").
pub(super) fn format_name(locale: Locale, format: Format) -> String {
    match format {
        Format::RoundRobin { legs: 1 } => i18n::text(locale, &Message::new("tournament-format-round-robin")),
        Format::RoundRobin { .. } => i18n::text(locale, &Message::new("tournament-format-double-round-robin")),
        Format::Swiss { rounds } => {
            i18n::text(locale, &Message::new("tournament-format-swiss").num("rounds", rounds as i64))
        }
        Format::Elimination => i18n::text(locale, &Message::new("tournament-format-elimination")),
        Format::DoubleElimination => i18n::text(locale, &Message::new("tournament-format-double-elimination")),
    }
}
