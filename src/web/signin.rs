//! Signing in with Discord on the pages: OAuth2's authorization code with PKCE. `/signin` begins (a signed
//! state that the browser carries, its nonce also in a cookie of this browser: nothing is stored, see
//! [`super::signin_state`]), Discord sends the browser back to `/auth/callback` with a code, which is taken only
//! with an unaltered, unexpired state from the browser holding its nonce, and exchanged (Discord takes a code
//! once) for who the member is; then a session opens (a cookie: `HttpOnly`, `SameSite=Lax`, `Secure` on https)
//! until it expires or the member signs out (`/signout`, a POST with the session's CSRF token, or nothing;
//! "everywhere" ends every session of theirs). The only store write is the session of a member Discord named.
//! Every redirect goes to an [`InternalPath`], but the one to Discord's sign-in. Nothing of the exchange is
//! logged or kept.

use axum::Form;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use maud::html;
use serde::Deserialize;

use super::internal_path::InternalPath;
use super::link::{challenge, hash, secret, url_encode};
use super::member::{SESSION_COOKIE, cookie, signed_in};
use super::pages::{layout, t};
use super::routes::{Shared, blocking, failed};
use super::signin_state::UnderWay;
use super::{Web, lang};
use crate::store::Session;

/// The cookie that binds a sign-in under way to the browser that began it.
const SIGN_IN_COOKIE: &str = "tablero_signin";
/// How long a sign-in may take.
const SIGN_IN_FOR: u64 = 600;

/// A `Set-Cookie` value: `HttpOnly`, `SameSite=Lax`, `Secure` when the pages are on https.
fn set_cookie(web: &Web, name: &str, value: &str, path: &str, max_age: u64) -> HeaderValue {
    let secure = if web.options.public_url.starts_with("https://") { "; Secure" } else { "" };
    let text = format!("{name}={value}; Path={path}; Max-Age={max_age}; HttpOnly; SameSite=Lax{secure}");
    HeaderValue::from_str(&text).unwrap_or_else(|_| HeaderValue::from_static(""))
}

/// A page that only says something (a sign-in that failed, and why).
pub(super) fn said_page(headers: &HeaderMap, status: StatusCode, id: &str) -> Response {
    let locale = lang::of(headers, None);
    let markup = layout(
        locale,
        "",
        &t(locale, id),
        None,
        html! { h1 { (t(locale, id)) } p { a href="/signin" { (t(locale, "web-sign-in-again")) } } },
    );
    (status, markup).into_response()
}

/// To the sign-in, then back to `page`.
pub(super) fn to_sign_in(page: &str) -> Response {
    let next = InternalPath::or_root(Some(page));
    redirect(&InternalPath::or_root(Some(&format!("/signin?next={}", url_encode(next.as_str())))))
}

/// A redirect: only ever to a path of this site.
pub(super) fn redirect(to: &InternalPath) -> Response {
    see_other(to.as_str())
}

fn see_other(to: &str) -> Response {
    let mut response = StatusCode::SEE_OTHER.into_response();
    if let Ok(to) = HeaderValue::from_str(to) {
        response.headers_mut().insert(header::LOCATION, to);
    }
    response
}

fn callback_url(web: &Web) -> String {
    format!("{}/auth/callback", web.options.public_url)
}

#[derive(Deserialize, Default)]
pub struct Next {
    next: Option<String>,
}

/// `GET /signin?next=…`: off to Discord. Nothing is stored: the state is signed and carried by the browser.
pub(super) async fn begin(State(web): Shared, Query(q): Query<Next>) -> Response {
    let Some(link) = web.options.link.clone() else { return super::routes::not_found(HeaderMap::new()).await };
    let key = link.sign_in_key();
    let under_way =
        UnderWay { began: web.options.clock.now(), nonce: secret(), next: InternalPath::or_root(q.next.as_deref()) };
    let state = under_way.seal(&key);
    // The one redirect away from the site: to Discord's own sign-in.
    let mut response =
        see_other(&link.authorize_url(&state, &challenge(&under_way.verifier(&key)), &callback_url(&web)));
    let bound = set_cookie(&web, SIGN_IN_COOKIE, &under_way.nonce, "/auth", SIGN_IN_FOR);
    response.headers_mut().insert(header::SET_COOKIE, bound);
    response
}

#[derive(Deserialize, Default)]
pub struct Back {
    code: Option<String>,
    state: Option<String>,
}

