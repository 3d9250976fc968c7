//! Challenges: posting one, accepting, declining, cancelling, and choosing who takes the first side.

use rand::Rng;

use super::view::{Question, answer_buttons, game_name};
use super::{Actor, Answer, Fail, Reply, Table};
use crate::games::{GameKind, OptionSet, Side};
use crate::i18n::{self, Message};
use crate::store::WriteError;
use crate::store::record::{First, GameId, GameRecord, Player, Status, Timestamp};

fn parse_first(value: &str) -> Result<First, Message> {
    match value.to_ascii_lowercase().as_str() {
        "challenger" | "me" => Ok(First::Challenger),
        "opponent" | "them" => Ok(First::Opponent),
        "random" => Ok(First::Random),
        _ => Err(Message::new("option-bad-value")
            .str("key", "first")
            .str("value", value)
            .str("expected", "challenger|opponent|random")),
    }
}

impl Table {
    pub(super) fn challenge(
        &self,
        actor: &Actor,
        game: &str,
        opponent: Option<Player>,
        mut options: OptionSet,
        now: Timestamp,
    ) -> Answer {
        let kind: GameKind = game.parse()?;
        let first = match options.remove("first") {
            Some(v) => parse_first(&v)?,
            None => First::Random,
        };
        let options = kind.normalise_options(&options).map_err(|e| e.message())?;
        if opponent.as_ref().is_some_and(|p| p.id == actor.user) {
            return Err(Message::new("challenge-self").into());
        }
        let record = GameRecord {
            id: 0,
            kind,
            options,
            guild: actor.guild,
            channel: actor.channel,
            challenger: actor.player(),
            opponent,
            first,
            seats: Vec::new(),
            moves: Vec::new(),
            status: Status::Challenge,
            draw_offer: None,
            created_at: now,
            updated_at: now,
            expires_at: now + self.config.challenge_expiry_secs,
            revision: 0,
        };
        let mut attempt = self.store.create_game(record.clone());
        if let Err(WriteError::ChannelBusy(held)) = attempt
            && let Some(old) = self.store.game(held)?
            && self.expire_if_due(&old, now)?
        {
            // A lapsed challenge does not hold the channel: it is now marked expired, so try once more.
            attempt = self.store.create_game(record);
        }
        let created = match attempt {
            Ok(r) => r,
            Err(WriteError::ChannelBusy(held)) => {
                return Err(Message::new("channel-busy").num("game", held as i64).into());
            }
            Err(e) => return Err(Fail::Internal(e.to_string())),
        };
        Ok(vec![self.challenge_reply(actor, &created)])
    }

    fn challenge_reply(&self, actor: &Actor, record: &GameRecord) -> Reply {
        let locale = actor.locale;
        let game = game_name(locale, record.kind);
        let hours = self.config.challenge_expiry_secs.div_ceil(3600) as i64;
        let options = record.options.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(" ");
        let message = match &record.opponent {
            Some(p) => Message::new("challenge-posted").str("opponent", p.name.as_str()),
            None => Message::new("challenge-open"),
        };
        let text = format!(
            "{}\n{}",
            i18n::text(
                locale,
                &message
                    .str("challenger", record.challenger.name.as_str())
                    .str("game", game)
                    .str("options", options)
                    .num("id", record.id as i64)
            ),
            i18n::text(locale, &Message::new("challenge-expires").num("hours", hours)),
        );
        let buttons = answer_buttons(locale, record.id, Question::Challenge).to_vec();
        Reply { text, buttons, mentions: record.opponent.iter().map(|p| p.id).collect(), ..Reply::default() }
    }

