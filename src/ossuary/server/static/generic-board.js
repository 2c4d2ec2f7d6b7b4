// The board of a game that does not give its own (game.browser.assets() is None):
// the view's public facts as nested lists, card names hoverable for their text.
// The options appear as buttons beside it (the page lists every option this
// board does not handle, which is all of them).
import {el} from "/static/util.js";

// fields for programs, not people: seat numbers counted from 0 (the page names
// who decides, and says who won), the log and the options (shown beside it)
const SKIP = new Set(["log", "log_from", "decision", "ruleset", "seat", "seats", "active",
  "first", "over", "winner", "draw"]);

export function createBoard(root, api) {
  root.classList.add("generic-board");
  return {
    update(ctx) {
      const view = ctx.view;
      const parts = [];
      if (Array.isArray(view.players)) {
        for (const player of view.players) {
          const seat = player.seat;
          const title = seat === undefined ? "Player" : api.playerName(seat);
          parts.push(el("section.generic-player" + (seat === ctx.deciding ? ".deciding" : ""),
            {dataset: {seat: seat ?? ""}}, el("h3", {text: title}), facts(player, api, new Set(["seat"]))));
        }
      }
      const rest = Object.fromEntries(Object.entries(view).filter(([k]) => !SKIP.has(k) && k !== "players"));
      parts.push(el("section.generic-table", {}, el("h3", {text: "Table"}), facts(rest, api, new Set())));
      root.replaceChildren(...parts);
      return new Set();
    },
  };
}

function facts(obj, api, skip) {
  const list = el("dl");
  for (const [key, value] of Object.entries(obj)) {
    if (skip.has(key)) continue;
    list.append(el("dt", {text: key.replaceAll("_", " ")}), el("dd", {}, show(value, api)));
  }
  return list;
}

function show(value, api) {
  if (value === null || value === undefined) return el("span.muted", {text: "—"});
  if (Array.isArray(value)) {
    if (!value.length) return el("span.muted", {text: "none"});
    return el("span.items", {}, ...value.map((v) => item(v, api)));
  }
  if (typeof value === "object") {
    const name = value.card || value.name;
    if (typeof name === "string") return cardChip(name, value, api);
    return facts(value, api, new Set());
  }
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

function item(value, api) {
  if (value === null) return el("span.chip.hidden-card", {text: "hidden card"});
  if (typeof value === "string") return cardChip(value, {name: value}, api);
  if (typeof value === "object" && !(value.card || value.name)) {
    return el("div.generic-item", {}, facts(value, api, new Set()));
  }
  return el("span.item", {}, show(value, api));
}

function cardChip(name, record, api) {
  const chip = el("span.chip.card-chip", {text: name, tabindex: 0});
  api.hoverCard(chip, {...record, name});
  chip.addEventListener("click", () => api.showCard({...record, name}));
  return chip;
}
