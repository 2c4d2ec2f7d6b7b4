"""What a game package gives the rest of Ossuary.

Every game is a package ``ossuary.<name>`` that imports only the kernel and
exposes one :class:`Game` object named ``GAME``. The registry
(:mod:`ossuary.games`) finds it by name; the command line, the agents, the
arena, the server, the simulator and the RL environments reach a game only
through this object and the :class:`~ossuary.engine.core.GameState` API, so
none of them holds code for a particular game.

``Game`` holds the game's identity (name, title, seat counts, modes, teams)
and its rules (``new_game``, ``deserialize``, ``load_scenario``, which every
game must give). Everything else the front ends ask is a *facet*, one object
per concern (:mod:`ossuary.engine.facets`): ``game.cards``, ``game.decks``,
``game.terminal``, ``game.client``, ``game.browser``, ``game.statistics``,
``game.checks``, ``game.research`` and ``game.lessons``. A game names its own
facet classes in :attr:`Game.facets`; a facet it does not name is the
kernel's, whose defaults raise a clear :class:`NotSupported` error where they
can't answer, so a game can grow into them.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar, overload

from .core import GameState
from .encoder import Encoder as Encoder  # part of what a game gives (research.encoder)
from .errors import BrokenGame, QueryError, SetupError
from .errors import NotSupported as NotSupported  # defined with the kernel's errors
from .facets import (
    FACETS,
    Browser,
    Cards,
    Checks,
    Client,
    Decks,
    Facet,
    Lessons,
    Research,
    Statistics,
    Terminal,
)
from .facets import CardRecord as CardRecord  # what a game's modules import from here
from .facets import DeckSpec as DeckSpec
from .facets import LessonClaim as LessonClaim
from .facets import LessonCondition as LessonCondition
from .interrupts import keeping_ctrl_c
from .knowledge import PLAIN, GameKnowledge
from .names import seat_name
from .rules import Ruleset
from .untrusted import is_int, shown

MAX_SEED = 2**64
F = TypeVar("F", bound=Facet)


class FacetSlot(Generic[F]):
    """A facet on :class:`Game`: ``game.cards`` is the game's :class:`Cards`,
    made on first use (:meth:`Game.facet`); ``Game.cards`` is this slot."""

    def __init__(self, base: type[F]) -> None:
        self.base = base
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, game: None, owner: type) -> FacetSlot[F]: ...
    @overload
    def __get__(self, game: Game, owner: type) -> F: ...
    def __get__(self, game: Game | None, owner: type) -> FacetSlot[F] | F:
        return self if game is None else game.facet(self.name, self.base)


def facet_classes(stem: str, *concerns: str) -> dict[str, str]:
    """:attr:`Game.facets` for a game whose facet classes are in its
    ``facets.py`` under the conventional names, its stem then the facet's:
    ``facet_classes("Pebbles", "cards")`` is ``{"cards": ".facets:PebblesCards"}``."""
    return {concern: f".facets:{stem}{concern.capitalize()}" for concern in concerns}


class Game:
    """One game's entry in the registry (subclass it in the game package).

    Class attributes describe the game; its methods are its identity and its
    rules; what the front ends ask beyond them is a facet (``game.cards``,
    ``game.terminal``...: the properties under "facets"). Everything returned
    is plain data (JSON-ready) or a rich renderable for the terminal.
    """

    #: short name used on the command line and in replays: ``hecatomb``; by
    #: default its ruleset's name (:meth:`__init_subclass__`), which it must be
    name: ClassVar[str] = ""
    #: how people write it: ``Hecatomb``
    title: ClassVar[str] = ""
    #: one line about the game, for ``ossuary games`` and the lobby
    summary: ClassVar[str] = ""
    #: the numbers of seats the rules allow, e.g. ``(2, 3, 4, 5, 6)``
    seat_counts: ClassVar[tuple[int, ...]] = (2,)
    #: named modes and their seat counts, e.g. ``{"1v1": 2, "2v2": 4}``
    modes: ClassVar[Mapping[str, int]] = {}
    #: the game's :class:`~ossuary.engine.rules.Ruleset` (its state class's
    #: ``rules``): its steps, decision kinds and bound behaviours. The registry
    #: refuses a game whose ruleset is not whole (:meth:`missing`)
    rules: ClassVar[Ruleset[Any] | None] = None
    #: where the agents' :class:`~ossuary.engine.knowledge.GameKnowledge` is,
    #: ``"module:NAME"`` relative to the game's package (``".evaluate:KNOWLEDGE"``),
    #: imported the first time an agent asks (:meth:`knowledge`); "": none, the
    #: agents play the game with :data:`~ossuary.engine.knowledge.PLAIN`
    knowledge_at: ClassVar[str] = ""
    #: where the RL :class:`Encoder` class is, ``".encode:MyEncoder"`` (made with
    #: the number of seats), imported the first time one is asked for
    #: (``research.encoder``: the encoders need numpy, which playing does not);
    #: "": the game has none yet
    encoder_at: ClassVar[str] = ""
    #: the module of the checks a lesson's steps name, ``".lesson"``: its
    #: ``CLAIMS`` and ``CONDITIONS`` (``lessons.claims``), imported when a
    #: lesson is checked; "": the lesson names none
    lesson_at: ClassVar[str] = ""
    #: the game's own facet classes, facet name -> ``"module:Name"`` relative to
    #: the game's package (``{"cards": ".facets:HecatombCards"}``): each must
    #: subclass the kernel's class of that facet (:data:`~ossuary.engine.facets.FACETS`).
    #: The registry imports them when it checks the game (:meth:`missing`); each
    #: is made once, the first time a front end asks. A facet not named here is
    #: the kernel's, with its defaults
    facets: ClassVar[Mapping[str, str]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A subclass that names no game takes its ruleset's name: replays and
        saved games carry that name, so the two must be one (:meth:`missing`)."""
        super().__init_subclass__(**kwargs)
        if not cls.__dict__.get("name") and isinstance(cls.rules, Ruleset):
            cls.name = cls.rules.name

    # -- identity and wholeness -----------------------------------------------------
    @property
    def package(self) -> str:
        """The package that holds the game (its files: lessons, the browser's
        board, shipped policies): the package of its ``Game`` subclass."""
        module = type(self).__module__
        spec = getattr(sys.modules.get(module), "__spec__", None)
        parent = getattr(spec, "parent", None)
        return parent if isinstance(parent, str) and parent else module

    def package_path(self, name: str) -> Path | None:
        """The file or folder ``name`` in the game's package, or None where there
        is none: how the kernel's facets find a game's lesson and browser board
        by their conventional names."""
        module = sys.modules.get(self.package)
        where = getattr(module, "__file__", None)
        if not isinstance(where, str):
            return None
        path = Path(where).parent / name
        return path if path.exists() else None

    def missing(self) -> list[str]:
        """What keeps this game from being played, in words (empty: nothing):
        the registry (:mod:`ossuary.engine.registry`) refuses a game that
        misses anything, naming it."""
        problems = [f"no {what}" for what in ("name", "title", "seat_counts")
                    if not getattr(self, what)]  # fmt: skip
        for method in ("new_game", "deserialize"):
            if getattr(type(self), method) is getattr(Game, method):
                problems.append(f"no {method} (its Game subclass must give it)")
        rules = self.rules
        if not isinstance(rules, Ruleset):
            return [*problems, "no ruleset (set rules = RULES, its state class's, on its Game)"]
        if rules.name != self.name:
            problems.append(f"its ruleset is called {rules.name!r}, not {self.name!r}")
        return problems + [f"its rules: {p}" for p in rules.missing()] + self.facet_problems()

    def knowledge(self) -> GameKnowledge:
        """What the search agents know of this game (its evaluation, how to name
        its moves): the object :attr:`knowledge_at` names, loaded on first use;
        :data:`~ossuary.engine.knowledge.PLAIN` when it names none."""
        found = self.__dict__.get("_knowledge")
        if isinstance(found, GameKnowledge):
            return found
        if not self.knowledge_at:
            return PLAIN
        loaded = self.load_part(self.knowledge_at, "knowledge")
        if not isinstance(loaded, GameKnowledge):
            raise BrokenGame(
                f"{self.title}: its knowledge ({self.knowledge_at}) is not a GameKnowledge"
            )
        self.__dict__["_knowledge"] = loaded
        return loaded

    def load_part(self, where: str, what: str) -> object:
        """The object ``where`` names (``".module:NAME"`` in the game's package),
        imported now: how a game's parts that only some front ends use are
        loaded when used, not when the game registers."""
        module, _, attribute = where.partition(":")
        try:
            with keeping_ctrl_c():  # a Ctrl-C here is the person's, not a broken game
                return getattr(importlib.import_module(module, self.package), attribute)
        except (ImportError, AttributeError, ValueError) as exc:
            raise BrokenGame(
                f"{self.title}: its {what} ({where}) could not be loaded: {exc}"
            ) from exc

    # -- rules (required) -------------------------------------------------------
    def new_game(
        self,
        decks: Sequence[DeckSpec] | None = None,
        seats: int = 2,
        seed: int = 0,
        first: int | None = None,
    ) -> GameState:
        """Set up a game and run it to its first decision. ``decks`` None: the
        game's default decks; ``first`` None: the seed chooses."""
        raise NotImplementedError

    def deserialize(self, text: str) -> GameState:
        """The state :meth:`GameState.serialize` wrote (checked; a bad text is an
        :class:`OssuaryError`, never a crash)."""
        raise NotImplementedError

    def load_scenario(self, text: str | Path) -> GameState:
        """A position from the game's scenario text (``docs/scenarios.md``)."""
        raise NotImplementedError

    def mode_of(self, seats: int) -> str | None:
        """The name of the mode played with ``seats`` seats (``"2v2"``), if any."""
        return next((m for m, n in self.modes.items() if n == seats), None)

    def teams(self, seats: int) -> list[int]:
        """The team of each seat; by default every seat plays for itself."""
        return list(range(seats))

    def resignation(self, seats: int, seat: int) -> int | None:
        """Who wins when ``seat`` resigns a game of ``seats`` (a platform rule,
        the same in every game: ``docs/rules-notes.md``, "Resigning and
        leaving"): the other side's team (its number in :meth:`teams`, which is
        the seat where every seat plays for itself) when two sides play; None
        when more do, where one side conceding decides nothing (its player may
        leave the table instead)."""
        teams = self.teams(seats)
        sides = sorted(set(teams))
        if len(sides) != 2 or not 0 <= seat < seats:
            return None
        return sides[1] if teams[seat] == sides[0] else sides[0]

    def resign_lines(self, seats: int, seat: int, winner: int) -> list[str]:
        """The end of a game that ``seat`` resigned, in words (the seats named as
        :func:`seat_name` names them where it is said)."""
        won = [seat_name(i) for i, team in enumerate(self.teams(seats)) if team == winner]
        verb = "wins" if len(won) == 1 else "win"
        return [f"{seat_name(seat)} resigned: {' and '.join(won)} {verb}."]

    def check_seats(self, seats: int) -> None:
        """Refuse a seat count the rules don't allow, saying which they do."""
        check_seats(self.title, self.seat_counts, seats)

    def check_setup(self, seats: int, seed: int, first: int | None) -> None:
        """Refuse what :meth:`new_game` can't start from (every game calls this
        first): a seat count the rules don't allow, a seed that isn't a whole
        number, a first player who isn't a seat."""
        check_setup(self.title, self.seat_counts, seats, seed, first)

    # -- facets -----------------------------------------------------------------
    # What only some front ends ask: one object per concern (engine/facets.py),
    # the kernel's default unless the game names its own class.

    cards = FacetSlot(Cards)  # the card catalogue
    decks = FacetSlot(Decks)  # deck lists and the shipped decks
    terminal = FacetSlot(Terminal)  # the terminal's board and words
    client = FacetSlot(Client)  # what a client may do for its person
    browser = FacetSlot(Browser)  # the browser's board
    statistics = FacetSlot(Statistics)  # what the simulator records
    checks = FacetSlot(Checks)  # invariants, where cards truly lie
    research = FacetSlot(Research)  # the RL encoder, integer actions
    lessons = FacetSlot(Lessons)  # the lesson, its checks, the glossary

    def facet(self, name: str, base: type[F]) -> F:
        """The game's facet ``name``, made on first use from the class its
        :attr:`facets` names (``base`` itself where it names none)."""
        made = self.__dict__.get(f"_facet_{name}")
        if isinstance(made, base):
            return made
        made = self.facet_class(name, base)(self)
        self.__dict__[f"_facet_{name}"] = made
        return made

    def facet_class(self, name: str, base: type[F]) -> type[F]:
        """The class of the facet ``name``: the one :attr:`facets` names, imported
        now and checked to be a ``base``; ``base`` where it names none."""
        where = self.facets.get(name, "")
        if not where:
            return base
        found = self.load_part(where, f"{name} facet")
        if not (isinstance(found, type) and issubclass(found, base)):
            raise BrokenGame(
                f"{self.title}: its {name} facet ({where}) is not a {base.__name__} "
                f"(engine/facets.py)"
            )
        return found

    def facet_problems(self) -> list[str]:
        """What is wrong with the facets the game names, in words: a name that is
        no facet, a class that can't be imported or isn't its facet's kind."""
        problems = []
        for name in self.facets:
            base = FACETS.get(name)
            if base is None:
                problems.append(f"no facet is called {name!r} (known: {', '.join(FACETS)})")
                continue
            try:
                self.facet_class(name, base)
            except BrokenGame as exc:
                problems.append(str(exc).removeprefix(f"{self.title}: "))
        return problems


