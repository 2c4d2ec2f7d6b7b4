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

import {el} from "/static/util.js";

const ZONES = ["Vask Tower", "The Gang Hideout", "Havenvale Campus"];
const GROUP_CLASS = (group) => "g-" + String(group || "").toLowerCase().replace(/[^a-z]+/g, "-");
// option verbs that name one card by its id: "kill 17"
const CARD_VERBS = new Set(["give", "kill", "pick", "move", "take", "swap", "stick", "with",
  "pull", "show", "restart", "bind"]);

export function createBoard(root, api) {
  root.classList.add("diabolicards");
  let selected = null; // the hand card (id) clicked first, waiting for its zone
  let lastCtx = null;

  function update(ctx) {
    lastCtx = ctx;
    return draw(ctx);
  }

  function draw(ctx) {
    const view = ctx.view;
    const me = ctx.me;
    const legal = ctx.legal || [];
    const ids = new Set(legal.map((o) => o.id));
    const labels = new Map(legal.map((o) => [o.id, o.label]));
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

    function clickable(node, options) {
      if (!options || !options.length || ctx.replay) return node;
      node.classList.add("actionable");
      node.dataset.options = options.join("|");
      node.tabIndex = 0;
      node.title = options.map((id) => labels.get(id)).join("\n");
      node.addEventListener("click", (event) => {
        event.stopPropagation();
        api.act(options[0]);
      });
      return node;
    }

    function chip(card, extra = "") {
      const power = card.power;
      const base = card.base_power === undefined ? power : card.base_power;
      const mark = power > base ? " ↑" : power < base ? " ↓" : "";
      const node = el(`div.chip.${GROUP_CLASS(card.group)}${extra}`, {},
        el("span.name", {text: card.card}), el("b.power", {text: `${power}${mark}`}),
        card.ability ? el("span.ability" + (card.ability_lost ? ".lost" : card.ability_works === false ? ".off" : ""), {text: card.ability}) : null);
      api.hoverCard(node, card.card);
      return clickable(node, onCard.get(card.id));
    }

    function zoneBox(side, zone, mine) {
      const z = view.sides[side].zones[zone];
      const box = el("div.zone" + (z.sealed ? ".sealed" : ""));
      const head = el("div.zone-head", {},
        el("span.zone-name", {text: ZONES[zone]}),
        el("span.zone-power", {text: `${z.power}${z.synergy ? " + " + z.synergy : ""}`}));
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
          clickable(target, [s.id]);
          target.classList.add("target");
        }
      }
      return box;
    }

    function sideRow(side, mine) {
      const s = view.sides[side];
      const names = s.seats.map((p) => api.playerName(p)).join(" & ");
      const row = el("div.side" + (mine ? ".mine" : ""), {},
        el("div.side-head", {}, el("span.side-name", {text: `Side ${side}: ${names}`}),
          el("span.side-power", {}, "power ", el("b", {text: s.score}))));
      const zones = el("div.zones");
      for (let z = 0; z < 3; z++) zones.append(zoneBox(side, z, mine));
      row.append(zones);
      return row;
    }

    const mySide = me === null || me === undefined ? 0 : me % 2;
    root.replaceChildren();
    root.append(sideRow(1 - mySide, false));
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
    root.append(middle);
    root.append(sideRow(mySide, true));
    const bonds = [...view.why_stick.map((t) => "Why Stick: " + t.join(" + ")),
      ...view.doom_pacts.map((p) => "Doom Pact: " + p.join(" + "))];
    if (bonds.length) root.append(el("div.bonds", {text: bonds.join(" · ")}));
    const hands = el("div.hands");
    for (const p of view.players) {
      if (p.seat === me) {
        const hand = el("div.hand", {}, el("span.zone-label", {text: "Your hand"}));
        for (const c of p.hand) {
          if (!c) continue;
          const node = chip(c, selected === c.id ? ".selected" : "");
          if (plays.has(c.id) && !ctx.replay) {
            node.classList.add("actionable");
            node.dataset.options = plays.get(c.id).map((s) => s.id).join("|");
            node.tabIndex = 0;
            node.addEventListener("click", (event) => {
              event.stopPropagation();
              selected = selected === c.id ? null : c.id;
              if (selected !== null) api.hint("now click a zone of your side (or its activation slot)");
              draw(lastCtx);
            });
          }
          hand.append(node);
        }
        hands.prepend(hand);
      } else {
        const shown = p.hand.filter((c) => c).map((c) => c.card);
        hands.append(el("div.other-hand", {text:
          `${api.playerName(p.seat)}: ${p.hand_count} cards${p.out ? " (out)" : ""}` +
          (shown.length ? ` · shown: ${shown.join(", ")}` : "")}));
      }
    }
    root.append(hands);
    return handled;
  }

  return {update};
}
