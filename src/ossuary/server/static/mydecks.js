// The decks this browser saved, remembered in localStorage (as the seats are):
// each deck's game, name, whether it was legal, and its secret edit token (the
// token stays in this browser; the server keeps only its hash). The lobby's
// deck menu offers them; the builder edits them.

import {stored} from "/static/util.js";

export const myDecks = {
  ...stored("ossuary.decks"),
  /** This game's decks, newest first: [{id, name, legal, token, ...}]. */
  of(game) {
    return Object.entries(this.all())
      .filter(([, d]) => d && d.game === game)
      .map(([id, d]) => ({id, ...d}))
      .sort((a, b) => (b.at || 0) - (a.at || 0));
  },
};
