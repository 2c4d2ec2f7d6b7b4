"""What a host watches (``GET /metrics``, Prometheus' text format).

One registry per app (so two apps in one process, as in the tests, never
share a count). The figures:

- ``ossuary_games_live``, ``ossuary_games_owned``: games in this process's
  memory, and those it owns (decides for); the others are copies that follow;
- ``ossuary_actions_total``: actions applied here (``rate()`` gives actions/s);
- ``ossuary_round_trip_seconds``: a seat's message, from its arrival to its
  answer (the new state sent, or the refusal), forwarding to the owner included;
- ``ossuary_sockets``: open game sockets;
- ``ossuary_ai_queue_depth{lane}``: decisions (and trial jobs) waiting for a worker;
- ``ossuary_ai_overruns_total``: workers killed for overrunning a decision;
- ``ossuary_lease_takeovers_total``: games taken over from a process that went away;
- ``ossuary_fanout_lag_seconds``: from an owner's notice to its hearing here.
"""

from __future__ import annotations

from collections.abc import Callable

from prometheus_client import CollectorRegistry, Gauge, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector

BUCKETS = (0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class _Live(Collector):
    """Figures read when scraped (nothing to keep up to date meanwhile)."""

    def __init__(self, read: Callable[[], dict[str, float]], lanes: Callable[[], dict[str, int]]):
        self.read = read
        self.lanes = lanes

    def collect(self):  # type: ignore[no-untyped-def]
        now = self.read()
        for name, text in (
            ("games_live", "Games in this process's memory"),
            ("games_owned", "Games this process owns (applies actions and decides for)"),
            ("sockets", "Open game sockets"),
        ):
            yield GaugeMetricFamily(f"ossuary_{name}", text, value=now[name])
        for name, text in (
            ("actions", "Actions applied in this process"),
            ("ai_overruns", "Worker processes killed for overrunning a decision"),
            ("lease_takeovers", "Games taken over from a process that went away"),
        ):
            yield CounterMetricFamily(f"ossuary_{name}", text, value=now[name])
        queue = GaugeMetricFamily(
            "ossuary_ai_queue_depth", "Decisions and jobs waiting for a worker", labels=["lane"]
        )
        for lane, depth in self.lanes().items():
            queue.add_metric([lane], depth)
        yield queue


class Metrics:
    """The app's figures."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.round_trip = Histogram(
            "ossuary_round_trip_seconds",
            "A seat's message from its arrival to its answer",
            buckets=BUCKETS,
            registry=self.registry,
        )
        self.fanout_lag = Histogram(
            "ossuary_fanout_lag_seconds",
            "From an owner's notice to its hearing in this process",
            buckets=BUCKETS,
            registry=self.registry,
        )
        self.live = Gauge("ossuary_up", "1 while this process serves", registry=self.registry)
        self.live.set(1)

    def watch(
        self, read: Callable[[], dict[str, float]], lanes: Callable[[], dict[str, int]]
    ) -> None:
        self.registry.register(_Live(read, lanes))

    def text(self) -> bytes:
        return generate_latest(self.registry)
