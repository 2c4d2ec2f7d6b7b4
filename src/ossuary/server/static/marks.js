// Marks over the board for one step of another seat's play, so it can be
// followed: an arrow from an attacker to its target, the damage dealt, a cross
// on what dies, a glow on what came into play, and the card just played shown
// beside the board. A board says what to mark (its optional marks(events,
// phase)); this module only draws. Marks are gone when clear() is called or
// the next step comes. With prefers-reduced-motion nothing moves (style.css):
// the marks appear and go, still.
import {el} from "/static/util.js";
import {icon} from "/static/icons.js";

const NS = "http://www.w3.org/2000/svg";
let layer = null;  // the SVG over the page, and the badges' box
let played = null; // the played card's corner

function ensureLayer() {
  if (layer && layer.isConnected) return layer;
  layer = el("div", {id: "marks", "aria-hidden": "true"});
  document.body.append(layer);
  return layer;
}

function box(node) {
  const r = node.getBoundingClientRect();
  return {x: r.left + window.scrollX, y: r.top + window.scrollY, w: r.width, h: r.height};
}

/** Draw ``marks``: [{kind: "attack", from, to}, {kind: "damage", at, text},
 * {kind: "death", at}, {kind: "new", at}, {kind: "gain", at, text}] where
 * from/to/at are elements of the board (missing ones are skipped). */
export function draw(marks) {
  const root = ensureLayer();
  const width = document.documentElement.scrollWidth;
  const height = document.documentElement.scrollHeight;
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("width", String(width));
  svg.setAttribute("height", String(height));
  svg.innerHTML = '<defs><marker id="mark-head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#ff6b5e"/></marker></defs>';
  let drawn = 0;
  for (const m of marks) {
    if (m.kind === "attack" || m.kind === "block") {
      if (!m.from || !m.to || !m.from.isConnected || !m.to.isConnected) continue;
      const a = box(m.from);
      const b = box(m.to);
      const x1 = a.x + a.w / 2;
      const y1 = a.y + a.h / 2;
      const x2 = b.x + b.w / 2;
      const y2 = b.y + b.h / 2;
      const bend = Math.max(-60, Math.min(60, (x2 - x1) / 4));
      const path = document.createElementNS(NS, "path");
      path.setAttribute("d", `M${x1} ${y1} Q${(x1 + x2) / 2 + bend} ${(y1 + y2) / 2 - 30} ${x2} ${y2}`);
      path.setAttribute("class", `mark-arrow mark-${m.kind}`);
      path.setAttribute("marker-end", "url(#mark-head)");
      svg.append(path);
      m.from.classList.add("mark-attacker");
      m.to.classList.add("mark-target");
      drawn++;
    } else if (m.at && m.at.isConnected) {
      const b = box(m.at);
      if (m.kind === "new") {
        m.at.classList.add("mark-new");
      } else {
        m.at.classList.add(m.kind === "death" ? "mark-dies" : "mark-hit");
        const badge = el(`div.mark-badge.mark-${m.kind}`, {style: `left:${b.x + b.w / 2}px;top:${b.y + b.h / 2}px`},
          m.kind === "death" ? icon("close", "") : null, m.text ? el("span", {text: m.text}) : null);
        root.append(badge);
      }
      drawn++;
    }
  }
  root.append(svg);
  return drawn;
}

/** Show the card another seat just played in a corner, with what happened in words. */
export function showPlayed(face, caption) {
  clearPlayed();
  played = el("div", {id: "played"}, el("p.played-caption", {text: caption}), face);
  document.body.append(played);
}

function clearPlayed() {
  if (played) played.remove();
  played = null;
}

export function clear() {
  if (layer) layer.replaceChildren();
  clearPlayed();
  for (const cls of ["mark-attacker", "mark-target", "mark-new", "mark-dies", "mark-hit"]) {
    document.querySelectorAll(`.${cls}`).forEach((n) => n.classList.remove(cls));
  }
}
