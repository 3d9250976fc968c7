//! The pages' HTML (maud: checked when compiled, every value escaped): the layout with its language switch and
//! link previews, a server's page, a game's page with its live part, and the views drawn from the table's
//! replies (archive, leaderboard, player, tournament). No script is needed to read any of them; `app.js` only
//! follows a live game and steps through the moves with the keyboard.

use maud::{DOCTYPE, Markup, html};

use super::html::{lines, text};
use super::lang::html_tag;
use crate::games::GameKind;
use crate::i18n::{self, Locale, Message};
use crate::table::{GameLine, GamePage, PlayPanel, Reply, ServerPage};

/// A word of the pages' own, in the reader's language.
pub fn t(locale: Locale, id: &str) -> String {
    i18n::text(locale, &Message::dynamic(id.to_string()))
}

/// What a page's `<head>` tells link previews.
#[derive(Default)]
pub struct Preview {
    pub title: String,
    pub description: String,
    /// The absolute address of the picture.
    pub image: Option<String>,
}

/// A whole page: head (title, previews, style, script), the site's bar with the language switch, `body`.
pub fn layout(locale: Locale, base: &str, title: &str, preview: Option<Preview>, body: Markup) -> Markup {
    let other = match locale {
        Locale::English => ("es", "Español"),
        _ => ("en", "English"),
    };
    html! {
        (DOCTYPE)
        html lang=(html_tag(locale)) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="referrer" content="no-referrer";
                title { (title) " · tablero" }
                @if let Some(p) = preview {
                    meta property="og:title" content=(p.title);
                    meta property="og:description" content=(p.description);
                    meta property="og:type" content="website";
                    @if let Some(image) = p.image {
                        meta property="og:image" content=(image);
                        meta name="twitter:card" content="summary_large_image";
                    }
                }
                link rel="stylesheet" href="/assets/style.css";
                script src="/assets/app.js" defer {}
            }
            body {
                a.skip href="#main" { (t(locale, "web-skip")) }
                header {
                    nav aria-label=(t(locale, "web-site")) {
                        a href={ (base) "/" } { "tablero" }
                        a href={ (base) "/archive" } { (t(locale, "web-archive")) }
                        a href={ "?lang=" (other.0) } lang=(other.0) hreflang=(other.0) { (other.1) }
                    }
                }
                main id="main" { (body) }
            }
        }
    }
}

fn game_list(lines_: &[GameLine], base: &str, empty: &str) -> Markup {
    html! {
        @if lines_.is_empty() {
            p.empty { (empty) }
        } @else {
            ul.games {
                @for g in lines_ {
                    li {
                        a href={ (base) "/game/" (g.id) } { (g.game) " #" (g.id) } " · " (g.players) " · " (text(&g.state, base))
                    }
                }
            }
        }
    }
}

/// The member's games the Activity lists (when its channel has none of its own to show).
pub fn activity_games(locale: Locale, base: &str, games: &[GameLine]) -> Markup {
    html! {
        h1 { (t(locale, "activity-your-games")) }
        (game_list(games, base, &t(locale, "activity-no-games")))
    }
}

