// tablero's pages work without this script; with it, an open game's page follows the game (server-sent events,
// which the browser resumes by itself with the last event's id) and the arrow keys step through the moves.
"use strict";

function follow() {
  const live = document.getElementById("live");
  if (!live || !live.dataset.events || !window.EventSource) return;
  const events = new EventSource(live.dataset.events);
  // Each update brings the top of the page and the moves from `from` on (the one before the last it had, whose
  // link changes, and the new ones).
  events.addEventListener("update", (e) => {
    // A signed-in member's controls are for the position they were drawn for: the page comes again with the new
    // one (its forms then carry the new move's number).
    if (document.getElementById("play")) {
      window.location.reload();
      return;
    }
    const update = JSON.parse(e.data);
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
  events.addEventListener("end", () => events.close());
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
    window.location.href = link.href;
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

document.addEventListener("keydown", step);
document.addEventListener("DOMContentLoaded", () => localTimes(document));
document.addEventListener("DOMContentLoaded", follow);
