// "Play someone": wait for people of about your rating, then the board opens.
// The server pairs; this page joins, polls GET /api/queue every two seconds
// (a page that stops asking leaves the queue), shows the wait, and on a match
// keeps the seat's token (given once, in the answer's body) where the game
// page finds it, so no token is ever put in an address.
import {api, el, seats as mySeats} from "/static/util.js";
import {myDecks} from "/static/mydecks.js";
import {session} from "/static/session.js";

const $ = (id) => document.getElementById(id);
const POLL_MS = 2000;
const FILL_CHOICES = [["", "never"], ["30", "after 30 s"], ["60", "after 1 min"],
  ["120", "after 2 min"], ["300", "after 5 min"]];

let catalog = null;
let polling = null;
let ticking = null;
let shown = null;  // the last answer, for the clock between polls
let csrf = null;  // the session's CSRF token (GET /api/session)

/** GET, POST or DELETE /api/queue: the answer, or an Error with the server's words.
 * A request that changes something carries the session's CSRF token. */
async function queueApi(method, body) {
  const init = {method, headers: {}};
  if (method !== "GET") {
    if (!csrf) csrf = (await api("/api/session")).csrf;
    init.headers["X-CSRF-Token"] = csrf || "";
  }
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch("/api/queue", init);
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new Error((data && data.error) || `${response.status} ${response.statusText}`);
  return data;
}

function game() {
  return catalog.games.find((g) => g.name === $("queue-game").value) || catalog.games[0];
}

function tables(g) {
  const modes = Object.entries(g.modes);
  if (modes.length) return modes.map(([mode, n]) => ({value: `mode:${mode}`, text: `${mode} (${n} players)`}));
  return g.seat_counts.map((n) => ({value: `n:${n}`, text: `${n} players`}));
}

function fillChoices() {
  const g = game();
  const table = $("queue-table");
  const was = table.value;
  table.replaceChildren(...tables(g).map((t) => el("option", {value: t.value, text: t.text})));
  if ([...table.options].some((o) => o.value === was)) table.value = was;
  const deck = $("queue-deck");
  const mine = myDecks.of(g.name).filter((d) => d.legal !== false);
  deck.replaceChildren(el("option", {value: "", text: "Default deck"}),
    ...g.decks.map((d) => el("option", {value: d.name, text: d.name, title: d.about})),
    mine.length ? el("optgroup", {label: "Your decks"}, ...mine.map((d) =>
      el("option", {value: `saved:${d.id}`, text: d.name}))) : null);
  $("queue-deck-label").hidden = !g.deck_lists;
}

