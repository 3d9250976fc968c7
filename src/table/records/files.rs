//! Game records at the table: exporting a game's record files, importing a record as a game of this server
//! (checked move by move by `records::check`, stored unrated through the one write path), and the archive of the
//! server's finished games. Who may: anyone in the game's server; ids of another server are "not found", as
//! everywhere.

use crate::games::{GameKind, Side};
use crate::i18n::{self, Locale, Message, Span, Text};
use crate::records::{self, Form, Record};
use crate::store::GuildId;
use crate::store::record::{GameId, GameRecord, Player, Status, Timestamp, TournamentPlace};
use crate::store::{GameWrite, Unit};
use crate::table::actor::Actor;
use crate::table::button_id::ButtonId;
use crate::table::fail::{Answer, Fail};
use crate::table::limits::check_name;
use crate::table::naming::game_name;
use crate::table::reply::{Button, ButtonStyle, File, Reply};
use crate::table::write::AtWork;

/// Characters of a move's notation (or its mover's id) in an imported record: the longest real move, an
/// Ocencahuac jump chain, takes a few dozen.
const MOVE_CHARS: usize = 200;

/// Games on one page of the archive.
pub const ARCHIVE_PAGE: usize = 10;

/// A page of the archive (see [`AtWork::archive_page`]).
#[derive(Debug, Clone)]
pub struct ArchivePage {
    /// Which page of how many, of which game and player.
    pub title: Text,
    pub games: Vec<ArchivedGame>,
    /// The page shown (from 0; a page asked beyond the last is the last) and how many there are.
    pub page: usize,
    pub pages: usize,
}

/// A finished game as the archive lists it: its number, game, players, result and how it ended, moves, date,
/// tournament round, importer.
#[derive(Debug, Clone)]
pub struct ArchivedGame {
    pub id: GameId,
    pub line: Text,
}

/// A player by name, or by id (a front end shows the member) when the name is not known.
fn shown_name(player: &Player) -> Text {
    if player.name.is_empty() {
        Text::span(format!("@{}", player.id), Span::User(player.id.get()))
    } else {
        Text::span(player.name.as_str(), Span::Name)
    }
}

/// `ana – ben`.
pub(in crate::table) fn pairing(record: &GameRecord, locale: Locale) -> String {
    format!("{} – {}", record.side_label(Side::First, locale), record.side_label(Side::Second, locale))
}

