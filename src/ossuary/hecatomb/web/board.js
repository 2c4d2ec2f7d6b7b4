// Hecatomb's board for the browser (served by `ossuary serve` through
// HecatombGame.web_assets()). It draws only what the seat's view holds, the
// same facts as the terminal board (hecatomb/board.py): souls, hand, mana by
// doom tapped and untapped, abominations as stacks with strength and keywords,
// god, relics, graveyards, the combat. The options become clicks on the cards:
// click a hand card, then where it goes (your mana zone, the table, one of your
// abominations); targets, attackers, blockers and tap abilities are clicked
// where they lie. Options with nowhere to click (pay, X, yes/no, end turn) are
// left to the page's option bar.
//
// Interface (docs/server.md): createBoard(root, api) -> {update(ctx)}; update
// returns the set of option ids the board lets the player click.

import {boardContext, el, menu as popupMenu, pressable} from "/static/util.js";
import {cardBack, handDock, layTable} from "/static/cards.js";
import {icon} from "/static/icons.js";
import {DOOMS, frame} from "./card.js";

const DOOM_ORDER = Object.keys(DOOMS);

function keywordText(keywords) {
  return Object.entries(keywords || {}).map(([name, value]) => {
    const title = name.replaceAll("_", " ").replace(/\b\w/g, (c) => c.toUpperCase());
    if (value === true) return title;
    if (Array.isArray(value)) return `${value.map((v) => v[0].toUpperCase() + v.slice(1)).join("/")} ${title}`;
    return `${title} ${value}`;
  });
}

/** How people tell abominations apart: "#1", "#2"... (the view's ids count from 0;
 * the terminal's words.abom_tag says the same). */
function tag(aid) {
  return `#${Number(aid) + 1}`;
}

function back(size) {
  const node = cardBack(size);
  node.classList.add("hcard", "back");
  return node;
}

