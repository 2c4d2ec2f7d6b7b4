"""The card file schema (pydantic): what a Diabolicards card may say.

A card file is TOML with ``[[card]]`` tables. Each table is checked here field
by field; a mistake becomes one :class:`~ossuary.engine.errors.CardFileError`
naming the file, the card, the field (a dotted path such as
``ability.effects.0.up_to``) and what was expected. Checked data is then turned
into the immutable :class:`~ossuary.diabolicards.cards.CardDef` the engine
reads during play, so pydantic costs nothing on the hot path.

An ability is a named list of effects in a closed vocabulary, a tagged union on
``verb``: each verb takes only its own arguments. Every verb belongs to one of
the guide's ability categories (THE ABILITIES); an ability's declared
``category`` must be exactly the categories of its verbs, except in the two
groups the guide marks with a question mark (Why Even, Doomed Squad), whose
abilities are ``uncategorized``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, Field, model_validator

from ..engine.schema import Strict, validate_table

Group = Literal[
    "Useless Apexes", "Harmless Humans", "Retired Folk", "Why Even", "Vask Executives",
    "The Gang", "Havenvale Batch", "The Vantheon", "Doomed Squad", "The Diabolicals",
    "Scorched Earth",
]  # fmt: skip
CardType = Literal["Human", "Apex"]
Gender = Literal["male", "female"]
Category = Literal[
    "boost", "hinder", "cheat_death", "movement", "turn_affect", "kill", "uncategorized"
]
Origin = Literal["released", "ours"]
Side = Literal["enemy", "yours"]

GROUP_NAMES: tuple[str, ...] = get_args(Group)
TYPE_NAMES: tuple[str, ...] = get_args(CardType)
GENDER_NAMES: tuple[str, ...] = get_args(Gender)
CATEGORY_NAMES: tuple[str, ...] = get_args(Category)
# THE ABILITIES: these two groups' abilities "bend categorization" (the ? symbol)
UNCATEGORIZED_GROUPS = ("Why Even", "Doomed Squad")


class _Filter(Strict):
    """Which cards an effect may pick: by type, gender, or only cards without
    an ability ("plain")."""

    type: CardType | None = None
    gender: Gender | None = None
    plain: bool = False


class Kill(_Filter):
    """Kill up to N cards of one side in this zone (``exactly``: N if there are
    that many; ``else_die``: if there is none to kill, this card dies)."""

    verb: Literal["kill"]
    side: Side
    up_to: int = Field(ge=1, le=8)
    exactly: bool = False
    else_die: bool = False


class Wipe(Strict):
    """Kill a whole zone: the enemy's side of it, yours, or both (The Endgame)."""

    verb: Literal["wipe"]
    side: Literal["enemy", "yours", "both"]


class Nothing(Strict):
    """Do nothing at all (The Endgame's fourth choice)."""

    verb: Literal["nothing"]


class SetPower(_Filter):
    """Cards of one side in this zone have power ``value`` (8: a boost, 0: a
    hinder) while the effect lasts: ``source_lives`` (until this card dies) or
    ``both_stay`` (until either card leaves the zone). Picks are locked;
    ``fill_later``: open picks are filled by cards that arrive later. A picked
    card moved out of the zone by an ability loses the effect for good."""

    verb: Literal["set_power"]
    value: Literal[0, 8]
    side: Side
    up_to: int = Field(ge=1, le=8)
    lasts: Literal["source_lives", "both_stay"] = "source_lives"
    fill_later: bool = False


class Love(Strict):
    """This card has power 8 while ``partner`` is alive in the same zone, on
    either side of the mat."""

    verb: Literal["love"]
    partner: str = Field(min_length=1)


class Escape(Strict):
    """Cheat death, once: ``run`` moves the card to another zone of its side
    with space; ``dodge`` sends it back into the deck (it stays if the deck is
    empty)."""

    verb: Literal["escape"]
    how: Literal["run", "dodge"]


class Redeploy(Strict):
    """Move one of your cards from this zone to an empty slot in another zone."""

    verb: Literal["redeploy"]


class Influence(Strict):
    """Take an enemy card in this zone into an empty slot on your side."""

    verb: Literal["influence"]


class ExtraTurn(Strict):
    """Take another turn after this one."""

    verb: Literal["extra_turn"]


class FatePurge(Strict):
    """Shuffle your hand into the deck and draw back to ``draw_to``; with fewer
    than ``low_deck`` cards in the deck, instead reveal one random hand card to
    the enemy side and draw one."""

    verb: Literal["fate_purge"]
    draw_to: int = Field(default=4, ge=0, le=10)
    low_deck: int = Field(default=10, ge=0)


class Stick(Strict):
    """Why Stick: bind one enemy card and one of yours here (no ability, equal
    power) to this card; the three move together, a move costs a turn, nothing
    else moves them, and if one dies all three die."""

    verb: Literal["stick"]


class Preach(Strict):
    """Why Preach: pull both sides' cards of ``group`` into this zone, as many
    as the side with fewer has and space allows; each side picks its own."""

    verb: Literal["preach"]
    group: Group = "Useless Apexes"


class See(Strict):
    """Why See: after the enemy's next turn, each side shows the other one
    hand card of its choice."""

    verb: Literal["see"]


class Swap(Strict):
    """Why Swap: trade places with an enemy card without an ability in this
    zone; it arrives on your side with power 0."""

    verb: Literal["swap"]


class Copy(Strict):
    """Why Copy: the ``copies`` cards with this ability can't die until all of
    them are on the mat; then all of them die."""

    verb: Literal["copy"]
    copies: int = Field(default=4, ge=2, le=8)


