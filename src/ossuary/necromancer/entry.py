"""Path of the Necromancer's entry in Ossuary's game registry (placeholder)."""

from __future__ import annotations

from ..engine.game import Game


class NecromancerGame(Game):
    name = "necromancer"
    title = "Path of the Necromancer"
    summary = "Heroes, lifeforce and a two-row field with a response window; 2 to 4 players."
    seat_counts = (2, 3, 4)


GAME = NecromancerGame()
