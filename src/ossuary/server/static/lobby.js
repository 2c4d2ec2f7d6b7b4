// The lobby: choose a game, its seats and decks, create it, share the links;
// see the open, running and finished games.
import {api, copy, el, focusBack, levelName, playerName, seats as mySeats} from "/static/util.js";
import {myDecks} from "/static/mydecks.js";
import {session} from "/static/session.js";

const $ = (id) => document.getElementById(id);
let catalog = null;

async function main() {
  catalog = await api("/api/catalog");
  const select = $("game-select");
  for (const g of catalog.games) select.append(el("option", {value: g.name, text: g.title}));
  select.addEventListener("change", gameChanged);
  $("mode-select").addEventListener("change", () => seatRows(seatCount()));
  $("create-form").addEventListener("submit", create);
  gameChanged();
  refresh();
  setInterval(refresh, 5000);
  // a rating belongs to an account: only a signed-in creator is offered a rated game
  if ((await session()).account) {
    $("rated-label").hidden = false;
    ratedFits();
  }
}

// a rated game is people only (docs/server.md, "Ratings"): with a computer seat
// the box is off and says why, instead of a refusal after "Create game"
function ratedFits() {
  const box = $("rated-input");
  const people = [...document.querySelectorAll(".seat-kind")].every((k) => k.value === "human");
  box.disabled = !people;
  if (!people) box.checked = false;
  $("rated-why").hidden = people || $("rated-label").hidden;
}

function currentGame() {
  return catalog.games.find((g) => g.name === $("game-select").value) || catalog.games[0];
}

function gameChanged() {
  const game = currentGame();
  $("game-summary").textContent = game.summary;
  $("cards-link").href = game.cards;
  $("cards-link").textContent = `${game.title} cards${game.deck_lists ? " and your decks" : ""}`;
  learnRow(game);
  const modeSelect = $("mode-select");
  modeSelect.replaceChildren();
  const modes = Object.entries(game.modes);
  if (modes.length) {
    $("mode-label").firstChild.textContent = "Mode ";
    for (const [mode, n] of modes) {
      modeSelect.append(el("option", {value: `mode:${mode}`, text: `${mode} (${n} players)`}));
    }
  } else {
    $("mode-label").firstChild.textContent = "Players ";
    for (const n of game.seat_counts) modeSelect.append(el("option", {value: `n:${n}`, text: n}));
  }
  seatRows(seatCount());
}

/** Under the game's summary: how to play it, and its guided first game. */
function learnRow(game) {
  let row = $("learn-row");
  if (!row) {
    row = el("div.row", {id: "learn-row"});
    $("game-summary").after(row);
  }
  const parts = [];
  if (game.learn) {
    const learn = game.learn;
    parts.push(el("details.learn", {}, el("summary", {text: `How to play ${game.title}`}),
      el("p", {text: learn.summary}),
      el("p", {}, el("b", {text: "How to win: "}), learn.goal),
      el("ol", {}, ...learn.turn.map((t) => el("li", {text: t}))),
      learn.tips.length ? el("ul", {}, ...learn.tips.map((t) => el("li", {text: t}))) : null));
  }
  // one button a lesson: the usual game's first, then each mode's (Diabolicards 2v2)
  for (const lesson of game.lessons || []) {
    const main = lesson.mode === null;
    parts.push(el(main ? "button.primary" : "button", {type: "button",
      id: main ? "learn-button" : `learn-button-${lesson.mode}`,
      text: main ? "Learn to play" : `Learn to play ${lesson.mode}`,
      title: `A guided game, ${lesson.title.toLowerCase()} (${lesson.goal}): each kind of question explained as it comes`,
      onclick: () => learnToPlay(game, lesson.mode)}));
  }
  row.replaceChildren(...parts);
}

async function learnToPlay(game, mode) {
  $("create-error").textContent = "";
  try {
    const body = {game: game.name, tutorial: true};
    if (mode) body.mode = mode;
    const created = await api("/api/games", body);
    const seat = created.seats[0];
    const label = `${game.title} · ${mode ? `${mode} lesson` : "your first game"} · ${when(Date.now() / 1000)}`;
    mySeats.set(created.id, {title: game.title, label, token: seat.token, seat: seat.seat});
    location.href = seat.link;
  } catch (err) {
    $("create-error").textContent = err.message;
  }
}