/// `GET /auth/callback?code=…&state=…`: back from Discord.
pub(super) async fn callback(State(web): Shared, headers: HeaderMap, Query(q): Query<Back>) -> Response {
    let Some(link) = web.options.link.clone() else { return super::routes::not_found(headers).await };
    let (Some(code), Some(state)) = (q.code, q.state) else {
        return said_page(&headers, StatusCode::BAD_REQUEST, "web-sign-in-refused");
    };
    let key = link.sign_in_key();
    let Some(sign_in) = UnderWay::open(&key, &state, web.options.clock.now(), SIGN_IN_FOR) else {
        return said_page(&headers, StatusCode::BAD_REQUEST, "web-sign-in-spent");
    };
    // The state must come back to the browser that began the sign-in.
    if cookie(&headers, SIGN_IN_COOKIE) != Some(sign_in.nonce.as_str()) {
        return said_page(&headers, StatusCode::BAD_REQUEST, "web-sign-in-other-browser");
    }
    let who = match link.exchange(&code, Some(&sign_in.verifier(&key)), Some(&callback_url(&web))).await {
        Ok(who) => who,
        Err(e) => {
            tracing::warn!(error = %e, "a sign-in's code was not taken");
            return said_page(&headers, StatusCode::BAD_REQUEST, "web-sign-in-refused");
        }
    };
    let (token, at) = (secret(), web.options.clock.now());
    let days = web.options.session_days.max(1);
    let session = Session {
        user: who.user,
        name: who.name,
        locale: who.locale,
        csrf: secret(),
        created: at,
        expires: at + days * 86_400,
        generation: 0,
        guild: None,
    };
    let cookie_key = hash(&token);
    match blocking(&web, move |t| t.open_session(&cookie_key, session)).await {
        Ok(Ok(())) => {}
        Ok(Err(e)) => return failed(e),
        Err(r) => return r,
    }
    let mut response = redirect(&sign_in.next);
    let headers = response.headers_mut();
    headers.append(header::SET_COOKIE, set_cookie(&web, SESSION_COOKIE, &token, "/", days * 86_400));
    headers.append(header::SET_COOKIE, set_cookie(&web, SIGN_IN_COOKIE, "", "/auth", 0));
    response
}

#[derive(Deserialize, Default)]
pub struct SignOut {
    csrf: Option<String>,
    everywhere: Option<String>,
    next: Option<String>,
}

/// `POST /signout`: the session ends (with `everywhere`, every session of the member), and the browser goes to
/// `next` on this site. Without a session and its CSRF token, nothing happens and nothing redirects. From the
/// Activity the session is its bearer token, and the answer is the page's own (no redirect to follow).
pub(super) async fn sign_out(State(web): Shared, headers: HeaderMap, Form(form): Form<SignOut>) -> Response {
    let next = InternalPath::or_root(form.next.as_deref());
    let Some((token, session)) = signed_in(&web, &headers).await else {
        return said_page(&headers, StatusCode::FORBIDDEN, "web-form-expired");
    };
    if form.csrf.as_deref() != Some(session.csrf.as_str()) {
        return said_page(&headers, StatusCode::FORBIDDEN, "web-form-expired");
    }
    let everywhere = form.everywhere.is_some().then_some(session.user);
    let key = hash(&token);
    match blocking(&web, move |t| t.sign_out(&key, everywhere)).await {
        Ok(Ok(())) => {}
        Ok(Err(e)) => return failed(e),
        Err(r) => return r,
    }
    let mut response = redirect(&next);
    response.headers_mut().insert(header::SET_COOKIE, set_cookie(&web, SESSION_COOKIE, "", "/", 0));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cookies_are_read_by_name() {
        let mut headers = HeaderMap::new();
        headers.insert(header::COOKIE, HeaderValue::from_static("lang=es; tablero_session=abc; other=1"));
        assert_eq!(cookie(&headers, SESSION_COOKIE), Some("abc"));
        assert_eq!(cookie(&headers, "missing"), None);
    }

    #[test]
    fn the_way_to_the_sign_in_keeps_only_a_path_of_the_site() {
        let to = |page: &str| to_sign_in(page).headers()[header::LOCATION].to_str().unwrap().to_string();
        assert_eq!(to("/s/abc/game/1"), "/signin?next=/s/abc/game/1");
        assert_eq!(to("/\t/evil.example"), "/signin?next=/");
    }
}
