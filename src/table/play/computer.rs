//! The computer as a player: the games where it owes a move are found by the scheduler's due
//! times, its move is searched off the front end's async runtime (by whoever calls [`Table::play_computer`], on a
//! pool of its own), and committed in one unit with the notice that posts the new board, checked against the
//! revision it was searched on, so a move is played once even when two processes search it at the same time.

use crate::table::fail::TableError;
use crate::table::reply::Audience;
use crate::table::write::AtWork;
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::ai::{self, Level};
use crate::games::{Position, Side};
use crate::i18n::{self, Locale, Message};
use crate::store::record::{COMPUTER, GameId, MoveEntry, Notice, NoticeKind, Status, Timestamp, UserId};
use crate::store::{GameWrite, Unit};
use crate::table::fail::Fail;
use crate::table::play::record_move;
use crate::table::play::throw_sticks;
use crate::table::reply::Reply;

impl AtWork<'_> {
    /// The games whose computer owes a move at `now`, oldest due first.
    pub fn computer_due(&self, now: Timestamp) -> Result<Vec<GameId>, TableError> {
        Ok(self.computer_due_by_server(now)?.into_iter().map(|(game, _, _)| game).collect())
    }

    /// As [`Table::computer_due`], each game with the server whose turn in the heavy-work queue it takes (one
    /// for every game outside servers) and the member it plays against, whose share it counts in.
    pub fn computer_due_by_server(&self, now: Timestamp) -> Result<Vec<(GameId, u64, Option<UserId>)>, TableError> {
        let mut out = Vec::new();
        for id in self.store.due_games(now)? {
            let Some(record) = self.store.game(id)? else { continue };
            if (self.table.serves)(record.guild)
                && record.status == Status::Active
                && record.computer.is_some_and(|c| c.on_turn)
            {
                let member = record.participants().into_iter().find(|&p| p != COMPUTER);
                out.push((id, crate::work::queue_server(record.guild, record.private), member));
            }
        }
        Ok(out)
    }

    /// Searches and plays the computer's move in game `id` if it still owes one; true when a move was played.
    /// CPU-bound (up to about two seconds at level 5): call it off an async runtime.
    pub fn play_computer(&self, id: GameId, now: Timestamp) -> Result<bool, TableError> {
        Ok(self.play_computer_once(id, now)?)
    }

    fn play_computer_once(&self, id: GameId, now: Timestamp) -> Result<bool, Fail> {
        let Some(mut record) = self.store.game(id)? else { return Ok(false) };
        let Some(seat) = record.computer.filter(|c| c.on_turn && record.status == Status::Active) else {
            return Ok(false);
        };
        let mut position = self.position(&record)?;
        let Some(side) = position.to_move() else { return Ok(false) };
        if record.player(side).is_none_or(|p| p.id != COMPUTER) {
            return Ok(false);
        }
        // The same game and move number always give the same move (and the same sticks).
        let seed =
            crate::ai::search::fnv(id.get().to_le_bytes().into_iter().chain((record.moves.len() as u64).to_le_bytes()));
        let (notation, value, depth, perfect) = match &position {
            Position::ZohnAhl(game) => {
                let throw = throw_sticks(&mut StdRng::seed_from_u64(seed), game.options_ref().p_flat);
                (throw.to_string(), 0, 0, false)
            }
            _ => {
                let level = Level::new(seat.level).unwrap_or(Level::ALL[2]);
                let choice = ai::choose_with(&position, level, seed, 1.0, self.config.endgame.as_deref())
                    .ok_or_else(|| Fail::Internal(format!("game {id}: the computer found no move")))?;
                (choice.notation, choice.value, choice.depth, choice.perfect)
            }
        };
        let played =
            position.play(&notation).map_err(|e| Fail::Internal(format!("the computer's {notation}: {e:?}")))?;
        record_move(&mut record, &position, side, MoveEntry { notation: played, by: COMPUTER, at: now, name: None });
        let notice = Notice {
            id: 0,
            game: record.id,
            guild: record.guild,
            channel: record.channel,
            kind: NoticeKind::ComputerMoved { value, depth, moves: u32::try_from(record.moves.len()).ok(), perfect },
            at: now,
        };
        let base = record.revision;
        let games = vec![GameWrite { record, base: Some(base) }];
        let saved = self.write(Unit { games, notices: vec![notice], ..Unit::default() }).map(|w| w.games);
        match saved {
            Ok(saved) => {
                crate::metrics::moved(saved[0].kind.name());
                self.remember(&saved[0], &position);
                Ok(true)
            }
            // A person acted meanwhile (resigned, say), or another process played it: judged again next time.
            Err(Fail::User(_) | Fail::Changed(_)) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// The move the engine prefers for the actor, at its strongest, and why: only in a casual game against the
    /// computer, on the actor's turn (a hint anywhere else would be help against a person).
    pub(in crate::table) fn hint(
        &self,
        actor: &crate::table::actor::Actor,
        now: Timestamp,
    ) -> crate::table::fail::Answer {
        let (record, _) = self.active_game(actor, now, None)?;
        if record.computer.is_none() || record.rated || record.tournament.is_some() {
            return Err(Message::new("hint-not-here").into());
        }
        let (record, _, position) = self.turn_of(actor, None, now)?;
        if record.kind.moves_are_throws() {
            return Err(Message::new("hint-no-decision").into());
        }
        let seed = crate::ai::search::fnv(record.id.get().to_le_bytes());
        let strongest = Level::ALL[4];
        let choice = ai::choose_with(&position, strongest, seed, 1.0, self.config.endgame.as_deref())
            .ok_or_else(|| Fail::Internal(format!("game {}: no move to hint", record.id)))?;
        // The hint, then each reason: whole sentences, one after the other.
        let mut text = i18n::spans(actor.locale, &Message::new("hint").str("move", choice.notation.as_str()));
        for reason in &choice.reason {
            text.push_str(" ").push_text(&i18n::spans(actor.locale, reason));
        }
        Ok(vec![Reply { text, audience: Audience::Asker, ..Reply::default() }])
    }

    /// The board after the computer's move (the game's first `moves` moves; all of them when not given), with
    /// what the move did and why it was chosen (`search`: the search's value and depth, and whether the endgame
    /// database chose it). Told from the game as it stood then: a later move of the computer's has a post of its
    /// own.
    pub(in crate::table) fn computer_reply(
        &self,
        game: GameId,
        search: (i32, u32, bool),
        moves: Option<u32>,
        locale: Locale,
    ) -> Result<Option<Reply>, Fail> {
        let (value, depth, perfect) = search;
        let Some(mut record) = self.store.game(game)? else { return Ok(None) };
        let played = moves.and_then(|m| usize::try_from(m).ok()).filter(|&m| m >= 1 && m <= record.moves.len());
        if let Some(played) = played.filter(|&m| m < record.moves.len()) {
            // More moves followed, so the game was still on: nobody's turn but the computer's, no offer open.
            record.moves.truncate(played);
            record.status = Status::Active;
            record.draw_offer = None;
        }
        let Some(last) = record.moves.last().cloned() else { return Ok(None) };
        let replay = |moves: &[MoveEntry]| {
            Position::replay(record.kind, &record.options, moves.iter().map(|m| m.notation.as_str()))
                .ok()
                .and_then(Result::ok)
                .ok_or_else(|| Fail::Internal(format!("game {game} does not replay")))
        };
        let position = replay(&record.moves)?;
        let before = replay(&record.moves[..record.moves.len() - 1])?;
        let name = record.player(before.to_move().unwrap_or(Side::First)).map(|p| p.name.clone()).unwrap_or_default();
        let details: Vec<String> = position.describe_last_move().iter().map(|m| i18n::text(locale, m)).collect();
        // What the move did, then why it was chosen: whole sentences, one after the other.
        let reasons = ai::explain(&before, &last.notation, value, depth, perfect);
        let text: Vec<String> = details.into_iter().chain(reasons.iter().map(|m| i18n::text(locale, m))).collect();
        let text = text.join(" ");
        let mut said = vec![Message::new("move-played").name("player", name).str("details", text)];
        said.extend(position.describe_end());
        let reply = self.board_reply(locale, &record, &position, said);
        Ok(Some(reply.in_channel(record.channel)))
    }
}