pub fn server(locale: Locale, base: &str, page: &ServerPage) -> Markup {
    let body = html! {
        h1 { (t(locale, "web-server-title")) }
        section aria-labelledby="live-games" {
            h2 id="live-games" { (t(locale, "web-live-games")) }
            (game_list(&page.live, base, &t(locale, "web-no-live-games")))
        }
        section aria-labelledby="recent" {
            h2 id="recent" { (t(locale, "web-recent")) }
            (game_list(&page.recent, base, &t(locale, "web-no-recent")))
            p { a href={ (base) "/archive" } { (t(locale, "web-all-finished")) } }
        }
        section aria-labelledby="tournaments" {
            h2 id="tournaments" { (t(locale, "web-tournaments")) }
            @if page.tournaments.is_empty() {
                p.empty { (t(locale, "web-no-tournaments")) }
            } @else {
                ul {
                    @for tr in &page.tournaments {
                        li { a href={ (base) "/tournament/" (tr.id) } { (tr.title) } " · " (tr.state) }
                    }
                }
            }
        }
        section aria-labelledby="learn" {
            h2 id="learn" { (t(locale, "web-learn-title")) }
            p { a href={ (base) "/learn" } { (t(locale, "web-learn-courses")) } " · " a href={ (base) "/learn?puzzle=any" } { (t(locale, "web-learn-puzzle")) } }
        }
        section aria-labelledby="boards" {
            h2 id="boards" { (t(locale, "web-leaderboards")) }
            ul {
                @for (kind, name) in &page.boards {
                    li { a href={ (base) "/leaderboard/" (kind) } { (name) } }
                }
            }
        }
    };
    layout(locale, base, &t(locale, "web-server-title"), None, body)
}

/// The part of a game's page that follows the game: its top (status, picture, sides, stepper) and its moves.
pub fn game_live(locale: Locale, base: &str, page: &GamePage) -> Markup {
    html! {
        div.top { (game_top(locale, base, page)) }
        h2 { (t(locale, "web-moves")) }
        @if page.moves.is_empty() {
            p.empty { (t(locale, "web-no-moves")) }
        } @else {
            ol.moves { (move_items(base, page, 0)) }
        }
    }
}

/// A live page's top: whose turn (or the result), the picture, the sides, the stepper.
pub fn game_top(locale: Locale, base: &str, page: &GamePage) -> Markup {
    let game = format!("{base}/game/{}", page.id);
    let total = page.moves.len();
    let step = |ply: usize| if ply >= total { game.clone() } else { format!("{game}?ply={ply}") };
    html! {
        div.status role="status" { (lines(&page.status, base)) }
        figure.board {
            img src={ (game) "/board.png?ply=" (page.ply) "&v=" (page.revision) } alt=(page.description) width="640";
            figcaption {
                details {
                    summary { (t(locale, "web-board-text")) }
                    pre { (page.diagram) }
                }
            }
        }
        ul.sides {
            @for side in &page.sides {
                li {
                    @if let Some(user) = side.user {
                        a href={ (base) "/player/" (user) } { (side.name) }
                    } @else {
                        (side.name)
                    }
                    @if let Some(r) = side.rating { " (" (r) ")" }
                    " · " (side.side)
                }
            }
        }
        nav.stepper aria-label=(t(locale, "web-stepper")) {
            @if page.ply > 0 {
                a href=(step(0)) { "« " (t(locale, "web-first")) }
                a rel="prev" href=(step(page.ply - 1)) { "◀ " (t(locale, "web-previous")) }
            }
            span.at { (t(locale, "web-move")) " " (page.ply) " / " (total) }
            @if page.ply < total {
                a rel="next" href=(step(page.ply + 1)) { (t(locale, "web-next")) " ▶" }
                a href=(step(total)) { (t(locale, "web-latest")) " »" }
            }
        }
    }
}

/// The items of the move list from move `from` (counted from 0) on.
pub fn move_items(base: &str, page: &GamePage, from: usize) -> Markup {
    let game = format!("{base}/game/{}", page.id);
    let total = page.moves.len();
    let step = |ply: usize| if ply >= total { game.clone() } else { format!("{game}?ply={ply}") };
    html! {
        @for (i, m) in page.moves.iter().enumerate().skip(from) {
            li {
                @if i + 1 == page.ply {
                    a href=(step(i + 1)) aria-current="step" { (m.by) ": " (m.notation) }
                } @else {
                    a href=(step(i + 1)) { (m.by) ": " (m.notation) }
                }
                @if !m.did.is_empty() { " — " (m.did) }
            }
        }
    }
}

