// Path of the Necromancer's board for the browser (served by `ossuary serve`
// through NecromancerGame.web_assets()). It draws only what the seat's view
// holds, the same facts as the terminal board (necromancer/board.py): every
// seat's hero with health (of 40), lifeforce (of 10) and ability; the front row
// of four minion spaces by position, each minion's attack, defense, damage,
// statuses and relics; the back row of three magic slots; graveyard, banished
// cards, deck and hand counts; whose turn it is and what is asked; the
// response stack while a window is open, the top (which resolves first) first;
// your hand face up.
//
// Options become clicks where they lie: a hand card, then where it goes (a
// free minion space, the magic slot it takes, or "play it" for spells and
// relics, whose target is asked next); a minion, for its commands (attack,
// its ability, dismiss) and then the target; targets, defenders, cards to
// discard or choose, Destroy Magic, the hero's ability (your hero) and Draw
// Card (your deck). Options with nowhere to click (end, pass, done, keep,
// yes/no, cards picked from a deck) stay in the page's option bar.
//
// Interface (docs/server.md): createBoard(root, api) -> {update(ctx)}; update
// returns the set of option ids the board lets the player click.

import {boardContext, el, menu as popupMenu, pressable} from "/static/util.js";
import {handDock, layTable} from "/static/cards.js";
import {icon} from "/static/icons.js";
import {frame} from "./card.js";

const SPACES = 4;
const SLOTS = 3;
const MAX_HEALTH = 40;
const MAX_LIFEFORCE = 10;

const KEYWORD_WORDS = {
  invisibility: "Invisibility",
  immune: "Immune to piercing",
  reaction: "Reaction",
  hero_bonus: "+{} vs heroes",
  extra_attacks: "{} extra attack(s)",
  ensnaring: "Ensnares ({} round(s))",
  bloodprice: "Blood price {}",
  drain: "Drain {}",
};

// each as said of another player, then of you
const STACK_VERBS = {
  card: ["plays", "play"], ability: ["uses", "use"], draw: ["uses Draw Card", "use Draw Card"],
  destroy: ["uses Destroy Magic on", "use Destroy Magic on"], attack: ["attacks with", "attack with"],
  dismiss: ["dismisses", "dismiss"],
};

const ITEM_WORDS = {
  card: "card being played", ability: "ability", draw: "Draw Card", destroy: "Destroy Magic",
  attack: "attack", dismiss: "dismissal",
};

// what a seat is being asked, in words ("Player 1 is ..."), for those who don't see the prompt
const KIND_WORDS = {
  main: "in the main phase",
  window: "deciding whether to respond (response window)",
  mulligan: "choosing cards to mulligan",
  target: "choosing a target",
  aim: "choosing what to attack",
  defend: "choosing defenders",
  place: "choosing a minion space",
  dismiss: "choosing a minion to dismiss",
  sacrifice: "choosing a card to sacrifice",
  hand_limit: "sacrificing cards down to the hand limit",
  may: "deciding whether to use an ability",
  pick: "choosing a card",
  choose: "choosing a card",
};

export function keywordText(kws) {
  return Object.entries(kws || {}).map(([k, v]) => {
    let words = KEYWORD_WORDS[k] || k.replaceAll("_", " ");
    if (words.includes("{}") && words.includes("(s)")) words = words.replace("(s)", v === 1 ? "" : "s");
    return words.includes("{}") ? words.replace("{}", v) : words;
  });
}

/** A target id of the view ("h1", "m24", "c37", "g6", "s0") in words, from the
 * view alone; ``whose(seat)`` says whose a thing is ("your", "Computer's"). */
