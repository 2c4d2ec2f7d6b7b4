// The game page: one socket to the server, the game's own board, and around it
// everything every game shares (whose turn, the prompt, the options the board
// does not show, the log in words, timers, the end screen, replays).
//
// The board is an ES module given by the game (game.browser.assets, see
// docs/server.md) or the generic board: createBoard(root, api) -> {update(ctx)}.
import {api as fetchJSON, el, focusBack, fragment, levelName, naming, playerName, says, seats as mySeats, them, whose}
  from "/static/util.js";
import {cardFrame} from "/static/cards.js";
import {bindSeat} from "/static/session.js";
import {icon} from "/static/icons.js";
import * as marks from "/static/marks.js";

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const frag = fragment();
let token = frag.token || (mySeats.get(gameId) || {}).token || null;
if (frag.spectate) token = null;
bindSeat(gameId, token);  // signed in: the seat this page plays joins the account

const page = {
  hello: null,        // the server's hello: game summary, our seat, board url
  me: null,           // our seat, or null for a spectator
  board: null,        // the board module's object
  cards: new Map(),   // "name|type" and name -> catalogue record (full text on hover)
  last: null,         // the last state message
  seq: 0,
  waiting: false,     // an action is on its way: don't send another
  thinking: null,
  seatsInfo: [],
  deadline: null,
  socket: null,
  retry: 0,
  replay: null,       // {step, steps} while stepping through a replay
  logLines: [],
  inbox: Promise.resolve(),
  levels: {},         // the AI levels by name ("normal" -> its agent spec), from the catalog
  tutorial: null,     // the guided first game's panel (tutorial.js), in such a game
  drawn: null,        // the state (seq) or replay step last drawn
};

