// The deck builder (/decks/new/GAME, /decks/ID): build a deck by clicking the
// game's cards, checked as you build with the messages of `ossuary deck check`
// (the server's, one source for both) shown beside the card or the count that
// is wrong; its curve and mix as small charts; import and export of the text
// format the CLI reads; saved and shared (a private edit link and a public
// read-only one); played from the lobby; tried against the field on the server.
import {api, copy, el, focusBack} from "/static/util.js";
import {cardLink, filterBar, loadGame, select} from "/static/cardlib.js";
import {columns, rates, split} from "/static/charts.js";
import {myDecks} from "/static/mydecks.js";
import {csrfHeaders} from "/static/session.js";

const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/").filter(Boolean);
const IMPORT_KEY = "ossuary.import";  // a list handed over from a read-only deck ("Make a copy")
const CHECK_DELAY = 150;

const page = {
  game: null,       // loadGame(): entry, data, frame, byKey
  deck: new Map(),  // card key -> copies, in the order they were added
  name: "",
  id: null,         // the saved deck's id
  token: null,      // its edit token (null: read-only, or not saved yet)
  yours: false,     // it belongs to the signed-in account: editable without the token
  saved: "",        // the text last saved (to tell unsaved changes)
  check: null,      // the server's check of the deck as it stands
  checkSeq: 0,
  checkTimer: null,
  trial: null,      // {id, timer}
  said: null,       // the last save's (or play's) outcome: {cls, text}
};

async function main() {
  let deckRecord = null;
  let gameName = parts[1] === "new" ? decodeURIComponent(parts[2] || "") : null;
  if (parts[1] !== "new") {
    page.id = decodeURIComponent(parts[1] || "");
    deckRecord = await api(`/api/decks/${encodeURIComponent(page.id)}`);
    gameName = deckRecord.game;
    const frag = new URLSearchParams(location.hash.slice(1));
    const mine = myDecks.get(page.id);
    page.token = frag.get("edit") || (mine && mine.token) || null;
    page.yours = Boolean(deckRecord.yours);
    if (frag.get("edit")) {  // keep the token in this browser, out of the address bar
      myDecks.set(page.id, {game: gameName, name: deckRecord.name, token: page.token, legal: deckRecord.legal});
      history.replaceState(null, "", location.pathname);
    }
  }
  page.game = await loadGame(gameName);
  const {data} = page.game;
  if (!data.deck_lists) {
    $("main").replaceChildren(el("p", {text: `${data.title} has one shared deck: there is no deck to build.`}));
    return;
  }
  nav();
  layout();
  if (deckRecord) {
    page.name = deckRecord.name;
    setDeck(deckRecord.cards);
    page.saved = deckText();
    if (page.token || page.yours) myDecks.set(page.id, {game: data.game, name: page.name, token: page.token, legal: deckRecord.legal});
  } else {
    page.name = "";
    const handed = sessionStorage.getItem(IMPORT_KEY);
    if (handed) {
      sessionStorage.removeItem(IMPORT_KEY);
      const {name, text} = JSON.parse(handed);
      page.name = `${name} (copy)`;
      $("import-text").value = text;
      await importText();
    }
  }
  $("deck-name").value = page.name;
  document.body.classList.toggle("read-only", !editable());
  if (page.id !== null) {
    const title = `${page.name}: a ${data.title} deck`;
    document.title = `${title} · Ossuary`;
    $("title").textContent = editable() ? `${data.title} deck builder: ${page.name}` : title;
    if (!editable()) $("deck-head").textContent = "The deck";
  }
  drawAll();
  window.addEventListener("pagehide", stopTrialOnLeave);
}

function editable() {
  return page.id === null || page.token !== null || page.yours;
}

function nav() {
  const {data} = page.game;
  $("nav").replaceChildren(
    el("a.nav-link", {href: `/cards/${data.game}`, text: `${data.title} cards`}),
    el("a.nav-link", {href: `/rules/${data.game}`, text: "Rules words"}),
    el("a.nav-link", {href: `/decks/new/${data.game}`, text: "New deck",
      "aria-current": page.id === null ? "page" : null}));
}