_NUMBER_SPEC = re.compile(r"(?P<n>[0-9]{1,6})(?P<end>[+-]?)|(?P<lo>[0-9]{1,6})-(?P<hi>[0-9]{1,6})")


def match_number(value: int, spec: str, option: str = "value") -> bool:
    """``3`` exactly, ``2-4`` a range, ``5+`` or ``2-`` open ends; a bad spec is a
    :class:`QueryError` naming ``option``."""
    m = _NUMBER_SPEC.fullmatch(spec.strip())
    if m is None:
        raise QueryError(f"{option} {spec!r}: use a number, a range like 2-4, 5+ or 2-")
    if m["lo"] is not None:
        return int(m["lo"]) <= value <= int(m["hi"])
    n = int(m["n"])
    return value >= n if m["end"] == "+" else value <= n if m["end"] == "-" else value == n


def check_seats(title: str, seat_counts: tuple[int, ...], seats: int) -> None:
    """Refuse a seat count the rules of ``title`` don't allow, saying which they
    do (:meth:`Game.check_seats`; a game's own modules call this one, so that
    they need not import the module that makes the game's ``Game``)."""
    if not is_int(seats):
        raise SetupError(f"seats must be a whole number of players, not {shown(seats)}")
    if seats not in seat_counts:
        if seat_counts == tuple(range(seat_counts[0], seat_counts[-1] + 1)):
            allowed = f"{seat_counts[0]} to {seat_counts[-1]}"
        else:
            allowed = " or ".join(str(n) for n in seat_counts)
        raise SetupError(f"{title} is for {allowed} players, not {seats}")


def check_setup(
    title: str, seat_counts: tuple[int, ...], seats: int, seed: int, first: int | None
) -> None:
    """What :meth:`Game.check_setup` refuses, for a game's own ``new_game``."""
    check_seats(title, seat_counts, seats)
    if not is_int(seed) or not -MAX_SEED < seed < MAX_SEED:
        raise SetupError(f"the seed must be a whole number below 2**64 in size, not {shown(seed)}")
    if first is not None and (not is_int(first) or not 0 <= first < seats):
        raise SetupError(
            f"first player must be a seat from 0 to {seats - 1} (or None: the seed "
            f"chooses), not {shown(first)}"
        )
