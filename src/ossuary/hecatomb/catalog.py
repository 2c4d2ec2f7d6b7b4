"""The card catalogue: what the base set contains, which tests play each card, and
the generated report ``docs/cards.md``.

``make docs`` rewrites the report (:func:`main` from the repository root; ``--check``
fails when it is out of date, as the test suite checks too). Tests name the card they play with
``@pytest.mark.card("Card Name")``; the tests are read as source (``ast``), never run.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from ..engine import catalog as engine_catalog
from .cards import DOOMS, KEYWORDS, VERBS, Ability, CardDef, CardPool, base_pool

REPORT = Path("docs/cards.md")
TESTS = Path("tests")


def card_tests(root: Path = TESTS) -> dict[str, list[str]]:
    """Card name -> test ids (``path::function``) marked ``@pytest.mark.card(name)``
    (a marker that names a game is another game's, for its own catalogue)."""
    return engine_catalog.card_tests(root)


def _abilities(card: CardDef) -> Iterable[Ability]:
    yield from card.abilities
    yield from card.cond_abilities


def verbs_of(card: CardDef) -> set[str]:
    return {e.verb for a in _abilities(card) for e in a.effects}


def keywords_of(card: CardDef) -> set[str]:
    """Keywords a card has, gives (conditional, continual) or grants; plus Follower."""
    out = {k for k, _ in (*card.keywords, *card.cond_keywords, *card.follower)}
    for st in card.statics:
        out.update(k for k, _ in st.keywords)
    for a in _abilities(card):
        out.update(str(e.get("keyword")) for e in a.effects if e.verb == "grant")
    if card.follower:
        out.add("follower")
    return out


def python_effects_of(card: CardDef) -> list[str]:
    return sorted(
        str(e.get("name")) for a in _abilities(card) for e in a.effects if e.verb == "custom"
    )


def coverage(pool: CardPool) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """(keyword -> cards, verb -> cards) over the whole pool, glossary order."""
    kws: dict[str, list[str]] = {k: [] for k in (*KEYWORDS, "follower")}
    verbs: dict[str, list[str]] = {v: [] for v in VERBS}
    for card in pool.cards.values():
        for k in keywords_of(card):
            kws[k].append(card.name)
        for v in verbs_of(card):
            verbs[v].append(card.name)
    return kws, verbs


def _cost(card: CardDef) -> str:
    return (f"X+{card.cost}" if card.cost else "X") if card.x_cost else str(card.cost)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _numbers(cards: list[CardDef]) -> list[str]:
    """Cards by doom and type, the rarities, and subtypes by doom."""
    lines = [
        "## In numbers",
        "",
        "| doom | cards | minions | combat minions | fates | combat fates | relics | gods |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for doom in DOOMS:
        of = [c for c in cards if c.doom == doom]
        t = Counter(c.type for c in of)
        lines.append(
            f"| {doom} | {len(of)} | {t['minion']} | {t['combat minion']} | {t['fate']} | "
            f"{t['combat fate']} | {t['relic']} | {t['god']} |"
        )
    rarity = Counter(c.rarity for c in cards)
    lines += [
        "",
        "Rarity: " + ", ".join(f"{rarity[r]} {r}" for r in ("common", "uncommon", "rare")) + ".",
        "",
        "| subtype | " + " | ".join(DOOMS) + " |",
        "| --- |" + " --- |" * len(DOOMS),
    ]
    for sub in sorted({c.subtype for c in cards if c.subtype}):
        row = [sum(1 for c in cards if c.subtype == sub and c.doom == d) for d in DOOMS]
        lines.append(f"| {sub} | " + " | ".join(str(n) if n else "" for n in row) + " |")
    return lines


def _coverage_tables(pool: CardPool) -> list[str]:
    """Which cards use each keyword and each verb."""
    kws, verbs = coverage(pool)
    lines = ["", "## Keywords and verbs", "", "| keyword | cards |", "| --- | --- |"]
    lines += [f"| {k} | {len(v)}: {', '.join(sorted(v))} |" for k, v in kws.items()]
    lines += ["", "| verb | cards |", "| --- | --- |"]
    lines += [f"| {k} | {len(v)}: {', '.join(sorted(v))} |" for k, v in verbs.items()]
    return lines


def _python_effects(cards: list[CardDef]) -> list[str]:
    """The cards whose text needs a registered Python effect."""
    custom = [(c.name, python_effects_of(c)) for c in cards if python_effects_of(c)]
    lines = [
        "",
        "## Registered Python effects",
        "",
        "Cards whose text the vocabulary cannot say name a Python effect registered",
        "with `ossuary.hecatomb.effects.register_effect`:",
        "",
    ]
    lines += [f"- **{name}**: `{'`, `'.join(effects)}`" for name, effects in custom] or ["- none"]
    return lines


def _test_cell(c: CardDef, tests: dict[str, list[str]]) -> str:
    """The card's scenario tests, linked to the first one's file; **none** if none."""
    where = tests.get(c.name, [])
    test = "<br>".join(f"`{t.rsplit('::', 1)[1]}`" for t in where) or "**none**"
    if where:
        test = f"[{Path(where[0].split('::')[0]).name}](../{where[0].split('::')[0]}) " + test
    return test


def _doom_table(cards: list[CardDef], doom: str, tests: dict[str, list[str]]) -> list[str]:
    """One doom's cards, a row each, with the test that plays its text."""
    lines = [
        "",
        f"## {doom.title()}",
        "",
        "| # | card | cost | type | str | triggers | rarity | text | test |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for c in cards:
        if c.doom != doom:
            continue
        kind = c.type + (f" ({c.subtype})" if c.subtype else "")
        strength = str(c.strength) if c.is_minion else ""
        lines.append(
            f"| {c.number or ''} | {_cell(c.name)} | {_cost(c)} | {kind} | {strength} | "
            f"{', '.join(c.triggers)} | {c.rarity} | {_cell(c.text)} | {_test_cell(c, tests)} |"
        )
    return lines


def render(pool: CardPool, tests: dict[str, list[str]]) -> str:
    """The whole ``docs/cards.md``: the numbers, what the card language covers,
    then each doom's cards."""
    cards = sorted(pool.cards.values(), key=lambda c: (c.number or 10**6, c.name))
    lines = [
        "# The base set",
        "",
        "<!-- Generated by `make docs`: do not edit. -->",
        "",
        f"Ossuary's own original base set: {len(cards)} cards. The card file format is in",
        "[card-language.md](card-language.md); `ossuary cards` searches the same cards in",
        "the terminal. Every card has at least one scenario test that plays its text;",
        "the test is named beside the card.",
        "",
    ]
    lines += _numbers(cards)
    lines += _coverage_tables(pool)
    lines += _python_effects(cards)
    for doom in DOOMS:
        lines += _doom_table(cards, doom, tests)
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    return engine_catalog.write_report(REPORT, lambda: render(base_pool(), card_tests(TESTS)), argv)


if __name__ == "__main__":
    raise SystemExit(main())
