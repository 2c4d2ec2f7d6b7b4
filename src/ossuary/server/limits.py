"""Rates per client: a token bucket for each address, the oldest forgotten.

A client may do ``rate`` things a second on average and ``burst`` at once
(replay steps, deck checks). The buckets of the :data:`KEPT` clients seen
most recently are remembered; a client forgotten starts again with a full
bucket, which is what a new client gets anyway.
"""

from __future__ import annotations

import collections
import time

KEPT = 10_000


class Buckets:
    """One token bucket per client."""

    def __init__(self, rate: float, burst: float, kept: int = KEPT) -> None:
        self.rate = rate
        self.burst = burst
        self.kept = kept
        self._buckets: collections.OrderedDict[str, tuple[float, float]] = collections.OrderedDict()

    def allow(self, client: str | None, now: float | None = None, cost: float = 1.0) -> bool:
        """Whether ``client`` may do one more thing (of ``cost``) now; None: a
        client with no address (the tests' own): always."""
        if client is None:
            return True
        now = time.monotonic() if now is None else now
        tokens, at = self._buckets.get(client, (self.burst, now))
        tokens = min(self.burst, tokens + (now - at) * self.rate)
        allowed = tokens >= cost
        self._buckets[client] = (tokens - cost if allowed else tokens, now)
        self._buckets.move_to_end(client)
        while len(self._buckets) > self.kept:
            self._buckets.popitem(last=False)
        return allowed

    def drain(self, client: str) -> None:
        """Empty ``client``'s bucket (for tests of the refusal)."""
        self._buckets[client] = (0.0, time.monotonic())
