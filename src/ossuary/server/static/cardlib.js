// What the card gallery and the deck builder share: a game's cards (from
// /api/catalog/GAME/gallery: each record, its search text and the filter values
// it matches, worked out by the server with the same code as `ossuary cards`),
// the game's own card frame (its web/card.js, as its board draws cards), and the
// search, filter and sort controls.
import {api, el} from "/static/util.js";
import {cardFrame} from "/static/cards.js";

/** Everything about one game: {entry (the catalogue's), data (the gallery's), frame}. */
export async function loadGame(name) {
  const [catalog, data] = await Promise.all([
    api("/api/catalog"), api(`/api/catalog/${encodeURIComponent(name)}/gallery`)]);
  const entry = catalog.games.find((g) => g.name === name);
  let frame = plainFrame;
  if (entry && entry.board) {
    try {
      const module = await import(entry.board.replace(/board\.js$/, "card.js"));
      if (typeof module.frame === "function") frame = module.frame;
    } catch {
      // a board without its own card.js: the plain frame shows the same facts
    }
  }
  const byKey = new Map(data.cards.map((c) => [c.key, c]));
  return {entry, data, frame, byKey, trials: catalog.trials, catalog};
}

function plainFrame(card, size = "hand") {
  const type = [card.type, card.subtype || card.group].filter(Boolean).join(" · ");
  return cardFrame({name: card.name || "?", cost: card.cost, type, text: card.text, flavor: card.flavor, size});
}

/** A value of a filter as a player reads it (no underscores). */
export function words(value) {
  return String(value).replace(/_/g, " ");
}

/** The page address of a card of ``game``. */
export function cardLink(game, key) {
  return `/cards/${encodeURIComponent(game)}/card/${encodeURIComponent(key)}`;
}

/** The search, filter and sort controls; ``onchange(state)`` on every change.
 * ``state``: {query, filters: {field: value}, sort}. */
export function filterBar(data, onchange, {idPrefix = "f", initial = {}} = {}) {
  const state = {query: initial.query || "", filters: {...(initial.filters || {})}, sort: initial.sort || "order"};
  const search = el("input.search", {type: "search", id: `${idPrefix}-search`, placeholder: "name, text, keyword…",
    value: state.query, autocomplete: "off"});
  search.addEventListener("input", () => { state.query = search.value; onchange(state); });
  const controls = [el("label.field.search-field", {for: `${idPrefix}-search`}, el("span", {text: "Search"}), search)];
  for (const f of data.filters) {
    const select = el("select", {id: `${idPrefix}-${f.field}`, "data-filter": f.field, title: f.help},
      el("option", {value: "", text: "any"}),
      ...f.values.map((v) => el("option", {value: v, text: words(v)})));
    select.value = state.filters[f.field] || "";
    select.addEventListener("change", () => {
      if (select.value) state.filters[f.field] = select.value;
      else delete state.filters[f.field];
      onchange(state);
    });
    controls.push(el("label.field", {for: select.id}, el("span", {text: f.label}), select));
  }
  const sort = el("select", {id: `${idPrefix}-sort`},
    ...data.sorts.map((s) => el("option", {value: s.field, text: s.label})));
  sort.value = state.sort;
  sort.addEventListener("change", () => { state.sort = sort.value; onchange(state); });
  controls.push(el("label.field", {for: sort.id}, el("span", {text: "Sort by"}), sort));
  const clear = el("button.small", {type: "button", text: "Clear", onclick: () => {
    state.query = "";
    state.filters = {};
    search.value = "";
    for (const s of controls.map((c) => c.querySelector("select[data-filter]")).filter(Boolean)) s.value = "";
    onchange(state);
  }});
  return {node: el("div.filter-bar", {role: "search"}, ...controls, clear), state};
}

/** The cards that pass ``state``, sorted. */
export function select(data, state) {
  const terms = state.query.toLowerCase().split(/\s+/).filter(Boolean);
  const out = data.cards.filter((c) =>
    terms.every((t) => c.search.includes(t))
    && Object.entries(state.filters).every(([field, value]) => (c.match[field] || []).includes(value)));
  const field = state.sort;
  if (field === "name") {
    out.sort((a, b) => a.record.name.localeCompare(b.record.name) || a.order - b.order);
  } else if (field && field !== "order") {
    const num = (c) => {
      const v = c.record[field];
      return typeof v === "number" ? v : Number.POSITIVE_INFINITY;  // X costs last
    };
    out.sort((a, b) => num(a) - num(b) || a.record.name.localeCompare(b.record.name));
  }
  return out;
}

/** A card's name as its deck lists write it, and as a person reads it. */
export function label(card) {
  return card.key;
}