// -- the page's parts ------------------------------------------------------------------------------
function layout() {
  const {data} = page.game;
  document.title = `${data.title} deck builder · Ossuary`;
  const start = el("section.panel.start", {"aria-labelledby": "start-head"},
    el("h2", {id: "start-head", text: "Start from"}),
    el("div.row", {},
      el("button", {type: "button", id: "start-empty", text: "An empty deck", onclick: () => { setDeck([]); drawAll(); }}),
      el("label.field", {for: "start-deck"}, el("span", {text: "A preconstructed deck"}),
        el("select", {id: "start-deck"}, el("option", {value: "", text: "choose…"}),
          ...Object.keys(data.decks).map((n) => el("option", {value: n, text: n})))),
      el("a.button", {href: "#import", text: "A pasted list"})));
  start.querySelector("#start-deck").addEventListener("change", (e) => {
    const name = e.target.value;
    if (!name) return;
    setDeck(data.decks[name]);
    if (!$("deck-name").value) { page.name = name; $("deck-name").value = name; }
    drawAll();
  });
  const pool = el("section.pool", {"aria-labelledby": "pool-head"},
    el("div.pool-status", {id: "pool-status"}),
    el("h2", {id: "pool-head", text: "Cards"}),
    el("p.muted.hint", {text: "Click or tap a card (or Enter on it) to add a copy; − and + in the deck change the count."}),
    filterBar(data, drawPool, {idPrefix: "pool"}).node,
    el("p.count", {id: "pool-count", "aria-live": "polite"}),
    el("div.card-grid.pool-grid", {id: "pool-grid"}));
  const deck = el("section.deck-panel", {id: "deck", "aria-labelledby": "deck-head"},
    el("div.deck-head-row", {}, el("h2", {id: "deck-head", text: "Your deck"}),
      editable() ? el("a.nav-link.to-pool", {href: "#pool-head", text: "Add cards"}) : null),
    el("label.field.name-field", {for: "deck-name"}, el("span", {text: "Name"}),
      el("input", {id: "deck-name", type: "text", maxlength: 80, placeholder: "My deck", autocomplete: "off"})),
    el("div.deck-status", {id: "deck-status", "aria-live": "polite"}),
    el("div.deck-list", {id: "deck-list"}),
    el("div.charts", {id: "charts"}),
    el("div.deck-actions", {id: "deck-actions"}),
    el("div", {id: "saved-links"}),
    el("details.porting", {id: "import"}, el("summary", {text: "Import a deck list"}),
      el("label.field.block", {for: "import-text"}, el("span", {text: "One '3 Card Name' line a card; // comments"}),
        el("textarea", {id: "import-text", rows: 8, spellcheck: "false"})),
      el("div.row", {}, el("button", {type: "button", id: "import-button", text: "Import", onclick: importText})),
      el("div", {id: "import-problems", role: "alert"})),
    el("details.porting", {id: "export"}, el("summary", {text: "Export as text"}),
      el("label.field.block", {for: "export-text"}, el("span", {text: "The list as `ossuary deck check` reads it"}),
        el("textarea", {id: "export-text", rows: 8, readonly: true, spellcheck: "false"})),
      el("div.row", {},
        el("button", {type: "button", text: "Copy", onclick: (e) => copy($("export-text").value, e.target)}),
        el("a.button", {id: "download", download: "deck.txt", href: "#", text: "Download"}))),
    el("section.trial", {id: "trial", "aria-labelledby": "trial-head"},
      el("h2", {id: "trial-head", text: "Try it against the field"}),
      el("p.muted", {text: "The server plays your deck against each preconstructed deck, from both seats, "
        + "the computer playing both sides (a few hundred games)."}),
      el("div.row", {}, el("button.primary", {type: "button", id: "trial-start", text: "Try this deck", onclick: startTrial}),
        el("button", {type: "button", id: "trial-stop", text: "Stop", hidden: true, onclick: () => stopTrial("stop")})),
      el("div", {id: "trial-out", "aria-live": "polite"})));
  const main = el("div.builder", {}, pool, deck);
  $("main").replaceChildren(el("h1", {id: "title", text: `${data.title} deck builder`}), start, main);
  $("deck-name").addEventListener("input", () => { page.name = $("deck-name").value; page.said = null; drawActions(); scheduleCheck(); });
  if (!editable()) {
    $("deck-name").readOnly = true;
    $("import").hidden = true;
  }
  if (!page.game.trials) {
    $("trial-start").disabled = true;
    $("trial-out").textContent = "This server can't try decks (it needs the simulator: pip install 'ossuary[sim]').";
  }
}

