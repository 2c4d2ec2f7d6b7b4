"""The card file schema (pydantic): what a card may say, checked before it is built.

A card file is TOML with ``[[card]]`` tables. Each table is validated here field
by field; a mistake becomes one :class:`~ossuary.engine.errors.CardFileError`
that names the file, the card, the field (as a dotted path such as
``abilities.0.effects.1.amount``) and what was expected. Validated data is then
turned into the immutable :class:`~ossuary.hecatomb.cards.CardDef` the engine
uses on its hot path, so pydantic costs nothing during play.

Effects are a tagged union on ``verb``: each verb accepts only its own
arguments, so ``{ verb = "draw", keyword = "rager" }`` is refused with the
arguments ``draw`` does take.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import AfterValidator, ConfigDict, Field, field_validator, model_validator

from ..engine.schema import Strict as KernelStrict
from ..engine.schema import flag_keyword, needs_one_of, validate_table
from ..engine.untrusted import shown, small_int, unsafe_char

#: the names of the Python effects (``{ verb = "custom", name = ... }``):
#: ``effects.register_effect`` adds each, and the package's ``__init__`` imports
#: the effects before any card is read, so this schema needs not import them
CUSTOM_EFFECTS: set[str] = set()

# Every number on a card is small: a card file is untrusted input, and a negative
# "lose 30 souls" or a cost of 10**20 would break play instead of being refused.
MAX_NUMBER = 99
Count = Annotated[int, Field(ge=0, le=MAX_NUMBER)]
Signed = Annotated[int, Field(ge=-MAX_NUMBER, le=MAX_NUMBER)]  # strength changes go both ways
MAX_NAME = 60
MAX_TEXT = 1000

Doom = Literal["corruption", "deceit", "destruction", "greed"]
MinionSubtype = Literal[
    "mutant", "aztecal", "shapeshifter", "animate", "beast", "undead", "demon", "cultist",
    "outsider",
]  # fmt: skip
FateSubtype = Literal["invocation", "curse", "tactic", "mishap"]
Amount = Count | Literal["X"]
SignedAmount = Signed | Literal["X"]
Who = Literal["you", "target", "each_enemy", "each"]
KeywordName = Literal[
    "rager", "reaper", "survivor", "evader", "nemesis", "soulbound", "fanatic", "guardian",
    "host", "hunter", "martyr", "parasite", "regenerator", "ripper",
]  # fmt: skip
DOOM_NAMES: tuple[str, ...] = get_args(Doom)
KEYWORD_NAMES: tuple[str, ...] = get_args(KeywordName)
FATE_SUBTYPES: tuple[str, ...] = get_args(FateSubtype)
MINION_SUBTYPES: tuple[str, ...] = get_args(MinionSubtype)
CardType = Literal["minion", "combat minion", "fate", "combat fate", "relic", "god"]
Rarity = Literal["common", "uncommon", "rare"]
TYPE_NAMES: tuple[str, ...] = get_args(CardType)
RARITY_NAMES: tuple[str, ...] = get_args(Rarity)
NUMBER_KEYWORDS = ("rager", "reaper", "survivor")
DOOM_KEYWORDS = ("evader", "nemesis", "soulbound")


class Strict(KernelStrict):
    """Unknown fields are errors: a typo must never be silently ignored. Types are
    strict: ``cost = true`` or ``strength = "4"`` is a mistake, not a 1 or a 4."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


def check_keywords(raw: dict[str, Any]) -> dict[str, Any]:
    """Keywords come in three shapes (glossary): numbers that add up (Rager +1),
    doom lists (Deceit Evader) and flags (Guardian)."""
    return {key: _keyword(key, value) for key, value in raw.items()}


def _keyword(key: str, value: Any) -> Any:
    if key in NUMBER_KEYWORDS:
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"keyword {key!r} takes a number (e.g. {key} = 1), got {value!r}")
        if not 0 <= value <= MAX_NUMBER:
            raise ValueError(f"keyword {key!r} takes a number from 0 to {MAX_NUMBER}, got {value}")
        return value
    if key in DOOM_KEYWORDS:
        dooms = [value] if isinstance(value, str) else value
        if not isinstance(dooms, list) or not dooms:
            raise ValueError(f"keyword {key!r} takes a doom or a list of dooms")
        for d in dooms:
            if d not in DOOM_NAMES:
                raise ValueError(f"keyword {key!r} takes dooms {DOOM_NAMES}, got {d!r}")
        return list(dooms)
    return flag_keyword(key, value, KEYWORD_NAMES)


# a keywords table: empty unless given, and checked wherever a model has one
Keywords = Annotated[dict[str, Any], Field(default_factory=dict), AfterValidator(check_keywords)]


class Selector(Strict):
    """What an ability targets or an effect's scope covers."""

    # "this": a minion's own abomination, only in an effect's scope
    kind: Literal["abomination", "minion", "player", "relic", "god", "this"]
    side: Literal["enemy", "yours", "any"] = "any"
    strength_max: Count | None = None  # glossary "2-"
    strength_min: Count | None = None  # glossary "4+"
    doom: Doom | None = None
    subtype: MinionSubtype | None = None
    size_min: int | None = Field(default=None, ge=1, le=5)
    top: bool = False


