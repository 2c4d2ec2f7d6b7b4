// The card gallery (/cards/GAME): every card of a game drawn with its board's
// frame, searched and filtered as `ossuary cards` searches; a card's own page
// (/cards/GAME/card/NAME) with its full text and links into the glossary; the
// glossary itself (/rules/GAME, the `ossuary rules` entries).
import {el} from "/static/util.js";
import {cardLink, filterBar, loadGame, select, words} from "/static/cardlib.js";

const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/").filter(Boolean);
const gameName = decodeURIComponent(parts[1] || "");

async function main() {
  const game = await loadGame(gameName);
  nav(game);
  if (parts[0] === "rules") return rules(game);
  if (parts[2] === "card") return cardPage(game, decodeURIComponent(parts.slice(3).join("/")));
  return gallery(game);
}

function nav(game) {
  const {data} = game;
  const here = parts[0] === "rules" ? "rules" : parts[2] === "card" ? "card" : "cards";
  const link = (href, text, current) => el("a.nav-link", {href, text, "aria-current": current ? "page" : null});
  $("nav").replaceChildren(
    link(`/cards/${data.game}`, `${data.title} cards`, here === "cards"),
    link(`/rules/${data.game}`, "Rules words", here === "rules"),
    data.deck_lists ? link(`/decks/new/${data.game}`, "Build a deck", false) : null);
}

// -- the gallery -------------------------------------------------------------------------------
function gallery(game) {
  const {data, frame} = game;
  document.title = `${data.title} cards · Ossuary`;
  const initial = fromQuery(data);
  const count = el("p.count", {"aria-live": "polite"});
  const grid = el("div.card-grid", {id: "card-grid"});
  const draw = (state) => {
    const shown = select(data, state);
    count.textContent = `${shown.length} of ${data.cards.length} cards`;
    grid.replaceChildren(...shown.map((c) => el("a.card-link", {href: cardLink(data.game, c.key),
      "aria-label": c.key, dataset: {card: c.key}}, frame(c.record, "hand"))));
    toQuery(state);
  };
  const bar = filterBar(data, draw, {initial});
  const about = data.deck_lists
    ? el("p.muted", {text: "Every card of the game. Open one for its full text and the rules words it uses."})
    : el("p.shared-deck", {text: `${data.title} has one shared deck of ${data.cards.length} cards: every `
      + "player draws from it, so there is no deck to build. These are its cards."});
  $("main").replaceChildren(el("h1", {text: `${data.title} cards`}), about, bar.node, count, grid);
  draw(bar.state);
}

function fromQuery(data) {
  const q = new URLSearchParams(location.search);
  const filters = {};
  for (const f of data.filters) if (q.get(f.field)) filters[f.field] = q.get(f.field);
  return {query: q.get("q") || "", filters, sort: q.get("sort") || "order"};
}

function toQuery(state) {
  const q = new URLSearchParams();
  if (state.query) q.set("q", state.query);
  for (const [k, v] of Object.entries(state.filters)) q.set(k, v);
  if (state.sort && state.sort !== "order") q.set("sort", state.sort);
  const search = q.toString();
  history.replaceState(null, "", search ? `?${search}` : location.pathname);
}

// -- one card ----------------------------------------------------------------------------------
function cardPage(game, key) {
  const {data, frame, byKey} = game;
  const card = byKey.get(key) || data.cards.find((c) => c.record.name.toLowerCase() === key.toLowerCase());
  if (!card) {
    $("main").replaceChildren(el("h1", {text: "No such card"}),
      el("p", {}, `${data.title} has no card called `, el("q", {text: key}), "."),
      el("a.button", {href: `/cards/${data.game}`, text: "See every card"}));
    return;
  }
  const r = card.record;
  document.title = `${card.key} · ${data.title} · Ossuary`;
  const facts = el("dl.card-facts");
  for (const {field, label} of data.columns) {
    if (field === "name" || field === "text") continue;
    const value = field in card.cells ? card.cells[field] : r[field];
    if (value === undefined || value === null || value === "" || value === "-") continue;
    facts.append(el("dt", {text: label === "#" ? "Number" : label}), el("dd", {text: words(value)}));
  }
  const terms = glossaryFor(data, card);
  const inDecks = Object.entries(data.decks || {})
    .map(([name, cards]) => [name, cards.filter((c) => c === card.key).length])
    .filter(([, n]) => n > 0);
  $("main").replaceChildren(
    el("p.back", {}, el("a.nav-link", {href: `/cards/${data.game}`, text: `← every ${data.title} card`})),
    el("article.card-page", {},
      el("div.card-page-face", {}, frame(r, "full")),
      el("div.card-page-text", {},
        el("h1", {text: card.key}),
        r.text ? el("p.card-text", {text: r.text}) : el("p.muted", {text: "No rules text."}),
        r.flavor ? el("p.card-flavor", {text: r.flavor}) : null,
        facts,
        terms.length ? el("section", {}, el("h2", {text: "Rules words on this card"}),
          el("ul.term-list", {}, ...terms.map((t) => el("li", {},
            el("a.term-link", {href: `/rules/${data.game}#${slug(t.term)}`, text: t.term}),
            el("span.muted", {text: ` ${t.text}`}))))) : null,
        inDecks.length ? el("section", {}, el("h2", {text: "In the preconstructed decks"}),
          el("ul", {}, ...inDecks.map(([name, n]) => el("li", {text: `${name}: ${n}`})))) : null)));
}

/** The glossary entries a card's words use (its name, type line, text, keywords). */
function glossaryFor(data, card) {
  const r = card.record;
  const said = [r.name, r.type, r.subtype, r.group, r.minion_type, r.text, card.cells.keyword_text, r.ability]
    .filter(Boolean).join(" ").toLowerCase();
  return data.glossary.filter((g) => {
    const core = g.term.replace(/\s*\+X$/i, "").toLowerCase();
    const escaped = core.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return new RegExp(`(^|[^a-z])${escaped}(s|es)?([^a-z]|$)`).test(said);
  });
}

export function slug(term) {
  return `term-${term.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}`;
}

// -- the glossary -------------------------------------------------------------------------------
function rules(game) {
  const {data} = game;
  document.title = `${data.title} rules words · Ossuary`;
  $("main").replaceChildren(
    el("h1", {text: `${data.title}: the rules' words`}),
    el("p.muted", {text: "What each keyword and rules term means, in a few words (the same as "
      + "`ossuary rules` in the terminal)."}),
    el("dl.glossary", {}, ...data.glossary.flatMap((g) => [
      el("dt", {id: slug(g.term), tabindex: "-1", text: g.term}), el("dd", {text: g.text})])));
  if (location.hash) {
    const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) {
      target.classList.add("here");
      target.scrollIntoView({block: "center"});
    }
  }
}

main().catch((err) => {
  $("main").replaceChildren(el("p.error", {text: `The cards could not load: ${err.message}`}));
});
