"""The computer's timing tells nothing (docs/server.md, "Computer seats"):
seen from its opponent's socket, a computer's answer with one option to choose
from comes at the same moment as one it searched for.

A statistical test, its size fixed before it runs: the first ``SAMPLE``
decisions of each kind (one option, several) of a searching computer in
Hecatomb games (its combat windows often leave one option), the
delay between the state that poses the computer's decision and the state
after it. A permutation test of the difference of mean delays, ``PERMUTATIONS``
shuffles from a fixed seed, must not find the kinds apart at ``ALPHA``: when
the one-option answers came at once (as they did), every shuffle is less
extreme than the truth and p is 1 / (PERMUTATIONS + 1)."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

from ossuary import games
from ossuary.server.live import start_state

from .conftest import create, make_client
from .helpers import seat_socket

SAMPLE = 10  # decisions of each kind
PERMUTATIONS = 2000
ALPHA = 0.002
LEVEL = "ismcts:0.4"
MAX_GAMES = 4


def _p_value(a: list[float], b: list[float], rng: random.Random) -> float:
    def gap(x: list[float], y: list[float]) -> float:
        return abs(sum(x) / len(x) - sum(y) / len(y))

    seen = gap(a, b)
    pooled = a + b
    extreme = 0
    for _ in range(PERMUTATIONS):
        rng.shuffle(pooled)
        if gap(pooled[: len(a)], pooled[len(a) :]) >= seen - 1e-12:
            extreme += 1
    return (extreme + 1) / (PERMUTATIONS + 1)


def test_a_computers_answer_comes_at_the_same_moment_whatever_its_options(
    tmp_path: Path,
) -> None:
    hecatomb = games.get("hecatomb")
    one: list[float] = []
    many: list[float] = []
    with make_client(tmp_path / "g.db", workers=1) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        for seed in range(MAX_GAMES):
            if len(one) >= SAMPLE and len(many) >= SAMPLE:
                break
            game = create(client, game="hecatomb", seats=["human", LEVEL], seed=seed)
            delays: dict[int, float] = {}  # action number -> the computer's delay
            with seat_socket(client, game["id"], game["seats"][0]["token"]) as ws:
                posed: tuple[int, float] | None = None
                rng = random.Random(seed)
                for _ in range(400):
                    msg = ws.receive_json()
                    if msg["type"] != "state":
                        continue
                    now = time.monotonic()
                    if posed is not None and msg["seq"] == posed[0] + 1:
                        delays[posed[0]] = now - posed[1]
                    posed = (msg["seq"], now) if msg["deciding"] == 1 else None
                    if msg["over"] or len(delays) >= 6 * SAMPLE:
                        break
                    if msg["legal"]:
                        choice = rng.choice(msg["legal"])["id"]
                        ws.send_text(json.dumps({"type": "action", "id": choice,
                                                 "seq": msg["seq"]}))  # fmt: skip
            # how many options the computer had at each of its decisions, from the log
            record = hub.live[game["id"]].record
            state = start_state(hecatomb, record)
            for n, aid in enumerate(record.actions):
                if n in delays:
                    kind = one if len(state.legal_action_ids()) == 1 else many
                    if len(kind) < SAMPLE:
                        kind.append(delays[n])
                state.apply_action(aid)
    assert len(one) == SAMPLE and len(many) == SAMPLE, (len(one), len(many))
    p = _p_value(one, many, random.Random(36))
    assert p >= ALPHA, (p, sorted(one), sorted(many))