function setDeck(cards) {  // [{card, count}], as the server answers a deck
  page.deck = new Map();
  for (const {card, count} of cards) page.deck.set(card, (page.deck.get(card) || 0) + count);
}

function add(key, n = 1) {
  if (!editable()) return;
  page.said = null;
  const now = (page.deck.get(key) || 0) + n;
  if (now <= 0) page.deck.delete(key);
  else page.deck.set(key, Math.min(now, 99));
  drawAll();
}

function total() {
  let n = 0;
  for (const c of page.deck.values()) n += c;
  return n;
}

/** The deck as the CLI's text format: a line per card, as the builder holds it. */
function deckText() {
  return [...page.deck].map(([key, n]) => `${n} ${key}`).join("\n");
}

function drawAll() {
  drawPool();
  drawDeck();
  drawCharts();
  drawActions();
  scheduleCheck();
  const start = document.querySelector(".start");
  if (start) start.hidden = !editable() || page.id !== null;
}

let poolState = null;
function drawPool(state) {
  if (state) poolState = state;
  const {data, frame} = page.game;
  const shown = select(data, poolState || {query: "", filters: {}, sort: "order"});
  $("pool-count").textContent = `${shown.length} of ${data.cards.length} cards`;
  $("pool-grid").replaceChildren(...shown.map((c) => {
    const n = page.deck.get(c.key) || 0;
    const face = frame(c.record, "hand");
    if (!editable()) {
      return el("a.card-link", {href: cardLink(data.game, c.key), "aria-label": c.key}, face);
    }
    const tile = el("div.pool-card", {role: "button", tabindex: "0", dataset: {card: c.key},
      "aria-label": `Add ${c.key}${n ? ` (${n} in the deck)` : ""}`}, face,
    n ? el("span.in-deck", {"aria-hidden": "true", text: `${n}×`}) : null);
    tile.addEventListener("click", () => { add(c.key); focusCard(c.key); });
    tile.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); add(c.key); focusCard(c.key); }
    });
    return tile;
  }));
}

function focusCard(key) {
  const tile = [...document.querySelectorAll(".pool-card")].find((t) => t.dataset.card === key);
  if (tile) tile.focus({preventScroll: true});
}

function problemsOf(key) {
  const c = page.check;
  return c ? c.problems.filter((p) => p.cards.includes(key)) : [];
}

function drawDeck() {
  const {byKey, data} = page.game;
  const groups = new Map();
  for (const [key, n] of page.deck) {
    const card = byKey.get(key);
    const type = card ? String(card.record.type || "other") : "unknown";
    if (!groups.has(type)) groups.set(type, []);
    groups.get(type).push([key, n, card]);
  }
  const order = [...groups.keys()].sort((a, b) => (a === "hero" ? -1 : b === "hero" ? 1 : a.localeCompare(b)));
  const list = [];
  for (const type of order) {
    const rows = groups.get(type).sort((a, b) => costOf(a[2]) - costOf(b[2]) || a[0].localeCompare(b[0]));
    const count = rows.reduce((s, r) => s + r[1], 0);
    list.push(el("h3.deck-group", {text: `${type} (${count})`}));
    list.push(el("ul.deck-rows", {}, ...rows.map(([key, n, card]) => {
      const wrong = problemsOf(key);
      const face = card ? page.game.frame(card.record, "row") : el("span", {text: key});
      return el("li.deck-row", {dataset: {card: key}, class: wrong.length ? "deck-row wrong" : "deck-row"},
        el("div.deck-row-main", {},
          editable() ? el("button.count-button", {type: "button", "aria-label": `Remove one ${key}`, text: "−",
            onclick: () => { add(key, -1); refocus(key, "remove"); }}) : null,
          el("span.copies", {text: `${n}×`}),
          editable() ? el("button.count-button", {type: "button", "aria-label": `Add one ${key}`, text: "+",
            onclick: () => { add(key, 1); refocus(key, "add"); }}) : null,
          card && card.record.cost !== undefined && card.record.cost !== null
            ? el("span.row-cost", {title: "cost"}, el("span.sr-only", {text: "cost "}), String(card.record.cost)) : null,
          el("a.row-card", {href: cardLink(data.game, key), "aria-label": `${key}: its card`}, face)),
        ...wrong.map((p) => el("p.problem", {role: "note", text: p.message})));
    })));
  }
  if (!page.deck.size) {
    // where the cards are depends on the screen: beside the deck, or below it (style.css)
    list.push(editable()
      ? el("p.muted.empty-deck", {}, "No cards yet: ",
        el("span.beside-deck", {text: "click cards on the left to add them."}),
        el("span.under-deck", {text: "tap \u201cAdd cards\u201d, then cards below to add them."}))
      : el("p.muted", {text: "This deck holds no cards."}));
  }
  // a redraw (a check's answer comes back while the player is on a row) must not
  // drop the keyboard's focus to the page: it goes back to the same control
  const held = focusedRow();
  $("deck-list").replaceChildren(...list);
  if (held) restoreFocus(held);
  drawStatus();
}

