// Small charts drawn here as SVG (nothing fetched from elsewhere): a deck's cost
// curve, its mix of dooms or groups and of types, and a trial's win rates with
// their intervals. Each is a <figure> whose picture is an image with a text
// equivalent for screen readers, and whose numbers are also written out.
import {el} from "/static/util.js";
import {NS as SVG} from "/static/icons.js";

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) node.setAttribute(k, String(v));
  for (const c of children.flat()) if (c) node.append(c);
  return node;
}

/** Vertical bars: ``bars`` [{label, value, colour?}] (a cost curve). */
export function columns(title, bars, {unit = "cards"} = {}) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const w = 24;
  const gap = 6;
  const h = 72;
  const width = Math.max(1, bars.length) * (w + gap);
  const said = bars.map((b) => `${b.label}: ${b.value}`).join(", ");
  const picture = svg("svg", {viewBox: `0 0 ${width} ${h + 30}`, width: "100%", height: h + 30,
    role: "img", "aria-label": `${title}: ${said || "none"} ${unit}`, preserveAspectRatio: "xMinYMin meet"},
  ...bars.map((b, i) => {
    const bh = Math.round((b.value / max) * h);
    const x = i * (w + gap);
    return svg("g", {},
      svg("rect", {x, y: h - bh + 12, width: w, height: Math.max(bh, b.value ? 2 : 0), rx: 3,
        fill: b.colour || "var(--accent)"}),
      b.value ? svg("text", {x: x + w / 2, y: h - bh + 9, "text-anchor": "middle", class: "chart-num"}, String(b.value)) : null,
      svg("text", {x: x + w / 2, y: h + 26, "text-anchor": "middle", class: "chart-label"}, b.label));
  }));
  return el("figure.chart", {}, el("figcaption", {text: title}), picture);
}

/** One bar split into parts: ``parts`` [{label, value, colour, mark}] (a doom
 * or type mix), with a legend naming each part and its count. */
export function split(title, parts) {
  const total = parts.reduce((n, p) => n + p.value, 0);
  let x = 0;
  const rects = parts.filter((p) => p.value).map((p) => {
    const w = total ? (p.value / total) * 100 : 0;
    const r = svg("rect", {x: `${x}%`, y: 0, width: `${w}%`, height: 18, fill: p.colour || "var(--muted)"});
    x += w;
    return r;
  });
  const said = parts.filter((p) => p.value).map((p) => `${p.label} ${p.value}`).join(", ");
  const picture = svg("svg", {width: "100%", height: 18, role: "img", "aria-label": `${title}: ${said || "none"}`,
    preserveAspectRatio: "none"}, ...rects);
  const legend = el("ul.legend", {}, ...parts.filter((p) => p.value).map((p) => el("li", {},
    el("span.swatch", {style: `border-color:${p.colour || "var(--muted)"}`, "aria-hidden": "true"}, p.mark || ""),
    el("span", {text: `${p.label} ${p.value}`}))));
  return el("figure.chart", {}, el("figcaption", {text: title}), picture, legend);
}

/** Win rates with their 95% intervals on a 0-100% scale, 50% marked: ``rows``
 * [{name, games, rate, ci95: [lo, hi]}]. */
export function rates(title, rows) {
  const items = rows.map((r) => {
    const [lo, hi] = r.ci95 || [0, 1];
    const pct = (v) => `${Math.round(v * 100)}%`;
    const words = r.games ? `${pct(r.rate)} (95%: ${pct(lo)}–${pct(hi)}) in ${r.games} games` : "no games yet";
    const tone = !r.games ? "none" : lo > 0.5 ? "good" : hi < 0.5 ? "bad" : "even";
    const picture = svg("svg", {class: `rate-bar rate-${tone}`, width: "100%", height: 16, role: "img",
      "aria-label": `${r.name}: ${words}`},
    svg("rect", {x: 0, y: 6, width: "100%", height: 4, class: "rate-track"}),
    svg("line", {x1: "50%", x2: "50%", y1: 0, y2: 16, class: "rate-half"}),
    r.games ? svg("rect", {x: `${lo * 100}%`, y: 4, width: `${Math.max(0.5, (hi - lo) * 100)}%`, height: 8, rx: 4, class: "rate-ci"}) : null,
    r.games ? svg("circle", {cx: `${r.rate * 100}%`, cy: 8, r: 6, class: "rate-dot"}) : null);
    return el("li.rate-row", {dataset: {opponent: r.name}},
      el("span.rate-name", {text: r.name}), el("span.rate-words", {text: words}), picture);
  });
  return el("figure.chart.rates", {}, el("figcaption", {text: title}), el("ul.rate-list", {}, ...items));
}