export function createBoard(root, api) {
  root.classList.add("hecatomb");
  let selected = null;   // the hand card (id) clicked first, waiting for where it goes
  let intent = null;     // {card, place}: where the selected minion goes once asked
  let blocker = null;    // the abomination chosen to block, waiting for its attacker
  let lastCtx = null;
  let sentIntent = -1;

  root.addEventListener("keydown", (e) => {
    if (e.key === "Escape") { selected = blocker = null; if (lastCtx) draw(lastCtx); }
  });

  function update(ctx) {
    // a card chosen to play (or a blocker) belongs to the question it was chosen for
    if (!lastCtx || ctx.view !== lastCtx.view) selected = blocker = null;
    lastCtx = ctx;
    return draw(ctx);
  }

  function draw(ctx) {
    const {view, me, legal, ids, labels} = boardContext(ctx);
    const decision = view.decision;
    const kind = decision && decision.player === me ? decision.kind : null;
    const handled = new Set();
    const on = new Map(); // element key -> [option ids]
    const add = (key, id) => {
      if (!ids.has(id)) return;
      if (!on.has(key)) on.set(key, []);
      on.get(key).push(id);
      handled.add(id);
    };

    // A place decision answers the click made before paying: on that abomination.
    if (kind === "place" && intent && ids.has(intent.place) && sentIntent !== ctx.view.log_from) {
      const place = intent.place;
      intent = null;
      sentIntent = ctx.view.log_from;
      setTimeout(() => api.act(place), 0);
    }
    if (kind === "main" || kind === "window" || kind === null) intent = kind === null ? intent : null;

    // Hand cards: identical copies share one option (the engine collapses them).
    const mine = me === null || me === undefined ? null : view.players[me];
    const handOptions = new Map(); // card id -> {mana, play, card}
    if (mine) {
      const byName = new Map();
      for (const c of mine.hand) if (c) byName.set(c.card, [...(byName.get(c.card) || []), c.id]);
      for (const c of mine.hand) {
        if (!c) continue;
        const twins = byName.get(c.card);
        const find = (verb) => twins.map((t) => `${verb} ${t}`).find((id) => ids.has(id)) || null;
        const entry = {mana: find("mana"), play: find("play"), card: twins.map((t) => `card ${t}`).find((id) => ids.has(id)) || null};
        if (entry.mana) handled.add(entry.mana);
        if (entry.play) handled.add(entry.play);
        if (entry.card) add(`card:${c.id}`, entry.card);
        handOptions.set(c.id, entry);
      }
    }
    if (selected !== null && !(handOptions.get(selected) && (handOptions.get(selected).mana || handOptions.get(selected).play))) selected = null;

    for (const o of legal) {
      const [verb, a, b, c] = o.id.split(" ");
      if (verb === "on") add(`abom:${a}`, o.id);
      else if (o.id === "new") add("zone:new", o.id);
      else if (verb === "attacker" || verb === "hunt") add(`abom:${a}`, o.id);
      else if (verb === "enemy") add(`seat:${a}`, o.id);
      else if (verb === "rip") add(`minion:${a}`, o.id);
      else if ((verb === "stitch" || verb === "onto") && a !== "new") add(`abom:${a}`, o.id);
      else if (verb === "tap") add(`minion:${b}`, o.id);
      else if (verb === "toll") add(`mana:${a}`, o.id);
      else if (verb === "block") handled.add(o.id);
      else if (/^a\d+$/.test(o.id)) add(`abom:${o.id.slice(1)}`, o.id);
      else if (/^m\d+$/.test(o.id)) add(`minion:${o.id.slice(1)}`, o.id);
      else if (/^p\d+$/.test(o.id)) add(`seat:${o.id.slice(1)}`, o.id);
      else if (/^c\d+$/.test(o.id)) add(`cid:${o.id.slice(1)}`, o.id);
      void c;
    }
    const blocks = legal.filter((o) => o.id.startsWith("block ")).map((o) => {
      const [, blk, att] = o.id.split(" ");
      return {id: o.id, blk: Number(blk), att: Number(att)};
    });
    if (blocker !== null && !blocks.some((b) => b.blk === blocker)) blocker = null;

    // -- drawing helpers that know the options -------------------------------------------
    const used = new Set(); // option keys placed on an element
    function actionable(node, key, handle = node) {
      const options = on.get(key);
      if (!options) return node;
      used.add(key);
      node.classList.add("actionable");
      node.dataset.options = options.join("|");
      const go = (event) => {
        event.stopPropagation();
        if (options.length === 1) api.act(options[0]);
        else menu(node, options.map((id) => [labels.get(id), () => api.act(id)]));
      };
      pressable(node, go, options.map((id) => labels.get(id)).join("; "), handle);
      return node;
    }


    function cardFace(card, size = "hand") {
      const node = frame(card, size);
      node.classList.add("hcard");
      node.dataset.cardId = card.id;
      node.dataset.name = card.card;
      api.hoverCard(node, {...(api.card(card.card) || {}), name: card.card});
      return node;
    }

    function handCard(card) {
      if (!card) return back("hand");
      const entry = handOptions.get(card.id) || {};
      const node = cardFace(card);
      if (entry.mana || entry.play) {
        node.classList.add("actionable");
        node.dataset.options = [entry.play, entry.mana].filter(Boolean).join("|");
        if (selected === card.id) node.classList.add("selected");
        node.setAttribute("aria-pressed", selected === card.id ? "true" : "false");
        const pick = (event) => {
          event.stopPropagation();
          selected = selected === card.id ? null : card.id;
          draw(lastCtx);
          // the keyboard stays on the card: its places to go are next in the tab order
          const again = root.querySelector(`.hand [data-card-id="${card.id}"]`);
          if (again) again.focus({preventScroll: true});
        };
        pressable(node, pick, [entry.play ? labels.get(entry.play) : null, entry.mana ? labels.get(entry.mana) : null]
          .filter(Boolean).join(", or ") + " (choose, then click where it goes)");
      } else if (entry.card) {
        actionable(node, `card:${card.id}`);
      } else {
        inspectable(node, {...(api.card(card.card) || {}), name: card.card}, false);
      }
      return node;
    }

    function minionRow(m, top) {
      const kws = keywordText(m.keywords);
      const node = frame({...(api.card(m.card) || {}), ...m}, "row",
        {extra: kws.length ? [el("span.kw", {text: kws.join(", ")})] : []});
      node.classList.add("minion");
      if (top) node.classList.add("top");
      node.dataset.cardId = m.id;
      node.dataset.name = m.card;
      api.hoverCard(node, {...(api.card(m.card) || {}), name: m.card, text: m.text});
      if (on.has(`minion:${m.id}`)) actionable(node, `minion:${m.id}`);
      else {
        node.addEventListener("click", (e) => {
          // a click on a stack that is itself a choice (a target, a blocker) is that choice
          const stack = node.closest(".abom");
          if (stack && (stack.classList.contains("actionable") || stack.classList.contains("target"))) return;
          e.stopPropagation();
          api.showCard({...(api.card(m.card) || {}), name: m.card});
        });
      }
      return node;
    }

    function abomination(a, owner) {
      const combat = view.combat;
      const flags = [];
      if (a.tapped) flags.push("tapped");
      if (a.played_this_turn) flags.push("played this turn");
      if (combat && combat.attackers.includes(a.id)) flags.push("attacking");
      const blocking = combat && Object.entries(combat.blocks).find(([, blk]) => blk === a.id);
      if (blocking) flags.push(`blocking ${tag(blocking[0])}`);
      if (combat && combat.blocked.includes(a.id)) flags.push("blocked");
      const kws = keywordText(a.keywords);
      const stack = el("div.stack", {}, ...[...a.minions].reverse().map((m, i) => minionRow(m, i === 0)));
      const node = el(`div.abom${a.tapped ? ".tapped" : ""}${combat && combat.attackers.includes(a.id) ? ".attacking" : ""}`,
        {dataset: {abom: a.id, owner}},
        el("div.abom-head", {},
          el("span.aid", {text: tag(a.id)}),
          el("span.astr", {title: "the abomination's strength"}, icon("sword", ""),
            el("span.sr-only", {text: "strength "}), String(a.strength)),
          el("span.size", {text: `${a.size}/5`, title: "minions in the stack"})),
        kws.length ? el("div.akw", {text: kws.join(" · ")}) : null,
        stack,
        flags.length ? el("div.flags", {text: flags.join(" · ")}) : null);
      const head = node.firstChild;  // the stack's minions may be buttons of their own
      actionable(node, `abom:${a.id}`, head);
      // blocking: choose one of your abominations, then the attacker it blocks
      if (blocks.length) {
        const asBlocker = blocks.filter((b) => b.blk === a.id);
        const asAttacker = blocker !== null ? blocks.filter((b) => b.blk === blocker && b.att === a.id) : [];
        if (asBlocker.length) {
          node.classList.add("actionable");
          node.dataset.options = asBlocker.map((b) => b.id).join("|");
          if (blocker === a.id) node.classList.add("selected");
          pressable(node, (e) => {
            e.stopPropagation();
            if (asBlocker.length === 1) api.act(asBlocker[0].id);
            else { blocker = blocker === a.id ? null : a.id; draw(lastCtx); }
          }, asBlocker.length === 1 ? labels.get(asBlocker[0].id) : `Block with abomination ${tag(a.id)} (then choose the attacker)`, head);
        }
        if (asAttacker.length) {
          node.classList.add("actionable", "target");
          node.dataset.options = asAttacker[0].id;
          pressable(node, (e) => { e.stopPropagation(); blocker = null; api.act(asAttacker[0].id); },
            labels.get(asAttacker[0].id), head);
        }
      }
      // a selected minion card goes onto this abomination: play it, then place it here
      if (selected !== null && owner === me) {
        const entry = handOptions.get(selected);
        const card = mine.hand.find((c) => c && c.id === selected);
        if (entry && entry.play && card && card.type.includes("minion")) {
          node.classList.add("target");
          pressable(node, (e) => {
            e.stopPropagation();
            intent = {card: selected, place: `on ${a.id}`};
            selected = null;
            api.act(entry.play);
          }, `Put ${card.card} onto abomination ${tag(a.id)}`, head);
        }
      }
      return node;
    }

    function manaZone(p, owner) {
      const groups = DOOM_ORDER.map((doom) => {
        const cards = p.mana.filter((m) => m.doom === doom);
        if (!cards.length) return null;
        const up = cards.filter((m) => !m.tapped).length;
        return el(`div.mana-group.doom-${doom}`, {dataset: {doom}},
          el("span.mana-count", {}, icon(doom, ""), ` ${DOOMS[doom].label}: ${up} untapped · ${cards.length - up} tapped`),
          el("div.mana-cards", {}, ...cards.map((m) => {
            const node = el(`span.mana${m.tapped ? ".tapped" : ""}`, {dataset: {cardId: m.id, name: m.card}, title: m.card, text: m.card});
            api.hoverCard(node, {...(api.card(m.card) || {}), name: m.card});
            actionable(node, `mana:${m.id}`);
            actionable(node, `cid:${m.id}`);
            return node;
          })));
      }).filter(Boolean);
      const pool = Object.entries(p.pool || {}).filter(([, n]) => n).map(([d, n]) => `${n} ${d}`);
      const zoneLabel = el("span.zone-label", {text: "Mana"});
      const zone = el("div.zone.mana-zone", {dataset: {zone: "mana", seat: owner}},
        zoneLabel,
        ...(groups.length ? groups : [el("span.muted", {text: "none"})]),
        pool.length ? el("div.pool", {text: `pool: ${pool.join(", ")}`}) : null);
      if (owner === me && selected !== null) {
        const entry = handOptions.get(selected);
        if (entry && entry.mana) {
          zone.classList.add("target");
          pressable(zone, () => { selected = null; api.act(entry.mana); }, labels.get(entry.mana), zoneLabel);
        }
      }
      return zone;
    }

    function pile(label, names, zone) {
      const body = names.length
        ? el("details.pile", {}, el("summary", {text: `${label} ${names.length}`}),
          el("ul", {}, ...names.map((n) => {
            return el("li", {}, inspectable(el("span", {text: n}), {...(api.card(n) || {}), name: n}));
          })))
        : el("span.muted", {text: `${label} 0`});
      return el("div.zone.pile-zone", {dataset: {zone}}, body);
    }

    function smallCard(c, label) {
      const node = el("span.small-card", {dataset: {cardId: c.id, name: c.card}, text: c.card, title: label});
      actionable(node, `cid:${c.id}`);
      if (!node.classList.contains("actionable")) inspectable(node, {...(api.card(c.card) || {}), name: c.card});
      else api.hoverCard(node, {...(api.card(c.card) || {}), name: c.card});
      return node;
    }

    // a card that is not an option now: hover or focus it, click or Enter pins its text
    function inspectable(node, rec, hover = true) {
      if (hover) api.hoverCard(node, rec);
      node.tabIndex = 0;
      node.setAttribute("role", "button");
      node.addEventListener("click", (e) => { e.stopPropagation(); api.showCard(rec); });
      node.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); api.showCard(rec); }
      });
      return node;
    }

    function seatPanel(p) {
      const seat = p.seat;
      const isMe = seat === me;
      const classes = ["seat-panel", isMe ? "me" : "them"];
      if (view.active === seat) classes.push("active");
      if (view.decision && view.decision.player === seat) classes.push("deciding");
      if (view.winner === seat) classes.push("winner");
      const name = api.playerName(seat);
      const seatInfo = (ctx.seats || [])[seat];
      const computer = seatInfo && seatInfo.controller !== "human";
      const head = el("div.seat-head", {},
        el("span.pname", {text: name}),
        computer ? el("span.badge", {text: "computer"}) : null,
        view.active === seat ? el("span.badge.active-badge", {text: "active"}) : null,
        ctx.thinking === seat ? el("span.badge.thinking", {text: "thinking"}) : null,
        el("span.souls", {title: "souls (20 wins)"}, el("b", {text: p.souls}), " souls"),
        el("span.counts", {text: `hand ${p.hand_count} · deck ${p.deck_count}`}));
      actionable(head, `seat:${seat}`);
      const aboms = el("div.aboms", {dataset: {zone: "play", seat}},
        ...p.abominations.map((a) => abomination(a, seat)));
      if (!p.abominations.length) aboms.append(el("span.muted.empty", {text: "no abominations"}));
      if (isMe) {
        const newSlot = el("div.abom.new-slot", {dataset: {zone: "new"}, text: "+ new abomination"});
        let useful = false;
        if (on.has("zone:new")) { actionable(newSlot, "zone:new"); useful = true; }
        if (selected !== null) {
          const entry = handOptions.get(selected);
          const card = mine.hand.find((c) => c && c.id === selected);
          if (entry && entry.play) {
            useful = true;
            newSlot.classList.add("target");
            const minion = card && card.type.includes("minion");
            newSlot.textContent = minion ? "+ new abomination" : `play ${card ? card.card : "it"}`;
            pressable(newSlot, () => {
              if (minion) intent = {card: selected, place: "new"};
              selected = null;
              api.act(entry.play);
            }, minion ? `Play ${card.card} as a new abomination` : `Play ${card ? card.card : "it"}`);
          }
        }
        if (useful) aboms.append(newSlot);
      }
      const known = p.deck_known && p.deck_known.length
        ? el("div.deck-known", {text: `known on top of the deck: ${p.deck_known.map((k) => `${k.from_top + 1}. ${k.card}`).join(", ")}`})
        : null;
      const hand = isMe ? null
        : el("div.hand.hidden-hand", {dataset: {zone: "hand", seat}, title: `${p.hand_count} cards in hand`},
          ...p.hand.map((c) => (c ? cardFace(c, "mini") : back("mini"))));
      const extras = el("div.extras", {},
        el("div.zone.god-zone", {dataset: {zone: "god"}}, el("span.zone-label", {text: "God"}),
          p.god ? smallCard(p.god, "god") : el("span.muted", {text: "none"})),
        el("div.zone.relic-zone", {dataset: {zone: "relics"}}, el("span.zone-label", {text: "Relics"}),
          ...(p.relics.length ? p.relics.map((r) => smallCard(r, "relic")) : [el("span.muted", {text: "none"})])),
        pile("Graveyard", p.graveyard, "graveyard"),
        pile("Removed", p.removed, "removed"));
      // another seat's hand: its backs (and the cards you know) on its name's line
      if (hand) head.insertBefore(hand, head.children[1]);
      return el(`section.${classes.join(".")}`, {dataset: {seat}, "aria-label": name},
        head, el("div.seat-body", {}, manaZone(p, seat), extras), aboms, known);
    }

    function center() {
      const parts = [el("div.turn-line", {text: `Turn ${view.turn_number} · ${api.says(view.active, "is", "are")} active`})];
      const c = view.combat;
      if (c) {
        const lines = c.attackers.map((att) => {
          const blk = c.blocks[String(att)];
          return el("li", {text: `${tag(att)}${blk !== undefined ? ` is blocked by ${tag(blk)}` : c.blocked.includes(att) ? " (blocked)" : " is unblocked"}`});
        });
        parts.push(el("div.combat", {role: "region", "aria-label": "combat"},
          el("b", {text: `Combat: ${api.says(c.aggressor, "attacks", "attack")} ${api.them(c.defender)}`}),
          lines.length ? el("ul", {}, ...lines) : el("span.muted", {text: " choosing attackers"})));
      }
      if (view.in_play && view.in_play.length) {
        parts.push(el("div.in-play", {}, el("span.zone-label", {text: "Being played: "}),
          ...view.in_play.map((c2) => smallCard(c2, "being played"))));
      }
      return el("div.center", {}, ...parts);
    }

    // -- the table: others at the top, the table's middle, you (and your hand) below -------
    const others = view.players.filter((p) => p.seat !== me);
    const rows = [el("div.others", {}, ...others.map(seatPanel)), center()];
    if (mine) rows.push(seatPanel(mine));
    layTable(root, rows, mine && handDock(mine.hand.length ? mine.hand.map(handCard) : [el("span.muted", {text: "your hand is empty"})],
      {dataset: {zone: "hand", seat: me}, "aria-label": "your hand"}));
    root.onclick = () => { if (selected !== null || blocker !== null) { selected = blocker = null; draw(lastCtx); } };

    // options whose element is not on the table go back to the option bar
    for (const [key, options] of on) if (!used.has(key)) for (const id of options) handled.delete(id);
    if (selected !== null) {
      const entry = handOptions.get(selected);
      api.hint(`Now ${api.click} where ${mine.hand.find((c) => c && c.id === selected)?.card || "it"} goes: `
        + [entry.play ? "the table or one of your abominations to play it" : null,
          entry.mana ? "your mana zone to add it as mana" : null].filter(Boolean).join(", or ")
        + `. (${api.cancel})`);
    } else if (blocker !== null) {
      api.hint(`Now ${api.click} the attacker ${tag(blocker)} blocks.`);
    } else {
      api.hint("");
    }
    return handled;
  }

  function menu(anchor, items) {
    popupMenu(anchor, items, "hec-menu");
  }

  // What another seat's step did, for the page to mark (docs/server.md): before the
  // new board is drawn, the damage and what dies; after it, attacks and blocks,
  // what came into play, the card played, souls gained.
  function marks(events, phase) {
    const out = [];
    const abom = (id) => root.querySelector(`.abom[data-abom="${id}"]`);
    const seat = (p) => root.querySelector(`.seat-panel[data-seat="${p}"]`);
    const named = (scope, sel, name) => (scope ? [...scope.querySelectorAll(`${sel}[data-name="${CSS.escape(name)}"]`)] : []);
    const taken = new Map();
    for (const e of events) {
      if (phase === "before") {
        if (e.e === "damage") out.push({kind: "damage", at: abom(e.a), text: `−${e.amount}`});
        if (["destroyed", "sacrifice", "martyr", "removed"].includes(e.e) && e.card) {
          const n = taken.get(e.card) || 0;
          taken.set(e.card, n + 1);
          const node = named(root, ".minion", e.card)[n];
          if (node) out.push({kind: "death", at: node});
        }
        continue;
      }
      if (e.e === "attack") {
        const head = seat(e.defender) && seat(e.defender).querySelector(".seat-head");
        for (const a of e.attackers || []) out.push({kind: "attack", from: abom(a), to: head});
      } else if (e.e === "block") {
        out.push({kind: "block", from: abom(e.blocker), to: abom(e.attacker)});
      } else if (e.e === "minion") {
        out.push({kind: "new", at: abom(e.a)});
      } else if (e.e === "play" && e.card) {
        out.push({kind: "play", card: {name: e.card}});
      } else if (e.e === "mana" && e.card) {
        out.push({kind: "new", at: named(seat(e.p), ".mana", e.card).pop()});
      } else if (e.e === "souls" && e.mode === "gain" && e.n) {
        const souls = seat(e.p) && seat(e.p).querySelector(".souls");
        out.push({kind: "gain", at: souls, text: `+${e.n}`});
      }
    }
    return out;
  }

  return {update, marks, card: (record, size) => frame(record, size)};
}