// which deck row control has the focus: its card and its place among the row's
// focusable controls, or null
function focusedRow() {
  const active = document.activeElement;
  const row = active && active.closest ? active.closest(".deck-row") : null;
  if (!row || !$("deck-list").contains(row)) return null;
  const controls = [...row.querySelectorAll("button, a")];
  return {key: row.dataset.card, index: controls.indexOf(active)};
}

function restoreFocus({key, index}) {
  const row = [...document.querySelectorAll(".deck-row")].find((r) => r.dataset.card === key);
  const controls = row ? [...row.querySelectorAll("button, a")] : [];
  // the card's last copy gone: the list, so the next Tab goes on from there
  focusBack(controls[index] || controls[0], $("deck-list"));
}

function refocus(key, which) {
  restoreFocus({key, index: which === "remove" ? 0 : 1});  // a row's controls: −, +, its card
}

function costOf(card) {
  const v = card && card.record.cost;
  return typeof v === "number" ? v : 99;
}

function drawStatus() {
  const c = page.check;
  const n = total();
  const overall = c ? c.problems.filter((p) => !p.cards.length && p.line === null) : [];
  const verdict = !c || page.checkedText !== deckText() ? "checking…" : c.ok ? "a legal deck" : c.readable ? "breaks the deck rules: a draft" : "can't be read";
  $("deck-status").replaceChildren(
    el("p.deck-count", {}, el("b", {id: "deck-total", text: countWords(n)}),
      el("span", {id: "deck-verdict", class: c && c.ok ? "ok" : c ? "bad" : "", text: ` · ${verdict}`})),
    ...overall.map((p) => el("p.problem", {role: "note", text: p.message})));
  // on a narrow screen the deck comes first: the cards carry its count along
  const wrong = c ? c.problems.length : 0;
  $("pool-status").replaceChildren(
    el("span", {text: `${countWords(n)} · ${verdict}${wrong ? ` (${wrong} to mend)` : ""}`}),
    el("a.nav-link", {href: "#deck", text: "See the deck"}));
}

function countWords(n) {
  return `${n} card${n === 1 ? "" : "s"}`;
}

function drawCharts() {
  const {byKey, frame} = page.game;
  const cards = [];
  for (const [key, n] of page.deck) {
    const card = byKey.get(key);
    if (card) for (let i = 0; i < n; i++) cards.push(card);
  }
  const out = [];
  const costed = cards.filter((c) => c.record.type !== "hero" && c.record.cost !== undefined && c.record.cost !== null);
  if (costed.length) {
    const bucket = (c) => (typeof c.record.cost === "number" ? Math.min(c.record.cost, 7) : "X");
    const keys = [0, 1, 2, 3, 4, 5, 6, 7, "X"];
    const counts = new Map(keys.map((k) => [k, 0]));
    for (const c of costed) counts.set(bucket(c), counts.get(bucket(c)) + 1);
    const bars = keys.filter((k) => k !== "X" || counts.get("X")).map((k) => ({label: k === 7 ? "7+" : String(k), value: counts.get(k)}));
    out.push(columns("Cost curve", bars));
  }
  const mix = new Map();
  for (const c of cards) {
    const g = c.group || "";
    if (!g) continue;
    if (!mix.has(g)) {
      const face = frame(c.record, "mini");
      const mark = face.querySelector(".cf-letter");
      mix.set(g, {label: g.replace(/_/g, " "), value: 0, colour: face.style.getPropertyValue("--cf") || null,
        mark: mark ? mark.textContent : ""});
    }
    mix.get(g).value++;
  }
  if (mix.size) out.push(split(`By ${(page.game.data.family || "family").toLowerCase()}`, [...mix.values()]));
  const types = new Map();
  for (const c of cards) types.set(c.record.type, (types.get(c.record.type) || 0) + 1);
  if (types.size) {
    const minions = cards.filter((c) => /minion/.test(String(c.record.type))).length;
    out.push(split("Minions and other cards", [
      {label: "Minions", value: minions, colour: "#8fb35a", mark: "M"},
      {label: "Other cards", value: cards.length - minions, colour: "#9b7fd5", mark: "O"}]));
    out.push(split("By type", [...types].sort((a, b) => b[1] - a[1]).map(([t, n], i) => ({
      label: t, value: n, colour: PALETTE[i % PALETTE.length], mark: String(t).slice(0, 1).toUpperCase()}))));
  }
  $("charts").replaceChildren(...out);
}

