//! What a signed-in member may do on a game's page: the buttons Discord's board (or challenge) would give them
//! there, and their legal moves when it is their turn in a game whose moves are typed (Epaminondas,
//! Ocencahuac). The page posts back a button's id or a move, which goes through [`Table::handle`] like a
//! press on Discord, with the same refusals.

use crate::store::record::{ChannelId, GameId, GuildId, Status};
use crate::table::actor::Actor;
use crate::table::button_id::ButtonId;
use crate::table::fail::TableError;
use crate::table::menus::{Menu, board_menus};
use crate::table::reply::Button;
use crate::table::service::Table;
use crate::table::view::{Question, answer_buttons, rematch_buttons};
use crate::table::write::AtWork;

/// A member's controls on a game's page.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayPanel {
    pub game: GameId,
    /// The game's channel (where what the member does is posted).
    pub channel: ChannelId,
    /// Moves played so far: a move is made at this number.
    pub ply: usize,
    /// Whether the member has a part in the game (a seat, a team, the challenge put to them).
    pub takes_part: bool,
    /// Whether it is their move (or their team's).
    pub to_move: bool,
    /// Their legal moves, when it is their turn in a game without move buttons.
    pub moves: Vec<String>,
    /// The buttons Discord would show them: moves, a throw, a draw, resigning, a takeback, answers, a rematch.
    pub buttons: Vec<Button>,
    /// The menus of the pieces that can move, when it is their turn (Epaminondas, Ocencahuac): picking one
    /// answers with the menus of its moves, as on Discord.
    pub menus: Vec<Menu>,
    /// A mancala's board (Hoyito): its rows as drawn, North's on top; the holes the member may sow carry the
    /// button that sows them (in place of the move buttons).
    pub holes: Vec<HoleRow>,
    /// A board of squares (Epaminondas, Ocencahuac) when it is their turn: its rows from the top, the pieces
    /// they may move to pick, and once one is picked, where its moves end.
    pub squares: Vec<Vec<SquareView>>,
    /// The square of the piece picked, when it is one that can move.
    pub picked: Option<String>,
}

/// A square of the board on the page, with what the member may do there.
#[derive(Debug, Clone, PartialEq)]
pub struct SquareView {
    pub square: String,
    pub piece: Option<crate::games::GridPiece>,
    /// A piece of theirs that can move: picking it shows where.
    pub pick: bool,
    /// The one move of the picked piece that ends here (where several do, they are chosen from the list).
    pub target: Option<String>,
    /// Where another move of the picked piece ends (one of several).
    pub reached: bool,
}

/// The board's squares for the member on turn: every piece that can move to pick, and with `pick` (the square of
/// one) that piece's moves by where they end.
fn square_rows(
    position: &crate::games::Position,
    moves: &[String],
    pick: Option<&str>,
) -> (Vec<Vec<SquareView>>, Option<String>) {
    let Some(rows) = position.grid() else { return (Vec::new(), None) };
    let ends: Vec<(String, String, &String)> =
        moves.iter().filter_map(|m| position.move_ends(m).map(|(from, to)| (from, to, m))).collect();
    let picked = pick.filter(|p| ends.iter().any(|(from, _, _)| from == p)).map(str::to_string);
    let squares = rows
        .into_iter()
        .map(|row| {
            row.into_iter()
                .map(|cell| {
                    let here: Vec<&String> = ends
                        .iter()
                        .filter(|(from, to, _)| Some(from) == picked.as_ref() && *to == cell.square)
                        .map(|(_, _, m)| *m)
                        .collect();
                    SquareView {
                        pick: ends.iter().any(|(from, _, _)| *from == cell.square),
                        target: (here.len() == 1).then(|| here[0].clone()),
                        reached: here.len() > 1,
                        square: cell.square,
                        piece: cell.piece,
                    }
                })
                .collect()
        })
        .collect();
    (squares, picked)
}

