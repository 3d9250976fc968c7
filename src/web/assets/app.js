// tablero's pages work without this script; with it, an open game's page follows the game (server-sent events,
// which the browser resumes by itself with the last event's id) and the arrow keys step through the moves.
// The Activity (activity.mjs) shows the pages inside Discord through the same functions: it sets the session's
// bearer token (`auth`) and where a link or a reload goes (`go`, `reload`).
"use strict";

const tablero = (window.tablero = {
  auth: null,
  events: null,
  headers: () => (tablero.auth ? { Authorization: tablero.auth } : {}),
  go: (href) => { window.location.href = href; },
  signedOut: () => window.location.reload(),
  reload: () => window.location.reload(),
  follow,
  localTimes,
});

// While the event stream is down (it failed, or never opened), and always inside Discord (whose proxy may hold a
// stream back without a word), a member's page asks every few seconds whether the game moved: the revision it
// shows as If-None-Match, answered 304 while nothing changed; a change brings the page again.
const CHECK_EVERY = 5000;

function check(live) {
  const shown = (live.dataset.revision || "").split(".")[0];
  const headers = Object.assign({ "If-None-Match": '"' + shown + '"' }, tablero.headers());
  fetch(live.dataset.panel, { credentials: "same-origin", headers, cache: "no-store" })
    .then((r) => {
      if (r.status === 200 && r.headers.get("ETag") !== '"' + shown + '"') tablero.reload();
    })
    .catch(() => {});
}

function follow() {
  if (tablero.events) tablero.events.close();
  tablero.events = null;
  clearInterval(tablero.checking);
  const live = document.getElementById("live");
  if (!live || !live.dataset.events) return;
  let down = !window.EventSource;
  if (live.dataset.panel) {
    tablero.checking = setInterval(() => {
      if (!document.body.contains(live)) return clearInterval(tablero.checking);
      if (down || tablero.auth) check(live);
    }, CHECK_EVERY);
  }
  if (!window.EventSource) return;
  const events = (tablero.events = new EventSource(live.dataset.events));
  events.addEventListener("open", () => { down = false; });
  events.addEventListener("error", () => {
    down = true;
    if (live.dataset.panel) check(live);
  });
  // Each update brings the top of the page and the moves from `from` on (the one before the last it had, whose
  // link changes, and the new ones).
  events.addEventListener("update", (e) => {
    const update = JSON.parse(e.data);
    // A signed-in member's controls are for the position they were drawn for: those of the new one replace them.
    const play = document.getElementById("play");
    if (play && live.dataset.panel) {
      fetch(live.dataset.panel, { credentials: "same-origin", headers: tablero.headers() })
        .then((r) => (r.ok ? r.text() : Promise.reject(r.status)))
        .then((html) => { play.outerHTML = html; })
        .catch(() => tablero.reload());
    }
    const top = live.querySelector(".top");
    if (top) top.innerHTML = update.top;
    let moves = live.querySelector("ol.moves");
    if (!moves) {
      moves = document.createElement("ol");
      moves.className = "moves";
      const empty = live.querySelector("p.empty");
      if (empty) empty.replaceWith(moves);
      else live.appendChild(moves);
    }
    while (moves.children.length > update.from) moves.lastElementChild.remove();
    moves.insertAdjacentHTML("beforeend", update.moves);
    live.dataset.revision = e.lastEventId;
    localTimes(live);
  });
  // The game is over: nothing more will come, and the browser must not come back for more.
  events.addEventListener("end", () => {
    events.close();
    clearInterval(tablero.checking);
  });
}

function step(e) {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const field = document.activeElement && document.activeElement.tagName;
  if (field === "INPUT" || field === "SELECT" || field === "TEXTAREA") return;
  const rel = e.key === "ArrowLeft" ? "prev" : e.key === "ArrowRight" ? "next" : null;
  if (!rel) return;
  const link = document.querySelector("nav.stepper a[rel=" + rel + "]");
  if (link) {
    e.preventDefault();
    tablero.go(link.getAttribute("href"));
  }
}

// Moments in the reader's own time zone and language (the page gives them in UTC).
function localTimes(root) {
  const lang = document.documentElement.lang || undefined;
  for (const time of root.querySelectorAll("time[datetime]")) {
    const at = new Date(time.getAttribute("datetime"));
    if (!isNaN(at)) time.textContent = at.toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" });
  }
}

// A member's forms, sent without leaving the page (the page's own event stream stays open and brings the move):
// the controls the answer shows replace the page's (a question, a refusal, or the controls of the new position).
function act(e) {
  const form = e.target;
  if (!(form instanceof HTMLFormElement) || !form.closest("#play") || form.method !== "post" || !window.fetch) return;
  if (form.action.endsWith("/signout")) {
    // On the site the form goes as it is (its cookie with it); in the Activity the session is the bearer token.
    if (!tablero.auth) return;
    e.preventDefault();
    const body = new URLSearchParams(new FormData(form, e.submitter));
    fetch(form.action, { method: "POST", body, headers: tablero.headers(), redirect: "manual" })
      .then((r) => {
        if (r.status >= 400) return Promise.reject(r.status);
        tablero.auth = null;
        tablero.signedOut();
      })
      .catch(() => tablero.reload());
    return;
  }
  e.preventDefault();
  const body = new URLSearchParams(new FormData(form, e.submitter));
  for (const b of form.querySelectorAll("button")) b.disabled = true;
  fetch(form.action, { method: "POST", body, credentials: "same-origin", headers: tablero.headers() })
    .then((r) => r.text())
    .then((html) => {
      const answered = new DOMParser().parseFromString(html, "text/html").getElementById("play");
      const play = document.getElementById("play");
      if (answered && play) play.replaceWith(answered);
      else tablero.reload();
    })
    .catch(() => tablero.reload());
}

document.addEventListener("submit", act);
document.addEventListener("keydown", step);
document.addEventListener("DOMContentLoaded", () => localTimes(document));
document.addEventListener("DOMContentLoaded", follow);