const PALETTE = ["#d9a441", "#5b9bd5", "#8fb35a", "#c0487e", "#9b7fd5", "#5fae9e", "#d9574a"];

// -- checking as you build -----------------------------------------------------------------------------
function scheduleCheck() {
  clearTimeout(page.checkTimer);
  page.checkTimer = setTimeout(runCheck, CHECK_DELAY);
}

async function runCheck() {
  const seq = ++page.checkSeq;
  const text = deckText();
  const sent = total();
  let result;
  try {
    result = await api("/api/decks/check", {game: page.game.data.game, name: page.name.trim() || "your deck", text: text || "// empty"});
  } catch (err) {
    $("deck-status").replaceChildren(el("p.problem", {text: `The deck could not be checked: ${err.message}`}));
    return;
  }
  if (seq !== page.checkSeq) return;  // a newer check is on its way
  page.check = result;
  page.checkedText = text;
  document.body.dataset.legal = result.ok ? "1" : "0";
  drawDeck();
  document.body.dataset.checked = countWords(sent);  // what the shown verdict is about
  drawActions();
  $("export-text").value = exportText();
  const blob = new Blob([exportText()], {type: "text/plain"});
  const link = $("download");
  if (link.dataset.url) URL.revokeObjectURL(link.dataset.url);
  link.dataset.url = URL.createObjectURL(blob);
  link.href = link.dataset.url;
  link.download = `${(page.name.trim() || "deck").replace(/[^\w .-]+/g, "_")}.txt`;
}

function exportText() {
  const c = page.check;
  const body = c && c.readable ? c.text : `${deckText()}\n`;
  return `// ${page.name.trim() || "My deck"}\n${body}`;
}

// -- import ----------------------------------------------------------------------------------------
async function importText() {
  const text = $("import-text").value;
  const box = $("import-problems");
  box.replaceChildren();
  if (!text.trim()) return;
  let result;
  try {
    result = await api("/api/decks/check", {game: page.game.data.game, name: "imported list", text});
  } catch (err) {
    box.replaceChildren(el("p.problem", {text: err.message}));
    return;
  }
  if (!result.readable) {
    box.replaceChildren(el("p", {text: "Nothing imported: these lines can't be read."}),
      ...result.problems.filter((p) => p.line !== null).map((p) => el("div.problem", {},
        el("span", {text: p.message}),
        ...p.suggestions.map((s) => el("button.small", {type: "button", text: `Use ${s}`,
          "aria-label": `On line ${p.line}, use ${s}`, onclick: () => mend(p.line, s)})))));
    return;
  }
  setDeck(result.cards);
  const named = text.split("\n").map((l) => l.trim()).find((l) => l.startsWith("//"));
  if (named && !page.name) {
    page.name = named.slice(2).trim().slice(0, 80);
    $("deck-name").value = page.name;
  }
  $("import").open = false;
  drawAll();
}

/** Replace the card named on ``line`` of the import box with ``card``, keeping its count. */
function mend(line, card) {
  const area = $("import-text");
  const lines = area.value.split("\n");
  const old = lines[line - 1] || "";
  const m = old.match(/^(\s*(?:SB:\s*)?(?:hero:\s*)?(?:\d+x?\s+)?)/i);
  lines[line - 1] = `${m ? m[1] : ""}${card}`;
  area.value = lines.join("\n");
  importText();
}