/// A row of holes as the page draws it: whose, and its holes left to right (each row's numbers read as its owner
/// counts them: North's from n down to 1, South's from 1 up to n).
#[derive(Debug, Clone, PartialEq)]
pub struct HoleRow {
    pub owner: String,
    pub holes: Vec<HoleView>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct HoleView {
    /// The hole's number as its owner counts it.
    pub number: u8,
    pub seeds: u8,
    /// The button that sows it, when the member may.
    pub sow: Option<Button>,
}

/// The rows of a Hoyito board, the member's move buttons (named by hole number) taken into the holes.
fn hole_rows(
    game: &crate::games::hoyito::Hoyito,
    to_move: Option<crate::games::Side>,
    record: &crate::store::record::GameRecord,
    locale: crate::i18n::Locale,
    buttons: &mut Vec<Button>,
) -> Vec<HoleRow> {
    use crate::games::Side;
    use crate::games::hoyito::Hole;
    let (n, seeds) = (game.n(), game.holes());
    let mut row = |side: Side, numbers: Vec<u8>| HoleRow {
        owner: record.side_label(side, locale),
        holes: numbers
            .into_iter()
            .map(|number| {
                let sow = (Some(side) == to_move)
                    .then(|| {
                        let at = buttons.iter().position(
                            |b| matches!(&b.id, ButtonId::Move { notation, .. } if *notation == number.to_string()),
                        )?;
                        Some(buttons.remove(at))
                    })
                    .flatten()
                    .filter(|b| b.enabled);
                HoleView { number, seeds: seeds[Hole(number).index(side, n)], sow }
            })
            .collect(),
    };
    let north = row(Side::Second, (1..=n).rev().collect());
    let south = row(Side::First, (1..=n).collect());
    vec![north, south]
}

impl Table {
    /// The controls `actor` has on game `id` of `guild`, or `None` when it is no game of the server.
    pub fn web_play(&self, guild: GuildId, id: GameId, actor: &Actor) -> Result<Option<PlayPanel>, TableError> {
        self.web_play_picking(guild, id, actor, None)
    }

    /// As [`Table::web_play`], with the piece on square `pick` picked (its moves shown by where they end).
    pub fn web_play_picking(
        &self,
        guild: GuildId,
        id: GameId,
        actor: &Actor,
        pick: Option<&str>,
    ) -> Result<Option<PlayPanel>, TableError> {
        let Some(record) = self.store.game(id)? else { return Ok(None) };
        if record.guild != guild {
            return Ok(None);
        }
        let work = AtWork::own(self);
        let seated = !record.sides_of(actor.user, &actor.roles).is_empty();
        let mut panel = PlayPanel {
            game: id,
            channel: record.channel,
            ply: record.moves.len(),
            takes_part: seated,
            to_move: false,
            moves: Vec::new(),
            buttons: Vec::new(),
            menus: Vec::new(),
            holes: Vec::new(),
            squares: Vec::new(),
            picked: None,
        };
        match record.status {
            Status::Challenge => {
                let challenged = record.opponent.as_ref().is_some_and(|p| p.id == actor.user)
                    || (record.challenger_side.is_some() && seated && record.challenger.id != actor.user);
                let open = record.opponent.is_none() && record.challenger_side.is_none();
                if challenged || (open && record.challenger.id != actor.user) {
                    panel.takes_part = true;
                    panel.buttons = answer_buttons(actor.locale, id, Question::Challenge).to_vec();
                    if open {
                        panel.buttons.truncate(1);
                    }
                }
            }
            Status::Active if seated => {
                let position = work.position(&record)?;
                panel.to_move =
                    position.to_move().is_some_and(|side| record.sides_of(actor.user, &actor.roles).contains(&side));
                panel.buttons = work.buttons(actor.locale, &record, &position);
                // Moves and throws only for the side on turn (Discord shows them to everyone, and refuses the rest).
                if !panel.to_move {
                    panel.buttons.retain(|b| !matches!(b.id, ButtonId::Move { .. } | ButtonId::Throw { .. }));
                }
                let typed =
                    panel.buttons.iter().all(|b| !matches!(b.id, ButtonId::Move { .. } | ButtonId::Throw { .. }));
                if panel.to_move && typed && !record.kind.moves_are_throws() {
                    panel.moves = position.legal_moves();
                    panel.menus = board_menus(actor.locale, &record, &position);
                    (panel.squares, panel.picked) = square_rows(&position, &panel.moves, pick);
                }
                if let crate::games::Position::Hoyito(game) = &position {
                    panel.holes = hole_rows(game, position.to_move(), &record, actor.locale, &mut panel.buttons);
                }
            }
            Status::Finished { .. } if seated => panel.buttons = rematch_buttons(actor.locale, &record),
            _ => {}
        }
        Ok(Some(panel))
    }
}
