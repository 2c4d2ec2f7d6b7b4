"""What goes out: every socket message and replay step, built from one view.

This module is the server's only reader of game states, and it reads them
through one door: ``state.view(seat)`` (``view(None)`` for a spectator), the
game's redaction path. Log lines in words come from the redacted log in that
view (``game.terminal.format_event``), the options from the view's decision (present
only in the deciding seat's view), the end-of-game lines from the view
(``game.terminal.result_lines``). Nothing here touches a state's zones, its action
history or another seat's view, so nothing can carry another seat's hidden
card unless the view itself does (which the game's own tests and the leak
test in ``tests/server`` check).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.core import GameState, copy_json
from ..engine.errors import IllegalAction
from ..engine.game import Game
from ..engine.names import naming, seat_name, seat_names, speak
from ..engine.replay import SeatReplay
from ..tutorial import Tutorial

Message = dict[str, Any]


def seat_view(state: GameState, seat: int | None, log_from: int = 0) -> dict[str, Any]:
    """The view of ``seat``, or the spectator's (public information only)."""
    return state.view(seat, log_from)


def player_name(seat: int) -> str:
    """How seats are named to people (:mod:`ossuary.engine.names`)."""
    return seat_name(seat)


def names_for(
    kinds: Sequence[str], seat: int | None, typed: Sequence[str | None] = ()
) -> list[str]:
    """What the person at ``seat`` (None: a spectator) calls each seat: "You",
    "Computer", a typed name, "Player 2" (:func:`ossuary.engine.names.seat_names`);
    ``kinds`` is each seat's kind as created ("human" or an AI)."""
    return seat_names(kinds, me=seat, typed=typed)


def state_message(
    game: Game,
    state: GameState,
    seat: int | None,
    log_from: int,
    seq: int,
    names: Sequence[str] | None = None,
    lesson: Tutorial | None = None,
) -> tuple[Message, int]:
    """The ``state`` message for ``seat``, its words naming the seats ``names``
    (see :func:`state_words`); in a guided first game (``lesson``), the person
    taking it also gets ``tutorial``: the step for the decision at hand (or
    None), the kinds of question the lesson teaches, how to win and the
    lesson's title."""
    with naming(names):
        msg, log_to = state_words(game, state, seat, log_from, seq)
        if lesson is not None and seat == lesson.deal.you:
            options = [(o["id"], o["label"]) for o in msg["legal"]]
            hint = lesson.hint(msg["view"], options) if options else None
            msg["tutorial"] = {
                "hint": None if hint is None else hint.as_json() | {"text": speak(hint.text)},
                "teaches": lesson.teaches,
                "goal": lesson.goal,  # how to win, in sight all game long
                "title": lesson.deal.title,
            }
    if names is not None:
        msg["names"] = list(names)
    return msg, log_to


def state_words(
    game: Game, state: GameState, seat: int | None, log_from: int, seq: int
) -> tuple[Message, int]:
    """The ``state`` message for ``seat`` (None: a spectator) and the log length
    it brings the receiver to.

    ``view``: the seat's view, its ``log`` holding only the events since
    ``log_from``; ``events``: those events in words; ``legal``: the options with
    labels when this seat decides, else empty; ``seq``: how many actions the game
    has had (an action sent with ``seq`` is refused if the game moved on)."""
    view = seat_view(state, seat, log_from)
    events = [speak(game.terminal.format_event(e)) for e in view.get("log", [])]
    decision = view.get("decision") or None
    deciding = decision.get("player") if decision else None
    legal: list[dict[str, str]] = []
    prompt = None
    if decision is not None and seat is not None and deciding == seat:
        speak_decision(view)
        legal = [{"id": o["id"], "label": o["label"]} for o in decision.get("options", [])]
        prompt = decision.get("prompt")
    ids = [o["id"] for o in legal]
    over = view.get("winner") is not None or (decision is None and state.is_terminal())
    msg: Message = {
        "type": "state",
        "seq": seq,
        "seat": seat,
        "view": view,
        "events": events,
        "legal": legal,
        "prompt": prompt,
        "deciding": deciding,
        "over": over,
        # for this seat's client only (its own options): the option it may take
        # for its person when nothing else matters (auto-pass), and the one that
        # passes ("pass until something changes"); None for everyone else
        "auto": game.client.auto_pass(view, ids) if ids else None,
        "passing": game.client.pass_option(view, ids) if ids else None,
    }
    if over:
        msg["result"] = [speak(line) for line in game.terminal.result_lines(view)]
    return msg, log_from + len(view.get("log", []))


def speak_decision(view: dict[str, Any]) -> None:
    """The question and the option labels of ``view`` (when it holds them: its
    seat decides) made to agree with "You", in place: they were worded in the
    third person ("Attack with Cave Lurker (You's space 2)")."""
    decision = view.get("decision") or {}
    for o in decision.get("options", []):
        o["label"] = speak(o["label"])
    if decision.get("prompt"):
        decision["prompt"] = speak(decision["prompt"])


def error(message: str, code: str, **extra: Any) -> Message:
    """A socket error message (``{"type": "error", ...}``)."""
    return {"type": "error", "code": code, "message": message, **extra}


def try_action(
    state: GameState, aid: str, names: Sequence[str] | None = None
) -> tuple[GameState | None, Message | None]:
    """``aid`` applied to a copy of ``state``: (the new state, None), or (None, the
    refusal naming the rule). Only the deciding seat's own actions come here, so
    a refusal speaks of that seat's own options, in the words of its own
    ``names`` for the seats ("You are asked: ...")."""
    new = state.clone()
    try:
        with naming(names):
            new.apply_action(aid)
    except IllegalAction as exc:
        return None, error(speak(exc.reason), "illegal", rule=exc.rule)
    return new, None


def result_lines(game: Game, state: GameState) -> list[str]:
    """The end of a game in words, from the public view (stored with the game)."""
    return game.terminal.result_lines(seat_view(state, None))


def replay_message(
    game: Game, replay: SeatReplay, step: int, names: Sequence[str] | None = None
) -> Message:
    """Step ``step`` of a seat's replay, its words naming the seats ``names``
    (see :func:`replay_words`)."""
    with naming(names):
        msg = replay_words(game, replay, step)
    if names is not None:
        msg["names"] = list(names)
    return msg


def replay_words(game: Game, replay: SeatReplay, step: int) -> Message:
    """Step ``step`` of a seat's replay (the kernel's :class:`SeatReplay`, every
    frame built by ``view(seat)``): the view after the step (its ``log`` holding
    the step's own events), the whole log so far in words (``log``; the step's
    own lines from ``new_from``), and the action's label when this seat took it."""
    frames = replay.frames
    lines: list[str] = []
    for frame in frames[: step + 1]:
        start = len(lines)
        lines += [speak(game.terminal.format_event(e)) for e in frame["view"].get("log", [])]
    frame = frames[step]
    view = copy_json(frame["view"])
    speak_decision(view)
    over = view.get("winner") is not None or (step == len(frames) - 1 and replay.finished)
    return {
        "type": "replay",
        "step": step,
        "steps": len(frames) - 1,
        "seat": replay.seat,
        "view": view,
        "action": speak(frame["action"]) if frame.get("action") else None,
        "events": lines[start:],
        "log": lines,
        "new_from": start,
        "deciding": (view.get("decision") or {}).get("player"),
        "over": over,
        "result": [speak(line) for line in game.terminal.result_lines(view)] if over else None,
    }
