// tablero inside Discord (an Activity): Discord's SDK greets the client, the client authorises the member, the
// code is exchanged on tablero's server for a session of its own (a bearer token: a frame inside Discord keeps
// no cookie), and the channel's game (or the member's games) is shown with the game page's controls, which the
// pages' script (app.js) drives. Every address is this site's: Discord's proxy serves nothing else.
import "./guard.mjs";
import { DiscordSDK } from "./sdk.mjs";

const main = document.getElementById("main");
const failed = main.dataset.failed;

// What the member is told instead of a game (and, for whoever looks into the page, why).
function say(text, why) {
  main.replaceChildren();
  const p = document.createElement("p");
  p.id = "activity-state";
  p.setAttribute("role", "alert");
  p.textContent = text;
  if (why) p.dataset.why = why instanceof Error ? String(why) : JSON.stringify(why);
  main.appendChild(p);
}

// A page of the site shown in the Activity: its main part in place of ours, followed live as on the site.
async function show(path) {
  const tablero = window.tablero;
  const r = await fetch(path, { headers: tablero.headers() });
  const html = await r.text();
  const page = new DOMParser().parseFromString(html, "text/html");
  const shown = page.getElementById("main");
  if (!shown) throw new Error(String(r.status));
  tablero.shown = path;
  main.replaceChildren(...shown.childNodes);
  if (page.title) document.title = page.title;
  tablero.follow();
  tablero.localTimes(main);
}

async function start() {
  const client = main.dataset.client;
  const sdk = new DiscordSDK(client, { disableConsoleLogOverride: true });
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: client,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify", "guilds.members.read"],
  });
  const r = await fetch(new URL("token", import.meta.url), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code, guild: sdk.guildId, channel: sdk.channelId }),
  });
  const answer = await r.json();
  if (!r.ok) return say(answer.said);
  const tablero = window.tablero;
  tablero.auth = "Bearer " + answer.session;
  document.documentElement.lang = answer.lang;
  // Within the Activity, the site's links and reloads show their page here (a frame that left would lose
  // the session).
  tablero.go = (href) => show(href).catch((e) => say(failed, e));
  tablero.reload = () => tablero.go(tablero.shown);
  tablero.signedOut = () => {
    if (tablero.events) tablero.events.close();
    say(main.dataset.signedOut);
  };
  document.addEventListener("click", (e) => {
    const a = e.target instanceof Element && e.target.closest("a[href]");
    if (!a || a.origin !== location.origin || a.hasAttribute("download") || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    tablero.go(a.pathname + a.search);
  });
  if (answer.game) {
    await show(answer.game + "?lang=" + answer.lang);
  } else {
    main.innerHTML = answer.games;
    tablero.shown = null;
  }
}

start().catch((e) => say(failed, e));
