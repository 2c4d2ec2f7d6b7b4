// Diabolicards' board for the browser (served by `ossuary serve` through
// DiabolicardsGame.web_assets()). It draws only what the seat's view holds, the
// same facts as the terminal board (diabolicards/board.py): the two sides' three
// zones left to right (Vask Tower, The Gang Hideout, Havenvale Campus), each
// with its slots, its Diabolical activation slot and the Scorched Earth cards
// around its name, power and synergy per zone and side; the contracts; the
// hands (yours face up, the others as counts). Click a hand card, then the
// zone (or its activation slot, or its name for Scorched Earth); contract
// cards for a Contract Trade; the cards an ability asks about where they lie.
// Other options (purge, escape, done, the Endgame's choices) stay in the
// page's option bar.
//
// Interface (docs/server.md): createBoard(root, api) -> {update(ctx)}; update
// returns the set of option ids the board lets the player click.

import {boardContext, el, pressable} from "/static/util.js";
import {handDock, layTable} from "/static/cards.js";
import {icon} from "/static/icons.js";
import {frame} from "./card.js";

const ZONES = ["Vask Tower", "The Gang Hideout", "Havenvale Campus"];
const ZONE_ICONS = ["tower", "hideout", "campus"];
const GROUP_CLASS = (group) => "g-" + String(group || "").toLowerCase().replace(/[^a-z]+/g, "-");
// option verbs that name one card by its id: "kill 17"
const CARD_VERBS = new Set(["give", "kill", "pick", "move", "take", "swap", "stick", "with",
  "pull", "show", "restart", "bind"]);

