// The guided first game in the browser (ossuary/tutorial.py gives the words).
//
// In a game created with "tutorial": true the server adds to the learner's
// state messages a ``tutorial`` object: ``hint`` (the step for the decision at
// hand: its text, the option ids it suggests, the kind of decision),
// ``teaches`` (the kinds of decision the lesson makes sure come up) and ``goal``
// (how to win, in one line, shown from the first screen on). This module
// shows the hint in a panel beside the board and marks what it suggests: the
// board's own clickable elements (``.actionable[data-options]``, whatever the
// game's board) and the option bar's buttons (``[data-action]``). It counts the
// kinds already met (kept per game in the browser), says when every one has
// been seen, and can be hidden at any time; it knows nothing of any board.
//
// createTutorial(host) -> {update(msg), wantsToAsk(msg)}; ``host`` is the
// element the panel goes into.
import {el} from "/static/util.js";

const MARK = "tutorial-suggest";

export function createTutorial(host, gameId) {
  const key = `ossuary.lesson.${gameId}`;
  const saved = JSON.parse(localStorage.getItem(key) || "{}");
  const state = {seen: new Set(saved.seen || []), hidden: !!saved.hidden, last: null};
  const panel = el("section.tutorial", {id: "tutorial", role: "region", "aria-label": "lesson", "aria-live": "polite"});
  host.before(panel);

  function save() {
    localStorage.setItem(key, JSON.stringify({seen: [...state.seen], hidden: state.hidden}));
  }

  function unmark() {
    document.querySelectorAll(`.${MARK}`).forEach((node) => node.classList.remove(MARK));
  }

  function mark(ids) {
    unmark();
    if (!ids.length) return;
    const wanted = new Set(ids);
    document.querySelectorAll(".actionable[data-options]").forEach((node) => {
      if (node.dataset.options.split("|").some((id) => wanted.has(id))) node.classList.add(MARK);
    });
    document.querySelectorAll("#actions [data-action]").forEach((node) => {
      if (wanted.has(node.dataset.action)) node.classList.add(MARK);
    });
  }

  function draw(msg) {
    const lesson = msg.tutorial;
    const teaches = Object.entries(lesson.teaches);
    const seen = teaches.filter(([kind]) => state.seen.has(kind)).length;
    if (state.hidden) {
      unmark();
      panel.replaceChildren(el("button.small", {type: "button", text: "Show the lesson",
        onclick: () => { state.hidden = false; save(); draw(msg); }}));
      return;
    }
    const hint = lesson.hint;
    const done = seen === teaches.length;
    panel.replaceChildren(
      el("h3", {text: "Your first game"}),
      // how to win, in sight from the first screen to the last
      el("p.goal", {}, el("b", {text: "How to win: "}), lesson.goal || ""),
      el("p.progress", {text: done
        ? "You have met every kind of question of this game: play on to win."
        : `${seen} of ${teaches.length} kinds of question met: ${teaches.map(([kind, words]) => (state.seen.has(kind) ? "✓ " : "") + words).join(" · ")}`}),
      hint ? el("p.hint", {text: hint.text}) : el("p.hint.muted", {text: msg.deciding === msg.seat
        ? "Your decision: the marked options are the lesson's; any other is yours to try."
        : "The other side is playing: watch the log."}),
      el("div.row", {},
        el("button.small", {type: "button", text: "Hide the lesson",
          onclick: () => { state.hidden = true; save(); draw(msg); }}),
        el("a.button.small", {href: "/", text: "Leave"})));
    mark(hint && msg.deciding === msg.seat ? hint.suggest : []);
  }

  return {
    /** After the page drew a state message: the panel and the marks. */
    update(msg) {
      if (!msg.tutorial) return;
      // the question shown before this state was answered: its kind is met
      const before = state.last;
      if (before && before.hint && before.seq !== msg.seq && before.kind in msg.tutorial.teaches) {
        state.seen.add(before.kind);
        save();
      }
      const hint = msg.tutorial.hint;
      state.last = msg.deciding === msg.seat && hint ? {seq: msg.seq, kind: hint.kind, hint: true} : null;
      draw(msg);
    },
    /** Whether the learner should be asked though auto-pass could answer: a
     * kind of question the lesson teaches, not met yet, is shown once. */
    wantsToAsk(msg) {
      const lesson = msg.tutorial;
      if (!lesson || state.hidden || !lesson.hint) return false;
      return lesson.hint.kind in lesson.teaches && !state.seen.has(lesson.hint.kind);
    },
  };
}
