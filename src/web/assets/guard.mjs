// Imported before Discord's SDK, so this listener is the first to hear every message to the Activity's window:
// a message from any origin but Discord's client (its sites, or this Activity's own origin, which Discord's proxy
// serves) never reaches the SDK. The SDK also takes the `null` origin, which a sandboxed frame of anyone's has:
// such a frame could pose as Discord's client and sign this window in as someone else.
const discord = new Set([
  window.location.origin,
  "https://discord.com",
  "https://discordapp.com",
  "https://ptb.discord.com",
  "https://ptb.discordapp.com",
  "https://canary.discord.com",
  "https://canary.discordapp.com",
]);

window.addEventListener(
  "message",
  (e) => {
    if (!discord.has(e.origin) || e.origin === "null") e.stopImmediatePropagation();
  },
  true,
);
