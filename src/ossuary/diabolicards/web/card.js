// Diabolicards' cards as cards (the frame is the page's, /static/cards.js):
// the group's colour and its letters, Apex or Human, the ability and its text,
// the power (marked up or down when changed). Used by the board (hand, zones,
// contracts) and by the page's card panel.
import {cardFrame} from "/static/cards.js";

export const GROUPS = {
  "Vask Executives": {colour: "#3fb6c4", letter: "VE"},
  "The Gang": {colour: "#e08a2e", letter: "TG"},
  "Havenvale Batch": {colour: "#5fae62", letter: "HB"},
  "The Vantheon": {colour: "#5b9bd5", letter: "TV"},
  "Doomed Squad": {colour: "#b65fc4", letter: "DS"},
  "The Diabolicals": {colour: "#d9574a", letter: "Di"},
  "Why Even": {colour: "#d9c84a", letter: "WE"},
  "Useless Apexes": {colour: "#a9a295", letter: "UA"},
  "Harmless Humans": {colour: "#c9b79c", letter: "HH"},
  "Retired Folk": {colour: "#8f9fb8", letter: "RF"},
  "Scorched Earth": {colour: "#ff7043", letter: "SE"},
};

export function groupMark(group) {
  const g = GROUPS[group];
  return group ? {icon: null, letter: g ? g.letter : group.slice(0, 2), label: group} : null;
}

/** ``card``: a card of the view ({card, group, type, power, base_power, ability, text})
 * or of the catalogue ({name, ...}). */
export function frame(card, size = "hand", more = {}) {
  const name = card.card || card.name || "?";
  const g = GROUPS[card.group];
  const power = card.power;
  const base = card.base_power === undefined ? power : card.base_power;
  const change = power > base ? " ↑" : power < base ? " ↓" : "";
  const ability = card.ability ? (card.ability_lost ? `${card.ability} (lost)` : card.ability) : "";
  return cardFrame({
    name,
    colour: g ? g.colour : "#9a90a6",
    mark: groupMark(card.group),
    art: card.type === "Apex" ? "bolt" : "minion",
    type: [card.type, card.group].filter(Boolean).join(" · "),
    text: card.text || ability,
    stats: [{icon: "bolt", value: power === undefined ? undefined : `${power}${change}`,
      label: change ? `power (printed ${base})` : "power"}],
    size,
    ...more,
  });
}
