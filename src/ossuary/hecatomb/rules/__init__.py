"""The Hecatomb rules as steps of the engine's step machine.

Each ``@RULES.step`` function runs one piece of the rules and may push more
steps or stop for a decision with ``s.ask``; each ``@RULES.resume`` function
continues after the decision of its kind. One module per part of the rulebook
(``shared/seeds/001``), named in each module's docstring:

- :mod:`.base`: the event log, souls and winning, zones, abominations made and split
- :mod:`.triggers`: triggered abilities ordered and resolved ("Simultaneous Abilities")
- :mod:`.destruction`: destroy, sacrifice, Martyr, Regenerator, Soulbound
- :mod:`.turn`: the deal and the turn ("Setup and Start", "Turn Sequence")
- :mod:`.playing`: playing cards and tap abilities ("Play Cards", glossary "↻")
- :mod:`.attack`: declaring an attack, the combat windows, blockers ("Attack")
- :mod:`.fight`: reaping souls, the fight, damage, Ripper ("Have abominations fight")

Importing this package registers every step and decision kind in ``RULES``.
"""

from . import attack, base, destruction, fight, playing, triggers, turn

__all__ = ["attack", "base", "destruction", "fight", "playing", "triggers", "turn"]