class CardFilter(Strict):
    """Which cards an exhume, retrieve or put into play may pick."""

    type: Literal["minion", "fate", "relic", "god", "combat minion", "combat fate"] | None = None
    doom: Doom | None = None
    subtype: MinionSubtype | FateSubtype | None = None
    cost_max: Count | None = None


class _Scoped(Strict):
    scope: Selector | None = None


class Damage(_Scoped):
    verb: Literal["damage"]
    amount: Amount = 1


class Destroy(_Scoped):
    verb: Literal["destroy"]


class Exile(Strict):
    verb: Literal["exile"]


class Sever(Strict):
    verb: Literal["sever"]


class Remove(Strict):
    verb: Literal["remove"]
    until: Literal["end_of_turn"] | None = None


class Strength(_Scoped):
    verb: Literal["strength"]
    amount: SignedAmount


class Grant(_Scoped):
    verb: Literal["grant"]
    keyword: KeywordName
    value: bool | int | Doom | list[Doom] = True

    @model_validator(mode="after")
    def _value_fits_keyword(self) -> Grant:
        check_keywords(
            {self.keyword: self.value}
        )  # a number, dooms or a flag, as the keyword takes
        return self


class Untap(_Scoped):
    verb: Literal["untap"]


class Tap(_Scoped):
    verb: Literal["tap"]


class Stitch(Strict):
    verb: Literal["stitch"]


class Draw(Strict):
    verb: Literal["draw"]
    amount: Amount = 1
    who: Who = "you"
    up_to: bool = False


class Discard(Strict):
    verb: Literal["discard"]
    amount: Amount = 1
    who: Who = "you"
    chooser: Literal["owner", "you", "random"] = "owner"


class Souls(Strict):
    verb: Literal["souls"]
    amount: Amount = 1
    mode: Literal["gain", "lose", "steal"] = "gain"
    who: Who | None = None


class Mana(Strict):
    verb: Literal["mana"]
    amount: Amount = 1
    doom: Doom | None = None


class Exhume(Strict):
    verb: Literal["exhume"]
    amount: Amount = 1
    side: Literal["yours", "any"] = "yours"
    filter: CardFilter | None = None
    up_to: bool = False


class Retrieve(Strict):
    verb: Literal["retrieve"]
    filter: CardFilter | None = None


class PutIntoPlay(Strict):
    verb: Literal["put_into_play"]
    from_: Literal["hand", "graveyard"] = Field(default="hand", alias="from")
    filter: CardFilter | None = None


class Sacrifice(Strict):
    verb: Literal["sacrifice"]
    what: Literal["minion", "relic", "god", "any"] = "minion"


class Look(Strict):
    verb: Literal["look"]
    zone: Literal["hand", "deck"] = "hand"
    amount: Amount = 1  # deck: how many from the top
    who: Who = "target"


class Reveal(Strict):
    verb: Literal["reveal"]
    zone: Literal["hand", "deck"] = "hand"
    amount: Amount = 1
    who: Who = "target"


class Custom(Strict):
    verb: Literal["custom"]
    name: str
    amount: Amount = 1

    @field_validator("name")
    @classmethod
    def _registered(cls, name: str) -> str:
        if name not in CUSTOM_EFFECTS:
            raise ValueError(
                f"no Python effect named {name!r} is registered; known: "
                f"{', '.join(sorted(CUSTOM_EFFECTS))}"
            )
        return name


Effect = Annotated[
    Damage | Destroy | Exile | Sever | Remove | Strength | Grant | Untap | Tap | Stitch | Draw
    | Discard | Souls | Mana | Exhume | Retrieve | PutIntoPlay | Sacrifice | Look | Reveal
    | Custom,
    Field(discriminator="verb"),
]  # fmt: skip

Trigger = Literal[
    "play", "summon", "attacks", "blocks", "blocked", "reaps", "destroyed", "turn_start",
    "turn_end", "tap",
]  # fmt: skip

TRIGGER_NAMES: tuple[str, ...] = get_args(Trigger)


class Ability(Strict):
    trigger: Trigger
    effects: list[Effect] = Field(min_length=1)
    target: Selector | None = None
    optional: bool | None = None
    tap: int = Field(default=0, ge=0, le=5)

    @model_validator(mode="after")
    def _tap_number(self) -> Ability:
        if self.trigger == "tap" and self.tap < 1:
            raise ValueError("a tap ability needs 'tap' (the ↻ number) of 1 or more")
        if self.target is not None and self.target.kind == "this":
            raise ValueError(
                "'this' is not a target; use scope = { kind = \"this\" } on the effect"
            )
        return self