// -- the socket ---------------------------------------------------------------------------
function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/games/${encodeURIComponent(gameId)}`);
  page.socket = socket;
  $("conn-status").textContent = "connecting…";
  socket.addEventListener("open", () => {
    // the seat's token travels inside the socket, never in its URL (URLs are logged)
    socket.send(JSON.stringify(token ? {type: "auth", token} : {type: "auth"}));
    page.retry = 0;
    $("conn-status").textContent = "";
    page.logLines = [];
  });
  // one message at a time: the hello loads the board before any state is drawn
  socket.addEventListener("message", (event) => {
    const msg = JSON.parse(event.data);
    page.inbox = page.inbox.then(() => receive(msg)).catch((err) => console.error(err));
  });
  socket.addEventListener("close", (event) => {
    if (event.code >= 4000) {
      $("conn-status").textContent = "refused";
      return;
    }
    $("conn-status").textContent = "reconnecting…";
    page.retry = Math.min(page.retry + 1, 6);
    setTimeout(connect, 250 * 2 ** page.retry);
  });
}

function send(msg) {
  if (page.socket && page.socket.readyState === WebSocket.OPEN) page.socket.send(JSON.stringify(msg));
}

/** Send one of the legal options (the board and the action bar call this). */
function act(id) {
  if (page.waiting || page.replay) return;
  if (!page.last || !page.last.legal.some((o) => o.id === id)) {
    // Not an option now: still ask the server, which says which rule forbids it.
  }
  page.waiting = true;
  document.body.classList.add("waiting");
  show.mine = page.seq + 1;  // the state this action makes is drawn at once
  send({type: "action", id, seq: page.seq});
}

async function receive(msg) {
  switch (msg.type) {
    case "hello":
      await hello(msg);
      break;
    case "state":
      enqueue(msg);
      break;
    case "thinking":
      page.thinking = msg.seat;
      keepingFocus(() => { renderTurn(); renderSeats(); });
      break;
    case "seats":
      page.seatsInfo = msg.seats;
      page.thinking = msg.thinking;
      keepingFocus(() => { renderSeats(); renderTurn(); });
      break;
    case "notice":  // the server's word to everyone at the table
      if (msg.code === "computer_default") {
        showMessage(`${says(msg.seat, "was", "were")} not able to decide in time: the default option was taken.`);
      }
      break;
    case "ratings":  // a rated game's ratings, as stored with its end
      page.ratings = msg.lines;
      showRatings();
      break;
    case "error":
      page.waiting = false;
      document.body.classList.remove("waiting");
      showMessage(msg.message + (msg.rule ? ` (${msg.rule})` : ""), msg.code);
      if (msg.code === "refused") $("turn").textContent = msg.message;
      break;
    default:
      break;
  }
}

/** Draw one state message: the board, the options, the log. */
function drawState(msg) {
  if (msg.names) naming.names = msg.names;
  page.seq = msg.seq;
  page.waiting = false;
  document.body.classList.remove("waiting");
  page.thinking = msg.thinking;
  page.seatsInfo = msg.seats || page.seatsInfo;
  page.deadline = msg.deadline;
  page.logLines.push(...msg.events);
  page.last = msg;
  if (!page.replay) render(msg);
  // for scripts and tests: which action the page has drawn, and whether it is over
  document.body.dataset.seq = String(msg.seq);
  document.body.dataset.over = msg.over ? "1" : "";
  if (msg.tutorial && !page.replay) lesson(msg);
  if (!show.queue.length) autoAnswer(msg);  // only on the newest state
}

/** The guided first game's panel (tutorial.js, loaded the first time it is needed). */
async function lesson(msg) {
  if (!page.tutorial) {
    const {createTutorial} = await import("/static/tutorial.js");
    page.tutorial = page.tutorial || createTutorial($("actions"), gameId);
  }
  page.tutorial.update(msg);
}

// -- the other seats' play, one step at a time ------------------------------------------------
// Each action of another seat comes as its own state message; they are queued and
// drawn one by one at the chosen pace, each with marks saying what happened (the
// board's marks(events, phase)). The player's own action, the first state and a
// catch-up after a long absence are drawn at once.
const PACES = {instant: 0, fast: 450, normal: 1100, slow: 2000};
const PACE_KEY = "ossuary.pace";
const show = {queue: [], running: false, mine: -1, skip: false, wake: null};

function pace() {
  const chosen = localStorage.getItem(PACE_KEY);
  return Object.hasOwn(PACES, chosen) ? PACES[chosen] : PACES.normal;
}

function enqueue(msg) {
  show.queue.push(msg);
  if (!show.running) runSteps();
}

function paced(msg) {
  if (!page.last || msg.seq !== page.seq + 1 || msg.seq === show.mine) return false;
  return !page.replay && pace() > 0 && msg.view && msg.view.log && msg.view.log.length > 0;
}

function wait(ms) {
  return new Promise((resolve) => {
    if (show.skip) { resolve(); return; }
    const timer = setTimeout(resolve, ms);
    show.wake = () => { clearTimeout(timer); resolve(); };
  });
}

async function runSteps() {
  show.running = true;
  try {
    while (show.queue.length) {
      const msg = show.queue.shift();
      if (show.queue.length > 30) show.skip = true;  // far behind (a reconnect): catch up
      if (!paced(msg) || show.skip) {
        marks.clear();
        if (msg.seq === show.mine) $("step-note").textContent = "";  // the player's own move
        drawState(msg);
      } else {
        await showStep(msg);
      }
      renderSkip();
    }
  } finally {
    show.running = false;
    show.skip = false;
    renderSkip();
  }
}

/** One step of another seat: marks on the board as it was (attacks, damage, deaths),
 * then the new board with what came into play and the card played. */
async function showStep(msg) {
  const ms = pace();
  const events = msg.view.log || [];
  marks.clear();
  const board = page.board;
  const before = board && board.marks ? safeMarks(board, events, "before") : [];
  if (before.length && marks.draw(before)) await wait(ms * 0.5);
  marks.clear();
  drawState(msg);
  const after = board && board.marks ? safeMarks(board, events, "after") : [];
  marks.draw(after.filter((m) => m.kind !== "play"));
  const play = after.find((m) => m.kind === "play");
  const caption = msg.events.filter((line) => !line.startsWith("--")).slice(0, 3).join(". ");
  if (play && board.card) marks.showPlayed(board.card(cardRecord(play.card), "hand"), caption);
  $("step-note").textContent = caption;
  await wait(ms);
  if (!show.queue.length) setTimeout(() => { if (!show.running) marks.clear(); }, ms);
}

function safeMarks(board, events, phase) {
  try {
    return board.marks(events, phase) || [];
  } catch (err) {
    console.error(err);
    return [];
  }
}

function renderSkip() {
  const button = $("skip-steps");
  if (button) button.hidden = !(show.running && show.queue.length);
}

function skipSteps() {
  show.skip = true;
  if (show.wake) show.wake();
}

function paceControl() {
  const select = el("select", {id: "pace-select", "aria-label": "pace of the other players' moves"},
    ...Object.keys(PACES).map((name) => el("option", {value: name, text: name})));
  select.value = Object.keys(PACES).find((k) => PACES[k] === pace()) || "normal";
  select.addEventListener("change", () => localStorage.setItem(PACE_KEY, select.value));
  return el("div.pace-row", {},
    el("label", {for: "pace-select", text: "Their moves"}), select,
    el("button.small", {type: "button", id: "skip-steps", hidden: true, onclick: skipSteps},
      icon("skip", ""), " Skip to now"));
}

async function hello(msg) {
  page.hello = msg;
  page.me = msg.you;
  page.seatsInfo = msg.game.seats;
  if (page.me !== null && token) mySeats.set(gameId, {title: msg.game.title, token, seat: page.me});
  document.title = `${msg.game.title} · Ossuary`;
  // "Hecatomb cards", or "Cards" where the bar is narrow (style.css .wide-only)
  Object.assign($("cards-link"), {href: `/cards/${msg.game.game}`, hidden: false});
  $("cards-link").replaceChildren(el("span.wide-only", {text: `${msg.game.title} `}), el("span.cards-word", {text: "cards"}));
  $("title").textContent = `${msg.game.title}${msg.game.mode ? ` ${msg.game.mode}` : ""}`;
  $("whoami").textContent = page.me === null ? "watching" : "";
  if (!page.board) {
    await loadCatalog();
    await loadCards(msg.game.game);
    await loadBoard(msg.board);
  }
  if (frag.replay && !page.replay) startReplay();
}

async function loadCatalog() {
  try {
    page.catalog = await fetchJSON("/api/catalog");
    page.levels = page.catalog.ai_levels || {};
  } catch {
    // only for the computers' level names and the how-to-play text
    return;
  }
  const game = page.catalog.games.find((g) => g.name === page.hello.game.game);
  if (game && game.learn && !document.getElementById("how-to-play")) {
    $("title").after(el("button.small", {type: "button", id: "how-to-play", text: "How to play",
      onclick: () => showLearn(game)}));
  }
}

/** How to play and how to win, over the page until closed (the lobby shows the same). */
function showLearn(game) {
  const learn = game.learn;
  const box = el("dialog.learn", {"aria-label": `how to play ${game.title}`},
    el("h2", {text: `How to play ${game.title}`}),
    el("p", {text: learn.summary}),
    el("h3", {text: "How to win"}), el("p", {text: learn.goal}),
    el("h3", {text: "A turn"}), el("ol", {}, ...learn.turn.map((t) => el("li", {text: t}))),
    learn.tips.length ? [el("h3", {text: "Tips"}), el("ul", {}, ...learn.tips.map((t) => el("li", {text: t})))] : null,
    el("button", {type: "button", text: "Close", onclick: () => { box.close(); box.remove(); }}));
  document.body.append(box);
  box.showModal();
}

async function loadCards(game) {
  try {
    const data = await fetchJSON(`/api/catalog/${encodeURIComponent(game)}/cards`);
    // two cards may share a name with different types (a minion and an
    // artifact): keyed by name and type, and by name alone for the first
    for (const card of data.cards) {
      if (card.type) page.cards.set(`${card.name}|${card.type}`, card);
      if (!page.cards.has(card.name)) page.cards.set(card.name, card);
    }
  } catch {
    // cards are only for the full-text panel; the board works without them
  }
}

async function loadBoard(url) {
  let module;
  if (frag.board === "plain") url = null;  // #board=plain: the generic board, for any game
  if (url) {
    const css = url.replace(/\.js$/, ".css");
    document.head.append(el("link", {rel: "stylesheet", href: css}));
    try {
      module = await import(url);
    } catch (err) {
      showMessage(`The board could not load (${err.message}); showing the plain board.`, "board");
    }
  }
  if (!module) module = await import("/static/generic-board.js");
  page.board = module.createBoard($("board"), boardApi());
}

function boardApi() {
  return {
    act,
    get me() { return page.me; },
    get game() { return page.hello && page.hello.game; },
    playerName,
    whose,
    says,
    them,
    card: (name, type) => catalogCard(name, type),
    showCard,
    hoverCard,
    hideCard,
    message: showMessage,
    hint: (text) => { $("hint").textContent = text || ""; },
    // the words for choosing here: a pointer clicks (Esc cancels), a finger taps
    get click() { return hovers.matches ? "click" : "tap"; },
    get cancel() { return hovers.matches ? "Esc: cancel" : "tap the card again to cancel"; },
  };
}

// -- drawing ------------------------------------------------------------------------------
function context(msg, replay = false) {
  return {
    view: msg.view,
    legal: replay ? [] : msg.legal,
    prompt: replay ? null : msg.prompt,
    deciding: msg.deciding ?? (msg.view.decision ? msg.view.decision.player : null),
    me: page.me,
    thinking: replay ? null : page.thinking,
    over: msg.over,
    replay,
    seats: page.seatsInfo,
  };
}

function render(msg, replay = false) {
  if (!page.board) return;
  const ctx = context(msg, replay);
  // a hint belongs to the question it was given for: a new question (or a replay's
  // step) starts without one, and the board gives it again if it still holds
  const shown = replay ? `r${msg.step}` : msg.seq;
  if (shown !== page.drawn) $("hint").textContent = "";
  page.drawn = shown;
  keepingFocus(() => drawParts(msg, ctx, replay));
  if (msg.over && !replay) showEnd(msg);
}

function drawParts(msg, ctx, replay) {
  let handled = new Set();
  try {
    handled = page.board.update(ctx) || new Set();
  } catch (err) {
    showMessage(`The board failed to draw: ${err.message}`, "board");
    console.error(err);
  }
  renderActions(ctx, handled);
  renderTurn(ctx);
  renderSeats();
  renderLog(replay ? msg.log || msg.events : page.logLines, replay ? msg.new_from : null);
  fitBoard();
}

// -- the keyboard's place across a redraw ---------------------------------------------------
// The board, the options, the replay's controls and the seats' buttons are drawn
// afresh at every change, which would drop a keyboard player's focus to the top
// of the page after each move (theirs or another seat's) or replay step. The
// control they were on gets it back where it is still there (the same card,
// option, button or seat); where it is gone (the card was played), the part of
// the page it was in, so the next Tab goes on from there: never a new option
// itself, which one Enter too many would take (ending the turn).
const REDRAWN = "#board, #actions, #autopass, #replay-bar, #seat-actions, #seat-chips";
// the parts whose controls stand in the same order at every drawing
const STEADY = new Set(["autopass", "replay-bar", "seat-actions"]);
const CONTROLS = "a[href], button, input, select, [tabindex]";

function focusHeld() {
  const active = document.activeElement;
  const part = active && active !== document.body ? active.closest(REDRAWN) : null;
  if (!part) return null;
  const chip = active.closest("[data-seat]");
  let same = "";
  if (active.id) same = `#${CSS.escape(active.id)}`;  // Resign, Leave, Auto-pass
  else if (active.dataset.action) same = `#actions [data-action="${CSS.escape(active.dataset.action)}"]`;
  else if (active.dataset.cardId) same = `#board [data-card-id="${CSS.escape(active.dataset.cardId)}"][tabindex]`;
  else if (chip && part.id === "seat-chips") same = `#seat-chips [data-seat="${CSS.escape(chip.dataset.seat)}"] button`;
  const index = STEADY.has(part.id) ? [...part.querySelectorAll(CONTROLS)].indexOf(active) : -1;
  return {same, part: part.id, index};
}

