"""How seats are named to people: "You", "Computer", the name a player typed.

The engine counts seats from 0; people never see those numbers. Every game's
words name a seat through :func:`seat_name`, which gives the names the front
end set with :func:`naming` for what it is drawing (the terminal for its
player, the server for each socket), and "Player 1", "Player 2"... (counting
from one) where nobody set any (a replay file, a test).

A front end names its own player "You" (:data:`YOU`); the games' sentences are
written in the third person ("Player 1 plays Snap", "Player 1's hero"), so
whatever holds "You" goes through :func:`speak` on its way out, which makes the
sentence agree ("You play Snap", "your hero"). The verbs it knows are listed in
:data:`VERBS`; a test of every game's log and labels fails on one it does not.

>>> with naming(seat_names(["human", "computer"], me=0)):
...     print(speak(f"{seat_name(0)} plays Snap; {seat_name(1)}'s hero takes 2 damage"))
You play Snap; Computer's hero takes 2 damage
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

YOU = "You"
HUMAN = "human"

_NAMES: ContextVar[tuple[str, ...] | None] = ContextVar("ossuary_seat_names", default=None)


def seat_name(seat: int) -> str:
    """How ``seat`` is named in what is being drawn now."""
    names = _NAMES.get()
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return f"Player {seat + 1}"


def current_names(seats: int) -> list[str]:
    """The name of every seat of a game of ``seats``, as :func:`seat_name` gives them."""
    return [seat_name(i) for i in range(seats)]


@contextmanager
def naming(names: Sequence[str] | None) -> Iterator[None]:
    """Name the seats ``names`` (None: "Player 1", "Player 2"...) inside the block."""
    token = _NAMES.set(None if names is None else tuple(names))
    try:
        yield
    finally:
        _NAMES.reset(token)


def seat_names(
    kinds: Sequence[str], me: int | None = None, typed: Sequence[str | None] = ()
) -> list[str]:
    """Every seat's name for the person at ``me`` (None: a spectator, or players
    sharing one screen): ``me`` is "You"; a seat with a typed name keeps it; a
    computer (any kind but ``"human"``) is "Computer" ("Computer 1", "Computer 2"
    when there are several); another person is "Player N", N counting from one.
    Names never repeat: a typed name that would is followed by its seat number."""
    n = len(kinds)
    computers = [i for i in range(n) if kinds[i] != HUMAN]
    out: list[str] = []
    for i in range(n):
        name = (typed[i] if i < len(typed) else None) or ""
        name = " ".join(name.split())
        if i == me:
            out.append(YOU)
        elif name:
            out.append(name)
        elif kinds[i] != HUMAN:
            out.append("Computer" if len(computers) == 1 else f"Computer {computers.index(i) + 1}")
        else:
            out.append(f"Player {i + 1}")
    seen: set[str] = set()
    for i, name in enumerate(out):
        if name.lower() in seen or (name.lower() == YOU.lower() and i != me):
            out[i] = f"{name} ({i + 1})"
        seen.add(out[i].lower())
    return out


# -- making a third-person sentence agree with "You" ------------------------------------
#: third-person verbs the games' sentences put after a seat's name -> the form after "You"
VERBS = {
    "is": "are", "was": "were", "has": "have", "does": "do", "doesn't": "don't",
    "isn't": "aren't", "hasn't": "haven't", "goes": "go", "passes": "pass",
    "dismisses": "dismiss", "attaches": "attach", "reaches": "reach",
    "chooses": "choose", "plays": "play", "draws": "draw", "discards": "discard",
    "gains": "gain", "loses": "lose", "uses": "use", "attacks": "attack", "defends": "defend",
    "keeps": "keep", "takes": "take", "reveals": "reveal", "puts": "put", "brings": "bring",
    "ends": "end", "wins": "win", "steals": "steal", "sacrifices": "sacrifice",
    "stitches": "stitch", "taps": "tap", "reaps": "reap", "pays": "pay", "needs": "need",
    "must": "must", "may": "may", "can": "can", "can't": "can't", "cannot": "cannot",
    "blocks": "block", "gives": "give", "shows": "show", "starts": "start", "skips": "skip",
    "answers": "answer", "responds": "respond", "declines": "decline", "returns": "return",
    "steps": "step", "scores": "score", "hits": "hit", "kills": "kill", "makes": "make",
    "misses": "miss", "heals": "heal", "becomes": "become", "gets": "get", "moves": "move",
    "sends": "send", "spends": "spend", "destroys": "destroy", "exiles": "exile",
    "retrieves": "retrieve", "exhumes": "exhume", "severs": "sever", "boosts": "boost",
    "hinders": "hinder", "links": "link", "leaves": "leave", "rips": "rip", "picks": "pick",
    "looks": "look", "shuffles": "shuffle", "mulligans": "mulligan", "names": "name",
    "deals": "deal", "casts": "cast", "summons": "summon", "resurrects": "resurrect",
    "negates": "negate", "counters": "counter", "calls": "call", "follows": "follow",
    "triggers": "trigger", "adds": "add", "removes": "remove", "sees": "see",
    "knows": "know", "tries": "try", "lets": "let", "holds": "hold", "finds": "find",
    "asks": "ask", "stops": "stop", "lost": "lost", "won": "won", "had": "had",
    "drew": "drew", "played": "played", "will": "will", "would": "would",
    "controls": "control", "owns": "own", "reached": "reached",
    "fails": "fail", "accepts": "accept", "refuses": "refuse", "offers": "offer",
    "swaps": "swap", "trades": "trade", "contracts": "contract", "buries": "bury",
    "untaps": "untap", "flips": "flip", "mends": "mend", "hunts": "hunt",
    "stays": "stay", "fights": "fight", "survives": "survive", "dies": "die", "purges": "purge",
}  # fmt: skip

_YOU = re.compile(r"\bYou\b('s\b| [a-z']+)?")
_STARTS = (".", "!", "?", "(", "--", "—", "·", "•")
_LABEL = re.compile(r" ?(\d|--|·|\()")  # "You 7", "turn 2: You --": a name, not a word


def _at_start(before: str) -> bool:
    head = before.rstrip()
    return not head or head.endswith(_STARTS) or head.endswith("\n")


def speak(text: str) -> str:
    """``text`` with "You" made to agree: "You plays" -> "You play", "You's hero"
    -> "your hero", "to You" -> "to you" (capitalised only where a sentence or
    clause starts). Text without "You" comes back as it is."""
    if YOU not in text:
        return text

    def fix(m: re.Match[str]) -> str:
        rest = m.group(1) or ""
        label = not rest and _LABEL.match(text, m.end()) is not None
        start = label or _at_start(text[: m.start()])
        if rest == "'s":
            return "Your" if start else "your"
        you = YOU if start else "you"
        word = rest[1:]
        if word in VERBS:
            return f"{you} {VERBS[word]}"
        return you + rest

    return _YOU.sub(fix, text)


def asked(view: Mapping[str, Any]) -> str | None:
    """Who is asked what, in words, from a view's pending decision: "Player 1:
    Choose a card to play" (its prompt, else its kind); None when nobody is."""
    decision = view.get("decision")
    if decision is None:
        return None
    ask = decision.get("prompt") or decision["kind"]
    return speak(f"{seat_name(decision['player'])}: {ask}")
