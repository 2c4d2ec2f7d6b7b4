"""Scenarios: a TOML text that sets up any Diabolicards position
(``docs/diabolicards-scenarios.md``). Rules tests, puzzles and bug reports all
use it::

    [game]
    mode = "1v1"                 # or "2v2"
    turn = 0                     # whose turn comes up
    deck = ["Razor", "Blink"]    # top first; the other cards go under them
    contracts = ["Viper", "Dale"]

    [[seat]]
    hand = ["Dominique"]

    [[seat]]
    hand = ["Vanessa"]

    [[side]]
    the_gang_hideout = ["Knuckles"]

    [[side]]
    the_gang_hideout = ["Blink", { card = "Aegis", power = 0 }]
    activation = { vask_tower = "Empress" }

Strict: an unknown key, a wrong type, an unknown card, a card named twice or
a card in a slot that can't hold it is a :class:`ScenarioError` that names it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError

from ..engine.errors import ScenarioError
from ..engine.rng import Rng
from ..engine.untrusted import load_document
from .cards import DECK_SIZE, ZONES, Effect, by_name
from .game import _blank
from .mat import ALL_SEATS, add_mod, set_down
from .queries import immune, matches, works_here
from .state import ACTIVATION, MODES, REGULAR, SCORCH, SLOTS, DiaboState, at

ZONE_KEYS = ("vask_tower", "the_gang_hideout", "havenvale_campus")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Placed(_Strict):
    """A card on the mat with more to say than its name."""

    card: StrictStr
    seat: StrictInt | None = None  # who controls it (default: its side's first seat)
    power: Literal[0, 8] | None = None  # a lasting boost or hinder already on it


Entry = Annotated[StrictStr | Placed, Field(union_mode="left_to_right")]


class SideSpec(_Strict):
    vask_tower: list[Entry] = Field(default_factory=list, max_length=SLOTS)
    the_gang_hideout: list[Entry] = Field(default_factory=list, max_length=SLOTS)
    havenvale_campus: list[Entry] = Field(default_factory=list, max_length=SLOTS)
    activation: dict[Literal["vask_tower", "the_gang_hideout", "havenvale_campus"], Entry] = Field(
        default_factory=dict
    )
    scorched: dict[Literal["vask_tower", "the_gang_hideout", "havenvale_campus"], list[Entry]] = (
        Field(default_factory=dict)
    )
    endgames: list[Annotated[StrictInt, Field(ge=0, le=3)]] = Field(default_factory=list)


class SeatSpec(_Strict):
    hand: list[StrictStr] = Field(default_factory=list)
    contract_last: StrictBool = False


class GameSpec(_Strict):
    mode: Literal["1v1", "2v2"] = "1v1"
    turn: StrictInt = 0
    first: StrictInt | None = None
    turn_number: Annotated[StrictInt, Field(ge=0)] = 0
    seed: StrictInt = 0
    deck: list[StrictStr] = Field(default_factory=list)
    rest: Literal["deck", "dead"] = "deck"
    contracts: list[StrictStr] = Field(default_factory=list, max_length=4)
    dead: list[StrictStr] = Field(default_factory=list)
    lost: list[StrictStr] = Field(default_factory=list)
    fresh: list[StrictStr] = Field(default_factory=list)
    banned: StrictBool = False
    sealed: list[Literal["Vask Tower", "The Gang Hideout", "Havenvale Campus"]] = Field(
        default_factory=list
    )
    why_stick: list[Annotated[list[StrictStr], Field(min_length=3, max_length=3)]] = Field(
        default_factory=list
    )
    doom_pacts: list[Annotated[list[StrictStr], Field(min_length=2, max_length=2)]] = Field(
        default_factory=list
    )
    why_see: list[StrictInt] = Field(default_factory=list)
    extra_turns: Annotated[StrictInt, Field(ge=0, le=8)] = 0


class Scenario(_Strict):
    game: GameSpec = GameSpec()
    seat: list[SeatSpec] = Field(default_factory=list, max_length=4)
    side: list[SideSpec] = Field(default_factory=list, max_length=2)


def _problems(exc: ValidationError) -> str:
    out = []
    for err in exc.errors(include_url=False):
        loc = ".".join(str(p) for p in err["loc"] if not str(p)[:1].isupper())
        loc = loc.replace("str.", "").replace("function-after[", "")
        msg = "unknown key (a typo?)" if err["type"] == "extra_forbidden" else err["msg"]
        out.append(f"'{loc}': {msg}" if loc else msg)
    return "; ".join(dict.fromkeys(out))


def load_scenario(text: str | Path) -> DiaboState:
    """Build the position a scenario describes and run to its first decision."""
    source = str(text) if isinstance(text, Path) else "scenario"
    return load_document(text, ScenarioError, "a scenario", _checked, source=source)


def _checked(data: dict[str, Any], source: str) -> DiaboState:
    try:
        spec = Scenario.model_validate(data)
    except ValidationError as exc:
        raise ScenarioError(f"{source}: {_problems(exc)}") from None
    return _build(spec, source)


def _build(spec: Scenario, source: str) -> DiaboState:
    g = spec.game
    n = MODES[g.mode]
    _check_seats(spec, n, source)
    names = by_name()
    s = _blank(n)
    index = {d.name: i for i, d in enumerate(s.defs)}
    s.rng = Rng(g.seed)
    s.seed = g.seed
    s.turn = g.turn
    s.first = g.turn if g.first is None else g.first
    s.turn_number = g.turn_number
    s.banned = g.banned
    used: set[int] = set()

    def card(name: str, where: str) -> int:
        if name not in names:
            raise ScenarioError(f"{source}: {where}: unknown card {name!r}")
        cid = index[name]
        if cid in used:
            raise ScenarioError(f"{source}: {where}: {name!r} is listed twice (names are unique)")
        used.add(cid)
        return cid

    _off_mat(s, spec, card)
    powers: list[tuple[int, int]] = []
    for side, sd in enumerate(spec.side):
        _place_side(s, side, sd, card, powers, source)
    _deck(s, g, card, used)
    _lasting(s, g.lost, g.fresh, names, source)
    for c, value in powers:
        add_mod(s, c, c, value, "P")
    _bonds(s, g, index, source)
    s.extra = g.extra_turns
    s.turn_number = max(0, g.turn_number)
    s.push("begin", s.turn)
    s.run()
    return s


def _check_seats(spec: Scenario, n: int, source: str) -> None:
    """No more [[seat]] tables than the mode seats; the turn and the first seat are seats."""
    g = spec.game
    if len(spec.seat) > n:
        raise ScenarioError(f"{source}: {len(spec.seat)} [[seat]] tables for {g.mode} ({n} seats)")
    for key, value in (("turn", g.turn), ("first", g.first)):
        if value is not None and not 0 <= value < n:
            raise ScenarioError(f"{source}: game.{key} must be a seat from 0 to {n - 1}")


def _off_mat(s: DiaboState, spec: Scenario, card: Callable[[str, str], int]) -> None:
    """The hands (known to their seat), the contracts and the dead pile (known
    to all), and the sealed zones."""
    g = spec.game
    for p, seat in enumerate(spec.seat):
        for name in seat.hand:
            cid = card(name, f"seat {p} hand")
            s.hands[p].append(cid)
            s.known[cid] = 1 << p
        s.contract_last[p] = seat.contract_last
    for k, name in enumerate(g.contracts):
        if name:
            cid = card(name, "game.contracts")
            s.contracts[k] = cid
            s.known[cid] = ALL_SEATS
    s.dead = [card(name, "game.dead") for name in g.dead]
    for z, zname in enumerate(ZONES):
        if zname in g.sealed:
            s.sealed[z] = True


def _deck(s: DiaboState, g: GameSpec, card: Callable[[str, str], int], used: set[int]) -> None:
    """The deck: the cards listed, top first, over the rest shuffled (or the
    rest to the dead pile)."""
    top_first = [card(name, "game.deck") for name in g.deck]
    rest = [c for c in range(DECK_SIZE) if c not in used]
    if g.rest == "dead":
        s.dead += rest
    else:
        s.rng.shuffle(rest)
        s.deck = rest
    s.deck += top_first[::-1]
    s.deck_high = len(s.deck) >= 10


def _bonds(s: DiaboState, g: GameSpec, index: dict[str, int], source: str) -> None:
    """Why Stick trios and Doom Pacts between cards on the mat; the seats that
    have seen the other side's hand (Why See)."""
    for bond, key in ((g.why_stick, "why_stick"), (g.doom_pacts, "doom_pacts")):
        for names_ in bond:
            cids = [index.get(x, -1) for x in names_]
            if any(c < 0 or s.place[c] < 0 for c in cids):
                raise ScenarioError(f"{source}: game.{key}: {names_} must all be on the mat")
            if key == "why_stick":
                s.sticks.append((cids[0], cids[1], cids[2]))
            else:
                s.pacts.append((cids[0], cids[1]))
    for w in g.why_see:
        if not 0 <= w < s.n:
            raise ScenarioError(f"{source}: game.why_see: {w} is not a seat")
        s.seen.append((w, 1 - w % 2))


