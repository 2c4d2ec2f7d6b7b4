"""Starting a game, rebuilding a saved one, and explaining refusals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.core import Decision
from ..engine.errors import DeckError, OssuaryError
from ..engine.game import check_setup
from ..engine.rng import Rng
from ..engine.untrusted import load_document
from . import deaths as _deaths  # noqa: F401  (registers the kill and death steps)
from . import effects as _effects  # noqa: F401  (registers the ability verbs)
from . import rules, view, words
from . import scorched as _scorched  # noqa: F401  (registers the Scorched Earth step)
from .cards import DECK_SIZE, ZONES, CardDef, deck
from .invariants import check
from .queries import (
    contract_turn_allowed,
    free_slots,
    immune,
    placements,
    trade_slots,
    trio_moves,
    trio_of,
    undying,
)
from .state import (
    CONTRACT_MIN_DECK,
    KIND_LETTER,
    MODES,
    RULES,
    RULESET,
    VERSION,
    DiaboState,
    cards_json,
)

SEATS = tuple(MODES.values())
TITLE = "Diabolicards"


class SavedGameError(OssuaryError):
    """A saved game (``serialize`` text) that cannot be rebuilt."""


def _blank(seats: int) -> DiaboState:
    s = DiaboState()
    s.n = seats
    s.defs = deck()
    s.place = [-1] * DECK_SIZE
    s.ctrl = [-1] * DECK_SIZE
    s.known = [0] * DECK_SIZE
    s.hands = [[] for _ in range(seats)]
    s.contract_last = [False] * seats
    return s


def new_game(
    decks: Sequence[Any] | None = None,
    seats: int = 2,
    seed: int = 0,
    first: int | None = None,
) -> DiaboState:
    """Set up a game (guide THE SETUP) and run to the first decision.

    ``seats``: 2 for 1v1, 4 for 2v2 (seats 0 and 2 share side 0, seats 1 and 3
    side 1; turns go 0, 1, 2, 3, so the sides alternate). ``first``: who
    starts, or None to let the seed choose. There is one shared deck, so
    ``decks`` must be None or empty.
    """
    check_setup(TITLE, SEATS, seats, seed, first)  # seats, seed and first checked: a SetupError
    if decks and any(decks):
        raise DeckError("Diabolicards has one shared 80-card deck: give no deck lists")
    s = _blank(seats)
    s.rng = Rng(seed)
    s.seed = seed
    s.deck = list(range(DECK_SIZE))
    s.rng.shuffle(s.deck)
    chosen = s.rng.below(seats)  # always drawn, so a given first player keeps the shuffle
    s.first = chosen if first is None else first
    rules.start(s)
    s.run()
    return s


# =============================================================================
# Saved games
# =============================================================================
FIELDS: dict[str, type | tuple[type, ...]] = {
    "ruleset": str, "version": str, "cards": list, "n": int, "deck": list, "hands": list,
    "contracts": list, "dead": list, "mat": list, "act": list, "scorch": list, "place": list,
    "ctrl": list, "known": list, "lost": list, "mods": list, "opens": list, "sticks": list,
    "pacts": list, "seen": list, "sealed": list, "endgames": list, "banned": bool,
    "deck_high": bool, "contract_last": list, "doomed": list, "final": list, "extra": int,
    "passes": int, "seq": int, "turn": int, "turn_number": int, "first": int,
    "seed": (int, type(None)), "history": list, "ply": int, "perspective": (int, type(None)),
    "stack": list, "pending": (list, type(None)),
    "rng": int, "log": list, "winner": (int, type(None)),
}  # fmt: skip


def _ints(value: Any, where: str, lo: int = -1, hi: int = DECK_SIZE - 1) -> list[int]:
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi for v in value
    ):
        raise SavedGameError(f"saved game: {where!r} must be a list of numbers {lo} to {hi}")
    return value


def deserialize(text: str) -> DiaboState:
    """Rebuild a state from :meth:`DiaboState.serialize` text, checked: any
    problem is a :class:`SavedGameError` saying what is wrong. The text is read
    by the kernel's bounded loader (size, nesting, numbers)."""
    return load_document(
        text, SavedGameError, "a saved game", _restore, fmt="json", source="saved game"
    )