function seatCount() {
  const value = $("mode-select").value || "";
  const game = currentGame();
  if (value.startsWith("mode:")) return game.modes[value.slice(5)];
  if (value.startsWith("n:")) return Number(value.slice(2));
  return game.seat_counts[0];
}

// a level as the seat list names it; a shipped policy says where it was measured
function levelAbout(level, game, n) {
  return ((catalog.ai_about || {})[level] || {})[`${game.name}:${n}`] || "";
}

// the option stays short (a select is as wide as its longest option, too
// wide for a phone); what a level was measured on is said below the row
function levelText(level) {
  return `Computer (${level})`;
}

// a learned policy plays only the game and table size it was trained for
function levelFits(level, game, n) {
  const tables = (catalog.ai_tables || {})[level];
  return !tables || tables.includes(`${game.name}:${n}`);
}

function seatRows(n) {
  const game = currentGame();
  const rows = $("seat-rows");
  const old = [...rows.querySelectorAll(".seat-row")].map(readSeat);
  rows.replaceChildren();
  const teams = game.teams[String(n)] || [];
  for (let i = 0; i < n; i++) {
    const name = el("input.seat-player-name", {type: "text", maxlength: 40, placeholder: i === 0 ? "your name" : "name",
      "aria-label": `${playerName(i)}'s name (optional)`, value: old[i] ? old[i].name : ""});
    const kind = el("select.seat-kind", {"aria-label": `${playerName(i)} is played by`},
      el("option", {value: "human", text: "Human"}),
      ...Object.keys(catalog.ai_levels).filter((level) => levelFits(level, game, n)).map((level) =>
        el("option", {value: level, text: levelText(level), title: levelAbout(level, game, n)})));
    const was = old[i] ? old[i].kind : (i === 0 ? "human" : "normal");
    kind.value = was === "human" || levelFits(was, game, n) ? was : "normal";
    const about = el("p.muted.seat-about", {hidden: true});
    const showName = () => {
      name.hidden = kind.value !== "human";
      const said = kind.value === "human" ? "" : levelAbout(kind.value, game, n);
      about.textContent = said ? `Computer (${kind.value}): ${said}` : "";
      about.hidden = !said;
    };
    kind.addEventListener("change", () => {
      showName();
      ratedFits();
    });
    showName();
    const deck = el("select.seat-deck", {"aria-label": `${playerName(i)}'s deck`},
      el("option", {value: "", text: "Default deck"}),
      ...game.decks.map((d) => el("option", {value: d.name, text: d.name, title: d.about})),
      savedDecks(game),
      el("option", {value: "__paste__", text: "Paste a deck list…"}));
    const text = el("textarea.deck-text", {rows: 6, placeholder: "3 Card Name\n2 Another Card\n// comments are fine", hidden: true});
    const check = el("button.small", {type: "button", hidden: true, text: "Check deck"});
    const verdict = el("pre.deck-verdict", {hidden: true});
    deck.addEventListener("change", () => {
      const paste = deck.value === "__paste__";
      text.hidden = check.hidden = !paste;
      verdict.hidden = true;
    });
    check.addEventListener("click", () => checkDeck(game.name, text.value, verdict));
    const team = teams.length && new Set(teams).size < n ? el("span.team", {text: `team ${teams[i] + 1}`}) : null;
    rows.append(el("div.seat-row", {dataset: {seat: i}},
      el("span.seat-name", {text: playerName(i)}), team, kind, name, deck, check, about, text, verdict));
  }
  ratedFits();
}

/** The decks this browser saved for the game (the builder remembers them). */
function savedDecks(game) {
  const mine = myDecks.of(game.name);
  return mine.length ? el("optgroup", {label: "Your decks"}, ...mine.map((d) =>
    el("option", {value: `saved:${d.id}`, text: d.legal === false ? `${d.name} (draft)` : d.name}))) : null;
}

function readSeat(row) {
  return {
    kind: row.querySelector(".seat-kind").value,
    name: row.querySelector(".seat-player-name").value.trim(),
    deck: row.querySelector(".seat-deck").value,
    text: row.querySelector(".deck-text").value,
  };
}

async function checkDeck(game, text, verdict) {
  verdict.hidden = false;
  verdict.className = "deck-verdict";
  verdict.textContent = "Checking…";
  try {
    const result = await api("/api/decks/check", {game, text});
    verdict.classList.add(result.ok ? "ok" : "bad");
    verdict.textContent = result.ok ? `${result.message}\n${result.summary}` : result.message;
  } catch (err) {
    verdict.classList.add("bad");
    verdict.textContent = err.message;
  }
}