def _place_side(
    s: DiaboState,
    side: int,
    sd: SideSpec,
    card: Any,
    powers: list[tuple[int, int]],
    source: str,
) -> None:
    first_seat = side

    def put(entry: str | Placed, zone: int, kind: int, where: str) -> None:
        name = entry if isinstance(entry, str) else entry.card
        cid = card(name, where)
        d = s.defs[cid]
        seat = first_seat if isinstance(entry, str) or entry.seat is None else entry.seat
        if not 0 <= seat < s.n or seat % 2 != side:
            raise ScenarioError(f"{source}: {where}: seat {seat} does not sit on side {side}")
        if s.sealed[zone]:
            raise ScenarioError(f"{source}: {where}: {ZONES[zone]} is sealed and must be empty")
        if d.scorched != (kind == SCORCH):
            raise ScenarioError(
                f"{source}: {where}: {name!r} "
                + ("goes in 'scorched'" if d.scorched else "is not a Scorched Earth card")
            )
        if kind == ACTIVATION and not d.diabolical:
            raise ScenarioError(f"{source}: {where}: only a Diabolical fits an activation slot")
        set_down(s, seat, side, cid, zone, kind)
        if not isinstance(entry, str) and entry.power is not None:
            powers.append((cid, entry.power))

    activation: dict[str, str | Placed] = {str(k): v for k, v in sd.activation.items()}
    scorched: dict[str, list[str | Placed]] = {str(k): v for k, v in sd.scorched.items()}
    for zone, key in enumerate(ZONE_KEYS):
        for entry in getattr(sd, key):
            put(entry, zone, REGULAR, f"side {side} {key}")
        if key in activation:
            put(activation[key], zone, ACTIVATION, f"side {side} activation.{key}")
        for entry in scorched.get(key, []):
            put(entry, zone, SCORCH, f"side {side} scorched.{key}")
    s.endgames[side] = list(sd.endgames)


