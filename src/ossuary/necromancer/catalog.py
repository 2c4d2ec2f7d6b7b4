"""The card catalogue: what the base set contains, which tests play each card,
and the generated report ``docs/necromancer-cards.md``.

Run ``make docs`` from the repository root to
rewrite the report, or with ``--check`` to fail when it is out of date (the
test suite checks too). Tests name the card they play with
``@pytest.mark.card("Card key", game="necromancer")``; the tests are read as
source (``ast``), never run.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path

from ..engine import catalog as engine_catalog
from .cards import (
    KEYWORDS,
    MINION_TYPES,
    RARITIES,
    TYPES,
    VERBS,
    Ability,
    CardDef,
    CardPool,
    base_pool,
    traits,
)
from .state import RULESET

REPORT = Path("docs/necromancer-cards.md")
TESTS = Path("tests")


def card_tests(root: Path = TESTS) -> dict[str, list[str]]:
    """Card key -> test ids (``path::function``) marked ``card(key, game="necromancer")``."""
    return engine_catalog.card_tests(root, RULESET)


def verbs_of(card: CardDef) -> set[str]:
    return {e.verb for a in card.abilities for e in a.effects}


def keywords_of(card: CardDef) -> set[str]:
    """Keywords a card has (its type's trait included), gives or grants."""
    out = set(card.kw)
    for st in card.statics:
        out.update(k for k, _ in st.keywords)
    for a in card.abilities:
        out.update(str(e.get("keyword")) for e in a.effects if e.verb == "grant")
    return out


MECHANICS: dict[str, Callable[[CardDef], bool]] = {
    "on death": lambda c: bool(c.on.get("death")),
    "when summoned": lambda c: bool(c.on.get("summon")),
    "start of turn": lambda c: bool(c.on.get("turn_start")),
    "end of turn": lambda c: bool(c.on.get("turn_end")),
    "when it attacks": lambda c: bool(c.on.get("attack")),
    "when it destroys": lambda c: bool(c.on.get("kill")),
    "activated ability": lambda c: bool(c.on.get("activated")) and c.type != "hero",
    "any-turn ability": lambda c: any(a.any_turn for a in c.abilities),
    "adjacent": lambda c: _relation(c, ("adjacent", "target_adjacent")),
    "across": lambda c: _relation(c, ("across",)),
    "piercing spell": lambda c: c.type == "spell" and "damage" in verbs_of(c),
    "negation": lambda c: "negate" in verbs_of(c),
    "control change": lambda c: "control" in verbs_of(c),
    "resurrection": lambda c: "resurrect" in verbs_of(c),
    "banish": lambda c: "banish" in verbs_of(c),
    "ensnare": lambda c: "ensnare" in verbs_of(c) or "ensnaring" in keywords_of(c),
    "invisibility": lambda c: "veil" in verbs_of(c) or "invisibility" in keywords_of(c),
    "character target": lambda c: any(
        a.target is not None and a.target.kind == "character" for a in c.abilities
    ),
    "cost change": lambda c: bool(c.cost_mods),
}


def _relation(card: CardDef, names: tuple[str, ...]) -> bool:
    sels = [a.target for a in card.abilities] + [e.scope for a in card.abilities for e in a.effects]
    sels += [s.scope for s in card.statics]
    return any(s is not None and s.relation in names for s in sels)


def coverage(
    pool: CardPool,
) -> tuple[dict[str, list[str]], dict[str, list[str]], dict[str, list[str]]]:
    """(keyword -> cards, verb -> cards, mechanic -> cards) over the whole pool."""
    kws: dict[str, list[str]] = {k: [] for k in KEYWORDS}
    verbs: dict[str, list[str]] = {v: [] for v in VERBS}
    mech: dict[str, list[str]] = {m: [] for m in MECHANICS}
    for card in pool.cards.values():
        key = pool.key(card)
        for k in keywords_of(card):
            kws[k].append(key)
        for v in verbs_of(card):
            verbs[v].append(key)
        for m, has in MECHANICS.items():
            if has(card):
                mech[m].append(key)
    return kws, verbs, mech


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _abilities(card: CardDef) -> Iterable[Ability]:
    return card.abilities


def _numbers(cards: list[CardDef]) -> list[str]:
    """Cards by type and rarity, and the minion types with their traits."""
    lines = [
        "## In numbers",
        "",
        "| type | " + " | ".join(RARITIES) + " | all |",
        "| --- |" + " --- |" * (len(RARITIES) + 1),
    ]
    for t in TYPES:
        row = [sum(1 for c in cards if c.type == t and c.rarity == r) for r in RARITIES]
        lines.append(f"| {t} | " + " | ".join(str(n) for n in row) + f" | {sum(row)} |")
    lines += ["", "| minion type | trait | minions |", "| --- | --- | --- |"]
    for name in MINION_TYPES:
        trait = traits()[name]
        n = sum(1 for c in cards if c.minion_type == name)
        lines.append(f"| {name} | **{trait.trait}**: {_cell(trait.text)} | {n} |")
    return lines


def _coverage_tables(pool: CardPool) -> list[str]:
    """Which cards use each keyword, verb and mechanic."""
    kws, verbs, mech = coverage(pool)
    lines = ["", "## Keywords, verbs and mechanics", "", "| keyword | cards |", "| --- | --- |"]
    lines += [f"| {k} | {len(v)}: {', '.join(sorted(v))} |" for k, v in kws.items()]
    lines += ["", "| verb | cards |", "| --- | --- |"]
    lines += [f"| {k} | {len(v)}: {', '.join(sorted(v))} |" for k, v in verbs.items()]
    lines += ["", "| mechanic | cards |", "| --- | --- |"]
    lines += [f"| {k} | {len(v)}: {', '.join(sorted(v))} |" for k, v in mech.items()]
    return lines


def _test_cell(key: str, tests: dict[str, list[str]]) -> str:
    """The card's scenario tests, linked to the first one's file; **none** if none."""
    where = tests.get(key, [])
    test = "<br>".join(f"`{w.rsplit('::', 1)[1]}`" for w in where) or "**none**"
    if where:
        path = where[0].split("::")[0]
        test = f"[{Path(path).name}](../{path}) " + test
    return test


def _stats(c: CardDef) -> str:
    """What a card's type shows: a minion's type and attack/defense, an
    artifact's defense, an event's rounds."""
    if c.is_minion:
        return f"{c.minion_type} {c.attack}/{c.defense}"
    if c.type == "artifact":
        return f"defense {c.defense}"
    if c.type == "event":
        return f"{c.rounds} round{'' if c.rounds == 1 else 's'}"
    return ""


def _type_table(
    pool: CardPool, cards: list[CardDef], t: str, tests: dict[str, list[str]]
) -> list[str]:
    """One card type's cards, a row each, with the test that plays its text."""
    lines = [
        "",
        f"## {t.title()}s",
        "",
        "| # | card | cost | stats | rarity | text | test |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for c in cards:
        if c.type != t:
            continue
        key = pool.key(c)
        cost = "" if t == "hero" else str(c.cost)
        lines.append(
            f"| {c.number or ''} | {_cell(key)} | {cost} | {_stats(c)} | {c.rarity} | "
            f"{_cell(c.text)} | {_test_cell(key, tests)} |"
        )
    return lines


def render(pool: CardPool, tests: dict[str, list[str]]) -> str:
    """The whole ``docs/necromancer-cards.md``: the numbers, what the card
    language covers, then each type's cards."""
    cards = sorted(pool.cards.values(), key=lambda c: (c.number or 10**6, c.type, c.name))
    by_type = Counter(c.type for c in cards)
    lines = [
        "# Path of the Necromancer: the base set",
        "",
        "<!-- Generated by `make docs`: do not edit. -->",
        "",
        f"Ossuary's own original cards for Path of the Necromancer: {len(cards)} cards "
        f"({by_type['hero']} heroes and {len(cards) - by_type['hero']} others). The card file",
        "format is in [card-language.md](card-language.md#path-of-the-necromancer);",
        "`ossuary cards --game necromancer` searches the same cards. Every card has at least",
        "one scenario test that plays its text; the test is named beside the card.",
        "",
    ]
    lines += _numbers(cards)
    lines += _coverage_tables(pool)
    for t in TYPES:
        lines += _type_table(pool, cards, t, tests)
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    return engine_catalog.write_report(REPORT, lambda: render(base_pool(), card_tests(TESTS)), argv)


if __name__ == "__main__":
    raise SystemExit(main())