async function create(event) {
  event.preventDefault();
  const game = currentGame();
  const rows = [...document.querySelectorAll(".seat-row")].map(readSeat);
  const decks = rows.map((r) => (r.deck === "__paste__" ? r.text : r.deck || null));
  const mode = $("mode-select").value.startsWith("mode:") ? $("mode-select").value.slice(5) : null;
  const body = {
    game: game.name,
    seats: rows.map((r) => r.kind),
    decks: decks.every((d) => d === null) ? null : decks,
    mode,
    seed: $("seed-input").value === "" ? null : Number($("seed-input").value),
    turn_seconds: $("timer-select").value ? Number($("timer-select").value) : null,
    public: $("public-input").checked,
    rated: $("rated-input").checked && !$("rated-input").disabled,
    names: rows.some((r) => r.kind === "human" && r.name)
      ? rows.map((r) => (r.kind === "human" && r.name ? r.name : null)) : null,
  };
  $("create-error").textContent = "";
  $("create-button").disabled = true;
  try {
    const created = await api("/api/games", body);
    showCreated(created, game, body);
    refresh();
  } catch (err) {
    $("create-error").textContent = err.message;
  } finally {
    $("create-button").disabled = false;
  }
}

function showCreated(created, game, body) {
  const box = $("created");
  const origin = location.origin;
  const label = gameWords({title: game.title, mode: body.mode, created: Date.now() / 1000,
    seats: created.players.map((p) => ({seat: p.seat, kind: p.kind, controller: p.kind,
      name: (body.names && body.names[p.seat]) || null}))}, created.seats[0] ? created.seats[0].seat : null);
  if (created.seats.length === 1) {
    // you against the computer: nobody to invite, straight to the board
    const s = created.seats[0];
    mySeats.set(created.id, {title: game.title, label, token: s.token, seat: s.seat});
    location.href = s.link;
    return;
  }
  box.hidden = false;
  const list = el("ul.links");
  created.seats.forEach((s, i) => {
    const url = origin + s.link;
    mySeats.set(created.id, {title: game.title, label, ...(i === 0 ? {token: s.token, seat: s.seat} : {})});
    const button = el("button.small", {type: "button", text: "Copy", onclick: (e) => copy(url, e.target)});
    const open = el("a.button.small", {href: s.link, text: i === 0 ? "Play this seat" : "Open"});
    list.append(el("li", {}, el("b", {text: `${playerName(s.seat)}: `}),
      el("input.link", {value: url, readonly: true, "aria-label": `${playerName(s.seat)}'s invite link`, "data-seat": s.seat}),
      button, open));
  });
  const watch = origin + created.spectate;
  list.append(el("li", {}, el("b", {text: "Spectators: "}),
    el("input.link", {value: watch, readonly: true, "aria-label": "spectators' link"}),
    el("button.small", {type: "button", text: "Copy", onclick: (e) => copy(watch, e.target)})));
  box.replaceChildren(...[
    el("h3", {text: `Ready: ${label}`}),
    el("p.muted", {text: created.seats.length > 1
      ? "Send each friend their seat's link: the link is their seat, so keep it private."
      : "Your link is your seat: bookmark it to come back."}),
    body.rated ? el("p.muted", {text: "Rated: each friend signs in before opening their link. "
      + "A seat played without an account leaves the game unrated."}) : null,
    list].filter(Boolean));
}

async function refresh() {
  let games;
  try {
    games = await api("/api/games");
  } catch {
    return;
  }
  fill($("open-games"), games.open, (g) => [
    el("button.small", {type: "button", text: "Take a seat", onclick: () => join(g)}),
    el("a.button.small", {href: `/g/${g.id}`, text: "Watch"})]);
  fill($("playing-games"), games.playing, (g) => actionsFor(g, "Watch"));
  fill($("finished-games"), games.finished, (g) => actionsFor(g, "Replay"));
  // games this server cannot rebuild: kept as they were, with the reason
  const damaged = games.damaged || [];
  $("damaged-games").hidden = !damaged.length;
  redraw($("damaged-games"), damaged.length ? [el("h3", {text: "Can't be resumed"}),
    ...damaged.map((g) => el("div.game-item", {dataset: {game: g.id}},
      el("span", {text: `${describe(g)}: ${g.damaged}`})))] : []);
  const mine = Object.entries(mySeats.all()).filter(([, v]) => v.token);
  redraw($("my-games"), mine.length ? [el("h3", {text: "Your seats"}),
    el("div.game-list", {}, ...mine.sort((a, b) => b[1].at - a[1].at).slice(0, 8).map(([id, v]) =>
      el("div.game-item", {dataset: {game: id}}, el("span", {text: v.label || `${v.title || "A game"} you play`}),
        el("a.button.small", {href: `/g/${id}#token=${v.token}`, text: "Return"}))))] : []);
}