function clock(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function tableWords(answer) {
  const g = catalog.games.find((x) => x.name === answer.game);
  const title = g ? g.title : "a game";
  return answer.mode ? `${title} ${answer.mode}` : `${title}, ${answer.seats} players`;
}

function show(answer) {
  shown = {...answer, at: performance.now()};
  const waiting = answer.status === "waiting";
  $("queue-form").hidden = waiting;
  $("queue-wait").hidden = !waiting;
  if (answer.status === "failed") $("queue-error").textContent = `${answer.error} Try again.`;
  if (!waiting) {
    stop();
    return;
  }
  $("queue-what").textContent = `Looking for ${tableWords(answer)}…`;
  const others = answer.others === 1 ? "1 other player is" : `${answer.others} other players are`;
  $("queue-others").textContent = answer.others ? `${others} waiting for this table.` : "Nobody else is waiting for this table yet.";
  const fill = answer.fill_after ? ` The computer takes the empty seats after ${clock(answer.fill_after)}.` : "";
  $("queue-window").textContent = `Your rating: ${answer.rating}. Now matching players rated ${answer.rating - answer.window} to ${answer.rating + answer.window}; the range widens as you wait.${fill}`;
  showClock();
}

function showClock() {
  if (!shown || shown.status !== "waiting") return;
  const waited = shown.waited + (performance.now() - shown.at) / 1000;
  $("queue-clock").textContent = `Waiting ${clock(waited)}`;
}

function start() {
  stop();
  polling = setInterval(poll, POLL_MS);
  ticking = setInterval(showClock, 1000);
}

function stop() {
  clearInterval(polling);
  clearInterval(ticking);
  polling = ticking = null;
}

async function poll() {
  let answer;
  try {
    answer = await queueApi("GET");
  } catch (err) {
    $("queue-error").textContent = `Lost touch with the server (${err.message}); still trying.`;
    return;
  }
  $("queue-error").textContent = "";
  if (answer.status === "matched") {
    matched(answer, true);
    return;
  }
  show(answer);
}

/** A match: the seat kept for the game page; ``open``: go to the board now
 * (this page was waiting, or the seat's token just came). */
function matched(answer, open) {
  stop();
  const g = catalog.games.find((x) => x.name === answer.game);
  const title = g ? g.title : "Game";
  if (answer.token) {
    mySeats.set(answer.game_id, {title, label: `${tableWords(answer)} · against people`,
      token: answer.token, seat: answer.seat});
  }
  $("queue-wait").hidden = true;
  $("queue-form").hidden = open;
  $("queue-found").hidden = false;
  $("queue-found").replaceChildren(
    el("p", {text: open ? "Found a table: opening the board…" : `Your last match: ${tableWords(answer)}.`}),
    el("a.button.primary", {href: answer.link, text: "Open the board"}));
  if (open) location.href = answer.link;
}

async function join(event) {
  event.preventDefault();
  const g = game();
  const table = $("queue-table").value;
  const body = {game: g.name};
  if (table.startsWith("mode:")) body.mode = table.slice(5);
  else body.seats = Number(table.slice(2));
  if ($("queue-deck").value && g.deck_lists) body.deck = $("queue-deck").value;
  if ($("queue-fill").value) body.fill_after = Number($("queue-fill").value);
  $("queue-error").textContent = "";
  $("queue-join").disabled = true;
  try {
    show(await queueApi("POST", body));
    start();
  } catch (err) {
    $("queue-error").textContent = err.message;
  } finally {
    $("queue-join").disabled = false;
  }
}

async function leave() {
  $("queue-leave").disabled = true;
  try {
    show(await queueApi("DELETE"));
    $("queue-status").textContent = "You left the queue.";
  } catch (err) {
    $("queue-error").textContent = err.message;
  } finally {
    $("queue-leave").disabled = false;
  }
}

function build() {
  const box = $("play-someone");
  const gameSelect = el("select", {id: "queue-game"},
    ...catalog.games.map((g) => el("option", {value: g.name, text: g.title})));
  const fill = el("select", {id: "queue-fill"}, ...FILL_CHOICES.map(([v, t]) => el("option", {value: v, text: t})));
  box.append(
    el("p.muted", {text: "Get a table with people of about your rating. The longer you wait, the wider the range of ratings."}),
    el("form", {id: "queue-form", autocomplete: "off", onsubmit: join},
      el("div.row", {},
        el("label", {}, "Game ", gameSelect),
        el("label", {}, "Table ", el("select", {id: "queue-table"}))),
      el("div.row", {},
        el("label", {id: "queue-deck-label"}, "Deck ", el("select", {id: "queue-deck"})),
        el("label", {}, "Fill empty seats with the computer ", fill)),
      el("div.row", {},
        el("button.primary", {type: "submit", id: "queue-join", text: "Find a game"}))),
    el("div", {id: "queue-wait", hidden: true},
      el("p", {id: "queue-what", role: "status"}),
      el("p.queue-clock", {id: "queue-clock"}),
      el("p.muted", {id: "queue-window"}),
      el("p.muted", {id: "queue-others"}),
      el("button", {type: "button", id: "queue-leave", text: "Leave the queue", onclick: leave})),
    el("div", {id: "queue-found", hidden: true, role: "status"}),
    el("p", {id: "queue-status", role: "status"}),
    el("p.error", {id: "queue-error", role: "alert"}));
  gameSelect.addEventListener("change", fillChoices);
  fillChoices();
}

async function main() {
  const box = $("play-someone");
  catalog = await api("/api/catalog");
  // a guest: matchmaking needs an account (its ratings and its seat); asked
  // first so that a guest's lobby makes no refused request (a console error)
  if (!(await session()).account) {
    box.append(el("p.muted", {id: "queue-guest"},
      el("a.term-link", {href: "/account"}, "Sign in"),
      " to play people of about your rating. You can still play anyone by link as a guest."));
    return;
  }
  let answer;
  try {
    answer = await queueApi("GET");
  } catch (err) {
    box.append(el("p.muted", {id: "queue-guest", text: `Matchmaking is not available: ${err.message}`}));
    return;
  }
  build();
  if (answer.status === "matched") matched(answer, Boolean(answer.token));
  else if (answer.status === "waiting") {
    show(answer);
    start();
  } else show(answer);
}

main().catch((err) => {
  $("play-someone").append(el("p.error", {text: `Matchmaking could not load: ${err.message}`}));
});
