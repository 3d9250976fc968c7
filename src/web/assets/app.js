// tablero's pages work without this script; with it, an open game's page follows the game (server-sent events,
// which the browser resumes by itself with the last event's id) and the arrow keys step through the moves.
"use strict";

function follow() {
  const live = document.getElementById("live");
  if (!live || !live.dataset.events || !window.EventSource) return;
  const events = new EventSource(live.dataset.events);
  events.addEventListener("update", (e) => {
    live.innerHTML = e.data;
    live.dataset.revision = e.lastEventId;
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
    window.location.href = link.href;
  }
}

document.addEventListener("keydown", step);
document.addEventListener("DOMContentLoaded", follow);
