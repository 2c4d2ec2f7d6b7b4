// A player's page (/players/NAME: ratings per game and mode, latest rated
// games with their replays) and the leaderboards (/leaderboard?game=&mode=).
import {el} from "/static/util.js";

const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/").filter(Boolean);

async function getJson(url) {
  const r = await fetch(url);
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(body.error || `the server answered ${r.status}`);
  return body;
}

function failed(err) {
  $("main").replaceChildren(el("h1", {text: "Not found"}), el("p.error", {text: err.message}),
    el("p", {}, el("a", {href: "/", text: "Back to the lobby"})));
}

// a table that scrolls sideways on its own (not the page) where a phone is too narrow
function table(caption, heads, rows) {
  return el("div.table-scroll", {role: "region", "aria-label": caption, tabindex: 0},
    el("table.plain-table", {},
      el("caption", {text: caption}),
      el("thead", {}, el("tr", {}, ...heads.map((h) => el("th", {scope: "col", text: h})))),
      el("tbody", {}, ...rows)));
}

function names(list) {
  return list.length ? list.join(", ") : "nobody";
}

async function player(name) {
  const p = await getJson(`/api/players/${encodeURIComponent(name)}`);
  document.title = `${p.username} · Ossuary`;
  const ratings = p.ratings.length
    ? table(`${p.username}'s ratings`, ["Game", "Table", "Rating", "Games"],
      p.ratings.map((r) => el("tr", {},
        el("td", {text: r.title}), el("td", {text: r.mode}),
        el("td", {text: r.shown, title: r.provisional ? "provisional: too few games yet" : null}),
        el("td", {text: r.games}))))
    : el("p.muted", {text: "No rated games yet."});
  const recent = p.recent.length
    ? table("Latest rated games", ["Game", "Result", "Against", "Replay"],
      p.recent.map((g) => el("tr", {},
        el("td", {}, el("div", {text: `${g.title}, ${g.mode}`}), el("div.muted", {text: g.date})),
        el("td", {}, el("div", {text: g.result}), el("div.muted", {text: `${g.rating.shown} (${g.rating.change})`})),
        el("td", {text: names(g.opponents) + (g.partners.length ? ` (with ${names(g.partners)})` : "")}),
        el("td", {}, el("a", {href: g.replay, text: "Watch", "aria-label": `Watch the ${g.title} game of ${g.date}`})))))
    : null;
  // (replaceChildren would write a missing table out as the word "null")
  $("main").replaceChildren(...[el("h1", {text: p.username}), ratings, recent,
    el("p.muted", {text: "A rating ending in ? is provisional: too few games yet to mean much."})]
    .filter(Boolean));
}

async function leaderboard() {
  const q = new URLSearchParams(location.search);
  const [catalog, board] = await Promise.all([
    getJson("/api/catalog"),
    getJson(`/api/leaderboard?game=${encodeURIComponent(q.get("game") || "")}&mode=${encodeURIComponent(q.get("mode") || "")}`),
  ]);
  document.title = `${board.title} ${board.mode} leaderboard · Ossuary`;
  const games = el("select", {"aria-label": "Game", id: "board-game"},
    ...catalog.games.map((g) => el("option", {value: g.name, text: g.title, selected: g.name === board.game})));
  const modes = el("select", {"aria-label": "Table", id: "board-mode"},
    ...board.modes.map((m) => el("option", {value: m, text: m, selected: m === board.mode})));
  const go = (mode) => { location.search = new URLSearchParams({game: games.value, mode}).toString(); };
  games.addEventListener("change", () => go(""));
  modes.addEventListener("change", () => go(modes.value));
  const rows = board.players.map((p) => el("tr", {},
    el("td", {text: p.rank}),
    el("td", {}, el("a", {href: `/players/${encodeURIComponent(p.username)}`, text: p.username})),
    el("td", {text: p.shown}), el("td", {text: p.games})));
  $("main").replaceChildren(
    el("h1", {text: `${board.title}, ${board.mode}`}),
    el("div.board-pick", {}, games, modes),
    rows.length ? table(`Best rated players of ${board.title}, ${board.mode}`, ["#", "Player", "Rating", "Games"], rows)
      : el("p.muted", {text: "Nobody has played a rated game of this kind yet."}),
    el("p.muted", {text: "Ordered by what each rating is nearly sure of (a new player's first wins count for less); a rating ending in ? is provisional."}));
}

(parts[0] === "players" ? player(decodeURIComponent(parts[1] || "")) : leaderboard()).catch(failed);
