// The lobby: choose a game, its seats and decks, create it, share the links;
// see the open, running and finished games.
import {api, copy, el, playerName, seats as mySeats} from "/static/util.js";

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
}

function currentGame() {
  return catalog.games.find((g) => g.name === $("game-select").value) || catalog.games[0];
}

function gameChanged() {
  const game = currentGame();
  $("game-summary").textContent = game.summary;
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

function seatCount() {
  const value = $("mode-select").value || "";
  const game = currentGame();
  if (value.startsWith("mode:")) return game.modes[value.slice(5)];
  if (value.startsWith("n:")) return Number(value.slice(2));
  return game.seat_counts[0];
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
    const kind = el("select.seat-kind", {"aria-label": `${playerName(i)} is played by`},
      el("option", {value: "human", text: "Human"}),
      ...Object.keys(catalog.ai_levels).filter((level) => levelFits(level, game, n)).map((level) =>
        el("option", {value: level, text: `Computer (${level})`})));
    const was = old[i] ? old[i].kind : (i === 0 ? "human" : "normal");
    kind.value = was === "human" || levelFits(was, game, n) ? was : "normal";
    const deck = el("select.seat-deck", {"aria-label": `${playerName(i)}'s deck`},
      el("option", {value: "", text: "Default deck"}),
      ...game.decks.map((d) => el("option", {value: d.name, text: d.name, title: d.about})),
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
    const team = teams.length && new Set(teams).size < n ? el("span.team", {text: `team ${teams[i]}`}) : null;
    rows.append(el("div.seat-row", {dataset: {seat: i}},
      el("span.seat-name", {text: playerName(i)}), team, kind, deck, check, text, verdict));
  }
}

function readSeat(row) {
  return {
    kind: row.querySelector(".seat-kind").value,
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
  };
  $("create-error").textContent = "";
  $("create-button").disabled = true;
  try {
    const created = await api("/api/games", body);
    showCreated(created, game);
    refresh();
  } catch (err) {
    $("create-error").textContent = err.message;
  } finally {
    $("create-button").disabled = false;
  }
}

function showCreated(created, game) {
  const box = $("created");
  box.hidden = false;
  const origin = location.origin;
  const list = el("ul.links");
  created.seats.forEach((s, i) => {
    const url = origin + s.link;
    mySeats.set(created.id, {title: game.title, ...(i === 0 ? {token: s.token, seat: s.seat} : {})});
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
  box.replaceChildren(
    el("h3", {text: `${game.title} game ${created.id} is ready`}),
    el("p.muted", {text: created.seats.length > 1
      ? "Send each friend their seat's link: the link is their seat, so keep it private."
      : "Your link is your seat: bookmark it to come back."}),
    list);
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
  $("damaged-games").replaceChildren(...(damaged.length ? [el("h3", {text: "Can't be resumed"}),
    ...damaged.map((g) => el("div.game-item", {dataset: {game: g.id}},
      el("span", {text: `${describe(g)}: ${g.damaged}`})))] : []));
  const mine = Object.entries(mySeats.all()).filter(([, v]) => v.token);
  $("my-games").replaceChildren(...(mine.length ? [el("h3", {text: "Your seats"}),
    el("div.game-list", {}, ...mine.sort((a, b) => b[1].at - a[1].at).slice(0, 8).map(([id, v]) =>
      el("div.game-item", {}, el("span", {text: `${v.title || "game"} ${id} · ${playerName(v.seat)}`}),
        el("a.button.small", {href: `/g/${id}#token=${v.token}`, text: "Return"}))))] : []));
}

function actionsFor(g, label) {
  const mine = mySeats.get(g.id);
  const out = [];
  if (mine && mine.token) out.push(el("a.button.small", {href: `/g/${g.id}#token=${mine.token}`, text: "Your seat"}));
  const replay = label === "Replay" ? "#replay=1" : "";
  out.push(el("a.button.small", {href: `/g/${g.id}${replay}`, text: label}));
  return out;
}

function fill(box, list, actions) {
  if (!list.length) {
    box.replaceChildren(el("p.muted", {text: "none"}));
    return;
  }
  box.replaceChildren(...list.map((g) => el("div.game-item", {dataset: {game: g.id}},
    el("span", {text: describe(g)}), ...actions(g))));
}

function describe(g) {
  const who = g.seats.map((s) => (s.kind === "human" ? "human" : `AI ${s.kind}`)).join(" vs ");
  const when = new Date(g.created * 1000).toLocaleString();
  const end = g.status === "finished" && g.result ? ` — ${g.result[0]}` : "";
  return `${g.title}${g.mode ? ` ${g.mode}` : ""}: ${who} · ${g.actions} actions · ${when}${end}`;
}

async function join(g) {
  try {
    const seat = await api(`/api/games/${g.id}/join`, {});
    mySeats.set(g.id, {title: g.title, token: seat.token, seat: seat.seat});
    location.href = seat.link;
  } catch (err) {
    alert(err.message);
  }
}

main().catch((err) => {
  document.body.append(el("p.error", {text: `The lobby could not load: ${err.message}`}));
});
