"""The Path of the Necromancer rules as steps of the engine's step machine.

One module per part of the core rulebook (``shared/seeds/003``):

- :mod:`.base`: registries, the log, lifeforce and health, zones, losing (sections 8, 14)
- :mod:`.turn`: setup and the turn (sections 3, 7)
- :mod:`.actions`: what a player may do and how each action starts and resolves
- :mod:`.playing`: playing cards, the field (sections 4, 6, 15)
- :mod:`.heroes`: hero abilities (section 10)
- :mod:`.combat`: attack, defend, dismiss, damage and piercing (section 9, 11)
- :mod:`.window`: the response window and stack (section 13)
- :mod:`.leaving`: destruction and simultaneous deaths, control (sections 11, 12)
- :mod:`.triggers`: abilities and their effects (sections 11, 12)
"""

from . import actions, base, combat, heroes, leaving, playing, triggers, turn, window

__all__ = [
    "actions",
    "base",
    "combat",
    "heroes",
    "leaving",
    "playing",
    "triggers",
    "turn",
    "window",
]