class Static(Strict):
    """A continual effect: "your Undead abominations get Rager +1"."""

    scope: Selector = Selector(kind="abomination")
    strength: Signed = 0
    keywords: Keywords
    other: bool = False

    @field_validator("scope")
    @classmethod
    def _abominations(cls, scope: Selector) -> Selector:
        if scope.kind != "abomination":
            raise ValueError("a continual effect's scope must be abominations")
        if scope.strength_max is not None or scope.strength_min is not None:
            raise ValueError("a continual effect's scope can't depend on strength")
        return scope


class Conditional(Strict):
    """A minion's conditional ability: its doom, and what it does (one-time
    effects, with an optional target) or gives (continual keywords)."""

    doom: Doom
    effects: list[Effect] | None = None
    target: Selector | None = None
    optional: bool | None = None
    keywords: Keywords

    @model_validator(mode="after")
    def _says_something(self) -> Conditional:
        return needs_one_of(self, "a conditional ability", "effects", "keywords")


class AttackCost(Strict):
    """What each abomination attacking this card's controller costs its aggressor."""

    souls: Count = 0
    mana: Count = 0


class Card(Strict):
    name: str = Field(min_length=1, max_length=MAX_NAME)
    type: CardType
    doom: Doom
    cost: int | str = 0
    strength: Count | None = None
    subtype: MinionSubtype | FateSubtype | None = None
    triggers: list[Doom] = Field(default_factory=list)
    keywords: Keywords
    follower: Keywords
    abilities: list[Ability] = Field(default_factory=list)
    statics: list[Static] = Field(default_factory=list)
    conditional: Conditional | None = None
    attack_cost: AttackCost | None = None
    text: str = Field(default="", max_length=MAX_TEXT)
    flavor: str = Field(default="", max_length=MAX_TEXT)
    rarity: Rarity = "common"
    set: str = Field(default="I", max_length=20)
    number: int = Field(default=0, ge=0, le=99_999)

    @field_validator("name", "text", "flavor", "set")
    @classmethod
    def _printable(cls, v: str) -> str:
        """Card text reaches terminals and logs: a control character (NUL, or ESC
        that starts a terminal escape sequence) or an invisible direction override
        could rewrite what a player sees."""
        problem = unsafe_char(v)
        if problem:
            raise ValueError(f"only printable text is allowed: {problem}")
        return v

    @field_validator("name")
    @classmethod
    def _named(cls, v: str) -> str:
        if v != v.strip() or not v:
            raise ValueError("a name can't be blank or start or end with spaces")
        return v

    @field_validator("subtype", mode="before")
    @classmethod
    def _lower(cls, v: Any) -> Any:
        return v.lower() if isinstance(v, str) else v

    @field_validator("cost")
    @classmethod
    def _cost(cls, v: int | str) -> int | str:
        if isinstance(v, int):
            if not 0 <= v <= MAX_NUMBER:
                raise ValueError(f"a cost is a number from 0 to {MAX_NUMBER}, got {v}")
            return v
        text = v.replace(" ", "").upper()
        rest = text[1:].lstrip("+")
        if not text.startswith("X") or (rest and small_int(rest, 2) is None):
            raise ValueError(
                f"a cost is a number, 'X' or 'X+N' (N from 0 to {MAX_NUMBER}), got {shown(v)}"
            )
        return text

    @model_validator(mode="after")
    def _by_type(self) -> Card:
        minion = self.type in ("minion", "combat minion")
        if minion and self.strength is None:
            raise ValueError("a minion needs a whole-number 'strength'")
        if not minion:
            for name in ("strength", "conditional"):
                if getattr(self, name) is not None:
                    raise ValueError(f"only minions have '{name}' (this is a {self.type})")
            if self.triggers:
                raise ValueError(f"only minions have trigger dooms (this is a {self.type})")
        if self.subtype in FATE_SUBTYPES and minion:
            raise ValueError(f"{self.subtype!r} is a fate subtype, not a minion's")
        if self.subtype in MINION_SUBTYPES and self.type in ("fate", "combat fate"):
            raise ValueError(f"{self.subtype!r} is a minion subtype, not a fate's")
        if not minion and any(
            getattr(e, "scope", None) is not None and e.scope.kind == "this"  # type: ignore[union-attr]
            for a in self.abilities
            for e in a.effects
        ):
            raise ValueError("only a minion's effects can touch 'this' abomination")
        if self.attack_cost is not None and self.type not in ("relic", "god"):
            raise ValueError("only relics and gods can make attacking you cost something")
        return self


def validate_card(raw: Any, source: str) -> Card:
    """Validate one card table; a :class:`CardFileError` says where and what."""
    return validate_table(Card, raw, source, "card", VERB_NAMES)


VERB_NAMES: tuple[str, ...] = tuple(
    get_args(m.model_fields["verb"].annotation)[0]
    for m in (
        Damage, Destroy, Exile, Sever, Remove, Strength, Grant, Untap, Tap, Stitch, Draw,
        Discard, Souls, Mana, Exhume, Retrieve, PutIntoPlay, Sacrifice, Look, Reveal, Custom,
    )
)  # fmt: skip