// The lists are asked for again every few seconds. A list that has not changed
// is left as it is; one that has is drawn anew without losing the keyboard's
// place: the focus goes back to the same control of the same game, or to the
// list itself where that game is gone (a screen reader is not sent to the top
// of the page, nor told the list again, every five seconds).
function redraw(box, nodes) {
  const wrap = el("div", {}, ...nodes);
  if (box.innerHTML === wrap.innerHTML) return;
  const active = document.activeElement;
  let held = null;
  if (active && active !== box && box.contains(active)) {
    const item = active.closest("[data-game]");
    held = {game: item ? item.dataset.game : null, index: item ? controlsOf(item).indexOf(active) : -1};
  }
  box.replaceChildren(...wrap.childNodes);
  if (!held) return;
  const item = held.game === null ? null : [...box.querySelectorAll("[data-game]")].find((n) => n.dataset.game === held.game);
  focusBack(item ? controlsOf(item)[held.index] : null, box);
}

const controlsOf = (node) => [...node.querySelectorAll("a, button")];

function actionsFor(g, label) {
  const mine = mySeats.get(g.id);
  const out = [];
  if (mine && mine.token) out.push(el("a.button.small", {href: `/g/${g.id}#token=${mine.token}`, text: "Your seat"}));
  const replay = label === "Replay" ? "#replay=1" : "";
  out.push(el("a.button.small", {href: `/g/${g.id}${replay}`, text: label}));
  return out;
}

function fill(box, list, actions) {
  redraw(box, list.length ? list.map((g) => el("div.game-item", {dataset: {game: g.id}},
    el("span", {text: describe(g)}), ...actions(g))) : [el("p.muted", {text: "none"})]);
}

/** A game as people name it: "Hecatomb · you vs Computer (normal) · today 14:05". */
function gameWords(g, mine = null) {
  const levels = catalog ? catalog.ai_levels : {};
  const computers = g.seats.filter((s) => s.kind !== "human").length;
  let n = 0;
  const who = g.seats.map((s) => {
    if (s.seat === mine) return "you";
    if (s.kind !== "human") {
      n += 1;
      const level = levelName(s.kind, levels);
      return `Computer${computers > 1 ? ` ${n}` : ""}${level ? ` (${level})` : ""}`;
    }
    return s.name || `Player ${s.seat + 1}`;
  });
  const players = who.length ? ` · ${who.join(" vs ")}` : "";  // none: a damaged game's
  return `${g.title}${g.mode ? ` ${g.mode}` : ""}${players} · ${when(g.created)}`;
}

function when(seconds) {
  const at = new Date(seconds * 1000);
  const now = new Date();
  const time = at.toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"});
  if (at.toDateString() === now.toDateString()) return `today ${time}`;
  const yesterday = new Date(now.getTime() - 86400000);
  if (at.toDateString() === yesterday.toDateString()) return `yesterday ${time}`;
  return `${at.toLocaleDateString([], {day: "numeric", month: "short"})} ${time}`;
}

function describe(g) {
  const mine = mySeats.get(g.id);
  const text = gameWords(g, mine && mine.token ? mine.seat : null);
  const end = g.status === "finished" && g.result ? ` — ${g.result[0]}` : "";
  const progress = g.status === "playing" ? ` · ${g.actions} moves` : "";
  return `${text}${progress}${end}`;
}

async function join(g) {
  try {
    const seat = await api(`/api/games/${g.id}/join`, {});
    mySeats.set(g.id, {title: g.title, label: gameWords(g, seat.seat), token: seat.token, seat: seat.seat});
    location.href = seat.link;
  } catch (err) {
    alert(err.message);
  }
}

main().catch((err) => {
  document.body.append(el("p.error", {text: `The lobby could not load: ${err.message}`}));
});