class Restart(Strict):
    """Restart the lost ability of one of your cards on the mat; this card then
    dies (a soul for a soul)."""

    verb: Literal["restart"]


class LiftBan(Strict):
    """Lift the ban on contract turns."""

    verb: Literal["lift_ban"]


class Die(Strict):
    """This card dies: ``now``; or ``deck_empty``, the moment the main deck is
    empty; ``unless = "behind"``: not if its side has less power than the other."""

    verb: Literal["die"]
    when: Literal["now", "deck_empty"] = "now"
    unless: Literal["behind"] | None = None


class OnDeath(Strict):
    """When this card dies, its controller kills up to ``up_to`` cards of the
    given side in the zone it died in."""

    verb: Literal["on_death_kill"]
    side: Side = "enemy"
    up_to: int = Field(default=1, ge=1, le=8)


class Pact(Strict):
    """Bind this card to an enemy card in this zone: when either dies, so does
    the other."""

    verb: Literal["pact"]


Effect = Annotated[
    Kill | Wipe | Nothing | SetPower | Love | Escape | Redeploy | Influence | ExtraTurn
    | FatePurge | Stick | Preach | See | Swap | Copy | Restart | LiftBan | Die | OnDeath | Pact,
    Field(discriminator="verb"),
]  # fmt: skip

EFFECT_MODELS: tuple[type[Strict], ...] = (
    Kill, Wipe, Nothing, SetPower, Love, Escape, Redeploy, Influence, ExtraTurn, FatePurge,
    Stick, Preach, See, Swap, Copy, Restart, LiftBan, Die, OnDeath, Pact,
)  # fmt: skip
VERB_NAMES: tuple[str, ...] = tuple(
    get_args(m.model_fields["verb"].annotation)[0] for m in EFFECT_MODELS
)


def verb_categories(effect: BaseModel) -> set[str]:
    """The guide's categories (THE ABILITIES) an effect belongs to."""
    verb = effect.verb  # type: ignore[attr-defined]
    if verb in ("kill", "wipe", "on_death_kill"):
        return {"kill"}
    if verb == "set_power":
        return {"boost"} if effect.value == 8 else {"hinder"}  # type: ignore[attr-defined]
    if verb == "love":
        return {"boost"}
    if verb == "escape":
        # Runaway is in two rows of the guide's table: cheat death and movement
        return {"cheat_death", "movement"} if effect.how == "run" else {"cheat_death"}  # type: ignore[attr-defined]
    if verb in ("redeploy", "influence", "swap", "preach"):
        return {"movement"}
    if verb in ("extra_turn", "fate_purge"):
        return {"turn_affect"}
    return set()  # nothing, stick, see, copy, restart, lift_ban, die, pact


PASSIVE_VERBS = frozenset({"love", "escape", "copy", "on_death_kill"})


def is_passive(effect: BaseModel) -> bool:
    """Passive effects work while the card is on the mat (or when it dies or is
    killed); the others are used once, when the card is placed."""
    verb = effect.verb  # type: ignore[attr-defined]
    return verb in PASSIVE_VERBS or (verb == "die" and effect.when == "deck_empty")  # type: ignore[attr-defined]


class Ability(Strict):
    """A named ability: its category (the guide's symbol), what it does, and
    ``choose_one``: the controller picks exactly one of the effects."""

    name: str = Field(min_length=1)
    category: list[Category] = Field(min_length=1)
    effects: list[Effect] = Field(min_length=1)
    choose_one: bool = False

    @model_validator(mode="after")
    def _shape(self) -> Ability:
        if self.choose_one and len(self.effects) < 2:
            raise ValueError("'choose_one' needs at least two effects to choose from")
        if len(set(self.category)) != len(self.category):
            raise ValueError("a category is listed twice")
        passive = {is_passive(e) for e in self.effects}
        if len(passive) > 1:
            raise ValueError(
                "an ability is either used once when placed or works while on the mat; "
                "don't mix the two kinds of effect"
            )
        if self.choose_one and passive == {True}:
            raise ValueError("only an ability used when placed can 'choose_one'")
        return self


class Card(Strict):
    name: str = Field(min_length=1)
    group: Group
    type: CardType
    gender: Gender
    power: int = Field(ge=0, le=10)
    ability: Ability | None = None
    origin: Origin
    text: str = ""
    note: str = ""  # where a released card's facts come from, or what we chose

    @model_validator(mode="after")
    def _categories(self) -> Card:
        ab = self.ability
        if ab is None:
            if self.text:
                raise ValueError("a card without an ability has no 'text'")
            return self
        if not self.text:
            raise ValueError("a card with an ability needs its 'text', in our own words")
        declared = set(ab.category)
        if self.group in UNCATEGORIZED_GROUPS:
            if declared != {"uncategorized"}:
                raise ValueError(
                    f"{self.group} abilities bend categorization: category must be "
                    '["uncategorized"]'
                )
            return self
        if "uncategorized" in declared:
            raise ValueError(
                f"only {' and '.join(UNCATEGORIZED_GROUPS)} abilities are uncategorized"
            )
        derived: set[str] = set()
        for e in ab.effects:
            derived |= verb_categories(e)
        if declared != derived:
            raise ValueError(
                f"category {sorted(declared)} does not match the effects, which are "
                f"{sorted(derived) or 'uncategorized'}"
            )
        return self


def validate_card(raw: Any, source: str) -> Card:
    """Validate one card table; a :class:`CardFileError` says where and what."""
    return validate_table(Card, raw, source, "card", VERB_NAMES)
