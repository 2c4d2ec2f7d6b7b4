// Hecatomb's cards as cards (the frame is the page's, /static/cards.js): the
// doom's colour with its icon and letter, the mana cost, the type line, the
// text and the strength. Used by the board (hand, stacks, god, relics) and by
// the page's card panel; a card gallery or deck builder can import it as is.
import {cardFrame} from "/static/cards.js";

export const DOOMS = {
  corruption: {colour: "#a38fb8", letter: "Co", label: "Corruption"},
  deceit: {colour: "#5b9bd5", letter: "De", label: "Deceit"},
  destruction: {colour: "#d9574a", letter: "Ds", label: "Destruction"},
  greed: {colour: "#5fae62", letter: "Gr", label: "Greed"},
};

export function doomMark(doom) {
  const d = DOOMS[doom];
  return d ? {icon: doom, letter: d.letter, label: `${d.label} doom`} : null;
}

const TYPE_ICON = {minion: "minion", "combat minion": "minion", fate: "fate", "combat fate": "fate", relic: "relic", god: "god"};

/** ``card``: a card of the view ({card, type, doom, cost, text, strength, subtype})
 * or of the catalogue ({name, ...}); ``size``: see cardFrame. */
export function frame(card, size = "hand", more = {}) {
  const name = card.card || card.name || "?";
  const doom = DOOMS[card.doom];
  const type = [doom ? doom.label : null, card.type].filter(Boolean).join(" ")
    + (card.subtype ? ` · ${card.subtype}` : "");
  return cardFrame({
    name,
    cost: card.cost,
    costLabel: "mana cost",
    colour: doom ? doom.colour : "#9a90a6",
    mark: doomMark(card.doom),
    art: TYPE_ICON[card.type] || "spell",
    type,
    text: card.text,
    flavor: card.flavor,
    stats: [{icon: "sword", value: card.strength, label: "strength"}],
    size,
    ...more,
  });
}