/** Run ``draw`` (which redraws parts of the page) without losing the keyboard's place. */
function keepingFocus(draw) {
  const held = focusHeld();
  draw();
  if (held !== null) giveFocusBack(held);
}

function giveFocusBack(held) {
  const active = document.activeElement;
  if (active && active !== document.body && document.contains(active)) return;  // never lost
  const part = $(held.part);
  let target = held.same ? document.querySelector(held.same) : null;
  if (!target && held.index >= 0) target = part.querySelectorAll(CONTROLS)[held.index] || null;
  focusBack(target, part);
}

// -- the table and the hand in one screen ----------------------------------------------------
// On a wide screen the page is one screen: the board's table (.table-view, cards.js
// layTable) above its hand (.hand-dock), the side panel beside them. The table is
// drawn smaller (CSS zoom) until it fits the room the hand leaves, so neither
// side nor the hand ever has to be scrolled to; below FIT_MIN the text would be
// too small to read, and the table scrolls in its room instead. A narrow screen
// scrolls the page, with the question docked at its foot (style.css #dock).
const FIT_MIN = 62;  // hundredths
const wide = window.matchMedia("(min-width: 1001px)");

function fitBoard() {
  const view = $("board").querySelector(":scope > .table-view");
  if (!view) return;
  const parts = [...view.children];
  const zoom = (z) => { for (const node of parts) node.style.zoom = z >= 1 ? "" : String(z); };
  zoom(1);
  if (!wide.matches) return;
  const fits = () => view.scrollHeight <= view.clientHeight + 1;
  if (fits()) return;
  // a smaller table is also wider inside (more cards to a row), so the heights'
  // ratio fits; the largest zoom that still fits lies between it and 1 (in hundredths)
  let low = Math.max(FIT_MIN, Math.floor((100 * view.clientHeight) / view.scrollHeight));
  let high = 100;
  zoom(low / 100);
  if (fits()) {
    while (high - low > 1) {
      const mid = Math.floor((low + high) / 2);
      zoom(mid / 100);
      if (fits()) low = mid;
      else high = mid;
    }
  }
  zoom(low / 100);
  view.dataset.zoom = String(low / 100);
}

