"""``private_event_leak``: an event marked private to one seat names its card to
no other reader once the game redacts it (the fuzzer's deep check)."""

from __future__ import annotations

from typing import Any, cast

from ossuary.engine.contract import private_event_leak
from ossuary.engine.core import GameState, redact_private

LOG = [
    {"e": "turn", "p": 0},
    {"e": "draw", "p": 1, "card": "Snap", "private": 1},
    {"e": "search", "p": 2, "cards": ["Snap", "Husk"], "private": 2},
]


class _Game:
    """What the check reads of a state: its log and how it redacts an event."""

    def __init__(self, redact: bool) -> None:
        self.log = LOG
        self.redact = redact

    def redact_event(self, event: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return redact_private(event, seat) if self.redact else event


def test_a_log_redacted_for_every_other_reader_passes() -> None:
    assert private_event_leak(cast(GameState, _Game(redact=True)), 3) is None


def test_a_private_card_shown_to_another_reader_is_found() -> None:
    found = private_event_leak(cast(GameState, _Game(redact=False)), 3)
    assert found == "seat 0's log shows a card private to seat 1"
