"""Little Whist's state: plain data, and the ruleset it runs.

The deck is sixteen cards, Jack to Ace in four suits; a card in a game is its
index in :data:`CARDS` (``cid``), so every card has its own name. This module
imports only the kernel: the rules fill :data:`RULES` where they are written.
"""

from __future__ import annotations

import json

from ossuary.engine.core import Decision, GameState, to_json_steps
from ossuary.engine.rules import Ruleset

SUITS = ("Clubs", "Diamonds", "Hearts", "Spades")
RANKS = ("Jack", "Queen", "King", "Ace")  # low to high
CARDS = tuple(f"{rank} of {suit}" for suit in SUITS for rank in RANKS)
HAND = 4  # cards dealt to each seat
SEATS = (2, 3, 4)

# "play" is always asked, even with one legal card: skipping the question
# would tell the table that the seat holds one card of the suit led
RULES: Ruleset[WhistState] = Ruleset("whist", version="1", always_ask=frozenset({"play"}))


def suit(cid: int) -> int:
    return cid // len(RANKS)


def rank(cid: int) -> int:
    return cid % len(RANKS)


class WhistState(GameState):
    rules = RULES
    ruleset = "whist"
    version = "1"
    __slots__ = ("hands", "leader", "seats", "stock", "table", "taken", "tricks", "turn")

    def __init__(self, seats: int = 2) -> None:
        super().__init__()
        self.seats = seats
        self.hands: list[list[int]] = [[] for _ in range(seats)]
        self.stock: list[int] = []  # the cards not dealt: face down, seen by nobody
        self.table: list[list[int]] = []  # the trick in progress: [seat, cid] in play order
        self.taken: list[list[int]] = [[] for _ in range(seats)]  # tricks won, face up
        self.tricks = [0] * seats
        self.turn = 0
        self.leader = 0

    def num_seats(self) -> int:
        return self.seats

    def deck_lists(self) -> list[list[str]]:
        return [[] for _ in range(self.seats)]  # one shared deck, nothing to choose

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0] * self.seats
        lose = -1.0 / (self.seats - 1)
        return [1.0 if p == self.winner else lose for p in range(self.seats)]

    def clone(self) -> WhistState:
        s = WhistState(self.seats)
        s.hands = [list(h) for h in self.hands]
        s.stock = list(self.stock)
        s.table = [list(t) for t in self.table]
        s.taken = [list(t) for t in self.taken]
        s.tricks = list(self.tricks)
        s.turn, s.leader = self.turn, self.leader
        s.seed, s.first, s.ply, s.perspective = self.seed, self.first, self.ply, self.perspective
        s.history = list(self.history)
        s.stack = list(self.stack)
        d = self.pending  # copied: what leaves a state (a sample) shares nothing with it
        s.pending = None if d is None else Decision(d.kind, d.player, d.options, d.ctx)
        s.rng = self.rng.copy()
        s.log = [dict(e) for e in self.log]  # events hold only scalars and lists never changed
        s.winner = self.winner
        return s

    def serialize(self) -> str:
        return json.dumps(
            {
                "ruleset": self.ruleset, "version": self.version, "seats": self.seats,
                "hands": self.hands, "stock": self.stock, "table": self.table,
                "taken": self.taken, "tricks": self.tricks, "turn": self.turn,
                "leader": self.leader, "winner": self.winner, "seed": self.seed,
                "first": self.first, "perspective": self.perspective, "ply": self.ply,
                "history": self.history, "log": self.log, "stack": to_json_steps(self.stack),
                "rng": self.rng.state,
                "pending": None if self.pending is None else self.pending.to_json(),
            },
            separators=(",", ":"),
        )  # fmt: skip