/// A signed-in member reading a game's page: who, their session's CSRF token, the request key of this page's
/// forms, and their controls when they may act here.
pub struct Viewer {
    pub name: String,
    pub csrf: String,
    pub key: String,
    pub panel: Option<PlayPanel>,
}

/// Who reads a game's page, what they were just told, and whether signing in is offered.
pub struct Seat {
    pub viewer: Option<Viewer>,
    pub said: Vec<Reply>,
    pub sign_in: bool,
}

/// The hidden fields every form of a member's carries.
fn form_fields(viewer: &Viewer) -> Markup {
    html! {
        input type="hidden" name="csrf" value=(viewer.csrf);
        input type="hidden" name="key" value=(viewer.key);
    }
}

/// Buttons as a form: each posts its id, as a press on Discord would.
pub(super) fn button_form(action: &str, viewer: &Viewer, buttons: &[crate::table::Button], label: &str) -> Markup {
    html! {
        form.buttons method="post" action=(action) aria-label=(label) {
            (form_fields(viewer))
            @for b in buttons {
                @if b.new_row { span.break aria-hidden="true" {} }
                @if b.enabled {
                    button type="submit" name="button" value=(b.id.to_string()) { (b.label) }
                } @else {
                    button type="submit" name="button" value=(b.id.to_string()) disabled { (b.label) }
                }
            }
        }
    }
}

/// Menus as forms: each posts its id and the option chosen, as a choice on Discord would.
pub(super) fn menu_forms(
    action: &str,
    viewer: &Viewer,
    menus: &[crate::table::Menu],
    first: usize,
    choose: &str,
) -> Markup {
    html! {
        @for (i, menu) in menus.iter().enumerate() {
            form.move method="post" action=(action) {
                (form_fields(viewer))
                input type="hidden" name="menu" value=(menu.id.to_string());
                label for={ "menu-" (first + i) } { (menu.placeholder) }
                select id={ "menu-" (first + i) } name="value" {
                    @for option in &menu.options { option value=(option.value) { (option.label) } }
                }
                button type="submit" { (choose) }
            }
        }
    }
}

