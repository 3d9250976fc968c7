//! The bounds on what one member may ask of the bot, stated once: how long a name or a record may be, how many
//! games, challenges, imports and tournaments one user or server may hold, and how much heavy work (the
//! computer's moves, hints, analyses, replays) runs at once. Every front end meets them here, at the table;
//! defaults are below, and the `[limits]` section of the configuration changes them. A refusal names the
//! limit and its number.

use serde::Deserialize;

use crate::games::GameKind;
use crate::i18n::Message;

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Limits {
    /// Characters of a player's name (Discord's display names have at most 32).
    pub name_chars: usize,
    /// Characters of a team's name (Discord's role names have at most 100).
    pub team_name_chars: usize,
    /// Moves of a game record that may be imported, per game.
    pub record_plies: RecordPlies,
    /// Pictures of an animated replay: a longer game shows moves sampled evenly, the last always.
    pub replay_frames: usize,
    /// Live games against the computer one user may have in a server.
    pub computer_games: usize,
    /// Open challenges (not yet answered) one user may have in a server.
    pub open_challenges: usize,
    /// Games on and challenges waiting one user may have in a server (a game in a thread of its own frees its
    /// channel, so channels alone bound nothing).
    pub live_games: usize,
    /// Records one user may import into a server in a day.
    pub imports_per_day: usize,
    /// Tournaments a server may have open or running at once.
    pub tournaments: usize,
    /// Players (or teams) one tournament may have: a Swiss round's pairing takes memory and time that grow
    /// with the square of the field.
    pub tournament_players: usize,
    /// Players of a Swiss whose next round is paired while the move that completed the round is answered;
    /// a larger field's round is paired by the scheduler as heavy work and announced when it is ready.
    pub inline_pairing_players: usize,
    /// Rounds a tournament report file may hold (a player line then has at most 91 + 10 x this characters).
    pub trf_rounds: usize,
    /// Bytes of a tournament report file (`tablero pair`): checked before the file is read.
    pub trf_bytes: usize,
    /// Heavy jobs (the computer's moves, hints, analyses, replays, imports) run at once, in all.
    pub workers: usize,
    /// Heavy jobs waiting, in all; more are answered "busy, try again in a minute".
    pub queue: usize,
    /// Heavy jobs one user may have waiting or running.
    pub per_user: usize,
    /// Heavy jobs one server may have waiting or running.
    pub per_server: usize,
    /// Seconds a heavy job may run; an analysis that runs out says how far it got.
    pub job_secs: u64,
    /// Live web pages (event streams) open at once, in all; one more is told to reload later.
    pub web_streams: usize,
    /// Web pages drawn at once, in all (a position's picture, an animated replay); more wait their turn.
    pub web_drawing: usize,
    /// Web pictures waiting to be drawn, in all; per client address; per server (more: 503, come back later).
    pub web_drawing_waiting: usize,
    pub web_client_drawing: usize,
    pub web_server_drawing: usize,
    /// Bytes of drawn pictures and files the pages keep (the oldest go first).
    pub web_cache_bytes: usize,
    /// Live web pages one client address may hold open.
    pub web_client_streams: usize,
    /// Live web pages one server's pages may have open.
    pub web_server_streams: usize,
    /// Web requests one client may make a second, on average (more: 429).
    pub web_client_rate: usize,
    /// Web requests one client may make at once after a pause: sized so that a page's own script (stepping
    /// through a game with the arrow keys, each step a page and its picture; a quick game's reloads) is never
    /// refused.
    pub web_client_burst: usize,
    /// Web requests one client address may have being answered at once (more: 429).
    pub web_client_requests: usize,
    /// Web requests one server's pages may have being answered at once (more: 503).
    pub web_server_requests: usize,
    /// Connections to the web pages at once (fewer when the process's open files are short).
    pub web_connections: usize,
    /// Connections from one client address at once.
    pub web_client_connections: usize,
    /// Seconds a connection has to send a request's headers (from its start).
    pub web_header_secs: u64,
    /// Seconds a connection may go without reading or writing anything before it is closed.
    pub web_idle_secs: u64,
    /// Bytes of a request's body (a form of the pages, the Activity's sign-in): a longer one is refused, by its
    /// length before it is read.
    pub web_body_bytes: usize,
    /// Seconds a request's body has to arrive, in all, from the end of its headers.
    pub web_body_secs: u64,
    /// Bytes of request bodies being read or answered at once, in all; one client may hold a sixteenth of them.
    pub web_bodies_bytes: usize,
}

/// Moves of an imported record, per game: a few times the longest real games, far below what would make a
/// replay or an analysis heavy.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RecordPlies {
    pub epaminondas: usize,
    pub hoyito: usize,
    pub zohn_ahl: usize,
    pub ocencahuac: usize,
}

impl Default for RecordPlies {
    fn default() -> Self {
        RecordPlies { epaminondas: 1000, hoyito: 2000, zohn_ahl: 2000, ocencahuac: 1000 }
    }
}