// -- saving and sharing ---------------------------------------------------------------------------
function drawActions() {
  const box = $("deck-actions");
  if (!box) return;
  const c = page.check;
  const changed = deckText() !== page.saved || (page.id && page.name !== (myDecks.get(page.id) || {}).name);
  const parts = [];
  if (editable()) {
    const label = page.id ? "Save changes" : c && !c.ok ? "Save as a draft" : "Save";
    parts.push(el("button.primary", {type: "button", id: "save", text: label, disabled: page.id && !changed ? true : null,
      onclick: save}));
  } else {
    parts.push(el("p.muted", {text: "A shared deck: you can look, copy it into a deck of your own, play it or try it."}));
    parts.push(el("button", {type: "button", id: "copy-deck", text: "Make a copy to edit", onclick: makeCopy}));
  }
  if (page.id) {
    parts.push(el("button", {type: "button", id: "play", text: "Play it against the computer",
      disabled: c && !c.ok ? true : null, onclick: play}));
  }
  if (page.id && (page.token || page.yours)) {
    parts.push(el("button", {type: "button", id: "delete", text: "Delete", onclick: remove}));
  }
  if (c && !c.ok && page.id) parts.push(el("span.muted", {text: "A draft can't be played until it is legal."}));
  parts.push(el("span", {id: "save-message", role: "status", class: page.said ? page.said.cls : null,
    text: page.said ? page.said.text : ""}));
  box.replaceChildren(el("div.row", {}, ...parts));
  drawLinks();
}

function drawLinks() {
  const box = $("saved-links");
  if (!page.id) { box.replaceChildren(); return; }
  const origin = location.origin;
  const share = `${origin}/decks/${page.id}`;
  const rows = [["Share (read-only)", share, "share-link"]];
  if (page.token) rows.unshift(["Your edit link (keep it private)", `${share}#edit=${page.token}`, "edit-link"]);
  box.replaceChildren(el("ul.links", {}, ...rows.map(([label, url, id]) => el("li", {},
    el("label", {for: id, text: label}),
    el("input.link", {id, value: url, readonly: true}),
    el("button.small", {type: "button", text: "Copy", "aria-label": `Copy: ${label}`, onclick: (e) => copy(url, e.target)})))));
}

function say(cls, text) {
  page.said = text ? {cls, text} : null;
  const box = $("save-message");
  if (box) {
    box.className = cls;
    box.textContent = text;
  }
}

async function save() {
  const name = page.name.trim() || "My deck";
  const body = {name, text: deckText() || "// empty"};
  say("", "Saving…");
  try {
    let answer;
    if (page.id) {
      answer = await authed(`/api/decks/${encodeURIComponent(page.id)}`, "PUT", body);
    } else {
      answer = await api("/api/decks", {game: page.game.data.game, ...body});
      page.id = answer.id;
      page.token = answer.token;
      history.replaceState(null, "", `/decks/${answer.id}`);
    }
    page.name = name;
    $("deck-name").value = name;
    page.saved = body.text === "// empty" ? "" : body.text;
    myDecks.set(page.id, {game: page.game.data.game, name, token: page.token, legal: answer.legal});
    say("ok", answer.legal ? "Saved." : "Saved as a draft (it breaks the deck rules).");
    nav();
    drawAll();
  } catch (err) {
    say("error", err.message);
  }
}

async function authed(path, method, body) {
  // the edit token; without one, the account's session (its CSRF token)
  const who = page.token ? {Authorization: `Bearer ${page.token}`} : await csrfHeaders();
  const response = await fetch(path, {method, body: body === null ? undefined : JSON.stringify(body),
    headers: {"Content-Type": "application/json", ...who}});
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new Error((data && data.error) || `${response.status} ${response.statusText}`);
  return data;
}

async function remove() {
  if (!window.confirm(`Delete the deck "${page.name}" from the server? Its links stop working.`)) return;
  try {
    await authed(`/api/decks/${encodeURIComponent(page.id)}`, "DELETE", null);
    myDecks.forget(page.id);
    location.href = `/decks/new/${page.game.data.game}`;
  } catch (err) {
    say("error", err.message);
  }
}