def _restore(data: dict[str, Any], _source: str) -> DiaboState:
    missing, extra = set(FIELDS) - set(data), set(data) - set(FIELDS)
    if missing or extra:
        raise SavedGameError(
            f"saved game: missing field(s) {sorted(missing)}; unknown field(s) {sorted(extra)}"
        )
    for key, kind in FIELDS.items():
        value = data[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
            raise SavedGameError(f"saved game: field {key!r} has the wrong type")
    if data["ruleset"] != RULESET or data["version"] != VERSION:
        raise SavedGameError(
            f"saved game: made by {data['ruleset']!r} version {data['version']!r}; "
            f"this is {RULESET!r} version {VERSION!r}"
        )
    if data["cards"] != cards_json(deck()):
        raise SavedGameError("saved game: its cards are not this Ossuary's 80-card deck")
    if data["n"] not in SEATS:
        raise SavedGameError("saved game: 'n' must be 2 or 4 seats")
    for key in ("deck", "dead", "lost", "doomed", "final", "contracts", "place", "ctrl", "known"):
        _ints(data[key], key, -1, 2**31)
    try:
        s = DiaboState.from_json(data, deck())
        _check_saved(s)

        check(s, deep=False)
    except SavedGameError:
        raise
    except (AssertionError, KeyError, IndexError, TypeError, ValueError) as exc:
        raise SavedGameError(f"saved game: inconsistent state ({exc})") from None
    return s


def _check_saved(s: DiaboState) -> None:
    """What the invariant check does not cover: shapes, ranges, the step stack."""
    _check_shapes(s)
    for name, *args in s.stack:
        if name not in RULES.steps or not all(
            isinstance(a, int | str | bool) or a is None for a in args
        ):
            raise SavedGameError(f"saved game: unknown step {name!r} on the stack")
    _check_pending(s)
    if not all(isinstance(a, str) for a in s.history) or not all(
        isinstance(e, dict) for e in s.log
    ):
        raise SavedGameError("saved game: history or log is malformed")


def _check_shapes(s: DiaboState) -> None:
    """One entry per seat and per card; the seats named are seats."""
    n = s.n
    if len(s.hands) != n or len(s.contract_last) != n or len(s.contracts) != 4:
        raise SavedGameError("saved game: hands, contracts or seats have the wrong length")
    for key in ("place", "ctrl", "known"):
        if len(getattr(s, key)) != DECK_SIZE:
            raise SavedGameError(f"saved game: {key!r} must have one entry per card")
    if not (0 <= s.turn < n and 0 <= s.first < n) or s.winner not in (None, 0, 1):
        raise SavedGameError("saved game: 'turn', 'first' or 'winner' is not a seat")
    if (s.perspective is not None and not 0 <= s.perspective < n) or s.ply < 0:
        raise SavedGameError("saved game: 'perspective' is not a seat, or 'ply' is negative")


def _check_pending(s: DiaboState) -> None:
    """The decision waited on, if any: a known kind, a seat, options as text."""
    p = s.pending
    if p is None:
        return
    if not isinstance(p, Decision) or p.kind not in RULES.resumes or not 0 <= p.player < s.n:
        raise SavedGameError("saved game: the pending decision is malformed")
    if not p.options or not all(isinstance(o, str) for o in p.options):
        raise SavedGameError("saved game: the pending decision has no options")


# =============================================================================
# Why an action is refused
# =============================================================================
def explain_illegal(s: DiaboState, aid: str) -> tuple[str, str]:
    """Why an action is not legal now, and which rule says so."""
    pending = s.pending
    assert pending is not None
    kind, seat = pending.kind, pending.player
    verb, _, rest = aid.partition(" ")
    parts = rest.split()
    nums = [int(x) for x in parts if x.isdigit()]
    legal = ", ".join(pending.options)
    generic = (s.not_an_option(aid), "")
    if kind == "turn":
        return _why_not_turn(s, seat, verb, parts, nums) or generic
    if kind in ("kill", "pick", "influence", "swap", "pact", "redeploy") and nums:
        c = nums[0]
        if not 0 <= c < DECK_SIZE:
            return f"there is no card {c}", "THE CARD"
        name = s.defs[c].name
        if s.place[c] < 0:
            return f"{name} is not on the mat", "THE ABILITIES"
        if s.defs[c].scorched or immune(s, c):
            return (
                f"{name} is immune: only Scorched Earth touches an activated Diabolical, "
                "and no ability touches Scorched Earth",
                "THE IMMUNITY; THE LAST TWO",
            )
        if kind == "kill" and undying(s, c):
            return f"{name} can't die until all four copies are on the mat", "Why Copy"
        return (
            f"{name} is not a card this ability may pick: an ability acts in its own "
            f"zone, on the side and kind of card its text names; legal: {legal}",
            "THE ABILITIES",
        )
    if kind == "kill" and aid == "done":
        return "this ability must kill exactly that many if it can", "THE ABILITIES (card text)"
    if kind == "mode" and nums:
        return (
            "one side's two Scorched Earth cards can't make the same Endgame choice",
            "THE HOW DARE YOU SCENARIO",
        )
    if kind == "give" and nums:
        c = nums[0]
        if 0 <= c < DECK_SIZE and not s.defs[c].eligible:
            return (
                f"{s.defs[c].name} can't be traded into the contracts (Scorched Earth and "
                "the Diabolicals are not contract eligible)",
                "THE CONTRACTS",
            )
        if 0 <= c < DECK_SIZE and c == pending.ctx[1]:
            return "you can't put back the card you just took", "THE CONTRACT TRADE"
        return f"card {c} is not in your hand", "THE CONTRACT TRADE"
    return generic


Why = tuple[str, str]


def _wrong_slot(d: CardDef, zone: int, kind: int) -> str:
    """Why a card can't go in that slot kind of that zone (THE SLOTS)."""
    if d.scorched:
        return "Scorched Earth cards take no slot: they go around a zone's name (s)"
    if kind == 1 and not d.diabolical:
        return "only a Diabolical may go in a Diabolical activation slot"
    if kind == 1:
        return "that zone's activation slot is taken"
    if kind == 2:
        return "only Scorched Earth cards go around the zone's name"
    return f"{ZONES[zone]} has no empty slot on your side"


def _why_not_place(s: DiaboState, seat: int, parts: list[str], nums: list[int]) -> Why | None:
    """``play <card> <zone> <slot>``: the card in hand, a real place, a zone
    not sealed, a slot the card may take."""
    c, zone = nums
    if c not in s.hands[seat]:
        return f"card {c} is not in your hand", "THE USUAL TURN"
    d = s.defs[c]
    if not 0 <= zone < 3 or parts[2] not in KIND_LETTER:
        return "a place is a zone 0-2 and a slot r, a or s", "THE LAYOUT"
    if s.sealed[zone]:
        return (
            f"{ZONES[zone]} is sealed for both sides for the rest of the game",
            "THE SCORCH THE EARTH SCENARIO",
        )
    kind = KIND_LETTER.index(parts[2])
    if (zone, kind) not in placements(s, seat % 2, d):
        return _wrong_slot(d, zone, kind), "THE SLOTS"
    return None


def _why_not_play(s: DiaboState, seat: int, parts: list[str], nums: list[int]) -> Why | None:
    """A Usual Turn's play: the place named, then any room on your side at all."""
    if len(parts) == 3 and len(nums) == 2:
        why = _why_not_place(s, seat, parts, nums)
        if why is not None:
            return why
    if not any(free_slots(s, seat % 2, z) for z in range(3)):
        return "no zone of yours has an empty slot", "THE SLOTS"
    return None


def _why_not_contract(s: DiaboState, seat: int, verb: str, nums: list[int]) -> Why | None:
    """A contract turn (trade or purge): the deck big enough, no ban, not two
    in a row; a trade also needs a card to put back and a tradeable slot."""
    if len(s.deck) < CONTRACT_MIN_DECK:
        return "contract turns need 10 or more cards in the main deck", "THE CONTRACTS"
    if s.banned:
        return (
            "contract turns are banned for the rest of the game (the deck dropped "
            "below 10) unless Rewind lifts the ban",
            "THE CONTRACTS",
        )
    if s.contract_last[seat]:
        return (
            "your last turn was a contract turn: this one must be a Usual Turn",
            "THE TURNS",
        )
    assert contract_turn_allowed(s, seat)
    if verb != "trade":
        return None
    if not any(s.defs[c].eligible for c in s.hands[seat]):
        return "you have no contract-eligible card to put back", "THE CONTRACT TRADE"
    if nums and 0 <= nums[0] < 4 and nums[0] not in trade_slots(s, seat):
        return (
            "that contract slot is empty or holds a card that can't be traded "
            "(Scorched Earth, a Diabolical): a contract freeze needs a purge",
            "THE CONTRACTS",
        )
    return None


def _why_not_trio(s: DiaboState, seat: int, nums: list[int]) -> Why | None:
    """A Why Stick trio move: a trio, a card to draw, room for the move."""
    if trio_of(s, seat) is None:
        return "you control no Why Stick trio", "Why Stick"
    if not s.deck:
        return "a trio move is a Usual Turn and needs a card to draw", "rules notes"
    if nums and nums[0] not in trio_moves(s, seat):
        return "the trio needs room for each card in that zone, and must leave its own", (
            "Why Stick"
        )
    return None


def _why_not_turn(
    s: DiaboState, seat: int, verb: str, parts: list[str], nums: list[int]
) -> Why | None:
    """Why a turn's action is refused, by its verb: a play, a contract turn
    (trade or purge), a trio move; None when none of these says why."""
    if verb == "play":
        return _why_not_play(s, seat, parts, nums)
    if verb in ("trade", "purge"):
        return _why_not_contract(s, seat, verb, nums)
    if verb == "trio":
        return _why_not_trio(s, seat, nums)
    return None


# the one place the rules are bound: the state's behaviours (engine/rules.py)
RULES.bind_parts(view, words, explain_illegal)