new ResizeObserver(() => fitBoard()).observe($("board"));
wide.addEventListener("change", () => fitBoard());

// a narrow screen's question is docked at its foot and the hand above it: the
// page leaves room for both (style.css uses --dock-h and --hand-h)
function docked(node, name) {
  const fixed = node && getComputedStyle(node).position === "fixed";
  document.body.style.setProperty(name, fixed ? `${Math.ceil(node.getBoundingClientRect().height)}px` : "0px");
}
new ResizeObserver(() => docked($("dock"), "--dock-h")).observe($("dock"));
const handRoom = new ResizeObserver(() => docked(handOf(), "--hand-h"));
const handOf = () => $("board").querySelector(":scope > .hand-dock");
// a board draws its hand afresh with every change: the new one is watched
new MutationObserver(() => {
  handRoom.disconnect();
  if (handOf()) handRoom.observe(handOf());
  docked(handOf(), "--hand-h");
}).observe($("board"), {childList: true});

function renderActions(ctx, handled) {
  const box = $("actions");
  box.replaceChildren();
  renderAutoPass();
  if (!ctx.legal.length) return;
  const rest = ctx.legal.filter((o) => !handled.has(o.id));
  for (const option of rest) {
    box.append(el("button.option", {type: "button", dataset: {action: option.id}, text: option.label,
      onclick: () => act(option.id)}));
  }
  if (rest.length < ctx.legal.length) {
    const all = el("details.all-options", {}, el("summary", {text: `All ${ctx.legal.length} options`}),
      ...ctx.legal.map((o) => el("button.option.small", {type: "button", dataset: {action: o.id},
        text: o.label, onclick: () => act(o.id)})));
    box.append(all);
  }
}