    /// The channel's pending challenge, checked against the game a button was drawn for.
    fn pending_challenge(&self, actor: &Actor, game: Option<GameId>, now: Timestamp) -> Result<GameRecord, Fail> {
        let record = match self.channel_game(actor, now)? {
            Some(r) if r.status == Status::Challenge && game.is_none_or(|g| g == r.id) => r,
            Some(r) if r.status == Status::Active && game.is_none_or(|g| g == r.id) => {
                return Err(Message::new("challenge-already-accepted").into());
            }
            _ => {
                // A button of a challenge that lapsed or was withdrawn.
                if let Some(g) = game
                    && let Some(old) = self.store.game(g)?
                    && old.status == Status::Expired
                {
                    return Err(Message::new("challenge-expired").into());
                }
                return Err(Message::new("no-challenge").into());
            }
        };
        Ok(record)
    }

    pub(super) fn accept(&self, actor: &Actor, game: Option<GameId>, now: Timestamp) -> Answer {
        let mut record = self.pending_challenge(actor, game, now)?;
        if record.challenger.id == actor.user {
            return Err(Message::new("accept-own-challenge").into());
        }
        if let Some(p) = &record.opponent
            && p.id != actor.user
        {
            return Err(Message::new("accept-not-challenged").str("opponent", p.name.as_str()).into());
        }
        let opponent = actor.player();
        let challenger_first = match record.first {
            First::Challenger => true,
            First::Opponent => false,
            First::Random => self.rng().random::<bool>(),
        };
        record.seats = if challenger_first {
            vec![record.challenger.clone(), opponent.clone()]
        } else {
            vec![opponent.clone(), record.challenger.clone()]
        };
        record.opponent = Some(opponent);
        record.status = Status::Active;
        record.updated_at = now;
        let base = record.revision;
        let record = self.save(record, base)?;
        let position = self.position(&record)?;
        let first = record.player(Side::First).map(|p| p.name.clone()).unwrap_or_default();
        let intro = Message::new("challenge-accepted")
            .str("player", actor.name.as_str())
            .str("first", first)
            .str("side", position.side_name(Side::First));
        Ok(vec![self.board_reply(actor.locale, &record, &position, vec![intro])])
    }

    pub(super) fn decline(&self, actor: &Actor, game: Option<GameId>, now: Timestamp) -> Answer {
        let mut record = self.pending_challenge(actor, game, now)?;
        match &record.opponent {
            Some(p) if p.id == actor.user => {}
            Some(p) => return Err(Message::new("decline-not-challenged").str("opponent", p.name.as_str()).into()),
            None if record.challenger.id == actor.user => return Err(Message::new("decline-own").into()),
            None => return Err(Message::new("decline-open").into()),
        }
        record.status = Status::Declined;
        record.updated_at = now;
        let base = record.revision;
        let record = self.save(record, base)?;
        let text = i18n::text(
            actor.locale,
            &Message::new("challenge-declined")
                .str("player", actor.name.as_str())
                .str("challenger", record.challenger.name.as_str()),
        );
        Ok(vec![Reply { text, mentions: vec![record.challenger.id], ..Reply::default() }])
    }

    pub(super) fn cancel(&self, actor: &Actor, now: Timestamp) -> Answer {
        let mut record = match self.channel_game(actor, now)? {
            Some(r) if r.status == Status::Challenge => r,
            Some(_) => return Err(Message::new("cancel-started").into()),
            None => return Err(Message::new("no-challenge").into()),
        };
        if record.challenger.id != actor.user {
            return Err(Message::new("cancel-not-yours").str("challenger", record.challenger.name.as_str()).into());
        }
        record.status = Status::Cancelled;
        record.updated_at = now;
        let base = record.revision;
        self.save(record, base)?;
        let text = i18n::text(actor.locale, &Message::new("challenge-cancelled").str("player", actor.name.as_str()));
        Ok(vec![Reply { text, ..Reply::default() }])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_accepts_its_three_values_and_refuses_others() {
        assert_eq!(parse_first("challenger"), Ok(First::Challenger));
        assert_eq!(parse_first("Opponent"), Ok(First::Opponent));
        assert_eq!(parse_first("random"), Ok(First::Random));
        assert!(parse_first("south").is_err());
    }
}