impl RecordPlies {
    pub fn of(&self, kind: GameKind) -> usize {
        match kind {
            GameKind::Epaminondas => self.epaminondas,
            GameKind::Hoyito => self.hoyito,
            GameKind::ZohnAhl => self.zohn_ahl,
            GameKind::Ocencahuac => self.ocencahuac,
        }
    }
}

impl Limits {
    /// The heavy-work queue's shares.
    pub fn heavy_work_shares(&self) -> crate::work::Shares {
        crate::work::Shares {
            workers: self.workers,
            queue: self.queue,
            per_user: self.per_user,
            per_server: self.per_server,
        }
    }

    /// The shares of each of the web's two drawing queues (pictures, files): clients in place of members.
    pub fn drawing_shares(&self) -> crate::work::Shares {
        crate::work::Shares {
            workers: self.web_drawing,
            queue: self.web_drawing_waiting,
            per_user: self.web_client_drawing,
            per_server: self.web_server_drawing,
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            name_chars: 32,
            team_name_chars: 100,
            record_plies: RecordPlies::default(),
            replay_frames: 240,
            computer_games: 3,
            open_challenges: 5,
            live_games: 50,
            imports_per_day: 20,
            tournaments: 10,
            tournament_players: 1000,
            inline_pairing_players: 64,
            trf_rounds: 100,
            trf_bytes: 2_000_000,
            workers: 2,
            queue: 64,
            per_user: 2,
            per_server: 8,
            job_secs: 60,
            web_streams: 2000,
            web_drawing: 2,
            web_drawing_waiting: 64,
            web_client_drawing: 4,
            web_server_drawing: 16,
            web_cache_bytes: 64 << 20,
            web_client_streams: 20,
            web_server_streams: 1000,
            web_client_rate: 20,
            web_client_burst: 120,
            web_client_requests: 16,
            web_server_requests: 64,
            web_connections: 4096,
            web_client_connections: 64,
            web_header_secs: 10,
            web_idle_secs: 60,
            web_body_bytes: 16 * 1024,
            web_body_secs: 10,
            web_bodies_bytes: 8 << 20,
        }
    }
}

/// A name as it is shown: control characters (line breaks, tabs) become spaces, runs of blanks one space, the
/// ends trimmed, and at most `max` characters kept (the cut marked with `…`).
pub fn clean_name(name: &str, max: usize) -> String {
    let mut out = String::with_capacity(name.len().min(4 * max));
    let mut kept = 0;
    let mut blank = false;
    for c in name.chars() {
        if c.is_control() || c.is_whitespace() {
            blank = !out.is_empty();
            continue;
        }
        if kept >= max {
            out.pop();
            out.push('…');
            return out;
        }
        if blank {
            out.push(' ');
            kept += 1;
            blank = false;
            if kept >= max {
                out.pop();
                out.push('…');
                return out;
            }
        }
        out.push(c);
        kept += 1;
    }
    out
}

/// Refuses a name longer than `max` characters (a record's, where cutting would change what it says).
pub fn check_name(name: &str, max: usize) -> Result<(), Message> {
    if name.chars().nth(max).is_some() || name.chars().any(char::is_control) {
        let shown: String = name.chars().filter(|c| !c.is_control()).take(20).collect();
        return Err(Message::new("limit-name").name("name", format!("{shown}…")).num("max", max as i64));
    }
    Ok(())
}

impl Limits {
    /// The bounds of a tournament file read here: as many players as a tournament may have, and its rounds and
    /// bytes.
    pub fn trf_bounds(&self) -> crate::pairings::trf::Bounds {
        crate::pairings::trf::Bounds {
            players: self.tournament_players,
            rounds: self.trf_rounds,
            bytes: self.trf_bytes,
        }
    }
}

/// A tournament file's bounds, by default those of the default limits.
impl Default for crate::pairings::trf::Bounds {
    fn default() -> Self {
        Limits::default().trf_bounds()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_control_characters_and_are_cut_to_the_limit() {
        assert_eq!(clean_name("ana", 32), "ana");
        assert_eq!(clean_name("  ana\n\tde\u{7}  la  luz ", 32), "ana de la luz");
        assert_eq!(clean_name("abcdefgh", 4), "abc…");
        assert_eq!(clean_name("abc defgh", 4), "abc…");
        assert_eq!(clean_name("abcd", 4), "abcd");
        assert_eq!(clean_name(&"x".repeat(100_000), 32).chars().count(), 32);
        assert_eq!(clean_name("\n\n", 32), "");
    }

    #[test]
    fn a_long_or_broken_name_is_refused_with_the_limit() {
        assert!(check_name(&"x".repeat(32), 32).is_ok());
        let refused = check_name(&"x".repeat(33), 32).unwrap_err();
        assert_eq!(refused.id, "limit-name");
        assert!(check_name("two\nlines", 32).is_err());
    }
}
