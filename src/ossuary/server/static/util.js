// Small helpers shared by the lobby, the game page and the boards.
import {csrfHeaders} from "/static/session.js";

/** Create an element: el("div.card.tapped", {title: "x", onclick}, child, "text", ...). */
export function el(spec, attrs = {}, ...children) {
  const [tag, ...classes] = spec.split(".");
  const node = document.createElement(tag || "div");
  if (classes.length) node.className = classes.join(" ");
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(node.dataset, value);
    } else if (key === "text") {
      node.textContent = value;
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A small menu of buttons under ``anchor`` (a board's "which command?"):
 * ``items`` are [label, go] pairs; a click on one runs it, a click elsewhere
 * closes the menu. ``kind`` is its class (one open at a time per kind). */
// a clickable thing is a button for the keyboard and for screen readers too
// (``handle``: the part that takes the keyboard, when the node holds other
// buttons); the games' boards use it for every card or place they make clickable
export function pressable(node, go, label, handle = node) {
  handle.tabIndex = 0;
  handle.setAttribute("role", "button");
  const name = node.dataset.name;
  handle.setAttribute("aria-label", name && !label.includes(name) ? `${name}: ${label}` : label);
  node.addEventListener("click", go);
  handle.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(e); }
  });
}

/** Give the keyboard's place back after a redraw: to ``target`` when the control
 * is still there, else to ``part``, the part of the page it was in, made focusable
 * from script only (tabIndex -1: not a stop of its own for Tab), so the next Tab
 * goes on from where the player was, never to a new option one Enter too many
 * would take. The page is not scrolled. */
export function focusBack(target, part) {
  if (!target) {
    target = part;
    target.tabIndex = -1;
  }
  target.focus({preventScroll: true});
}

export function menu(anchor, items, kind) {
  document.querySelectorAll(`.${kind}`).forEach((m) => m.remove());
  const box = el(`div.${kind}`, {role: "menu"},
    ...items.map(([label, go]) => el("button.option.small", {type: "button", text: label,
      onclick: (e) => { e.stopPropagation(); box.remove(); go(); }})));
  const rect = anchor.getBoundingClientRect();
  box.style.left = `${rect.left + window.scrollX}px`;
  box.style.top = `${rect.bottom + window.scrollY + 4}px`;
  document.body.append(box);
  setTimeout(() => document.addEventListener("click", () => box.remove(), {once: true}), 0);
}

/** GET or POST JSON; throws an Error carrying the server's message. */
export async function api(path, body, token) {
  const init = body === undefined ? {headers: {}} : {
    method: "POST",
    headers: {"Content-Type": "application/json"},
    body: JSON.stringify(body),
  };
  // a seat's token goes in a header, never in the URL (URLs are logged)
  if (token) init.headers.Authorization = `Bearer ${token}`;
  // signed in: what the page creates, joins or saves is the account's (CSRF token)
  if (init.method) Object.assign(init.headers, await csrfHeaders());
  const response = await fetch(path, init);
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    throw new Error((data && data.error) || `${response.status} ${response.statusText}`);
  }
  return data;
}

/** What a game's board reads from the page's context (docs/server.md): the
 * view, the seat it is drawn for (null: a spectator), the options (none in a
 * replay or while another seat decides), and those options by id. */
export function boardContext(ctx) {
  const legal = ctx.legal || [];
  return {
    view: ctx.view,
    me: ctx.me === undefined ? null : ctx.me,
    legal,
    ids: new Set(legal.map((o) => o.id)),
    labels: new Map(legal.map((o) => [o.id, o.label])),
  };
}

/** The key=value pairs of the page's #fragment (join tokens travel there, not to the server's logs). */
export function fragment() {
  return Object.fromEntries(new URLSearchParams(location.hash.slice(1)));
}

/** Entries this browser keeps in localStorage under `key`, by id: `set` merges
 * fields into an entry and stamps when (`at`); a damaged store reads as empty. */
export function stored(key) {
  return {
    all() {
      try {
        const all = JSON.parse(localStorage.getItem(key) || "{}");
        return all && typeof all === "object" ? all : {};
      } catch {
        return {};
      }
    },
    get(id) {
      return this.all()[id] || null;
    },
    set(id, entry) {
      const all = this.all();
      all[id] = {...(all[id] || {}), ...entry, at: Date.now()};
      localStorage.setItem(key, JSON.stringify(all));
    },
    forget(id) {
      const all = this.all();
      delete all[id];
      localStorage.setItem(key, JSON.stringify(all));
    },
  };
}

/** Remember the seats this browser plays, so a reload (or the lobby) finds them again. */
export const seats = stored("ossuary.seats");

/** What this page calls each seat ("You", "Computer", "Player 2", a typed
 * name): the server sends the names with every state (engine/names.py). */
export const naming = {names: null};

export function playerName(seat) {
  const names = naming.names;
  return names && names[seat] !== undefined ? names[seat] : `Player ${seat + 1}`;
}

/** "your" for the page's own seat, else "Computer's" (capitalised with ``start``). */
export function whose(seat, start = false) {
  const name = playerName(seat);
  if (name !== "You") return `${name}'s`;
  return start ? "Your" : "your";
}

/** The seat's name with the verb that agrees with it: says(0, "plays", "play"). */
export function says(seat, third, base) {
  const name = playerName(seat);
  return `${name} ${name === "You" ? base : third}`;
}

/** The seat as the object of a sentence ("attacks you", "attacks Computer"). */
export function them(seat) {
  const name = playerName(seat);
  return name === "You" ? "you" : name;
}

/** A computer's strength as the lobby offers it ("normal"), from its agent spec. */
export function levelName(spec, levels) {
  const hit = Object.entries(levels || {}).find(([, s]) => s === spec);
  return hit ? hit[0] : null;
}

/** Copy text to the clipboard, falling back to selecting it for the user. */
export async function copy(text, button) {
  try {
    await navigator.clipboard.writeText(text);
    if (button) flash(button, "Copied");
  } catch {
    window.prompt("Copy this link:", text);
  }
}

function flash(button, text) {
  const old = button.textContent;
  button.textContent = text;
  setTimeout(() => { button.textContent = old; }, 1200);
}
