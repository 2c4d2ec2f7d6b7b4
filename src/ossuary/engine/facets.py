"""The facets of a game: what only some front ends ask of it, with defaults.

A :class:`~ossuary.engine.game.Game` keeps a game's identity and rules. What
the front ends ask beyond that is split by concern into facets, one kernel
base class each, whose defaults let a game start with none of them and grow
into each (a default that can't answer raises :class:`NotSupported`):

========================  ==============================================
``game.cards``            :class:`Cards`: the catalogue, its table, search and filters
``game.decks``            :class:`Decks`: preconstructed decks, deck lists, random decks
``game.terminal``         :class:`Terminal`: the terminal's board and words
``game.client``           :class:`Client`: what a client may do for its person
``game.browser``          :class:`Browser`: the browser's board
``game.statistics``       :class:`Statistics`: what the simulator records
``game.checks``           :class:`Checks`: invariants, where cards lie, fuzz decks
``game.research``         :class:`Research`: the RL encoder, integer actions
``game.lessons``          :class:`Lessons`: the lesson, its checks, the glossary
========================  ==============================================

A game names its own subclass of a facet by a string on its ``Game``
(``cards_at = ".facets:HecatombCards"``, relative to the game's package); the
class is imported by the registry's wholeness check and made, once, the
first time a front end asks for it. Each facet is made with the game it
belongs to (:attr:`Facet.game`), so its methods can name the game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .actions import IntActions
from .contract import CardPlace
from .core import GameState
from .encoder import Encoder
from .errors import BrokenGame, NotSupported, OssuaryError
from .names import asked, seat_name
from .rng import Rng

CardRecord = dict[str, Any]
DeckSpec = list[str] | str  # card names, or a preconstructed deck's name
#: a check of one claim a lesson's step makes (:mod:`ossuary.tutorial`): given
#: the game when the step was shown, the action the learner took, the game now
#: (asked again after every later action until it answers) and the words after
#: the check's name in the step ("costs 2": ("2",)): True, the engine did what
#: the text says; False, it did otherwise; None, not settled yet
LessonClaim = Callable[[GameState, str, GameState, Sequence[str]], bool | None]
#: a condition a lesson's step may hold under, read from the learner's view:
#: None when it does not hold, else the words the step's ``{when}`` stands for
LessonCondition = Callable[[Mapping[str, Any]], str | None]

#: option ids that change nothing but the clock, taken first when a timer runs out
PASSIVE_OPTIONS = ("end", "pass", "done", "no", "none")


class GameIdentity(Protocol):
    """What a facet may ask of its game (a :class:`~ossuary.engine.game.Game`)."""

    @property
    def title(self) -> str: ...

    @property
    def encoder_at(self) -> str: ...

    @property
    def lesson_at(self) -> str: ...

    def package_path(self, name: str) -> Path | None: ...

    def load_part(self, where: str, what: str) -> object: ...

    def check_seats(self, seats: int) -> None: ...


class Facet:
    """One concern of a game, made with the game it belongs to."""

    def __init__(self, game: GameIdentity) -> None:
        self.game = game

    @property
    def title(self) -> str:
        """The game's title, for the facet's messages."""
        return self.game.title


#: a game's card definition (its ``CardDef``)
Card = TypeVar("Card")


class Cards(Facet, Generic[Card]):
    """The card catalogue (``ossuary cards``, the card pages, the terminal's
    ``card`` command). Card records are plain JSON-ready dicts: every game's has
    at least ``name``, ``type`` and ``text``; the rest are the game's own fields
    (``doom`` and ``cost`` in Hecatomb, ``group`` and ``power`` in Diabolicards)."""

    #: what ``ossuary cards --FIELD VALUE`` accepts: field -> help text
    filters: ClassVar[Mapping[str, str]] = {}

    def __init__(self, game: GameIdentity) -> None:
        super().__init__(game)
        #: the card definitions the records handed out were made from, by the
        #: record's name (or the field a game names its records by, where two
        #: cards share a name): a game's :meth:`records` fills it, so that
        #: :meth:`cells`, :meth:`matches` and :meth:`detail` read the card itself
        self.made_from: dict[str, Card] = {}

    def records(self, card_file: Path | None = None) -> list[CardRecord]:
        """Every card, in catalogue order (or those of a card file of the user's,
        checked with the same errors as the base set)."""
        raise NotSupported(f"{self.title} has no card list")

    def record(self, name: str) -> CardRecord | None:
        """The record of the card called ``name`` (case-insensitive), or None; the
        terminal shows a visible card in full with it (:meth:`detail`)."""
        want = name.strip().lower()
        return next((r for r in self.records() if str(r["name"]).lower() == want), None)

    def detail(self, record: CardRecord) -> Any:
        """One card in full, as a rich renderable (the terminal's card panel)."""
        raise NotSupported(f"{self.title} cards can't be shown in full yet")

    def columns(self) -> list[tuple[str, str]]:
        """(record field, column heading) pairs for the card table."""
        return [("name", "Name"), ("type", "Type"), ("text", "Text")]

    def cells(self, record: CardRecord) -> dict[str, str]:
        """Extra table cells computed from a record (fields not in the record)."""
        return {}

    def search_text(self, record: CardRecord) -> str:
        """What free-text search looks in: by default every text field."""
        return " ".join(
            str(v) for v in record.values() if isinstance(v, str | int) and not isinstance(v, bool)
        )

    def matches(self, record: CardRecord, field: str, value: str) -> bool:
        """Whether ``record`` passes the filter ``--field value``. The default
        compares case-insensitively; games override it for ranges (cost 2-4)."""
        have = record.get(field)
        want = value.strip().lower()
        if isinstance(have, list | tuple):
            return any(str(v).lower() == want for v in have)
        return str(have).lower() == want

    def values(self, field: str) -> list[str]:
        """The values worth offering for the card filter ``field`` (a gallery's
        menus), each one :meth:`matches` accepts: by default every value the
        cards hold in that field (the items of a list), numbers in order. Games
        override it for filters that are no field of the record (keywords)."""
        seen: dict[str, int | str] = {}
        for record in self.records():
            value = record.get(field)
            for v in value if isinstance(value, list | tuple) else [value]:
                if isinstance(v, str | int) and not isinstance(v, bool) and str(v).strip():
                    seen.setdefault(str(v).lower(), v)
        numbers = sorted(str(v) for v in seen.values() if isinstance(v, int))
        numbers.sort(key=int)
        words = sorted(str(v) for v in seen.values() if not isinstance(v, int))
        return numbers + words

    def groups(self) -> dict[str, str]:
        """Card name -> the family a designer compares it with (Hecatomb: its
        doom). A deck's families name it in reports ("deceit+greed")."""
        return {}


class Decks(Facet):
    """Deck lists: the decks shipped with the game, reading and writing lists."""

    def preconstructed(self) -> dict[str, list[str]]:
        """The decks shipped with the game: name -> card names."""
        return {}

    def about(self, name: str) -> str:
        """One line about a preconstructed deck."""
        return ""

    def defaults(self, seats: int) -> list[DeckSpec]:
        """The deck of every seat whose deck the player did not choose: by default
        the preconstructed decks in turn."""
        names = list(self.preconstructed())
        if not names:
            raise NotSupported(f"{self.title} has no preconstructed decks; give every seat one")
        return [names[i % len(names)] for i in range(seats)]

    def parse(self, text: str, source: str = "deck") -> list[str]:
        """A deck list from text, checked against the deck rules; every problem
        is reported at once in one :class:`~ossuary.engine.errors.DeckError`."""
        raise NotSupported(f"{self.title} has no deck lists")

    def read(self, text: str, source: str = "deck") -> tuple[list[str], list[str]]:
        """A deck list read as far as it can be, for a deck still being built:
        ``(cards, problems)``, the problems being every way the cards break the
        deck rules (empty: a legal deck), worded as :meth:`parse` words them.
        Lines that can't be read (unknown cards, bad counts) raise one
        :class:`~ossuary.engine.errors.DeckError` listing them all.

        The default reads only legal decks (its ``problems`` are always empty);
        a game with deck lists overrides it so that drafts can be kept."""
        return self.parse(text, source), []

    def format(self, cards: Sequence[str], title: str = "") -> str:
        """A deck list as text that :meth:`parse` reads back."""
        raise NotSupported(f"{self.title} has no deck lists")

    def summary(self, cards: Sequence[str]) -> Any:
        """A short rich renderable about a legal deck (counts, curve): a game's
        own is a :meth:`summary_table` of its rows."""
        return f"{len(cards)} cards"

    @staticmethod
    def summary_table(rows: Sequence[tuple[str, str]]) -> Any:
        """The deck summary's shape in every game: a bold label, then its words."""
        table = Table(show_header=False, box=None, pad_edge=False)
        table.add_column(style="bold")
        table.add_column()
        for label, words in rows:
            table.add_row(label, words)
        return table

    @staticmethod
    def card_count(cards: Sequence[object]) -> str:
        """The summary's "Cards" words: how many, and how many different."""
        return f"{len(cards)} ({len(set(cards))} different)"

    @staticmethod
    def curve(costs: Sequence[int], top: int) -> str:
        """The cost curve as bars, one per cost that occurs, costs of ``top``
        or more in one bar marked ``top+``: ``1:███  2:█████  6+:█``."""
        counts = Counter(min(cost, top) for cost in costs)
        return "  ".join(
            f"{c}{'+' if c == top else ''}:{'█' * counts[c]}" for c in range(top + 1) if counts[c]
        )

    def random(self, rng: Rng) -> list[str]:
        """A random legal deck drawn from the whole card pool with ``rng``, so
        that card balance can be measured with every card in every company
        (``ossuary simulate --decks random``, ``ossuary balance``)."""
        raise NotSupported(f"{self.title} can't deal random decks")


def hand_table(
    hand: Sequence[Mapping[str, Any] | None],
    columns: Sequence[str],
    row: Callable[[Mapping[str, Any]], Sequence[RenderableType]],
    right: str = "",
) -> Table:
    """A seat's hand for a terminal board: one row a card (``row(card)``, one
    cell a column, ``right`` the column aligned right), a card the viewer may
    not see as "(hidden)"."""
    table = Table(box=box.SIMPLE, show_edge=False, pad_edge=False)
    for column in columns:
        table.add_column(column, justify="right" if column == right else "left")
    for card in hand:
        if card is None:
            table.add_row("(hidden)", *("" for _ in columns[1:]))
        else:
            table.add_row(*row(card))
    return table


def with_question(parts: list[RenderableType], view: Mapping[str, Any]) -> Group:
    """A terminal board's parts, then who is asked what (in bold), if anyone is."""
    question = asked(view)
    if question is not None:
        parts.append(Text(question, style="bold"))
    return Group(*parts)


class Terminal(Facet):
    """The terminal's board and the game told in words (play, replays, help)."""

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

    def render_board(
        self, view: dict[str, Any], me: int | None = None, me_label: str = "you"
    ) -> Any:
        """The board as ``me`` sees it (a rich renderable), from the view only;
        ``me_label`` says whose hand is shown ("you", "hand shown")."""
        raise NotSupported(f"{self.title} has no terminal board yet")

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

    #: what the default :meth:`legend` gives
    legend_lines: ClassVar[Sequence[str]] = ()

    def legend(self) -> list[str]:
        """Lines that explain the board's marks and abbreviations (the terminal's
        help); by default :attr:`legend_lines`."""
        return list(self.legend_lines)

    def visible_cards(self, view: dict[str, Any]) -> list[tuple[str, list[str]]]:
        """(where, card names) for every card the seat of ``view`` can see: its
        hand, the board, graveyards... (the terminal's ``card`` command)."""
        return []

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


class Client(Facet):
    """What a client (the terminal, the browser, the server's clocks) may do for
    the person at it: pass for them, offer a way back, act when time runs out."""

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


class Browser(Facet):
    """The game in the browser (:mod:`ossuary.server`)."""

    def assets(self) -> Path | None:
        """A folder holding the game's browser board, or None for the server's
        generic board (the view's public facts and the options as buttons).

        The folder holds ``board.js``, an ES module the page imports, and
        optionally ``board.css``; the server serves the folder's files as they
        are, so a board needs no build step. ``docs/server.md`` gives the
        module's interface (what it is passed, what it may call). The default:
        the folder ``web`` in the game's package, if there is one."""
        return self.game.package_path("web")


class Statistics(Facet):
    """What the simulator records of every game beyond who won (``ossuary
    simulate``, ``report``, ``balance``; docs/simulation.md, "For a game's
    author"). The defaults record nothing, so a game without them still
    simulates: it gets win rates, lengths and deck win rates, but no per-card
    play counts and no resources over turns."""

    #: the resources followed turn by turn, in the order :meth:`resource_values`
    #: gives them: Hecatomb's ``("souls", ...)``, a game's health or power
    resources: ClassVar[tuple[str, ...]] = ()

    def turn(self, state: GameState) -> int:
        """The turn in progress, counting from 1 (0 before the first turn, or in
        a game without turns). The simulator samples :meth:`resource_values` when
        this number changes and reports it as the game's length in turns. By
        default the state's ``turn_number``, 0 where it has none."""
        return int(getattr(state, "turn_number", 0))

    def resource_values(self, state: GameState) -> list[list[float]]:
        """Now, for each name in :attr:`resources`, one value per seat."""
        return []

    def card_counts(self, state: GameState) -> dict[str, list[dict[str, int]]]:
        """What happened to cards over a finished game, read from its log:
        ``{"played": [per seat {card name: times}], "drawn": [...]}``. The
        report computes each card's played win rate from ``played``."""
        return {}

    @staticmethod
    def no_counts(seats: int) -> dict[str, list[dict[str, int]]]:
        """:meth:`card_counts`' shape with nothing counted yet, for a game to fill."""
        return {"played": [{} for _ in range(seats)], "drawn": [{} for _ in range(seats)]}


class Checks(Facet):
    """What the fuzzer and the hidden-information checks ask of a game.

    A game that states its legal position in one module (``invariants_at``,
    relative to its package: ``".invariants"``) gives there ``check(state,
    deep)`` and ``card_places(state)``, and the defaults call them."""

    #: the module of the game's legal position ("" for none)
    invariants_at: ClassVar[str] = ""

    def __init__(self, game: GameIdentity) -> None:
        super().__init__(game)
        self._parts: dict[str, Callable[..., Any]] = {}  # loaded once: the fuzzer asks often

    def _legal(self, name: str) -> Callable[..., Any]:
        part = self._parts.get(name)
        if part is None:
            where = f"{self.invariants_at}:{name}"
            part = cast("Callable[..., Any]", self.game.load_part(where, "legal position"))
            self._parts[name] = part
        return part

    def fuzz_decks(self, seed: int, seats: int) -> list[DeckSpec] | None:
        """The decks a fuzz game with ``seed`` plays (None: the default decks);
        games vary them so every card gets played under the checks."""
        return None

    def card_places(self, state: GameState) -> list[CardPlace]:
        """Where every card of ``state`` truly lies, one entry per card id: the
        truth the hidden-information checks judge views and messages against
        (:class:`~ossuary.engine.contract.Sight`). For checks only: an agent or a
        client sees a view, never this."""
        if not self.invariants_at:
            raise NotSupported(f"{self.title} does not say where its cards lie")
        return cast("list[CardPlace]", self._legal("card_places")(state))

    def invariants(self, state: GameState, deep: bool = True) -> None:
        """Raise AssertionError if ``state`` breaks one of the game's invariants
        (``deep``: also the costly ones, such as views holding no hidden card).
        The kernel's own (clone, serialization, samples) are checked by
        :mod:`ossuary.fuzz` for every game."""
        if self.invariants_at:
            self._legal("check")(state, deep)


class Research(Facet):
    """The game for machine learning (:mod:`ossuary.rl`, :mod:`ossuary.learn`):
    its RL :class:`Encoder`, named by the game's ``encoder_at`` and imported
    the first time one is asked for (the encoders need numpy, which playing
    does not)."""

    def __init__(self, game: GameIdentity) -> None:
        super().__init__(game)
        self._encoders: dict[int, Encoder] = {}

    def encoder(self, seats: int = 2) -> Encoder:
        """The :class:`Encoder` for ``seats`` players (the class the game's
        ``encoder_at`` names). A game without one raises :class:`NotSupported`."""
        where = self.game.encoder_at
        if not where:
            raise NotSupported(
                f"{self.title} has no RL encoder yet (docs/rl.md says what one needs)"
            )
        self.game.check_seats(seats)
        encoder = self.game.load_part(where, "RL encoder")
        if not (isinstance(encoder, type) and issubclass(encoder, Encoder)):
            raise BrokenGame(f"{self.title}: its RL encoder ({where}) is not an Encoder")
        make = cast(Callable[[int], Encoder], encoder)  # a game's encoder takes the seats
        return make(seats)

    def int_actions(self, state: GameState) -> IntActions:
        """``state`` chosen in integer actions, OpenSpiel's shape
        (:class:`~ossuary.engine.actions.IntActions`: ``legal_action_ints()``,
        ``action_to_string``, ``apply_action_int``), with the ints of this game's
        :class:`Encoder` for the state's seat count (made once per seat count and
        shared). A game without an encoder raises :class:`NotSupported`."""
        seats = state.num_seats()
        encoder = self._encoders.get(seats)
        if encoder is None:
            encoder = self._encoders[seats] = self.encoder(seats)
        return IntActions(state, encoder)


class Lessons(Facet):
    """How the game is taught: its lesson (:mod:`ossuary.tutorial`), the checks
    of what the lesson's steps say, and the glossary of its terms."""

    def text(self) -> str | None:
        """The game's lesson as TOML text (``learn.toml`` in its package):
        how to play and how to win in our own words, and the guided first game
        (:mod:`ossuary.tutorial` reads and checks it). None: no lesson yet.
        The default reads ``learn.toml`` in the game's package, if there is one."""
        path = self.game.package_path("learn.toml")
        return None if path is None else path.read_text("utf-8")

    def claims(self) -> Mapping[str, LessonClaim]:
        """The checks a lesson's steps name in ``claims``: each says whether the
        engine did what a sentence of the step says (the lesson walk test runs
        them). The lesson file names them; only the game knows how to check.
        The default: ``CLAIMS`` of the module the game's ``lesson_at`` names
        (an :class:`~ossuary.engine.lesson.Claims`)."""
        return cast("Mapping[str, LessonClaim]", self._checks("CLAIMS"))

    def conditions(self) -> Mapping[str, LessonCondition]:
        """The conditions a lesson's steps name in ``when`` (a step that holds
        only near the end of the game, say), read from the learner's view.
        The default: ``CONDITIONS`` of the module the game's ``lesson_at``
        names, condition name -> its function."""
        return cast("Mapping[str, LessonCondition]", self._checks("CONDITIONS"))

    def _checks(self, name: str) -> Mapping[str, object]:
        """The table ``name`` of the game's lesson module (none without one)."""
        if not self.game.lesson_at:
            return {}
        where = f"{self.game.lesson_at}:{name}"
        found = self.game.load_part(where, "lesson checks")
        if not isinstance(found, Mapping):
            raise BrokenGame(f"{self.title}: its lesson checks ({where}) are not a table")
        return found

    #: what the default :meth:`glossary` gives
    glossary_terms: ClassVar[Sequence[tuple[str, str]]] = ()

    def glossary(self) -> list[tuple[str, str]]:
        """(term, explanation in our own words) for every keyword and rule term
        (``ossuary rules``, and ``rules`` during play). Never rulebook sentences.
        By default :attr:`glossary_terms`."""
        return list(self.glossary_terms)


#: every facet a game has: its attribute on ``Game``, and the kernel's base class
FACETS: dict[str, type[Facet]] = {
    "cards": Cards,
    "decks": Decks,
    "terminal": Terminal,
    "client": Client,
    "browser": Browser,
    "statistics": Statistics,
    "checks": Checks,
    "research": Research,
    "lessons": Lessons,
}