function renderTurn(ctx = page.last && context(page.last, !!page.replay)) {
  const box = $("turn");
  if (!ctx) return;
  const parts = [];
  if (ctx.replay) {
    parts.push(el("b", {text: "Replay"}));
  } else if (ctx.over) {
    parts.push(el("b", {text: "The game is over."}));
  } else if (ctx.deciding === page.me && page.me !== null) {
    parts.push(el("b.your-turn", {text: "Your decision: "}), ctx.prompt || "choose an option");
  } else if (ctx.deciding !== null && ctx.deciding !== undefined) {
    parts.push(el("b", {text: `${says(ctx.deciding, "is", "are")} deciding`}));
  }
  if (page.thinking !== null && page.thinking !== undefined && !ctx.replay && !ctx.over) {
    parts.push(el("span.thinking", {role: "status", text: ` ${says(page.thinking, "is", "are")} thinking`},
      el("span.dots", {"aria-hidden": "true"})));
  }
  if (page.deadline && !ctx.over && !ctx.replay) {
    parts.push(el("span.timer", {id: "timer"}));
  }
  box.replaceChildren(...parts);
  tickTimer();
  renderSeatActions(ctx);
  const mine = page.me !== null && page.seatsInfo[page.me];
  if (mine && mine.controller !== "human" && !ctx.over) {
    banner("The computer is playing your seat.", "Take it back", () => send({type: "reclaim"}));
  } else {
    $("banner").hidden = true;
  }
}

