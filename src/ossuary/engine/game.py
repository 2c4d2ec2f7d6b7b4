"""What a game package gives the rest of Ossuary.

Every game is a package ``ossuary.<name>`` that imports only the kernel and
exposes one :class:`Game` object named ``GAME``. The registry
(:mod:`ossuary.games`) finds it by name; the command line, the agents, the
arena, the server, the simulator and the RL environments reach a game only
through this object and the :class:`~ossuary.engine.core.GameState` API, so
none of them holds code for a particular game.

The methods fall in groups. The *rules* group (``new_game``, ``deserialize``,
``load_scenario``) every game must give. The others have defaults that raise a
clear :class:`NotSupported` error, so a game can grow into them.

Card records (``cards()``) are plain JSON-ready dicts: every game's record has
at least ``name``, ``type`` and ``text``; the rest are the game's own fields
(``doom`` and ``cost`` in Hecatomb, ``group`` and ``power`` in Diabolicards).
Filters for ``ossuary cards --FIELD VALUE`` match those fields (see
:meth:`Game.card_filters`).
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, cast

from .actions import IntActions
from .contract import CardPlace
from .core import GameState
from .encoder import Encoder as Encoder  # part of what a game gives (rl_encoder)
from .errors import BrokenGame, OssuaryError, QueryError, SetupError
from .errors import NotSupported as NotSupported  # defined with the kernel's errors
from .knowledge import PLAIN, GameKnowledge
from .names import seat_name
from .rng import Rng
from .rules import Ruleset
from .untrusted import is_int, shown

CardRecord = dict[str, Any]
#: a check of one claim a lesson's step makes (:mod:`ossuary.tutorial`): given
#: the game when the step was shown, the action the learner took, the game now
#: (asked again after every later action until it answers) and the words after
#: the check's name in the step ("costs 2": ("2",)): True, the engine did what
#: the text says; False, it did otherwise; None, not settled yet
LessonClaim = Callable[[GameState, str, GameState, Sequence[str]], bool | None]
#: a condition a lesson's step may hold under, read from the learner's view:
#: None when it does not hold, else the words the step's ``{when}`` stands for
LessonCondition = Callable[[Mapping[str, Any]], str | None]
MAX_SEED = 2**64
DeckSpec = list[str] | str  # card names, or a preconstructed deck's name


#: option ids that change nothing but the clock, taken first when a timer runs out
PASSIVE_OPTIONS = ("end", "pass", "done", "no", "none")


class Game:
    """One game's entry in the registry (subclass it in the game package).

    Class attributes describe the game; methods give its parts. Everything
    returned is plain data (JSON-ready) or a rich renderable for the terminal.
    """

    #: short name used on the command line and in replays: ``hecatomb``
    name: ClassVar[str] = ""
    #: how people write it: ``Hecatomb``
    title: ClassVar[str] = ""
    #: one line about the game, for ``ossuary games`` and the lobby
    summary: ClassVar[str] = ""
    #: the numbers of seats the rules allow, e.g. ``(2, 3, 4, 5, 6)``
    seat_counts: ClassVar[tuple[int, ...]] = (2,)
    #: named modes and their seat counts, e.g. ``{"1v1": 2, "2v2": 4}``
    modes: ClassVar[Mapping[str, int]] = {}
    #: what ``ossuary cards --FIELD VALUE`` accepts: field -> help text
    card_filters: ClassVar[Mapping[str, str]] = {}
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
    #: (:meth:`rl_encoder`: the encoders need numpy, which playing does not);
    #: "": the game has none yet
    encoder_at: ClassVar[str] = ""
    #: the module of the checks a lesson's steps name, ``".lesson"``: its
    #: ``claims()`` and ``conditions()`` (:meth:`lesson_claims`), imported when a
    #: lesson is checked; "": the lesson names none
    lesson_at: ClassVar[str] = ""

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
        is none: how the defaults below find a game's lesson and browser board
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
        return problems + [f"its rules: {p}" for p in rules.missing()]

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

    # -- cards ------------------------------------------------------------------
    def cards(self, card_file: Path | None = None) -> list[CardRecord]:
        """Every card, in catalogue order (or those of a card file of the user's,
        checked with the same errors as the base set)."""
        raise NotSupported(f"{self.title} has no card list")

    def card_detail(self, record: CardRecord) -> Any:
        """One card in full, as a rich renderable (the terminal's card panel)."""
        raise NotSupported(f"{self.title} cards can't be shown in full yet")

    def card_columns(self) -> list[tuple[str, str]]:
        """(record field, column heading) pairs for the card table."""
        return [("name", "Name"), ("type", "Type"), ("text", "Text")]

    def card_cells(self, record: CardRecord) -> dict[str, str]:
        """Extra table cells computed from a record (fields not in the record)."""
        return {}

    def card_search_text(self, record: CardRecord) -> str:
        """What free-text search looks in: by default every text field."""
        return " ".join(
            str(v) for v in record.values() if isinstance(v, str | int) and not isinstance(v, bool)
        )

    def card_matches(self, record: CardRecord, field: str, value: str) -> bool:
        """Whether ``record`` passes the filter ``--field value``. The default
        compares case-insensitively; games override it for ranges (cost 2-4)."""
        have = record.get(field)
        want = value.strip().lower()
        if isinstance(have, list | tuple):
            return any(str(v).lower() == want for v in have)
        return str(have).lower() == want

    def card_values(self, field: str) -> list[str]:
        """The values worth offering for the card filter ``field`` (a gallery's
        menus), each one :meth:`card_matches` accepts: by default every value the
        cards hold in that field (the items of a list), numbers in order. Games
        override it for filters that are no field of the record (keywords)."""
        seen: dict[str, int | str] = {}
        for record in self.cards():
            value = record.get(field)
            for v in value if isinstance(value, list | tuple) else [value]:
                if isinstance(v, str | int) and not isinstance(v, bool) and str(v).strip():
                    seen.setdefault(str(v).lower(), v)
        numbers = sorted(str(v) for v in seen.values() if isinstance(v, int))
        numbers.sort(key=int)
        words = sorted(str(v) for v in seen.values() if not isinstance(v, int))
        return numbers + words

    def learn_text(self) -> str | None:
        """The game's lesson as TOML text (``learn.toml`` in its package):
        how to play and how to win in our own words, and the guided first game
        (:mod:`ossuary.tutorial` reads and checks it). None: no lesson yet.
        The default reads ``learn.toml`` in the game's package, if there is one."""
        path = self.package_path("learn.toml")
        return None if path is None else path.read_text("utf-8")

    def lesson_claims(self) -> Mapping[str, LessonClaim]:
        """The checks a lesson's steps name in ``claims``: each says whether the
        engine did what a sentence of the step says (the lesson walk test runs
        them). The lesson file names them; only the game knows how to check.
        The default: ``claims()`` of the module :attr:`lesson_at` names."""
        if not self.lesson_at:
            return {}
        return cast("Callable[[], Mapping[str, LessonClaim]]", self._lesson("claims"))()

    def lesson_conditions(self) -> Mapping[str, LessonCondition]:
        """The conditions a lesson's steps name in ``when`` (a step that holds
        only near the end of the game, say), read from the learner's view.
        The default: ``conditions()`` of the module :attr:`lesson_at` names."""
        if not self.lesson_at:
            return {}
        return cast("Callable[[], Mapping[str, LessonCondition]]", self._lesson("conditions"))()

    def _lesson(self, name: str) -> object:
        return self.load_part(f"{self.lesson_at}:{name}", "lesson checks")

    def glossary(self) -> list[tuple[str, str]]:
        """(term, explanation in our own words) for every keyword and rule term
        (``ossuary rules``, and ``rules`` during play). Never rulebook sentences."""
        return []

    def card_record(self, name: str) -> CardRecord | None:
        """The record of the card called ``name`` (case-insensitive), or None; the
        terminal shows a visible card in full with it (:meth:`card_detail`)."""
        want = name.strip().lower()
        return next((r for r in self.cards() if str(r["name"]).lower() == want), None)

    # -- decks ------------------------------------------------------------------
    def preconstructed(self) -> dict[str, list[str]]:
        """The decks shipped with the game: name -> card names."""
        return {}

    def deck_about(self, name: str) -> str:
        """One line about a preconstructed deck."""
        return ""

    def default_decks(self, seats: int) -> list[DeckSpec]:
        """The deck of every seat whose deck the player did not choose: by default
        the preconstructed decks in turn."""
        names = list(self.preconstructed())
        if not names:
            raise NotSupported(f"{self.title} has no preconstructed decks; give every seat one")
        return [names[i % len(names)] for i in range(seats)]

    def parse_deck(self, text: str, source: str = "deck") -> list[str]:
        """A deck list from text, checked against the deck rules; every problem
        is reported at once in one :class:`~ossuary.engine.errors.DeckError`."""
        raise NotSupported(f"{self.title} has no deck lists")

    def read_deck(self, text: str, source: str = "deck") -> tuple[list[str], list[str]]:
        """A deck list read as far as it can be, for a deck still being built:
        ``(cards, problems)``, the problems being every way the cards break the
        deck rules (empty: a legal deck), worded as :meth:`parse_deck` words
        them. Lines that can't be read (unknown cards, bad counts) raise one
        :class:`~ossuary.engine.errors.DeckError` listing them all.

        The default reads only legal decks (its ``problems`` are always empty);
        a game with deck lists overrides it so that drafts can be kept."""
        return self.parse_deck(text, source), []

    def format_deck(self, cards: Sequence[str], title: str = "") -> str:
        """A deck list as text that :meth:`parse_deck` reads back."""
        raise NotSupported(f"{self.title} has no deck lists")

    def deck_summary(self, cards: Sequence[str]) -> Any:
        """A short rich renderable about a legal deck (counts, curve)."""
        return f"{len(cards)} cards"

    # -- terminal -----------------------------------------------------------------
    #: option ids that only pass or end the turn: when these are a decision's only
    #: options, the terminal may answer for the player (auto-pass)
    pass_actions: ClassVar[frozenset[str]] = frozenset()
    #: the option id that steps back out of a play not yet committed (None: none)
    back_action: ClassVar[str | None] = None
    #: decision kinds a client may answer for a person (auto-pass, "pass until
    #: something changes"): responses to what others do. Whether the client did
    #: must not show: the server holds every decision of these kinds open for the
    #: same minimum time (``docs/server.md``, "Auto-pass")
    auto_kinds: ClassVar[frozenset[str]] = frozenset()

    def auto_pass(self, view: dict[str, Any], option_ids: Sequence[str]) -> str | None:
        """The option a client may take for the person whose ``view`` it is when
        nothing else they could do matters now (None: ask them). The game may say
        so in the decision of the seat's own view (``decision["auto"]``); else a
        lone passing option is the answer. Only kinds in :attr:`auto_kinds`."""
        decision = view.get("decision") or {}
        if decision.get("kind") not in self.auto_kinds:
            return None
        if "auto" in decision:
            auto = decision["auto"]
            return auto if isinstance(auto, str) and auto in option_ids else None
        if len(option_ids) == 1 and option_ids[0] in self.pass_actions:
            return option_ids[0]
        return None

    def pass_option(self, view: dict[str, Any], option_ids: Sequence[str]) -> str | None:
        """The option that passes this decision, when a client may pass for its
        person ("pass until something changes"): one of :attr:`pass_actions`, in
        a decision of a kind in :attr:`auto_kinds`; else None."""
        decision = view.get("decision") or {}
        if decision.get("kind") not in self.auto_kinds:
            return None
        return next((a for a in option_ids if a in self.pass_actions), None)

    def allow_back(self, state: GameState, seat: int) -> bool:
        """Offer :attr:`back_action` to ``seat`` in ``state`` (a convenience for a
        person at a client; agents are never offered it). False: not supported."""
        return False

    def render_screen(
        self,
        view: dict[str, Any],
        me: int | None,
        seat_labels: Sequence[str] = (),
        width: int = 80,
        height: int | None = None,
    ) -> Any:
        """The board for the terminal's play screen: compact, at most ``height``
        lines when given (the game drops detail to fit; ``me``'s own souls and hand
        must stay, unless the options of ``me``'s decision show the hand in full),
        ``seat_labels`` naming each seat ("Player 0 (you) · Rot and Ruin"). The
        default is :meth:`render_board`."""
        return self.render_board(view, me=me)

    def option_group(self, view: dict[str, Any], action_id: str, label: str) -> tuple[str, str]:
        """(heading, short label) for an option, so the terminal can lay out many
        options in a few lines ("Play: 1 Snap  2 Warbeast"). Options with the
        heading "" are shown one per line with their full label."""
        return "", label

    def option_number(self, view: dict[str, Any], action_id: str) -> int | None:
        """The number a client must give this option, when the board already
        shows one for it (Necromancer's "Space 3" is 3), else None: the client
        numbers it itself. Two options of one decision never share a number."""
        return None

    def legend(self) -> list[str]:
        """Lines that explain the board's marks and abbreviations (the terminal's help)."""
        return []

    def visible_cards(self, view: dict[str, Any]) -> list[tuple[str, list[str]]]:
        """(where, card names) for every card the seat of ``view`` can see: its
        hand, the board, graveyards... (the terminal's ``card`` command)."""
        return []

    def render_board(
        self, view: dict[str, Any], me: int | None = None, me_label: str = "you"
    ) -> Any:
        """The board as ``me`` sees it (a rich renderable), from the view only;
        ``me_label`` says whose hand is shown ("you", "hand shown")."""
        raise NotSupported(f"{self.title} has no terminal board yet")

    def result_lines(self, view: dict[str, Any]) -> list[str]:
        """The end of a game in words (who won, the final score)."""
        winner = view.get("winner")
        return ["No winner." if winner is None else f"{seat_name(winner)} wins."]

    def summary_lines(self, view: dict[str, Any]) -> list[str]:
        """A compact, public-only picture of the position (replays print it)."""
        return []

    def narrate(self, state: GameState, seat: int, action_id: str) -> str:
        """An action told in the third person, for replays: "Player 1 plays Snap".
        Labels are said to the chooser ("End your turn"); this names the seat."""
        return f"{seat_name(seat)}: {state.action_label(action_id)}"

    def format_event(self, event: dict[str, Any]) -> str:
        """One (already redacted) log event in words."""
        return " ".join(f"{k}={v}" for k, v in event.items())

    # -- the browser (ossuary.server) -------------------------------------------------
    def web_assets(self) -> Path | None:
        """A folder holding the game's browser board, or None for the server's
        generic board (the view's public facts and the options as buttons).

        The folder holds ``board.js``, an ES module the page imports, and
        optionally ``board.css``; the server serves the folder's files as they
        are, so a board needs no build step. ``docs/server.md`` gives the
        module's interface (what it is passed, what it may call). The default:
        the folder ``web`` in the game's package, if there is one."""
        return self.package_path("web")

    def timeout_action(self, state: GameState) -> str:
        """The option taken for a seat whose turn timer runs out.

        By default the first *passive* option the decision offers (ending the
        turn, passing, declining, stopping: ids ``end``, ``pass``, ``done``,
        ``no``, ``none``), else its first option. A game overrides this when its
        ids differ or another choice suits its rules better."""
        options = state.legal_action_ids()
        if not options:
            raise OssuaryError("no decision is pending: nothing to do on a timeout")
        for passive in PASSIVE_OPTIONS:
            if passive in options:
                return passive
        return options[0]

    # -- research -----------------------------------------------------------------
    def rl_encoder(self, seats: int = 2) -> Encoder:
        """The :class:`Encoder` for ``seats`` players (the class :attr:`encoder_at`
        names). A game without one raises :class:`NotSupported`."""
        if not self.encoder_at:
            raise NotSupported(
                f"{self.title} has no RL encoder yet (docs/rl.md says what one needs)"
            )
        self.check_seats(seats)
        encoder = self.load_part(self.encoder_at, "RL encoder")
        if not (isinstance(encoder, type) and issubclass(encoder, Encoder)):
            raise BrokenGame(f"{self.title}: its RL encoder ({self.encoder_at}) is not an Encoder")
        make = cast(Callable[[int], Encoder], encoder)  # a game's encoder takes the seats
        return make(seats)

    def int_actions(self, state: GameState) -> IntActions:
        """``state`` chosen in integer actions, OpenSpiel's shape
        (:class:`~ossuary.engine.actions.IntActions`: ``legal_action_ints()``,
        ``action_to_string``, ``apply_action_int``), with the ints of this game's
        :class:`Encoder` for the state's seat count (made once per seat count and
        shared). A game without an encoder raises :class:`NotSupported`."""
        seats = state.num_seats()
        cache: dict[int, Encoder] = self.__dict__.setdefault("_encoders", {})
        encoder = cache.get(seats)
        if encoder is None:
            encoder = cache[seats] = self.rl_encoder(seats)
        return IntActions(state, encoder)

    # -- analysis ---------------------------------------------------------------
    def fuzz_decks(self, seed: int, seats: int) -> list[DeckSpec] | None:
        """The decks a fuzz game with ``seed`` plays (None: the default decks);
        games vary them so every card gets played under the checks."""
        return None

    def card_places(self, state: GameState) -> list[CardPlace]:
        """Where every card of ``state`` truly lies, one entry per card id: the
        truth the hidden-information checks judge views and messages against
        (:class:`~ossuary.engine.contract.Sight`). For checks only: an agent or a
        client sees a view, never this."""
        raise NotSupported(f"{self.title} does not say where its cards lie")

    def check_invariants(self, state: GameState, deep: bool = True) -> None:
        """Raise AssertionError if ``state`` breaks one of the game's invariants
        (``deep``: also the costly ones, such as views holding no hidden card).
        The kernel's own (clone, serialization, samples) are checked by
        :mod:`ossuary.fuzz` for every game."""

    # -- simulation statistics (ossuary simulate, report, balance) --------------
    # What the simulator records of every game beyond who won (docs/simulation.md,
    # "For a game's author"). The defaults record nothing, so a game without them
    # still simulates: it gets win rates, lengths and deck win rates, but no
    # per-card play counts and no resources over turns.

    #: the resources followed turn by turn, in the order :meth:`stat_resources`
    #: gives them: Hecatomb's ``("souls", ...)``, a game's health or power
    resources: ClassVar[tuple[str, ...]] = ()

    def stat_turn(self, state: GameState) -> int:
        """The turn in progress, counting from 1 (0 before the first turn, or in
        a game without turns). The simulator samples :meth:`stat_resources` when
        this number changes and reports it as the game's length in turns."""
        return 0

    def stat_resources(self, state: GameState) -> list[list[float]]:
        """Now, for each name in :attr:`resources`, one value per seat."""
        return []

    def stat_cards(self, state: GameState) -> dict[str, list[dict[str, int]]]:
        """What happened to cards over a finished game, read from its log:
        ``{"played": [per seat {card name: times}], "drawn": [...]}``. The
        report computes each card's played win rate from ``played``."""
        return {}

    def random_deck(self, rng: Rng) -> list[str]:
        """A random legal deck drawn from the whole card pool with ``rng``, so
        that card balance can be measured with every card in every company
        (``ossuary simulate --decks random``, ``ossuary balance``)."""
        raise NotSupported(f"{self.title} can't deal random decks")

    def card_groups(self) -> dict[str, str]:
        """Card name -> the family a designer compares it with (Hecatomb: its
        doom). A deck's families name it in reports ("deceit+greed")."""
        return {}


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