/// A mancala's board as a form: each row with its owner, each hole with its seeds; the holes the member may
/// sow are buttons that post their move, the others say what they hold.
fn hole_board(locale: Locale, action: &str, viewer: &Viewer, rows: &[crate::table::HoleRow]) -> Markup {
    html! {
        form.holes method="post" action=(action) aria-label=(t(locale, "web-board")) {
            (form_fields(viewer))
            @for row in rows {
                div.row role="group" aria-label=(row.owner) {
                    span.owner aria-hidden="true" { (row.owner) }
                    @for hole in &row.holes {
                        @let said = i18n::text(locale, &Message::new(if hole.sow.is_some() { "web-sow-hole" } else { "web-hole" })
                            .num("hole", i64::from(hole.number)).num("seeds", i64::from(hole.seeds)));
                        @if let Some(sow) = &hole.sow {
                            button.hole type="submit" name="button" value=(sow.id.to_string()) aria-label=(said) {
                                span.seeds { (hole.seeds) } span.number { (hole.number) }
                            }
                        } @else {
                            span.hole role="img" aria-label=(said) {
                                span.seeds { (hole.seeds) } span.number { (hole.number) }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A board of squares as the member's control: each piece of theirs that can move is a link that picks it (the
/// page again, with its moves), and once one is picked, each square where one of its moves ends is a button
/// that plays it (several moves ending on one square are chosen from the list of moves).
fn square_board(locale: Locale, game: &str, action: &str, viewer: &Viewer, panel: &crate::table::PlayPanel) -> Markup {
    let glyph = |cell: &crate::table::SquareView| {
        html! {
            @if let Some(piece) = cell.piece {
                span.piece.light[!piece.dark].dark[piece.dark].crowned[piece.crowned] aria-hidden="true" {
                    @if let Some(letter) = piece.letter { (letter) }
                    @if piece.stunned { "!" }
                }
            }
        }
    };
    let said = |id: &'static str, square: &str| i18n::text(locale, &Message::new(id).str("square", square));
    html! {
        div.squares #board {
            @if let Some(picked) = &panel.picked {
                p { (said("web-picked", picked)) " " a href={ (game) "#board" } { (t(locale, "web-pick-another")) } }
            } @else {
                p { (t(locale, "web-pick-a-piece")) }
            }
            table.squares aria-label=(t(locale, "web-board")) {
                @if let Some(top) = panel.squares.first() {
                    tr aria-hidden="true" {
                        th {}
                        @for cell in top { th { (cell.square.trim_end_matches(|c: char| c.is_ascii_digit())) } }
                    }
                }
                @for row in &panel.squares {
                    tr {
                        th aria-hidden="true" {
                            (row.first().map_or("", |c| c.square.trim_start_matches(|c: char| c.is_ascii_alphabetic())))
                        }
                        @for cell in row {
                            td.picked[panel.picked.as_deref() == Some(cell.square.as_str())].reached[cell.reached] {
                                @if let Some(notation) = &cell.target {
                                    form method="post" action=(action) {
                                        (form_fields(viewer))
                                        input type="hidden" name="ply" value=(panel.ply);
                                        button.target type="submit" name="move" value=(notation)
                                            aria-label=(said("web-move-to", &cell.square)) {
                                            (glyph(cell)) span.dot aria-hidden="true" {}
                                        }
                                    }
                                } @else if cell.pick {
                                    a.pick href={ (game) "?pick=" (cell.square) "#board" }
                                        aria-label=(said("web-pick-square", &cell.square)) { (glyph(cell)) }
                                } @else {
                                    (glyph(cell))
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The member's part of a game's page: who is signed in (and signing out), what they were told, their moves
/// and buttons; or, signed out, the way to sign in.
pub fn seat(locale: Locale, base: &str, game: &str, seat: &Seat) -> Markup {
    let act = format!("{game}/act");
    html! {
        @if let Some(viewer) = &seat.viewer {
            section #play aria-labelledby="play-title" {
                h2 #play-title { (t(locale, "web-play")) }
                div.signed-in {
                    (i18n::text(locale, &Message::new("web-signed-in-as").name("name", viewer.name.as_str())))
                    form.inline method="post" action="/signout" {
                        input type="hidden" name="csrf" value=(viewer.csrf);
                        input type="hidden" name="next" value=(game);
                        button type="submit" { (t(locale, "web-sign-out")) }
                        " "
                        button type="submit" name="everywhere" value="1" { (t(locale, "web-sign-out-everywhere")) }
                    }
                }
                @for reply in &seat.said {
                    div.said role="alert" { (lines(&reply.text, base)) }
                    @if !reply.buttons.is_empty() {
                        (button_form(&act, viewer, &reply.buttons, &t(locale, "web-play")))
                    }
                    (menu_forms(&act, viewer, &reply.menus, 100, &t(locale, "web-choose")))
                }
                @if let Some(panel) = &viewer.panel {
                    @if !panel.moves.is_empty() {
                        form.move method="post" action=(act) {
                            (form_fields(viewer))
                            input type="hidden" name="ply" value=(panel.ply);
                            label for="move" { (t(locale, "web-your-move")) }
                            select #move name="move" {
                                @for m in &panel.moves { option value=(m) { (m) } }
                            }
                            button type="submit" { (t(locale, "web-play-move")) }
                        }
                    }
                    (menu_forms(&act, viewer, &panel.menus, 0, &t(locale, "web-choose")))
                    @if !panel.holes.is_empty() {
                        (hole_board(locale, &act, viewer, &panel.holes))
                    }
                    @if !panel.squares.is_empty() {
                        (square_board(locale, game, &act, viewer, panel))
                    }
                    @if !panel.buttons.is_empty() {
                        (button_form(&act, viewer, &panel.buttons, &t(locale, "web-play")))
                    }
                }
            }
        } @else if seat.sign_in {
            p.sign-in { a href={ "/signin?next=" (super::link::url_encode(game)) } { (t(locale, "web-sign-in")) } }
        }
    }
}

pub fn game(locale: Locale, base: &str, public: &str, page: &GamePage, at_latest: bool, seated: &Seat) -> Markup {
    let game = format!("{base}/game/{}", page.id);
    let preview = Preview {
        title: format!(
            "{} · {}",
            page.title,
            page.sides.iter().map(|s| s.name.as_str()).collect::<Vec<_>>().join(" – ")
        ),
        description: page.status.without_calls().as_str().replace("**", "").replace('`', ""),
        image: Some(format!("{public}{game}/board.png?ply={}&v={}", page.ply, page.revision)),
    };
    let follows = page.live && at_latest;
    let body = html! {
        h1 { (page.title) }
        @if let Some(tournament) = page.tournament {
            p { a href={ (base) "/tournament/" (tournament) } { (t(locale, "web-tournament")) " " (tournament) } }
        }
        (seat(locale, base, &game, seated))
        @if follows {
            section id="live"
                data-events={ (game) "/events?since=" (page.revision) "." (page.moves.len()) }
                data-revision={ (page.revision) "." (page.moves.len()) }
                data-panel=[seated.viewer.as_ref().map(|_| format!("{game}/panel"))] {
                (game_live(locale, base, page))
            }
        } @else {
            section id="live" { (game_live(locale, base, page)) }
        }
        section aria-labelledby="files" {
            h2 id="files" { (t(locale, "web-files")) }
            ul {
                li { a href={ (game) "/record.json" } download { (t(locale, "web-record-json")) } }
                li { a href={ (game) "/record.txt" } download { (t(locale, "web-record-text")) } }
                li { a href={ (game) "/replay.gif" } { (t(locale, "web-replay")) } }
            }
        }
    };
    layout(locale, base, &page.title, Some(preview), body)
}

/// A view the table answers as replies (archive, leaderboard, player, tournament): their words as paragraphs,
/// their pictures as images at `pictures` (in order), `before` above them (a form) and `after` below (a pager).
pub fn replies(
    locale: Locale,
    base: &str,
    title: &str,
    (before, after): (Markup, Markup),
    replies: &[Reply],
    pictures: &[(String, String)],
) -> Markup {
    let body = html! {
        h1 { (title) }
        (before)
        @for reply in replies {
            section.reply { (lines(&reply.text, base)) }
        }
        @for (src, alt) in pictures {
            figure { img src=(src) alt=(alt); }
        }
        (after)
    };
    layout(locale, base, title, None, body)
}

/// Ranked lists (a leaderboard's) as tables, each with its title as caption; or why there is none.
pub fn rankings(
    locale: Locale,
    base: &str,
    title: &str,
    after: Markup,
    lists: Result<Vec<crate::table::Ranking>, crate::i18n::Text>,
) -> Markup {
    let body = html! {
        h1 { (title) }
        @match &lists {
            Ok(lists) => {
                @for list in lists { (ranking(list, base)) }
            }
            Err(said) => { section.reply { (lines(said, base)) } }
        }
        (after)
    };
    layout(locale, base, title, None, body)
}

/// A tournament's page: its champion, its standings as a table, one round's pairings, its picture, and a link
/// to each round.
pub fn tournament(
    locale: Locale,
    base: &str,
    title: &str,
    shown: &crate::table::tournament::TournamentPage,
    (src, alt): (String, String),
) -> Markup {
    let body = html! {
        h1 { (title) }
        @if let Some(champion) = &shown.champion { p.champion { (text(champion, base)) } }
        (ranking(&shown.standings, base))
        @if let Some((heading, lines)) = &shown.pairings {
            section.reply {
                h2 { (text(heading, base)) }
                ul.pairings { @for line in lines { li { (text(line, base)) } } }
            }
        }
        figure { img src=(src) alt=(alt); }
        (rounds(locale, shown.round, shown.rounds))
    };
    layout(locale, base, title, None, body)
}

/// A player's page: their ratings and records, results against the computer, last games, and the chart of
/// the game they played most; or (a member with nothing to show yet) why there is nothing, in words.
pub fn player(
    locale: Locale,
    base: &str,
    name: &str,
    shown: Result<crate::table::PlayerPage, crate::i18n::Text>,
    (src, alt): (String, String),
) -> Markup {
    let body = html! {
        h1 { (name) }
        @match &shown {
            Ok(shown) => {
                @if !shown.standing.is_empty() {
                    ul.standing { @for line in &shown.standing { li { (text(line, base)) } } }
                }
                @if !shown.computer.is_empty() {
                    ul.computer { @for line in &shown.computer { li { (text(line, base)) } } }
                }
                @if !shown.recent.is_empty() {
                    h2 { (t(locale, "profile-recent")) }
                    ul.recent { @for line in &shown.recent { li { (text(line, base)) } } }
                }
                @if shown.chart.is_some() { figure { img src=(src) alt=(alt); } }
            }
            Err(said) => { section.reply { (lines(said, base)) } }
        }
    };
    layout(locale, base, name, None, body)
}

/// A ranked list as a table, its title as caption.
fn ranking(list: &crate::table::Ranking, base: &str) -> Markup {
    html! {
        table.ranking {
            caption { (list.title) }
            thead { tr { @for header in &list.headers { th scope="col" { (header) } } } }
            tbody {
                @for row in &list.rows {
                    tr { @for cell in row { td { (text(cell, base)) } } }
                }
            }
        }
    }
}

/// The archive's filters: a player's name (or id), a game; sent as a plain form, read again by the server.
pub fn archive_form(locale: Locale, player: &str, game: Option<GameKind>) -> Markup {
    html! {
        form.filters method="get" action="" role="search" {
            label for="player" { (t(locale, "web-player")) }
            input id="player" name="player" type="text" value=(player) maxlength="64";
            label for="game" { (t(locale, "web-game")) }
            select id="game" name="game" {
                option value="" selected[game.is_none()] { (t(locale, "web-any-game")) }
                @for kind in GameKind::ALL {
                    option value=(kind) selected[game == Some(kind)] { (crate::table::game_title(locale, kind)) }
                }
            }
            button type="submit" { (t(locale, "web-filter")) }
        }
    }
}

/// Links to the previous and next page of a paged view.
pub fn pager(locale: Locale, previous: Option<String>, next: Option<String>) -> Markup {
    html! {
        nav.pager aria-label=(t(locale, "web-pages")) {
            @if let Some(p) = previous { a rel="prev" href=(p) { "◀ " (t(locale, "web-previous")) } }
            @if let Some(n) = next { a rel="next" href=(n) { (t(locale, "web-next")) " ▶" } }
        }
    }
}

/// Links to each round of a tournament, the one shown marked as the current page.
pub fn rounds(locale: Locale, shown: usize, rounds: usize) -> Markup {
    html! {
        @if rounds > 1 {
            nav.pager aria-label=(t(locale, "web-rounds")) {
                (t(locale, "web-rounds")) ": "
                @for r in 1..=rounds {
                    @if r == shown { a aria-current="page" href=(format!("?round={r}")) { (r) } }
                    @else { a href=(format!("?round={r}")) { (r) } }
                    " "
                }
            }
        }
    }
}

pub fn not_found(locale: Locale) -> Markup {
    layout(
        locale,
        "",
        &t(locale, "web-not-found"),
        None,
        html! { h1 { (t(locale, "web-not-found")) } p { (t(locale, "web-not-found-why")) } },
    )
}

pub fn busy(locale: Locale) -> Markup {
    layout(locale, "", &t(locale, "web-busy"), None, html! { h1 { (t(locale, "web-busy")) } })
}
