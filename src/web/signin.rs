//! Signing in with Discord on the pages: OAuth2's authorization code with PKCE. `/signin` begins (a state and a
//! verifier kept in the store, the state also in a cookie of this browser), Discord sends the browser back to
//! `/auth/callback` with a code, which is taken only with the same state from the same browser, once, and
//! exchanged for who the member is; then a session opens (a cookie: `HttpOnly`, `SameSite=Lax`, `Secure` on
//! https) until it expires or the member signs out (`/signout`, a form with the session's CSRF token; "everywhere"
//! ends every session of theirs). Nothing of the exchange is logged or kept.

use axum::Form;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use maud::html;
use serde::Deserialize;

use super::link::{challenge, hash, secret, url_encode};
use super::member::{SESSION_COOKIE, cookie, signed_in};
use super::pages::{layout, t};
use super::routes::{Shared, blocking, failed, now};
use super::{Web, lang};
use crate::store::{Session, SignIn};

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

/// Where a member goes back to: a path of the pages' own, never another site.
fn safe_next(next: Option<&str>) -> String {
    match next {
        Some(n) if n.starts_with('/') && !n.starts_with("//") && !n.contains('\\') => n.to_string(),
        _ => "/".to_string(),
    }
}

/// To the sign-in, then back to `page`.
pub(super) fn to_sign_in(page: &str) -> Response {
    let next: String = url_encode(page);
    redirect(&format!("/signin?next={next}"))
}

pub(super) fn redirect(to: &str) -> Response {
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

/// `GET /signin?next=…`: off to Discord.
pub(super) async fn begin(State(web): Shared, Query(q): Query<Next>) -> Response {
    let Some(link) = web.options.link.clone() else { return super::routes::not_found(HeaderMap::new()).await };
    let (state, verifier) = (secret(), format!("{}{}", secret(), secret()));
    let sign_in =
        SignIn { verifier: verifier.clone(), next: safe_next(q.next.as_deref()), expires: now() + SIGN_IN_FOR };
    let key = hash(&state);
    match blocking(&web, move |t| t.begin_sign_in(&key, sign_in)).await {
        Ok(Ok(())) => {}
        Ok(Err(e)) => return failed(e),
        Err(r) => return r,
    }
    let mut response = redirect(&link.authorize_url(&state, &challenge(&verifier), &callback_url(&web)));
    let bound = set_cookie(&web, SIGN_IN_COOKIE, &state, "/auth", SIGN_IN_FOR);
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
    // The state must come back to the browser that began the sign-in.
    if cookie(&headers, SIGN_IN_COOKIE) != Some(state.as_str()) {
        return said_page(&headers, StatusCode::BAD_REQUEST, "web-sign-in-other-browser");
    }
    let key = hash(&state);
    let under_way = match blocking(&web, move |t| t.sign_in_under_way(&key, now())).await {
        Ok(Ok(found)) => found,
        Ok(Err(e)) => return failed(e),
        Err(r) => return r,
    };
    let Some(sign_in) = under_way else {
        return said_page(&headers, StatusCode::BAD_REQUEST, "web-sign-in-spent");
    };
    let who = match link.exchange(&code, Some(&sign_in.verifier), Some(&callback_url(&web))).await {
        Ok(who) => who,
        Err(e) => {
            tracing::warn!(error = %e, "a sign-in's code was not taken");
            return said_page(&headers, StatusCode::BAD_REQUEST, "web-sign-in-refused");
        }
    };
    let (token, at) = (secret(), now());
    let days = web.options.session_days.max(1);
    let session = Session {
        user: who.user,
        name: who.name,
        locale: who.locale,
        csrf: secret(),
        created: at,
        expires: at + days * 86_400,
        generation: 0,
    };
    let (state_key, cookie_key) = (hash(&state), hash(&token));
    let opened = match blocking(&web, move |t| t.finish_sign_in(&state_key, &cookie_key, session)).await {
        Ok(Ok(opened)) => opened,
        Ok(Err(e)) => return failed(e),
        Err(r) => return r,
    };
    if !opened {
        return said_page(&headers, StatusCode::BAD_REQUEST, "web-sign-in-spent");
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

/// `POST /signout`: the session ends (with `everywhere`, every session of the member).
pub(super) async fn sign_out(State(web): Shared, headers: HeaderMap, Form(form): Form<SignOut>) -> Response {
    let next = safe_next(form.next.as_deref());
    let Some((token, session)) = signed_in(&web, &headers).await else { return redirect(&next) };
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
    fn a_member_goes_back_only_to_a_page_of_the_site() {
        assert_eq!(safe_next(Some("/s/abc/game/1")), "/s/abc/game/1");
        for elsewhere in ["https://evil.example/", "//evil.example/x", "/\\evil.example", "game/1"] {
            assert_eq!(safe_next(Some(elsewhere)), "/", "{elsewhere}");
        }
        assert_eq!(safe_next(None), "/");
    }

    #[test]
    fn cookies_are_read_by_name() {
        let mut headers = HeaderMap::new();
        headers.insert(header::COOKIE, HeaderValue::from_static("lang=es; tablero_session=abc; other=1"));
        assert_eq!(cookie(&headers, SESSION_COOKIE), Some("abc"));
        assert_eq!(cookie(&headers, "missing"), None);
    }
}