export function targetWords(view, t, whose) {
  if (!t) return "";
  const kind = t[0];
  const num = Number(t.slice(1));
  if (kind === "h") return `${whose(num)} hero`;
  if (kind === "s") {
    const entry = (view.response_stack || [])[num];
    if (!entry) return `stack entry ${num + 1}`;
    return `stack entry ${num + 1}: ${whose(entry.player)} ${ITEM_WORDS[entry.kind] || entry.kind} (${entry.card})`;
  }
  for (const p of view.players || []) {
    for (const m of p.minions) {
      if (m && m.id === num) return `${m.card} (${whose(p.seat)} space ${m.position})`;
      if (m) for (const r of m.relics) if (r.id === num) return `${r.card} (on ${m.card})`;
    }
    for (const c of p.magic) if (c && c.id === num) return `${c.card} (${whose(p.seat)} slot ${c.slot})`;
    for (const c of p.graveyard) if (c.id === num) return `${c.card} in ${whose(p.seat)} graveyard`;
  }
  return "a card no longer in sight";
}

export function createBoard(root, api) {
  root.classList.add("necromancer");
  let selected = null;  // the hand card (id) clicked first, waiting for where it goes
  let intent = null;    // {kind: "place", cid, at} or {kind: "dismiss", cid}: answered when asked
  let lastCtx = null;

  root.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && selected !== null) { selected = null; if (lastCtx) draw(lastCtx); }
  });

  function update(ctx) {
    // a card chosen to play (or a blocker) belongs to the question it was chosen for
    if (!lastCtx || ctx.view !== lastCtx.view) selected = null;
    lastCtx = ctx;
    return draw(ctx);
  }

  // A card's full text for the panel: the catalogue's record, unless it is a
  // namesake of another type (two cards may share a name), with the view's text.
  function record(name, type, extra = {}) {
    const base = api.card(name, type); // by name and type: a minion and an artifact share a name
    const out = base && (!type || base.type === type) ? {...base} : {name, type};
    // the page merges the catalogue record back in: null hides a field from the panel
    return {...out, key: null, ...extra, name};
  }

  function draw(ctx) {
    const {view, me, legal, ids, labels} = boardContext(ctx);
    const decision = view.decision;
    const myKind = decision && me !== null && decision.player === me ? decision.kind : null;
    const mine = me === null ? null : view.players.find((p) => p.seat === me) || null;
    const hand = mine ? mine.hand.filter(Boolean) : [];
    const handById = new Map(hand.map((c) => [c.id, c]));
    const name = (seat) => api.playerName(seat);

    // -- answer a question already answered by an earlier click ----------------------------
    if (myKind === "main" || ctx.over) intent = null;
    if (intent && myKind === intent.kind) {
      const want = intent.kind === "place" ? `at ${intent.at}` : `dismiss ${intent.cid}`;
      const ours = intent.kind !== "place" || view.between_zones.some((c) => c.id === intent.cid);
      intent = null;
      if (ours && ids.has(want)) setTimeout(() => api.act(want), 0);
    }

    // -- which option goes on which element ----------------------------------------------
    const on = new Map();  // element key -> [{id, label, run}]
    const add = (key, id, label = labels.get(id), run = null) => {
      if (!on.has(key)) on.set(key, []);
      on.get(key).push({id, label, run});
    };
    const handKey = (cid) => `hand:${handById.get(cid).card}`;
    const plays = new Map();  // card name -> play option id
    for (const o of legal) {
      const [verb, a] = o.id.split(" ");
      const n = Number(a);
      if (verb === "play" && handById.has(n)) {
        plays.set(handById.get(n).card, o.id);
      } else if ((verb === "mulligan" || verb === "sacrifice" || verb === "card") && a !== undefined) {
        add(handById.has(n) ? handKey(n) : `cid:${n}`, o.id);
      } else if (["attack", "use", "destroy", "defend", "dismiss"].includes(verb) && a !== undefined) {
        add(`cid:${n}`, o.id);
      } else if (verb === "hero") {
        add(`hero:${me}`, o.id);
      } else if (verb === "draw") {
        add(`deck:${me}`, o.id);
      } else if (verb === "at") {
        add(`space:${me}:${n}`, o.id);
      } else if (/^[mcg]\d+$/.test(o.id)) {
        add(`cid:${o.id.slice(1)}`, o.id);
      } else if (/^h\d+$/.test(o.id)) {
        add(`hero:${o.id.slice(1)}`, o.id);
      } else if (/^s\d+$/.test(o.id)) {
        add(`stack:${o.id.slice(1)}`, o.id);
      }
    }
    // "dismiss" (then which minion): offered on each minion you could dismiss
    // (yours, not ensnared, not dying); the question that follows is answered for you
    if (ids.has("dismiss") && mine) {
      for (const m of mine.minions) {
        if (!m || m.ensnared_rounds !== null || m.dying) continue;
        add(`cid:${m.id}`, "dismiss", `Dismiss ${m.card} (back into your deck)`,
          () => { intent = {kind: "dismiss", cid: m.id}; api.act("dismiss"); });
      }
    }
    if (selected !== null && !(handById.has(selected) && plays.has(handById.get(selected).card))) {
      selected = null;
    }
    const sel = selected === null ? null : handById.get(selected);
    const selPlay = sel ? plays.get(sel.card) : null;

    // -- drawing helpers that know the options ---------------------------------------------
    const used = new Set();  // keys placed on an element
    function actionable(node, key, handle = keyHandle(node)) {
      const options = on.get(key);
      if (!options) return false;
      used.add(key);
      node.classList.add("actionable");
      node.dataset.options = options.map((o) => o.id).join("|");
      node.title = options.map((o) => o.label).join("\n");
      const go = (event) => {
        event.stopPropagation();
        const run = (o) => (o.run ? o.run() : api.act(o.id));
        if (options.length === 1) run(options[0]);
        else menu(node, options.map((o) => [o.label, () => run(o)]));
      };
      pressable(node, go, options.map((o) => o.label).join("; "), handle);
      return true;
    }

    function target(node, label, run) {
      node.classList.add("target", "actionable");
      node.dataset.options = selPlay;
      node.title = label;
      pressable(node, (event) => { event.stopPropagation(); selected = null; run(); }, label, keyHandle(node));
    }

    // A clickable thing is a button for the keyboard and screen readers too: the
    // handle takes the focus (a list item's text, a minion's name line, so a
    // minion's relics stay buttons of their own and a list stays a list).
    function keyHandle(node) {
      if (node.tagName === "LI") return node.querySelector(".what, .pick") || node;
      if (node.classList.contains("minion")) return node.querySelector(".cf-head") || node;
      return node;
    }

    // hover shows the full text; a click or Enter (when the card is not an option) pins it
    function showable(node, rec) {
      api.hoverCard(node, rec);
      const show = (e) => {
        if (node.classList.contains("actionable")) return;
        e.stopPropagation();
        api.showCard(rec);
      };
      node.addEventListener("click", show);
      const handle = keyHandle(node);
      // made a button now; an option laid on it later (actionable) relabels it
      handle.tabIndex = 0;
      handle.setAttribute("role", "button");
      handle.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); show(e); }
      });
      return node;
    }

    function minionNode(m, seat, k) {
      if (!m) {
        const empty = el("div.space.empty", {dataset: {space: k + 1, seat}},
          el("span.slot-label", {text: `space ${k + 1}`}));
        actionable(empty, `space:${seat}:${k}`);
        if (sel && selPlay && sel.type === "minion" && seat === me) {
          target(empty, `Play ${sel.card} into space ${k + 1}`, () => {
            // identical cards are one option: the copy played is the option's
            intent = {kind: "place", cid: Number(selPlay.split(" ")[1]), at: k};
            api.act(selPlay);
          });
        }
        return empty;
      }
      const flags = [];
      if (m.invisible) flags.push(["invisible", "invisible"]);
      if (m.ensnared_rounds !== null) flags.push(["ensnared", `ensnared ${m.ensnared_rounds}r`]);
      if (m.borrowed_from !== null) flags.push(["borrowed", `borrowed from ${name(m.borrowed_from)}`]);
      if (m.owner !== seat && m.borrowed_from === null) flags.push(["borrowed", `owner: ${name(m.owner)}`]);
      if (m.attacks_made) flags.push(["spent", "attacked"]);
      if (m.defended) flags.push(["spent", "defended"]);
      if (m.dying) flags.push(["dying", "dying"]);
      const kws = keywordText(m.keywords);
      const node = frame({...m, type: "minion"}, "mini", {extra: [
        kws.length ? el("div.kw", {text: kws.join(" · ")}) : null,
        flags.length ? el("div.flags", {}, ...flags.map(([cls, text]) => el(`span.flag.${cls}`, {text}))) : null,
        m.relics.length ? el("div.relics", {}, ...m.relics.map((r) => relicNode(r))) : null]});
      node.classList.add("space", "minion", `mt-${m.minion_type}`);
      Object.assign(node.dataset, {cardId: m.id, space: m.position, seat, name: m.card});
      showable(node, record(m.card, "minion", {text: m.text}));
      actionable(node, `cid:${m.id}`);
      return node;
    }

    function relicNode(r) {
      const node = el("span.relic", {dataset: {cardId: r.id, name: r.card}, text: `+ ${r.card}`});
      showable(node, record(r.card, "relic", {text: r.text}));
      actionable(node, `cid:${r.id}`);
      return node;
    }

    function landSlotOf(p) {
      return p.magic.findIndex((c) => c && c.type === "land");
    }

    function slotNode(c, seat, k, p) {
      let node;
      if (!c) {
        node = el("div.slot.empty", {dataset: {slot: k + 1, seat}}, el("span.slot-label", {text: `magic ${k + 1}`}));
      } else {
        const facts = [c.type];
        if (c.defense !== undefined) facts.push(c.defense < c.full_defense ? `def ${c.defense}/${c.full_defense}` : `def ${c.defense}`);
        if (c.rounds_left !== undefined && c.rounds_left !== null) facts.push(`${c.rounds_left} round${c.rounds_left === 1 ? "" : "s"} left`);
        // the slot says its facts in words (type, defense left, rounds left)
        node = frame(c, "mini", {stats: [], extra: [el("div.facts", {text: facts.join(" · ")})]});
        node.classList.add("slot", "magic", `t-${c.type}`);
        Object.assign(node.dataset, {cardId: c.id, slot: c.slot, seat, name: c.card});
        showable(node, record(c.card, c.type, {text: c.text}));
        actionable(node, `cid:${c.id}`);
      }
      // a selected artifact, event or land goes to this slot: the leftmost free one
      // (a new land destroys the old one first)
      if (sel && selPlay && seat === me && ["artifact", "event", "land"].includes(sel.type)) {
        const land = sel.type === "land" ? landSlotOf(p) : -1;
        const free = p.magic.map((x, i) => (!x || i === land ? i : -1)).filter((i) => i >= 0);
        if (free.length && free[0] === k) {
          target(node, `Play ${sel.card} into magic slot ${k + 1}`, () => api.act(selPlay));
        }
      }
      return node;
    }

    function pile(label, cards, seat, zone) {
      const inside = cards.map((c) => {
        const li = el("li", {dataset: {cardId: c.id, name: c.card}}, el("span.pick", {text: c.card}));
        showable(li, record(c.card));
        actionable(li, `cid:${c.id}`);
        return li;
      });
      if (!cards.length) return el(`div.pile.${zone}`, {dataset: {zone, seat}}, el("span.muted", {text: `${label} 0`}));
      const open = inside.some((li) => li.classList.contains("actionable"));
      return el(`details.pile.${zone}`, {dataset: {zone, seat}, open},
        el("summary", {text: `${label} ${cards.length}`}), el("ul", {}, ...inside));
    }

    function heroNode(p) {
      const h = p.hero;
      const health = Math.max(0, Math.min(p.health, MAX_HEALTH));
      const node = el("div.hero", {dataset: {cardId: h.id, seat: p.seat, name: h.card}},
        el("div.hname", {text: h.card}),
        el("div.meter.health", {title: `health ${p.health} of ${MAX_HEALTH} (0: out)`},
          el("span.mlabel", {}, icon("heart", ""), " health"), el("b", {text: p.health}), el("span.of", {text: `/${MAX_HEALTH}`}),
          el("span.hbar", {}, el("span.fill", {style: `width:${(100 * health) / MAX_HEALTH}%`}))),
        el("div.meter.lifeforce", {title: `lifeforce ${p.lifeforce} of ${MAX_LIFEFORCE}: what is left to spend`},
          el("span.mlabel", {}, icon("gem", ""), " lifeforce"), el("b", {text: p.lifeforce}), el("span.of", {text: `/${MAX_LIFEFORCE}`}),
          el("span.pips", {}, ...Array.from({length: MAX_LIFEFORCE}, (_, i) => el("span.pip" + (i < p.lifeforce ? ".on" : ""))))),
        el("div.ability" + (h.ability_used ? ".used" : ""), {text: h.text}),
        h.ability_used ? el("div.used-note", {text: "ability used this turn"}) : null);
      showable(node, record(h.card, "hero", {text: h.text}));
      actionable(node, `hero:${p.seat}`);
      return node;
    }

    function seatPanel(p, bottom) {
      const seat = p.seat;
      const isMe = seat === me;
      const classes = ["seat-panel", bottom ? "bottom" : "top"];
      if (isMe) classes.push("me");
      if (view.active === seat) classes.push("active");
      if (decision && decision.player === seat) classes.push("deciding");
      if (view.winner === seat) classes.push("winner");
      if (!p.alive) classes.push("out");
      const seatInfo = (ctx.seats || [])[seat];
      const computer = seatInfo && seatInfo.controller !== "human";
      const shown = isMe ? [] : p.hand.filter(Boolean);
      const deck = el("div.pile.deck", {dataset: {zone: "deck", seat}, text: `Deck ${p.deck_count}`});
      actionable(deck, `deck:${seat}`);
      const head = el("div.seat-head", {},
        el("span.pname", {text: name(seat)}),
        computer ? el("span.badge", {text: "computer"}) : null,
        view.active === seat ? el("span.badge.active-badge", {text: isMe ? "your turn" : "their turn"}) : null,
        decision && decision.player === seat && !ctx.over
          ? el("span.badge.asked", {text: isMe ? "your decision" : "deciding"}) : null,
        ctx.thinking === seat ? el("span.badge.thinking", {text: "thinking"}) : null,
        !p.alive ? el("span.badge.out-badge", {text: "out of the game"}) : null,
        el("span.counts", {text: `hand ${p.hand_count}`, dataset: {zone: "hand-count", seat}}),
        shown.length ? el("span.shown", {}, "shown: ", ...shown.map((c) => showable(el("span.relic", {text: c.card}), record(c.card, c.type, {text: c.text})))) : null);
      const minions = el("div.frow.minion-row", {dataset: {zone: "minions", seat}},
        ...Array.from({length: SPACES}, (_, k) => minionNode(p.minions[k], seat, k)));
      const magic = el("div.frow.magic-row", {dataset: {zone: "magic", seat}},
        ...Array.from({length: SLOTS}, (_, k) => slotNode(p.magic[k], seat, k, p)),
        el("div.piles", {}, deck, pile("Graveyard", p.graveyard, seat, "graveyard"), pile("Banished", p.banished, seat, "banished")));
      // the front rows face each other across the middle of the table
      const rows = bottom ? [minions, magic] : [magic, minions];
      return el(`section.${classes.join(".")}`, {dataset: {seat}, "aria-label": name(seat)},
        head, el("div.field", {}, heroNode(p), el("div.rows", {}, ...rows)));
    }

    function stackNode() {
      const stack = view.response_stack || [];
      if (!stack.length) return null;
      const items = [...stack].reverse().map((entry, i) => {
        const [verb, base] = STACK_VERBS[entry.kind] || [entry.kind, entry.kind];
        const named = entry.kind === "draw" || entry.kind === "destroy" ? "" : entry.card;
        const aim = targetWords(view, entry.target, api.whose);
        const defenders = (entry.defenders || []).map((d) => targetWords(view, `m${d}`, api.whose));
        const li = el("li.stack-entry" + (entry.negated ? ".negated" : "") + (i === 0 ? ".top" : ""),
          {dataset: {index: entry.index, name: entry.card}},
          el("span.idx", {text: entry.index + 1}), " ",
          el("span.what", {text: `${api.says(entry.player, verb, base)}${named ? " " + named : ""}`}),
          aim ? el("span.aim", {text: ` → ${aim}`}) : null,
          defenders.length ? el("span.defenders", {text: ` (defended by ${defenders.join(", ")})`}) : null,
          entry.negated ? [" ", el("span.flag.negated", {text: "negated"})] : null,
          i === 0 ? [" ", el("span.flag.top-flag", {text: "resolves first"})] : null);
        showable(li, record(entry.card));
        actionable(li, `stack:${entry.index}`);
        return li;
      });
      return el("div.stack", {role: "region", "aria-label": "response stack"},
        el("div.stack-head", {text: "Response stack · the top resolves first"}), el("ol", {}, ...items));
    }

    function middle() {
      const parts = [];
      const turn = view.turn_number ? `Turn ${view.turn_number} · ${api.whose(view.active, true)} turn`
        : "Before the first turn";
      let asked = "";
      if (ctx.over) {
        asked = view.winner !== null && view.winner !== undefined ? api.says(view.winner, "wins", "win") : "a draw";
      } else if (decision && decision.prompt) {
        asked = `${api.says(decision.player, "is", "are")} asked: ${decision.prompt}`;
      } else if (decision) {
        asked = `${api.says(decision.player, "is", "are")} ${KIND_WORDS[decision.kind] || decision.kind}`;
      }
      parts.push(el("div.turn-line", {}, el("b", {text: turn}), asked ? el("span.asked", {text: ` · ${asked}`}) : null));
      const stack = stackNode();
      if (stack) parts.push(stack);
      if (view.between_zones && view.between_zones.length) {
        parts.push(el("div.between", {}, el("span.slot-label", {text: "on its way into play"}),
          ...view.between_zones.map((c) => showable(el("span.relic", {dataset: {cardId: c.id}, text: c.card}), record(c.card)))));
      }
      if (sel && selPlay && (sel.type === "spell" || sel.type === "relic")) {
        const cast = el("div.cast", {text: `Play ${sel.card}${sel.type === "relic" ? " (then choose its minion)" : ""}`});
        target(cast, labels.get(selPlay), () => api.act(selPlay));
        parts.push(cast);
      }
      return el("div.middle", {}, ...parts);
    }

    function handCard(c) {
      const node = frame(c, "hand");
      node.classList.add("ncard", `r-${c.rarity}`);
      Object.assign(node.dataset, {cardId: c.id, name: c.card});
      const rec = record(c.card, c.type, {text: c.text});
      api.hoverCard(node, rec);
      const play = plays.get(c.card);
      if (play) {
        node.classList.add("actionable");
        node.dataset.options = play;
        node.title = labels.get(play);
        if (selected === c.id) node.classList.add("selected");
        node.setAttribute("aria-pressed", selected === c.id ? "true" : "false");
        const pick = (event) => {
          event.stopPropagation();
          selected = selected === c.id ? null : c.id;
          draw(lastCtx);
          const again = root.querySelector(`.hand [data-card-id="${c.id}"]`);
          if (again) again.focus({preventScroll: true});
        };
        pressable(node, pick, `${labels.get(play)} (choose, then click where it goes)`);
      } else if (!actionable(node, handKey(c.id))) {
        pressable(node, (e) => { e.stopPropagation(); api.showCard(rec); }, c.card);
      }
      return node;
    }

    // -- the table: the others at the top, the middle, you (and your hand) below -----------
    const bottomSeat = me !== null ? me : 0;
    const others = view.players.filter((p) => p.seat !== bottomSeat);
    const rows = [el("div.others", {}, ...others.map((p) => seatPanel(p, false))), middle()];
    const low = view.players.find((p) => p.seat === bottomSeat);
    if (low) rows.push(seatPanel(low, true));
    layTable(root, rows, mine && handDock(hand.length ? hand.map(handCard) : [el("span.muted", {text: "your hand is empty"})],
      {dataset: {zone: "hand", seat: me}, "aria-label": "your hand"}));
    root.onclick = () => { if (selected !== null) { selected = null; draw(lastCtx); } };

    // the options drawn on the table; every other one stays in the page's option bar
    const handled = new Set(plays.values());
    for (const key of used) for (const o of on.get(key)) handled.add(o.id);
    if (sel) {
      const where = sel.type === "minion" ? "a free minion space of yours"
        : sel.type === "spell" || sel.type === "relic" ? `"Play ${sel.card}" in the middle`
        : "the magic slot it takes";
      api.hint(`Now ${api.click} where ${sel.card} goes: ${where}. (${api.cancel})`);
    } else {
      api.hint("");
    }
    return handled;
  }

  function menu(anchor, items) {
    popupMenu(anchor, items, "necro-menu");
  }

  // What another seat's step did, for the page to mark (docs/server.md): before the
  // new board is drawn, damage and what is destroyed; after it, attacks and aimed
  // cards (an arrow to the target), minions and magic that came into play, the
  // card played, healing.
  function marks(events, phase) {
    const out = [];
    const q = (sel) => root.querySelector(sel);
    const esc = (name) => CSS.escape(name || "");
    const hero = (p) => q(`.hero[data-seat="${p}"]`);
    const minion = (name, p) => q(`${p === undefined ? "" : `.seat-panel[data-seat="${p}"] `}.minion[data-name="${esc(name)}"]`);
    const aim = (t) => {
      if (!t) return null;
      if (t[0] === "h") return hero(t.slice(1));
      return q(`[data-card-id="${t.slice(1)}"]`);
    };
    for (const e of events) {
      if (phase === "before") {
        if (e.e === "damage") out.push({kind: "damage", at: minion(e.card), text: `−${e.amount}`});
        else if (e.e === "hero_damage") out.push({kind: "damage", at: hero(e.p), text: `−${e.amount}`});
        else if (e.e === "destroyed" || e.e === "banished") {
          out.push({kind: "death", at: minion(e.card, e.p) || q(`.magic[data-name="${esc(e.card)}"]`)});
        }
        continue;
      }
      if (e.e === "attack") out.push({kind: "attack", from: minion(e.card, e.p), to: aim(e.target)});
      else if (e.e === "play") {
        out.push({kind: "play", card: {name: e.card}});
        if (e.target) out.push({kind: "attack", from: hero(e.p), to: aim(e.target)});
      } else if (e.e === "summon") out.push({kind: "new", at: q(`.seat-panel[data-seat="${e.p}"] .minion[data-space="${e.at + 1}"]`)});
      else if (e.e === "magic") out.push({kind: "new", at: q(`.seat-panel[data-seat="${e.p}"] .magic[data-name="${esc(e.card)}"]`)});
      else if (e.e === "heal") out.push({kind: "gain", at: hero(e.p), text: `+${e.amount}`});
    }
    return out;
  }

  return {update, marks, card: (record, size) => frame(record, size)};
}