export function createBoard(root, api) {
  root.classList.add("diabolicards");
  let selected = null; // the hand card (id) clicked first, waiting for its zone
  let lastCtx = null;

  function update(ctx) {
    // a card chosen to play belongs to the question it was chosen for
    if (!lastCtx || ctx.view !== lastCtx.view) selected = null;
    lastCtx = ctx;
    return draw(ctx);
  }

  function draw(ctx) {
    const {view, me, legal, ids, labels} = boardContext(ctx);
    const handled = new Set();
    const onCard = new Map(); // card id -> [option ids]
    const plays = new Map(); // card id -> [{id, zone, kind}]
    const trades = new Map(); // contract slot -> option id
    for (const o of legal) {
      const [verb, a, b, c] = o.id.split(" ");
      if (verb === "play") {
        if (!plays.has(Number(a))) plays.set(Number(a), []);
        plays.get(Number(a)).push({id: o.id, zone: Number(b), kind: c});
        handled.add(o.id);
      } else if (verb === "trade") {
        trades.set(Number(a), o.id);
        handled.add(o.id);
      } else if (CARD_VERBS.has(verb) && a !== undefined) {
        if (!onCard.has(Number(a))) onCard.set(Number(a), []);
        onCard.get(Number(a)).push(o.id);
        handled.add(o.id);
      }
    }
    if (selected !== null && !plays.has(selected)) selected = null;
    const spots = selected === null ? [] : plays.get(selected);

    function clickable(node, options, handle = node) {
      if (!options || !options.length || ctx.replay) return node;
      node.classList.add("actionable");
      node.dataset.options = options.join("|");
      node.title = options.map((id) => labels.get(id)).join("\n");
      pressable(node, (event) => { event.stopPropagation(); api.act(options[0]); },
        options.map((id) => labels.get(id)).join("; "), handle);
      return node;
    }


    function chip(card, extra = "", size = "mini") {
      const ability = card.ability ? el("div.ability" + (card.ability_lost ? ".lost" : card.ability_works === false ? ".off" : ""),
        {text: card.ability + (card.ability_lost ? " (lost)" : card.ability_works === false ? " (not working here)" : "")}) : null;
      const node = frame(card, size, size === "mini" ? {extra: [ability]} : {});
      node.classList.add("chip", GROUP_CLASS(card.group), ...extra.split(".").filter(Boolean));
      node.dataset.name = card.card;
      node.dataset.cardId = card.id;
      const rec = {...(api.card(card.card) || {}), ...card, name: card.card};
      api.hoverCard(node, rec);
      clickable(node, onCard.get(card.id));
      if (!node.classList.contains("actionable")) {
        pressable(node, (e) => {
          // a click on a card inside a place to play is that place's (the card's own
          // text stays one key press away)
          if (e.type === "click" && node.parentElement && node.parentElement.closest(".target")) return;
          e.stopPropagation();
          api.showCard(rec);
        }, card.card);
      }
      return node;
    }

    function zoneBox(side, zone, mine) {
      const z = view.sides[side].zones[zone];
      const box = el("div.zone" + (z.sealed ? ".sealed" : ""));
      const head = el("div.zone-head", {},
        el("span.zone-name", {}, icon(ZONE_ICONS[zone], ""), ` ${ZONES[zone]}`),
        el("span.zone-power", {title: "the zone's power"}, icon("bolt", ""), el("span.sr-only", {text: "power "}),
          `${z.power}${z.synergy ? " + " + z.synergy : ""}`));
      box.append(head);
      if (z.sealed) { box.append(el("div.sealed-note", {text: "sealed (Scorch the Earth)"})); return box; }
      for (const c of z.scorched) head.append(chip(c, ".scorched"));
      const act = el("div.activation", {}, el("span.slot-label", {text: "activation"}));
      if (z.activation) act.append(chip(z.activation, ".activated"));
      box.append(act);
      const slots = el("div.slots");
      for (const c of z.slots) slots.append(chip(c));
      for (let i = z.slots.length; i < 8; i++) slots.append(el("div.empty-slot"));
      box.append(slots);
      if (mine) {
        for (const s of spots.filter((p) => p.zone === zone)) {
          const target = s.kind === "a" ? act : s.kind === "s" ? head : slots;
          // the keyboard's handle is a label of the place, so the cards in it stay buttons
          const handle = s.kind === "a" ? act.firstChild : s.kind === "s" ? head.firstChild
            : slots.insertBefore(el("span.slot-label.place-here", {text: "here"}), slots.firstChild);
          clickable(target, [s.id], handle);
          target.classList.add("target");
        }
      }
      return box;
    }

    function sideRow(side, mine) {
      const s = view.sides[side];
      const names = s.seats.map((p) => api.playerName(p)).join(" & ");
      const row = el("div.side" + (mine ? ".mine" : ""), {},
        // a side is named by who sits on it ("You & Computer 2"), never by its number
        el("div.side-head", {}, el("span.side-name", {text: names}),
          el("span.side-power", {}, "power ", el("b", {text: s.score}))));
      const zones = el("div.zones");
      for (let z = 0; z < 3; z++) zones.append(zoneBox(side, z, mine));
      row.append(zones);
      return row;
    }

    const mySide = me === null || me === undefined ? 0 : me % 2;
    const rows = [sideRow(1 - mySide, false)];
    const middle = el("div.middle", {}, el("span.zone-label", {text: "Contracts"}));
    view.contracts.forEach((c, k) => {
      if (c === null) { middle.append(el("div.empty-slot.contract")); return; }
      const node = chip(c, ".contract");
      if (trades.has(k)) clickable(node, [trades.get(k)]);
      middle.append(node);
    });
    const notes = [`deck ${view.deck_count}`, `dead ${view.dead.length}`];
    if (view.contract_freeze) notes.push("contract freeze");
    if (view.contracts_banned) notes.push("contract turns banned");
    middle.append(el("span.counts", {text: notes.join(" · ")}));
    rows.push(middle, sideRow(mySide, true));
    const bonds = [...view.why_stick.map((t) => "Why Stick: " + t.join(" + ")),
      ...view.doom_pacts.map((p) => "Doom Pact: " + p.join(" + "))];
    if (bonds.length) rows.push(el("div.bonds", {text: bonds.join(" · ")}));
    const hands = el("div.hands");
    let myHand = null;
    for (const p of view.players) {
      if (p.seat === me) {
        const cards = [];
        for (const c of p.hand) {
          if (!c) continue;
          const playable = plays.has(c.id) && !ctx.replay;
          const node = playable ? frame(c, "hand") : chip(c, "", "hand");
          if (playable) {
            node.classList.add("chip", "actionable");
            if (selected === c.id) node.classList.add("selected");
            node.dataset.name = c.card;
            node.dataset.cardId = c.id;
            node.dataset.options = plays.get(c.id).map((s) => s.id).join("|");
            node.setAttribute("aria-pressed", selected === c.id ? "true" : "false");
            api.hoverCard(node, {...(api.card(c.card) || {}), ...c, name: c.card});
            pressable(node, (event) => {
              event.stopPropagation();
              selected = selected === c.id ? null : c.id;
              draw(lastCtx);
              const again = root.querySelector(`.hand [data-card-id="${c.id}"]`);
              if (again) again.focus({preventScroll: true});
            }, `Play ${c.card} (choose, then click the zone it goes to)`);
          }
          cards.push(node);
        }
        myHand = handDock(cards, {"aria-label": "your hand", dataset: {zone: "hand", seat: p.seat}});
      } else {
        const shown = p.hand.filter((c) => c).map((c) => c.card);
        hands.append(el("div.other-hand", {text:
          `${api.playerName(p.seat)}: ${p.hand_count} cards${p.out ? " (out)" : ""}` +
          (shown.length ? ` · shown: ${shown.join(", ")}` : "")}));
      }
    }
    rows.push(hands);
    layTable(root, rows, myHand);
    root.onclick = () => { if (selected !== null) { selected = null; draw(lastCtx); } };
    const chosen = selected === null ? null : view.players.find((p) => p.seat === me).hand.find((c) => c && c.id === selected);
    api.hint(chosen ? `Now ${api.click} where ${chosen.card} goes: a zone of your side, or its activation slot. (${api.cancel})` : "");
    return handled;
  }

  // What another seat's step did, for the page to mark (docs/server.md): before the
  // new board is drawn, the cards killed and weakened; after it, the card played
  // (and where it went), cards moved, taken, strengthened.
  function marks(events, phase) {
    const out = [];
    const find = (name) => [...root.querySelectorAll(`.chip[data-name="${CSS.escape(name || "")}"]`)].pop();
    for (const e of events) {
      if (phase === "before") {
        if (e.e === "kill" || e.e === "dies") out.push({kind: "death", at: find(e.card)});
        else if (e.e === "hinder") out.push({kind: "damage", at: find(e.card), text: `${e.power}`});
        continue;
      }
      if (e.e === "play") {
        out.push({kind: "play", card: {name: e.card}});
        out.push({kind: "new", at: find(e.card)});
      } else if (["take", "swap", "redeploy", "move"].includes(e.e)) out.push({kind: "new", at: find(e.card)});
      else if (e.e === "boost") out.push({kind: "gain", at: find(e.card), text: `${e.power}`});
    }
    return out;
  }

  root.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && selected !== null) { selected = null; if (lastCtx) draw(lastCtx); }
  });

  return {update, marks, card: (record, size) => frame(record, size)};
}
