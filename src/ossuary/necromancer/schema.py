"""The card file schema (pydantic): what a Path of the Necromancer card may say.

A card file is TOML with ``[[card]]`` tables (and, in ``types.toml``,
``[[minion_type]]`` tables: the traits each minion type shares). Each table is
validated here field by field; a mistake becomes one
:class:`~ossuary.engine.errors.CardFileError` naming the file, the card, the
field (a dotted path such as ``abilities.0.effects.1.amount``) and what was
expected. The checked data is then built into the immutable
:class:`~ossuary.necromancer.cards.CardDef` the engine reads, so pydantic costs
nothing during play.

Effects are a tagged union on ``verb``: each verb takes only its own arguments.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal, get_args

from pydantic import AfterValidator, Field, field_validator, model_validator

from ..engine.schema import Strict, flag_keyword, needs_one_of, validate_table

CardType = Literal["hero", "minion", "relic", "spell", "artifact", "event", "land"]
Rarity = Literal["common", "rare", "epic", "legendary"]
MinionType = Literal["skeleton", "arachnid", "wraith", "ghoul", "demon", "vampire"]
KeywordName = Literal[
    "invisibility", "immune", "reaction", "hero_bonus", "extra_attacks", "ensnaring",
    "bloodprice", "drain",
]  # fmt: skip
Trigger = Literal[
    "play", "summon", "death", "turn_start", "turn_end", "attack", "damage", "kill",
    "activated", "start_of_game",
]  # fmt: skip
Who = Literal["you", "each", "each_enemy", "target"]

TYPE_NAMES: tuple[str, ...] = get_args(CardType)
RARITY_NAMES: tuple[str, ...] = get_args(Rarity)
MINION_TYPES: tuple[str, ...] = get_args(MinionType)
KEYWORD_NAMES: tuple[str, ...] = get_args(KeywordName)
TRIGGER_NAMES: tuple[str, ...] = get_args(Trigger)
NUMBER_KEYWORDS = ("hero_bonus", "extra_attacks", "ensnaring", "bloodprice", "drain")
MAGIC_TYPES = ("relic", "spell", "artifact", "event", "land")


def check_keywords(raw: dict[str, Any]) -> dict[str, Any]:
    """Keywords are flags (``immune = true``) or numbers (``hero_bonus = 1``)."""
    return {key: _keyword(key, value) for key, value in raw.items()}


def _keyword(key: str, value: Any) -> Any:
    if key in NUMBER_KEYWORDS:
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ValueError(f"keyword {key!r} takes a number of 1 or more, got {value!r}")
        return value
    return flag_keyword(key, value, KEYWORD_NAMES)


# a keywords table: empty unless given, and checked wherever a model has one
Keywords = Annotated[dict[str, Any], Field(default_factory=dict), AfterValidator(check_keywords)]


class Selector(Strict):
    """What an ability targets, or what an effect's area (``scope``) covers.

    ``kind``: minion; hero; character (minion or hero); artifact; target (a
    minion, hero or artifact, rulebook "Target"); magic (a magic card in play:
    artifact, event, land or relic); card (a card in a graveyard); action (an
    entry on the response stack). ``relation`` is read from the card whose
    ability it is: ``self``; ``other`` (not itself); ``adjacent`` (beside it);
    ``across`` (opposite it); ``host`` (the minion a relic is attached to);
    ``target_adjacent`` (beside the ability's target, in a scope).
    """

    kind: Literal["minion", "hero", "character", "artifact", "target", "magic", "card", "action"]
    side: Literal["enemy", "yours", "any"] = "any"
    relation: Literal["self", "other", "adjacent", "across", "host", "target_adjacent"] | None = (
        None
    )
    minion_type: MinionType | None = None
    cost_max: int | None = Field(default=None, ge=0)
    cost_min: int | None = Field(default=None, ge=0)
    ensnared: bool | None = None
    action: Literal["spell", "ability", "attack", "any"] | None = None  # kind = action only

    @model_validator(mode="after")
    def _fits(self) -> Selector:
        if self.action is not None and self.kind != "action":
            raise ValueError("'action' filters only a selector of kind 'action'")
        if self.relation == "host" and self.kind != "minion":
            raise ValueError("relation 'host' picks a minion: use kind = \"minion\"")
        return self


class CardFilter(Strict):
    """Which cards a summon, resurrection, search or burial may pick."""

    type: Literal["minion", "relic", "spell", "artifact", "event", "land", "magic"] | None = None
    minion_type: MinionType | None = None
    cost_max: int | None = Field(default=None, ge=0)
    cost_min: int | None = Field(default=None, ge=0)
    cheaper: bool = False  # costs less than the card whose ability it is


class _Scoped(Strict):
    scope: Selector | None = None


class Damage(_Scoped):
    verb: Literal["damage"]
    amount: int = Field(ge=1)


class Heal(_Scoped):
    verb: Literal["heal"]
    amount: int = Field(ge=1)


class Destroy(_Scoped):
    verb: Literal["destroy"]


class Modify(_Scoped):
    """Attack and defense up or down: for this turn, or for as long as it stays."""

    verb: Literal["modify"]
    attack: int = 0
    defense: int = 0
    duration: Literal["turn", "permanent"] = "permanent"

    @model_validator(mode="after")
    def _something(self) -> Modify:
        return needs_one_of(self, "modify", "attack", "defense")


class Ensnare(_Scoped):
    verb: Literal["ensnare"]
    rounds: int = Field(default=1, ge=1)


class Free(_Scoped):
    verb: Literal["free"]


class Veil(_Scoped):
    """Make minions invisible (rulebook "Invisibility")."""

    verb: Literal["veil"]


class Grant(_Scoped):
    """A keyword the minion keeps while it stays in play."""

    verb: Literal["grant"]
    keyword: Literal["immune", "extra_attacks", "drain", "hero_bonus", "ensnaring"]
    value: int = Field(default=1, ge=1)


class Draw(Strict):
    verb: Literal["draw"]
    amount: int = Field(default=1, ge=1)
    who: Who = "you"


class Discard(Strict):
    """Discard at random (nobody chooses, so nothing is shown to anyone)."""

    verb: Literal["discard"]
    amount: int = Field(default=1, ge=1)
    who: Who = "each_enemy"


class Lifeforce(Strict):
    verb: Literal["lifeforce"]
    amount: int
    who: Who = "you"

    @field_validator("amount")
    @classmethod
    def _nonzero(cls, v: int) -> int:
        if v == 0:
            raise ValueError("a lifeforce change of 0 does nothing")
        return v


class Summon(Strict):
    """Summon a minion card from hand, graveyard and/or deck (you choose which)."""

    verb: Literal["summon"]
    from_: list[Literal["hand", "graveyard", "deck"]] = Field(alias="from", min_length=1)
    filter: CardFilter | None = None


class Resurrect(Strict):
    """Return a minion from your graveyard to the field (rulebook "Resurrection")."""

    verb: Literal["resurrect"]
    filter: CardFilter | None = None


class Banish(_Scoped):
    verb: Literal["banish"]


class Control(Strict):
    """Take control of the targeted minion (rulebook "Taking Control")."""

    verb: Literal["control"]
    duration: Literal["turn", "permanent"] = "turn"


class Negate(Strict):
    """Negate the targeted entry of the response stack (rulebook section 13)."""

    verb: Literal["negate"]


class Recall(_Scoped):
    """Return a minion to its owner's hand."""

    verb: Literal["recall"]


class Search(Strict):
    """Reveal cards from your deck, put them into your hand, shuffle."""

    verb: Literal["search"]
    amount: int = Field(default=1, ge=1)
    filter: CardFilter | None = None


class Bury(Strict):
    """Put cards of your choice from your deck into your graveyard, shuffle."""

    verb: Literal["bury"]
    amount: int = Field(default=1, ge=1)
    filter: CardFilter | None = None


Effect = Annotated[
    Damage | Heal | Destroy | Modify | Ensnare | Free | Veil | Grant | Draw | Discard
    | Lifeforce | Summon | Resurrect | Banish | Control | Negate | Recall | Search | Bury,
    Field(discriminator="verb"),
]  # fmt: skip

EFFECT_MODELS = (
    Damage, Heal, Destroy, Modify, Ensnare, Free, Veil, Grant, Draw, Discard, Lifeforce, Summon,
    Resurrect, Banish, Control, Negate, Recall, Search, Bury,
)  # fmt: skip
VERB_NAMES: tuple[str, ...] = tuple(
    get_args(m.model_fields["verb"].annotation)[0] for m in EFFECT_MODELS
)
TARGETED_VERBS = ("control", "negate")  # these always act on the ability's target


class Condition(Strict):
    """When a triggered ability does anything: ``minions_max = 1`` ("if you
    control 1 or fewer minions"), ``minions_min``, ``health_max`` (your hero's
    health), ``type_min`` with ``minion_type`` (you control that many of a type)."""

    minions_max: int | None = Field(default=None, ge=0)
    minions_min: int | None = Field(default=None, ge=0)
    health_max: int | None = Field(default=None, ge=0)
    type_min: int | None = Field(default=None, ge=1)
    minion_type: MinionType | None = None

    @model_validator(mode="after")
    def _pair(self) -> Condition:
        if (self.type_min is None) != (self.minion_type is None):
            raise ValueError("'type_min' and 'minion_type' go together")
        return self


class Ability(Strict):
    trigger: Trigger
    effects: list[Effect] = Field(min_length=1)
    target: Selector | None = None
    optional: bool = False
    condition: Condition | None = None
    cost: int = Field(default=0, ge=0)  # activated abilities: lifeforce
    any_turn: bool = False  # activated abilities usable on every turn (and in windows)

    @model_validator(mode="after")
    def _shape(self) -> Ability:
        if self.trigger != "activated" and (self.cost or self.any_turn):
            raise ValueError("only activated abilities have 'cost' and 'any_turn'")
        if self.target is not None and self.target.relation == "target_adjacent":
            raise ValueError("'target_adjacent' is for an effect's scope, not a target")
        for e in self.effects:
            if e.verb in TARGETED_VERBS and self.target is None:
                raise ValueError(f"'{e.verb}' acts on the ability's target: give 'target'")
            if e.verb == "negate" and self.target is not None and self.target.kind != "action":
                raise ValueError("'negate' needs a target of kind 'action'")
        return self


class Static(Strict):
    """A continual effect: "your skeletons have +1 attack"."""

    scope: Selector
    attack: int = 0
    defense: int = 0
    keywords: Keywords

    @field_validator("scope")
    @classmethod
    def _minions(cls, scope: Selector) -> Selector:
        if scope.kind != "minion":
            raise ValueError("a continual effect's scope must be minions")
        return scope


class CostMod(Strict):
    """Cards cost less (or more): ``{ type = "minion", amount = 2 }``."""

    type: Literal["minion", "relic", "spell", "artifact", "event", "land", "magic", "any"] = "any"
    minion_type: MinionType | None = None
    amount: int
    side: Literal["yours", "enemy"] = "yours"


class Card(Strict):
    name: str = Field(min_length=1, max_length=60)
    type: CardType
    rarity: Rarity = "common"
    cost: int | None = Field(default=None, ge=0, le=20)
    attack: int | None = Field(default=None, ge=0, le=30)
    defense: int | None = Field(default=None, ge=0, le=30)
    rounds: int | None = Field(default=None, ge=1, le=10)
    minion_type: MinionType | None = None
    keywords: Keywords
    abilities: list[Ability] = Field(default_factory=list)
    statics: list[Static] = Field(default_factory=list)
    cost_mods: list[CostMod] = Field(default_factory=list)
    text: str = ""
    flavor: str = ""
    number: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _by_type(self) -> Card:
        _check_numbers(self)
        _check_abilities(self)
        return self


def _check_numbers(card: Card) -> None:
    """The numbers a card type has, and only those: a minion's cost, attack,
    defense and type, an artifact's defense, an event's rounds; every card but
    a hero costs lifeforce."""
    t = card.type
    need = {
        "minion": ("cost", "attack", "defense", "minion_type"),
        "artifact": ("cost", "defense"),
    }
    for name in need.get(t, ()):
        if getattr(card, name) is None:
            raise ValueError(f"a {t} needs '{name}'")
    if t == "event" and card.rounds is None:
        raise ValueError("an event needs 'rounds' (how many rounds it lasts)")
    if t != "hero" and card.cost is None:
        raise ValueError(f"a {t} needs a lifeforce 'cost'")
    if t == "hero" and card.cost is not None:
        raise ValueError("a hero has no cost")
    if t != "minion":
        for name in ("attack", "minion_type"):
            if getattr(card, name) is not None:
                raise ValueError(f"only minions have '{name}' (this is a {t})")
    if t not in ("minion", "artifact") and card.defense is not None:
        raise ValueError(f"only minions and artifacts have 'defense' (this is a {t})")
    if t != "event" and card.rounds is not None:
        raise ValueError(f"only events have 'rounds' (this is a {t})")


def _check_abilities(card: Card) -> None:
    """The abilities a card type may have: a hero's one activated ability and
    its start of game effect or passive, a spell's play abilities, reactions
    on spells only, a host's continual effect on relics only."""
    t = card.type
    triggers = [a.trigger for a in card.abilities]
    if t == "hero":
        _check_hero(card, triggers)
    elif "start_of_game" in triggers:
        raise ValueError("only heroes have start of game effects")
    if t == "spell" and any(x != "play" for x in triggers):
        raise ValueError("a spell has only 'play' abilities (it leaves at once)")
    if t in ("spell", "relic") and not card.abilities and not card.statics:
        raise ValueError(f"a {t} must do something: give 'abilities' or 'statics'")
    if "reaction" in card.keywords and t != "spell":
        raise ValueError("only spells can be reactions")
    for s in card.statics:
        if s.scope.relation == "host" and t != "relic":
            raise ValueError("only a relic's continual effect can use relation 'host'")


def _check_hero(card: Card, triggers: Sequence[str]) -> None:
    if triggers.count("activated") != 1:
        raise ValueError("a hero has exactly one activated ability (once each turn)")
    if any(a.any_turn for a in card.abilities):
        raise ValueError("a hero's ability is used in its own main phase, not on any turn")
    if "start_of_game" not in triggers and not card.statics and len(triggers) < 2:
        raise ValueError("a hero needs a start of game effect or a passive")


class Upgrade(Strict):
    cost_min: int = Field(ge=0)
    keywords: Keywords


class MinionTypeTable(Strict):
    """A minion type and the trait its members share (rulebook "Traits")."""

    name: MinionType
    trait: str = Field(min_length=1)
    text: str = Field(min_length=1)
    keywords: Keywords
    upgrade: Upgrade | None = None


def validate_card(raw: Any, source: str) -> Card:
    """Validate one card table; a :class:`CardFileError` says where and what."""
    return validate_table(Card, raw, source, "card", VERB_NAMES)


def validate_minion_type(raw: Any, source: str) -> MinionTypeTable:
    """Validate one ``[[minion_type]]`` table, in the same words."""
    return validate_table(MinionTypeTable, raw, source, "minion type", VERB_NAMES)