def _lasting(
    s: DiaboState, lost: list[str], fresh: list[str], names: dict[str, Any], source: str
) -> None:
    """One-time abilities of cards on the mat were used when they were placed
    (lost), unless listed in ``fresh``; cards in ``lost`` lose theirs. Lasting
    boosts and hinders take the cards already there, in reading order; Love
    dates from loading."""
    index = {d.name: i for i, d in enumerate(s.defs)}
    for key, group in (("lost", lost), ("fresh", fresh)):
        for name in group:
            if name not in index:
                raise ScenarioError(f"{source}: game.{key}: unknown card {name!r}")
    for c, d in enumerate(s.defs):
        if s.place[c] < 0 or d.ability is None:
            continue
        if not d.ability.passive and d.name not in fresh:
            s.lost.add(c)
        if "love" in d.verbs:
            s.seq += 1
            s.mods.append((s.seq, c, c, 8, "V"))
    for name in lost:
        s.lost.add(index[name])
    # lasting boosts and hinders of cards already on the mat
    for c, d in enumerate(s.defs):
        if s.place[c] < 0 or d.ability is None or "set_power" not in d.verbs:
            continue
        if d.name in lost or d.name in fresh or not works_here(s, c):
            continue
        for i, e in enumerate(d.ability.effects):
            _boost_present(s, c, i, e)


def _boost_present(s: DiaboState, c: int, i: int, e: Effect) -> None:
    """Card ``c``'s lasting boost or hinder ``e`` (its effect ``i``) takes the
    cards that match in its zone, in reading order, up to its count; what it
    may still take later stays open."""
    side, zone, _ = at(s.place[c])
    tside = side if e.get("side") == "yours" else 1 - side
    taken = 0
    for t in [*s.mat[tside][zone], s.act[tside][zone]]:
        if t < 0 or t == c or taken >= e.get("up_to") or immune(s, t):
            continue
        if matches(s, t, e.get("type"), e.get("gender"), bool(e.get("plain"))):
            add_mod(s, c, t, e.get("value"), "B" if e.get("lasts") == "both_stay" else "L")
            taken += 1
    if e.get("fill_later") and taken < e.get("up_to"):
        s.opens.append((c, i, e.get("up_to") - taken))