impl AtWork<'_> {
    pub(in crate::table) fn recorded_game(
        &self,
        actor: &Actor,
        game: Option<GameId>,
        now: Timestamp,
        which: &'static str,
    ) -> Result<GameRecord, Fail> {
        let record = match game {
            Some(id) => self.game_in(actor, id)?,
            None => self.shown_game(actor, now)?.ok_or(Message::new(which))?,
        };
        if !matches!(record.status, Status::Active | Status::Finished { .. }) {
            return Err(Message::new("record-not-played").num("id", record.id.get() as i64).into());
        }
        Ok(record)
    }

    pub(in crate::table) fn export(&self, actor: &Actor, game: Option<GameId>, now: Timestamp) -> Answer {
        let record = self.recorded_game(actor, game, now, "export-which")?;
        let exported = Record::of(&record)
            .ok_or_else(|| Fail::Internal(format!("game {} does not replay for its record", record.id)))?;
        let files = [Form::Json, Form::Text]
            .map(|form| File {
                name: exported.file_name(record.id.into(), form),
                bytes: exported.write(form).into_bytes(),
                description: None,
            })
            .to_vec();
        let text = i18n::spans(
            actor.locale,
            &Message::new("export-done")
                .str("game", game_name(actor.locale, record.kind))
                .num("id", record.id.get() as i64)
                .num("moves", record.moves.len() as i64),
        );
        Ok(vec![Reply { text, files, ..Reply::default() }])
    }

    pub(in crate::table) fn import(&self, actor: &Actor, bytes: &[u8], live: bool, now: Timestamp) -> Answer {
        let refused = |e: records::RecordError| Fail::User(Message::new("record-refused").nested("why", e.message()));
        let record = records::read(bytes).map_err(refused)?;
        self.within_record_limits(&record, actor.locale)?;
        self.within_import_quota(actor, now)?;
        let importer = Player { id: actor.user, name: actor.name.clone() };
        let replayed = records::check(&record, &importer).map_err(refused)?;
        let mut game = replayed.game;
        if let Some(imported) = &mut game.imported {
            imported.by = Some(importer);
            imported.at = Some(now);
        }
        if game.status == Status::Active && !live {
            return Err(Message::new("record-still-on").into());
        }
        game.guild = actor.guild;
        game.channel = actor.channel;
        game.private = actor.private;
        if game.status == Status::Active {
            // To be continued here: it needs the channel, and the clock starts now.
            game.updated_at = now;
            game.expires_at = now;
        }
        let saved = self.write(Unit { games: vec![GameWrite { record: game, base: None }], ..Unit::default() })?.games;
        let game = &saved[0];
        let result = match game.status {
            Status::Finished { winner, .. } => records::result_of(winner).to_string(),
            _ => "*".to_string(),
        };
        let mut text = i18n::spans(
            actor.locale,
            &Message::new("import-done")
                .num("id", game.id.get() as i64)
                .str("game", game_name(actor.locale, game.kind))
                .name("players", pairing(game, actor.locale))
                .str("result", result)
                .num("moves", game.moves.len() as i64),
        );
        let mut replies = Vec::new();
        if game.status == Status::Active {
            text.push_str("\n");
            text.push_str(&i18n::text(actor.locale, &Message::new("import-continues")));
            let position = self.position(game)?;
            replies.push(self.board_reply(actor.locale, game, &position, Vec::new()));
        }
        replies.insert(0, Reply { text, ..Reply::default() });
        Ok(replies)
    }

    /// A record too long to replay cheaply, or with names longer than a member's or a role's, is refused before
    /// it is replayed: such a file is no game people played here, and it would make every picture of it costly.
    fn within_record_limits(&self, record: &Record, locale: Locale) -> Result<(), Fail> {
        let limits = &self.config.limits;
        let kind = record.kind().map_err(|e| Fail::User(Message::new("record-refused").nested("why", e.message())))?;
        let most = limits.record_plies.of(kind);
        if record.moves.len() > most {
            return Err(Message::new("limit-plies")
                .str("game", game_name(locale, kind))
                .num("moves", record.moves.len() as i64)
                .num("max", most as i64)
                .into());
        }
        for side in &record.sides {
            let side_max = if side.team { limits.team_name_chars } else { limits.name_chars };
            check_name(&side.name, side_max)?;
            if let Some(role) = &side.role {
                check_name(&role.name, limits.team_name_chars)?;
            }
            for player in &side.players {
                check_name(&player.name, limits.name_chars)?;
            }
        }
        // A move's mover named by the record (a role team's member) is a member's name too; a move's notation
        // and mover are short words of one line, refused before the rules read them.
        for m in &record.moves {
            if let Some(name) = &m.name {
                check_name(name, limits.name_chars)?;
            }
            check_name(&m.notation, MOVE_CHARS)?;
            if let Some(by) = &m.by {
                check_name(by, MOVE_CHARS)?;
            }
        }
        Ok(())
    }

    /// At most `imports_per_day` imports by one member in one server in the last 24 hours.
    fn within_import_quota(&self, actor: &Actor, now: Timestamp) -> Result<(), Fail> {
        let most = self.config.limits.imports_per_day;
        let mut recent = 0;
        // Newest first, until a game stored more than a day ago: the day's games are read, never the rest.
        for id in self.store.user_games(actor.user)?.into_iter().rev() {
            let Some(game) = self.store.game(id)? else { continue };
            let stored_at = game.imported.as_ref().and_then(|i| i.at).unwrap_or(game.created_at);
            if stored_at + 86_400 <= now {
                break;
            }
            let Some(imported) = &game.imported else { continue };
            let by_actor = imported.by.as_ref().is_some_and(|p| p.id == actor.user);
            if game.guild == actor.guild && by_actor && imported.at.is_some_and(|at| at + 86_400 > now) {
                recent += 1;
            }
            if recent >= most {
                return Err(Message::new("limit-imports").num("max", most as i64).into());
            }
        }
        Ok(())
    }

    /// One page of a server's finished games (of one player, of one game), newest first: the data the chat's
    /// reply and the web's page each show their own way.
    pub(in crate::table) fn archive_page(
        &self,
        guild: GuildId,
        player: Option<&Player>,
        kind: Option<GameKind>,
        page: usize,
        locale: Locale,
    ) -> Result<ArchivePage, Fail> {
        let mut found: Vec<(GameId, GameKind, Timestamp)> = match player {
            None => self.store.finished_games(guild)?,
            // The player's part of the server's archive (the computer's games of this server too): nothing of
            // other servers is read.
            Some(p) => self.store.player_finished_games(guild, p.id)?,
        };
        found.retain(|g| kind.is_none_or(|k| g.1 == k));
        let pages = found.len().div_ceil(ARCHIVE_PAGE).max(1);
        let page = page.min(pages - 1);
        let title = Message::new("archive-title").num("page", page as i64 + 1).num("pages", pages as i64);
        let mut title = i18n::spans(locale, &title);
        if let Some(kind) = kind {
            title.push_str(&format!(" · {}", game_name(locale, kind)));
        }
        if let Some(player) = player {
            title.push_str(" · ").push_text(&shown_name(player));
        }
        let mut games = Vec::new();
        for &(id, _, _) in found.iter().skip(page * ARCHIVE_PAGE).take(ARCHIVE_PAGE) {
            let Some(g) = self.store.game(id)? else { continue };
            let Status::Finished { winner, reason } = g.status else { continue };
            let how =
                i18n::text(locale, &Message::dynamic(format!("termination-{}", records::termination_name(reason))));
            let mut line = Text::span(format!("#{}", g.id), Span::Game(g.id.into()));
            line.push_str(&format!(" · {} · ", game_name(locale, g.kind)));
            line.push_span(&pairing(&g, locale), Span::Name);
            line.push_str(" · ").push_span(records::result_of(winner), Span::Strong);
            line.push_str(&format!(
                " ({how}) · {} · {}",
                i18n::text(locale, &Message::new("archive-moves").num("moves", g.moves.len() as i64)),
                records::time::date(g.updated_at),
            ));
            if let Some(TournamentPlace { tournament, round, .. }) = g.tournament {
                let said = Message::new("archive-tournament")
                    .num("id", tournament.get() as i64)
                    .num("round", round as i64 + 1);
                line.push_str(&format!(" · {}", i18n::text(locale, &said)));
            }
            if let Some(imported) = &g.imported {
                let said = match &imported.by {
                    Some(by) if by.name.is_empty() => Message::new("archive-imported-by").user("name", by.id.get()),
                    Some(by) => Message::new("archive-imported-by").name("name", by.name.as_str()),
                    None => Message::new("archive-imported"),
                };
                line.push_str(" · ").push_text(&i18n::spans(locale, &said));
            }
            games.push(ArchivedGame { id: g.id, line });
        }
        Ok(ArchivePage { title, games, page, pages })
    }

    pub(in crate::table) fn archive(
        &self,
        actor: &Actor,
        player: Option<&Player>,
        kind: Option<GameKind>,
        page: usize,
    ) -> Answer {
        let locale = actor.locale;
        let ArchivePage { title, games, page, pages } = self.archive_page(actor.guild, player, kind, page, locale)?;
        let mut lines = vec![title];
        let listed = !games.is_empty();
        if !listed {
            lines.push(i18n::spans(locale, &Message::new("archive-empty")));
        }
        lines.extend(games.into_iter().map(|g| g.line));
        // How to get a game's record or replay, with the commands.
        if listed {
            lines.push(i18n::spans(locale, &Message::new("archive-hint")));
        }
        let player_id = player.map(|p| p.id.get());
        let button = |label: &'static str, to: usize, enabled: bool| Button {
            id: ButtonId::Archive { page: to, player: player_id, game: kind },
            label: i18n::text(locale, &Message::new(label)),
            enabled,
            style: ButtonStyle::Secondary,
            new_row: false,
        };
        let buttons = if pages > 1 {
            vec![
                button("archive-previous", page.saturating_sub(1), page > 0),
                button("archive-next", (page + 1).min(pages - 1), page + 1 < pages),
            ]
        } else {
            Vec::new()
        };
        Ok(vec![Reply { text: Text::join(lines, "\n"), buttons, ..Reply::default() }])
    }
}
