"""The deck's catalogue: ``docs/diabolicards-cards.md``, generated from the card
files so the two never disagree.

``make docs`` rewrites the page; a test checks it
is up to date. For each group: the guide's numbers (cards, cards with an
ability, total power, where abilities work) and every card with its facts, its
ability and whether it is a released card or our design.
"""

from __future__ import annotations

import sys
from pathlib import Path

from .cards import GROUPS, LINKED_ZONE, ZONES, CardDef, deck

WHERE = {
    "The Diabolicals": "only from a Diabolical activation slot",
    "Scorched Earth": "anywhere (around a zone's name)",
}


def _where(group: str, cards: list[CardDef]) -> str:
    if not any(c.ability for c in cards):
        return "-"
    if group in LINKED_ZONE:
        return f"{ZONES[LINKED_ZONE[group]]} only (linked)"
    return WHERE.get(group, "anywhere")


def render() -> str:
    cards = deck()
    lines = [
        "# Diabolicards: the 80-card deck",
        "",
        "Generated from `src/ossuary/diabolicards/data/*.toml` by",
        "`make docs`; do not edit by hand. Released cards",
        "keep the names and mechanics the guide and the reference give; every other",
        'card is our own design (`origin = "ours"` in its data), written in our own',
        "words. Card rules: `docs/rules-notes.md` (Diabolicards); card format: the",
        "schema in `src/ossuary/diabolicards/schema.py`.",
        "",
        "| group | cards | with an ability | total power | abilities work |",
        "| --- | ---: | ---: | ---: | --- |",
    ]
    by_group = {g: [c for c in cards if c.group == g] for g in GROUPS}
    for g, cs in by_group.items():
        n_ab = sum(1 for c in cs if c.ability)
        total = sum(c.power for c in cs)
        lines.append(f"| {g} | {len(cs)} | {n_ab} | {total} | {_where(g, cs)} |")
    lines.append(f"| **all** | {len(cards)} | {sum(1 for c in cards if c.ability)} | "
                 f"{sum(c.power for c in cards)} | |")  # fmt: skip
    for g, cs in by_group.items():
        lines += ["", f"## {g}", ""]
        lines += ["| card | type | power | ability | category | text | origin |"]
        lines += ["| --- | --- | ---: | --- | --- | --- | --- |"]
        for c in cs:
            ab = c.ability
            category = ", ".join(ab.category) if ab else ""
            text = c.text.replace("|", "/") if c.text else "-"
            lines.append(
                f"| {c.name} | {c.type}, {c.gender} | {c.power} | "
                f"{ab.name if ab else '-'} | {category} | {text} | {c.origin} |"
            )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else Path("docs/diabolicards-cards.md")
    path.write_text(render(), "utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