function makeCopy() {
  sessionStorage.setItem(IMPORT_KEY, JSON.stringify({name: page.name, text: exportText()}));
  location.href = `/decks/new/${page.game.data.game}`;
}

async function play() {
  try {
    const created = await api("/api/games", {game: page.game.data.game, seats: ["human", "easy"],
      decks: [`saved:${page.id}`, null]});
    location.href = created.seats[0].link;
  } catch (err) {
    say("error", err.message);
  }
}

// -- trying the deck ------------------------------------------------------------------------------
async function startTrial() {
  const out = $("trial-out");
  if (!page.check || !page.check.ok) {
    out.replaceChildren(el("p.problem", {text: "Only a legal deck can be tried: mend what is marked first."}));
    return;
  }
  $("trial-start").disabled = true;
  try {
    const t = await api("/api/trials", {game: page.game.data.game, text: deckText()});
    page.trial = {id: t.id, timer: null, poll: t.poll || 1};
    $("trial-stop").hidden = false;
    drawTrial(t);
    page.trial.timer = setTimeout(pollTrial, page.trial.poll * 1000);
  } catch (err) {
    $("trial-start").disabled = false;
    out.replaceChildren(el("p.problem", {text: err.message}));
  }
}

async function pollTrial() {
  if (!page.trial) return;
  let t;
  try {
    t = await api(`/api/trials/${page.trial.id}`);
  } catch (err) {
    $("trial-out").append(el("p.problem", {text: err.message}));
    endTrial();
    return;
  }
  drawTrial(t);
  if (t.status === "running" && page.trial) page.trial.timer = setTimeout(pollTrial, page.trial.poll * 1000);
  else endTrial();
}

function endTrial() {
  if (page.trial) clearTimeout(page.trial.timer);
  page.trial = null;
  $("trial-stop").hidden = true;
  $("trial-start").disabled = false;
}

async function stopTrial() {
  if (!page.trial) return;
  const id = page.trial.id;
  endTrial();
  try {
    drawTrial(await api(`/api/trials/${id}/stop`, {}));
  } catch (err) {
    $("trial-out").append(el("p.problem", {text: err.message}));
  }
}

/** The page is going away: stop the trial (the server also stops one nobody asks about). */
function stopTrialOnLeave() {
  if (page.trial) navigator.sendBeacon(`/api/trials/${page.trial.id}/stop`);
}

function drawTrial(t) {
  const said = {running: "Playing", done: "Done", stopped: "Stopped", failed: "Failed"}[t.status] || t.status;
  const progress = el("div.trial-progress", {},
    el("label", {for: "trial-bar", text: `${said}: ${t.played} of ${t.planned} games`}),
    el("progress", {id: "trial-bar", max: t.planned, value: t.played}));
  const out = [progress];
  if (t.status === "stopped" && t.error) out.push(el("p.muted", {text: `Stopped: ${t.error}.`}));
  if (t.status === "failed") out.push(el("p.problem", {text: t.error || "The trial failed."}));
  out.push(rates("Win rate against each deck (95% interval; the line is even)", [
    ...t.opponents, {...t.overall, name: "All opponents"}]));
  const cards = t.cards || {best: [], worst: []};
  if (t.status === "done" || cards.best.length) {
    const list = (title, rows, id) => el("section.trial-cards", {id},
      el("h3", {text: title}),
      rows.length ? el("ol", {}, ...rows.map((c) => el("li", {},
        el("b", {text: c.card}),
        ` won ${Math.round(c.played.rate * 100)}% of the ${c.played.games} games it was played in`))) : el("p.muted", {text: "Not enough games yet."}));
    out.push(el("div.trial-card-lists", {}, list("Won most when played", cards.best, "trial-best"),
      list("Won least when played", cards.worst, "trial-worst")));
    if (t.status === "done" && cards.unranked && cards.unranked.length) {
      out.push(el("p.muted", {text: `Played too rarely to say (under ${cards.min_played} games): `
        + cards.unranked.map((c) => c.card).join(", ")}));
    }
  }
  $("trial-out").replaceChildren(...out);
  document.body.dataset.trial = t.status;
}

main().catch((err) => {
  $("main").replaceChildren(el("p.error", {text: `The deck builder could not load: ${err.message}`}));
});
