// Path of the Necromancer's cards as cards (the frame is the page's,
// /static/cards.js): a minion's colour, icon and letter by its type, other
// cards' by their kind; the lifeforce cost, rarity and type line, the text,
// attack and defense (what is left of it once damaged) or an event's rounds.
// Used by the board (hand, field, magic slots) and by the page's card panel.
import {cardFrame} from "/static/cards.js";

export const KINDS = {
  skeleton: {colour: "#d8cfb4", letter: "Sk", label: "Skeleton"},
  arachnid: {colour: "#8fb35a", letter: "Ar", label: "Arachnid"},
  wraith: {colour: "#7fb3d5", letter: "Wr", label: "Wraith"},
  ghoul: {colour: "#b3a46b", letter: "Gh", label: "Ghoul"},
  demon: {colour: "#d9574a", letter: "Dm", label: "Demon"},
  vampire: {colour: "#c0487e", letter: "Va", label: "Vampire"},
  spell: {colour: "#9b7fd5", letter: "S", label: "Spell"},
  relic: {colour: "#6fa7c8", letter: "R", label: "Relic"},
  artifact: {colour: "#c2a86a", letter: "A", label: "Artifact"},
  event: {colour: "#7f8fd5", letter: "E", label: "Event"},
  land: {colour: "#5f9e74", letter: "L", label: "Land"},
  hero: {colour: "#d9c84a", letter: "H", label: "Hero"},
  minion: {colour: "#9a90a6", letter: "M", label: "Minion"},
};

export function kindOf(card) {
  return card.minion_type && KINDS[card.minion_type] ? card.minion_type : KINDS[card.type] ? card.type : "minion";
}

export function mark(card) {
  const kind = kindOf(card);
  return {icon: kind, letter: KINDS[kind].letter, label: KINDS[kind].label};
}

/** ``card``: a card of the view (hand, field, magic slot) or of the catalogue. */
export function frame(card, size = "hand", more = {}) {
  const name = card.card || card.name || "?";
  const kind = kindOf(card);
  const type = [card.rarity, card.type].filter(Boolean).join(" ")
    + (card.minion_type ? ` · ${card.minion_type}` : "") + (card.reaction ? " · reaction" : "");
  const full = card.full_defense;
  const hurt = full !== undefined && card.defense < full;
  const rounds = card.rounds_left ?? card.rounds;
  return cardFrame({
    name,
    cost: card.cost,
    costLabel: "lifeforce cost",
    colour: KINDS[kind].colour,
    mark: mark(card),
    type,
    text: card.text,
    flavor: card.flavor,
    stats: [
      {icon: "sword", value: card.attack, label: "attack"},
      {icon: "shield", value: hurt ? `${card.defense}/${full}` : card.defense, cls: hurt ? "hurt" : "",
        label: hurt ? "defense left of full" : "defense"},
      {icon: "event", value: rounds, label: "rounds left"},
    ],
    size,
    ...more,
  });
}
