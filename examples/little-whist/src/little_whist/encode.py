"""Little Whist for reinforcement learning (``ossuary.rl``): sixteen actions,
one a card, and an observation read from a seat's view alone (needs numpy,
Ossuary's ``rl`` extra). Seats are relative: 0 is the seat observing."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ossuary.engine.encoder import Encoder

from .state import CARDS, SUITS, suit

N = len(CARDS)
MOST_SEATS = 4


class WhistEncoder(Encoder):
    def __init__(self, seats: int = 2) -> None:
        # the sizes are set here, on the instance, not as class attributes:
        # where Ossuary runs compiled, its Encoder keeps them on the instance,
        # and a class attribute of a subclass in plain Python would hide them
        # from it (docs/adding-a-game.md)
        self.seats = seats
        self.version = "1"
        self.num_actions = N
        # own hand, the table, the tricks taken (each a card mask), the suit
        # led, the tricks each seat took (relative to the observer, of four)
        self.observation_size = 3 * N + len(SUITS) + MOST_SEATS
        self.info_state_size = self.observation_size

    def action_paths(self, view: dict[str, Any]) -> dict[str, tuple[int, ...] | None]:
        options = (view.get("decision") or {}).get("options", [])
        return {o["id"]: (int(o["id"].removeprefix("play ")),) for o in options}

    def observe(
        self, view: dict[str, Any], prefix: tuple[int, ...], out: npt.NDArray[np.float32]
    ) -> None:
        me = view["seat"] or 0
        seats = len(view["players"])
        for player in view["players"]:
            for c in player["hand"]:
                if c is not None:
                    out[c["id"]] = 1.0
            for c in player["taken"]:
                out[2 * N + c["id"]] = 1.0
            rel = (player["seat"] - me) % seats
            out[3 * N + len(SUITS) + rel] = player["tricks"] / 4
        for t in view["table"]:
            out[N + t["id"]] = 1.0
        if view["table"]:
            out[3 * N + suit(view["table"][0]["id"])] = 1.0

    def action_name(self, index: int) -> str:
        return f"play[{CARDS[index]}]"

    def layout(self) -> list[tuple[str, int, int]]:
        s = 3 * N
        led = s + len(SUITS)
        return [("hand", 0, N), ("table", N, 2 * N), ("taken", 2 * N, s), ("led", s, led),
                ("tricks", led, self.observation_size)]  # fmt: skip
