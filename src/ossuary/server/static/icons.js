// The project's own small icons, drawn here as SVG paths on a 24x24 grid (no
// icon font, no outside art: Debian's fonts lack some symbols, e.g. ⏮ ⏭).
// icon(name) gives an <svg> that takes the text colour; a label makes it an
// image for screen readers, else it is hidden from them (the text beside it
// says the same).

const PATHS = {
  // replay and page controls
  first: "M5 5h3v14H5zM20 5v14L9 12z",
  prev: "M18 5v14L7 12z",
  next: "M6 5v14l11-7z",
  last: "M16 5h3v14h-3zM4 5v14l11-7z",
  close: "M6.4 5L12 10.6 17.6 5 19 6.4 13.4 12 19 17.6 17.6 19 12 13.4 6.4 19 5 17.6 10.6 12 5 6.4z",
  skip: "M3 5v14l8-7zM12 5v14l8-7z",
  // stats
  sword: "M19 2h3v3L11 16l2 2-2 2-2-2-3 3-2-2 3-3-2-2 2-2 2 2z",
  shield: "M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5z",
  heart: "M12 21S3 15 3 8.5A4.5 4.5 0 0 1 12 6a4.5 4.5 0 0 1 9 2.5C21 15 12 21 12 21z",
  gem: "M6 3h12l4 6-10 12L2 9z",
  bolt: "M13 2L4 14h7l-1 8 9-12h-7z",
  soul: "M12 2c3 4 6 6 6 11a6 6 0 0 1-12 0c0-2 1-4 2-5 0 2 1 3 2 3 0-3 1-6 2-9z",
  // Hecatomb's dooms
  corruption: "M12 2s-7 8-7 13a7 7 0 0 0 14 0c0-5-7-13-7-13zm-2 11a2 2 0 1 1 0 4 2 2 0 0 1 0-4z",
  deceit: "M2 12c3-5 7-7 10-7s7 2 10 7c-3 5-7 7-10 7s-7-2-10-7zm10-4a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm0 2.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z",
  destruction: "M12 2c1 4 7 6 7 13a7 7 0 0 1-14 0c0-4 2-6 4-8 0 3 1 4 3 5 0-3 0-7 0-10z",
  greed: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 3a6 6 0 1 1 0 12 6 6 0 0 1 0-12zm-1 2v8h2V8z",
  // card types
  minion: "M12 2a6 6 0 0 1 6 6c0 2-1 3.5-2 4.5V15H8v-2.5C7 11.5 6 10 6 8a6 6 0 0 1 6-6zM9 7a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm6 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM8 17h8v2l-2 3h-4l-2-3z",
  spell: "M12 2l2.2 6.8L21 11l-6.8 2.2L12 20l-2.2-6.8L3 11l6.8-2.2z",
  fate: "M12 2l2.2 6.8L21 11l-6.8 2.2L12 20l-2.2-6.8L3 11l6.8-2.2z",
  relic: "M12 6a6 6 0 1 0 0 12 6 6 0 0 0 0-12zm0 3a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM10 1h4l-1 4h-2z",
  god: "M3 18h18v3H3zM3 7l5 4 4-7 4 7 5-4-2 10H5z",
  hero: "M3 18h18v3H3zM3 7l5 4 4-7 4 7 5-4-2 10H5z",
  artifact: "M7 3h10l-1 6a4 4 0 0 1-3 3.8V18h3v3H8v-3h3v-5.2A4 4 0 0 1 8 9z",
  event: "M6 2h12v2c0 4-3 6-4.5 8C15 14 18 16 18 20v2H6v-2c0-4 3-6 4.5-8C9 10 6 8 6 4zm3 2c0 2 1.5 3.5 3 5 1.5-1.5 3-3 3-5z",
  land: "M2 20l7-12 4 6 3-4 6 10z",
  // Path of the Necromancer's minion types
  skeleton: "M12 2a8 8 0 0 0-8 8c0 3 1.5 5 3 6v4h2v-2h2v2h2v-2h2v2h2v-4c1.5-1 3-3 3-6a8 8 0 0 0-8-8zM8.5 9a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm7 0a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM12 13l1.2 2.5h-2.4z",
  arachnid: "M12 7a3 3 0 1 0 0 6 3 3 0 0 0 0-6zm0 6a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM2 6l6 4-.8 1.2-6-4zm20 0l.8 1.2-6 4L16 10zM1 13h6v1.5H1zm16 0h6v1.5h-6zM2 21l5-5 1 1-5 5zm20 0l-1 1-5-5 1-1z",
  wraith: "M12 2a7 7 0 0 0-7 7v13l2.5-2 2.3 2 2.2-2 2.2 2 2.3-2 2.5 2V9a7 7 0 0 0-7-7zM9.5 8a1.5 2 0 1 1 0 4 1.5 2 0 0 1 0-4zm5 0a1.5 2 0 1 1 0 4 1.5 2 0 0 1 0-4z",
  ghoul: "M4 3l4 2 4-2 4 2 4-2-1 8c-.5 5-3.5 9-7 10-3.5-1-6.5-5-7-10zm4 6v2h3V9zm5 0v2h3V9zM9 15l1.5 3 1.5-2 1.5 2 1.5-3z",
  demon: "M3 2c0 5 2 8 5 9-1 1-2 2-2 4a6 6 0 0 0 12 0c0-2-1-3-2-4 3-1 5-4 5-9-2 3-4 4-7 4h-2C9 6 5 5 3 2zm6 11a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3zm6 0a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z",
  vampire: "M12 8l2-3 1 3c3-2 6-2 8-1-2 1-3 3-3 6-2-1-4-1-5 1l-3 4-3-4c-1-2-3-2-5-1 0-3-1-5-3-6 2-1 5-1 8 1l1-3z",
  // Diabolicards: the table's three zones, a card's power
  tower: "M6 2h3v2h2V2h2v2h2V2h3v6l-2 2v10h3v2H5v-2h3V10L6 8z",
  hideout: "M12 3l10 8h-3v10h-5v-6h-4v6H5V11H2z",
  campus: "M12 3l11 5-11 5L1 8zm-6 7.5l6 2.7 6-2.7V16c0 2-3 4-6 4s-6-2-6-4zM21 9v7h1.5V9z",
};

export const NS = "http://www.w3.org/2000/svg";  // a name, not an address: nothing is fetched

/** An inline SVG icon: ``name`` from PATHS; ``label`` for screen readers (else hidden). */
export function icon(name, label = "", cls = "") {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", `icon${cls ? ` ${cls}` : ""}`);
  svg.setAttribute("focusable", "false");
  if (label) {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label);
    const title = document.createElementNS(NS, "title");
    title.textContent = label;
    svg.append(title);
  } else {
    svg.setAttribute("aria-hidden", "true");
  }
  const path = document.createElementNS(NS, "path");
  path.setAttribute("d", PATHS[name] || PATHS.spell);
  svg.append(path);
  return svg;
}

export function hasIcon(name) {
  return Object.hasOwn(PATHS, name);
}
