// The decks this browser saved, remembered in localStorage (as the seats are):
// each deck's game, name, whether it was legal, and its secret edit token (the
// token stays in this browser; the server keeps only its hash). The lobby's
// deck menu offers them; the builder edits them.

const KEY = "ossuary.decks";

export const myDecks = {
  all() {
    try {
      const all = JSON.parse(localStorage.getItem(KEY) || "{}");
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
    localStorage.setItem(KEY, JSON.stringify(all));
  },
  forget(id) {
    const all = this.all();
    delete all[id];
    localStorage.setItem(KEY, JSON.stringify(all));
  },
  /** This game's decks, newest first: [{id, name, legal, token, ...}]. */
  of(game) {
    return Object.entries(this.all())
      .filter(([, d]) => d && d.game === game)
      .map(([id, d]) => ({id, ...d}))
      .sort((a, b) => (b.at || 0) - (a.at || 0));
  },
};
