// A card drawn as a card: one frame for every game, filled by each game's own
// web/card.js (which knows its colours, icons and stats). The same frame, in
// four sizes, is the card in a hand, on the table and in the card panel; a
// card gallery or a deck builder imports the game's card.js and gets the same.
//
//   cardFrame({name, cost, costLabel, colour, mark, type, text, stats, size, flags, extra})
//
// - colour: the card's colour (a doom, a group, a minion type) as CSS;
// - mark: {icon, letter, label}: the same fact as an icon and a letter, so the
//   colour is never the only sign of it;
// - stats: [{icon, value, label, cls}] drawn at the foot (strength, attack/defense, power);
// - size: "full" (the card panel), "hand", "mini" (a card on the table), "row"
//   (one line, e.g. a minion inside a Hecatomb stack);
// - flags: short words drawn as tags (tapped, dying, ...); extra: more children.
import {el} from "/static/util.js";
import {icon} from "/static/icons.js";

export function cardFrame(spec) {
  const size = spec.size || "hand";
  const mark = spec.mark || null;
  const node = el(`div.cf.cf-${size}`, {style: spec.colour ? `--cf:${spec.colour}` : null});
  const markNode = mark ? el("span.cf-mark", {title: mark.label},
    mark.icon ? icon(mark.icon, "") : null,
    el("span.cf-letter", {text: mark.letter || ""}),
    el("span.sr-only", {text: mark.label})) : null;
  const cost = spec.cost === undefined || spec.cost === null ? null
    : el("span.cf-cost", {title: spec.costLabel || "cost"},
      el("span.sr-only", {text: `${spec.costLabel || "cost"} `}), String(spec.cost));
  const stats = (spec.stats || []).filter((s) => s && s.value !== undefined && s.value !== null);
  const statNodes = stats.map((s) => el(`span.cf-stat${s.cls ? `.${s.cls}` : ""}`, {title: s.title || s.label},
    s.icon ? icon(s.icon, "") : null, el("span.sr-only", {text: `${s.label} `}), String(s.value)));
  const flags = (spec.flags || []).filter(Boolean).map((f) => (typeof f === "string"
    ? el("span.cf-flag", {text: f}) : el(`span.cf-flag.${f.cls}`, {text: f.text})));
  if (size === "row") {
    node.append(markNode || "", el("span.cf-name", {text: spec.name}), ...flags, ...statNodes);
    node.append(...(spec.extra || []).filter(Boolean));
    return node;
  }
  const big = size === "full" || size === "hand";
  // a big card's mark sits in its picture band, leaving the name the width of the card
  if (big) {
    // a big card: the name the card's whole width, the cost and the mark on the picture band
    node.append(el("div.cf-head", {}, el("span.cf-name", {text: spec.name})));
    node.append(el("div.cf-art", {}, cost,
      el("span.cf-picture", {"aria-hidden": "true"}, icon(spec.art || (mark && mark.icon) || "spell", "")), markNode));
  } else {
    node.append(el("div.cf-head", {}, cost, el("span.cf-name", {text: spec.name}), markNode));
  }
  if (spec.type && size !== "mini") node.append(el("div.cf-type", {text: spec.type}));
  if (spec.text && size !== "mini") node.append(el("div.cf-text", {text: spec.text}));
  if (spec.flavor && size === "full") node.append(el("div.cf-flavor", {text: spec.flavor}));
  if (flags.length) node.append(el("div.cf-flags", {}, ...flags));
  node.append(...(spec.extra || []).filter(Boolean));
  if (statNodes.length) node.append(el("div.cf-stats", {}, ...statNodes));
  return node;
}

/** A player's own hand as a row of cards kept in view (style.css .hand-dock): a
 * long hand's cards are drawn narrower, without their text, so every card still shows. */
export function handDock(cards, attrs = {}) {
  return el(`section.hand.hand-dock${cards.length > 8 ? ".many" : ""}`, attrs, ...cards);
}

/** A card seen from behind (a hidden hand card). */
export function cardBack(size = "mini", label = "a card you can't see") {
  return el(`div.cf.cf-back.cf-${size}`, {role: "img", "aria-label": label, title: label});
}

/** Draw a board into ``root``: the table (``rows``: every seat's side and the
 * middle) in one room, the player's hand (a handDock; none for a spectator) below
 * it. The page keeps both in view: on a wide screen it shrinks the table to the
 * room the hand leaves (game.js fitBoard), so the hand never lies over the table. */
export function layTable(root, rows, hand = null) {
  root.replaceChildren(el("div.table-view", {}, ...rows.filter(Boolean)), ...(hand ? [hand] : []));
}