/** Resign (where two sides play) and leave, for a seat's person, on every board. */
function renderSeatActions(ctx) {
  const box = $("seat-actions");
  if (page.me === null || ctx.over || ctx.replay) {
    box.replaceChildren();
    return;
  }
  const buttons = [];
  if (page.hello && page.hello.game.resignable) {
    buttons.push(el("button.small", {type: "button", id: "resign", text: "Resign",
      title: "Concede the game: the other side wins",
      onclick: () => { if (confirm("Resign this game? The other side wins.")) send({type: "resign"}); }}));
  }
  buttons.push(el("button.small", {type: "button", id: "leave", text: "Leave",
    title: "Leave the table: the computer plays your seat (your link still takes it back)",
    onclick: () => {
      if (!confirm("Leave this game? The computer plays your seat from now on.")) return;
      send({type: "leave"});
      mySeats.forget(gameId);
      setTimeout(() => { location.href = "/"; }, 300);
    }}));
  box.replaceChildren(...buttons);
}

function tickTimer() {
  const timer = document.getElementById("timer");
  if (!timer || !page.deadline) return;
  const left = Math.max(0, Math.round(page.deadline - Date.now() / 1000));
  timer.textContent = ` ⏱ ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  timer.classList.toggle("low", left <= 10);
}
setInterval(tickTimer, 1000);

function renderSeats() {
  const box = $("seat-chips");
  box.replaceChildren(...page.seatsInfo.map((s) => {
    const computer = s.controller !== "human";
    const chip = el("span.chip", {dataset: {seat: s.seat}},
      el("span.dot" + (s.connected || computer ? ".on" : ""), {title: computer ? "computer" : s.connected ? "connected" : "away"}),
      `${playerName(s.seat)}${computer ? ` (${computerWords(s)})` : ""}`);
    if (page.thinking === s.seat) chip.classList.add("thinking");
    const canHand = page.me !== null && s.seat !== page.me && s.kind === "human" && !computer && !s.connected
      && page.last && !page.last.over;
    if (canHand) {
      chip.append(el("button.tiny", {type: "button", text: "let the computer play",
        title: "This player is away: the computer plays their seat until they take it back",
        onclick: () => send({type: "takeover", seat: s.seat})}));
    }
    return chip;
  }));
}

/** How a computer seat is described: its level ("normal"), or that it stands in for its person. */
function computerWords(s) {
  const level = levelName(s.controller, page.levels) || "computer";
  return s.kind === "human" ? `${level}, standing in` : level;
}

function renderLog(lines, newFrom = null) {
  const box = $("log");
  const items = lines.map((line, i) => el("li" + (newFrom !== null && i >= newFrom ? ".new" : ""), {text: line}));
  box.replaceChildren(...items);
  box.scrollTop = box.scrollHeight;
}

let messageTimer = null;
function showMessage(text, code = "") {
  const box = $("message");
  box.textContent = text;
  box.className = code ? `show ${code}` : "show";
  clearTimeout(messageTimer);
  messageTimer = setTimeout(() => { box.className = ""; box.textContent = ""; }, 8000);
}

function banner(text, label, onclick) {
  const box = $("banner");
  box.hidden = false;
  box.replaceChildren(el("span", {text}), el("button.small", {type: "button", text: label, onclick}));
}

function showEnd(msg) {
  const overlay = $("overlay");
  if (!overlay.hidden || overlay.dataset.closed === "1") return;
  // the game's first result line says who won and why ("You lose: Computer
  // reached 20 souls"); the others give the score
  const [head, ...rest] = msg.result && msg.result.length ? msg.result : ["Game over"];
  overlay.hidden = false;
  overlay.replaceChildren(el("div.end", {role: "dialog", "aria-label": "end of game"},
    el("h2", {text: head}),
    ...rest.map((line) => el("p", {text: line})),
    el("div.end-ratings", {"aria-live": "polite"}, ...(page.ratings || []).map((line) => el("p", {text: line}))),
    el("div.row", {},
      el("button.primary", {type: "button", text: "Step through the replay", onclick: () => { closeEnd(); startReplay(); }}),
      el("button", {type: "button", text: "Look at the board", onclick: closeEnd}),
      el("a.button", {href: "/", text: "Back to the lobby"}))));
}

/** A rated game's ratings in the end dialog (they may come just after it opens). */
function showRatings() {
  const box = document.querySelector("#overlay .end-ratings");
  if (box) box.replaceChildren(...(page.ratings || []).map((line) => el("p", {text: line})));
  else if (page.ratings && page.ratings.length) showMessage(page.ratings.join(" "));
}

function closeEnd() {
  $("overlay").hidden = true;
  $("overlay").dataset.closed = "1";
}

// -- the card panel -------------------------------------------------------------------------
function catalogCard(name, type) {
  return (type && page.cards.get(`${name}|${type}`)) || page.cards.get(name);
}

function cardRecord(nameOrRecord) {
  if (typeof nameOrRecord === "string") return catalogCard(nameOrRecord) || {name: nameOrRecord};
  return {...(catalogCard(nameOrRecord.name, nameOrRecord.type) || {}), ...nameOrRecord};
}

function showCard(nameOrRecord, pinned = true) {
  const card = cardRecord(nameOrRecord);
  const panel = $("card-panel");
  panel.replaceChildren(
    el("div.card-detail", pinned ? {role: "dialog", "aria-label": card.name || "card"} : {},
      cardFace(card, "full"),
      pinned ? el("button.small", {type: "button", onclick: hideCard}, icon("close", ""), " Close") : null));
  panel.hidden = false;
  panel.dataset.pinned = pinned ? "1" : "";
  if (pinned) panel.querySelector("button").focus({preventScroll: true});
}

/** The card as the game's board draws it (its card.js frame), else a plain frame. */
function cardFace(card, size) {
  if (page.board && page.board.card) {
    try {
      return page.board.card(card, size);
    } catch (err) {
      console.error(err);
    }
  }
  const type = [card.type, card.subtype].filter(Boolean).join(" — ");
  return cardFrame({name: card.name || "?", cost: card.cost, type, text: card.text, flavor: card.flavor, size});
}

function hideCard() {
  const panel = $("card-panel");
  panel.hidden = true;
  panel.dataset.pinned = "";
}

// where a pointer hovers and the screen has the side panel for it (style.css: the
// panel opens over the log); a phone's tap is a choice, and a panel it opened
// would lie over the board or the question docked below it
const hovers = window.matchMedia("(hover: hover) and (min-width: 1001px)");

/** Show a card's full text while the pointer is over ``node``. */
function hoverCard(node, nameOrRecord) {
  node.addEventListener("mouseenter", () => {
    if (hovers.matches && $("card-panel").dataset.pinned !== "1") showCard(nameOrRecord, false);
  });
  node.addEventListener("mouseleave", () => {
    if ($("card-panel").dataset.pinned !== "1") hideCard();
  });
}

document.addEventListener("click", (event) => {
  const panel = $("card-panel");
  if (panel.dataset.pinned === "1" && !panel.contains(event.target)) hideCard();
}, true);

document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") hideCard();
  if (page.replay && event.key === "ArrowRight") stepTo(page.replay.step + 1);
  if (page.replay && event.key === "ArrowLeft") stepTo(page.replay.step - 1);
});

// -- replays -----------------------------------------------------------------------------------
async function startReplay() {
  page.replay = {step: 0, steps: 0};
  $("replay-bar").hidden = false;
  $("actions").replaceChildren();
  await stepTo(0);
}

async function stepTo(step) {
  if (!page.replay) return;
  const steps = page.replay.steps;
  if (step < 0 || (steps && step > steps)) return;
  const query = new URLSearchParams({step: String(step)});
  let msg;
  try {
    msg = await fetchJSON(`/api/games/${encodeURIComponent(gameId)}/replay?${query}`, undefined,
      page.me !== null ? token : null);
  } catch (err) {
    showMessage(err.message, "replay");
    return;
  }
  if (msg.names) naming.names = msg.names;
  page.replay = {step: msg.step, steps: msg.steps};
  keepingFocus(() => { render(msg, true); renderReplayBar(); });
}

function renderReplayBar() {
  const {step, steps: count} = page.replay;
  const range = el("input", {type: "range", min: 0, max: count, value: step, "aria-label": "replay step",
    onchange: (e) => stepTo(Number(e.target.value))});
  const control = (name, label, go, extra = {}) => el("button.small.icon-button", {type: "button", title: label,
    "aria-label": label, onclick: go, ...extra}, icon(name, ""));
  $("replay-bar").replaceChildren(
    control("first", "to the start", () => stepTo(0)),
    control("prev", "step back", () => stepTo(step - 1), {"data-replay": "back"}),
    el("span.step", {text: `step ${step} / ${count}`}),
    control("next", "step forward", () => stepTo(step + 1), {"data-replay": "forward"}),
    control("last", "to the end", () => stepTo(count)),
    range,
    el("button.small", {type: "button", text: "Leave replay", onclick: leaveReplay}));
}

function leaveReplay() {
  page.replay = null;
  $("replay-bar").hidden = true;
  if (page.last) render(page.last);
}

// -- auto-pass -------------------------------------------------------------------------------
// The client answers for its person when nothing they could do matters now (the
// server says which option, in the seat's own state message: ``auto``), and on
// "Pass until something changes" it passes the same kind of question while no new
// option appears. It sends what a click would send; the server holds every such
// question open for the same minimum time, so nobody else can tell who answered.
const autoPass = {
  key: "ossuary.autopass",
  get on() { return localStorage.getItem(this.key) !== "off"; },
  set on(value) { localStorage.setItem(this.key, value ? "on" : "off"); },
  hold: null,  // {kind, others}: passing until something changes
};

function autoAnswer(msg) {
  if (page.replay || msg.over || page.me === null || msg.deciding !== page.me || page.waiting) return;
  const ids = msg.legal.map((o) => o.id);
  const kind = (msg.view.decision || {}).kind;
  const hold = autoPass.hold;
  if (hold) {
    if (msg.passing && kind === hold.kind && ids.every((id) => id === msg.passing || hold.others.includes(id))) {
      act(msg.passing);
      return;
    }
    autoPass.hold = null;
    showMessage("Something changed, so you are asked again.", "autopass");
    renderAutoPass();
  }
  if (page.tutorial && page.tutorial.wantsToAsk(msg)) return;  // the lesson shows it once
  if (autoPass.on && msg.auto && ids.includes(msg.auto)) act(msg.auto);
}

function passUntilChange() {
  const msg = page.last;
  if (!msg || !msg.passing) return;
  autoPass.hold = {kind: (msg.view.decision || {}).kind,
    others: msg.legal.map((o) => o.id).filter((id) => id !== msg.passing)};
  act(msg.passing);
}

function renderAutoPass() {
  let box = $("autopass");
  if (!box) {
    box = el("div.autopass", {id: "autopass"});
    $("actions").before(box);
  }
  const msg = page.last;
  if (page.me === null || page.replay || !msg || msg.over) {
    box.replaceChildren();
    return;
  }
  const toggle = el("input", {type: "checkbox", id: "autopass-on", onchange: (e) => { autoPass.on = e.target.checked; }});
  toggle.checked = autoPass.on;
  const parts = [el("label", {title: "Pass for you when nothing you could do matters now"}, toggle, " Auto-pass")];
  if (autoPass.hold) parts.push(el("span.muted", {text: " · passing until something changes"}));
  if (msg.passing && msg.deciding === page.me && !autoPass.hold) {
    parts.push(el("button.small", {type: "button", dataset: {autopass: "until"}, text: "Pass until something changes",
      onclick: passUntilChange}));
  }
  box.replaceChildren(...parts);
}

// For scripts and browser tests: send an option by id (the server checks it like a click).
window.ossuary = {act, get state() { return page.last; }};

$("pace").replaceChildren(paceControl());
connect();
