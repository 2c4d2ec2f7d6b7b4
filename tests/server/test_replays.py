"""Replay steps as the server serves them (cached, built between live actions)
are exactly the kernel's seat replays, which are built from ``view(seat)``
alone; and paging through replays does not hold up live games."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ossuary import games
from ossuary.engine.names import naming, seat_names, speak
from ossuary.engine.replay import Replay, SeatReplay
from ossuary.server import ServerConfig, create_app, replays
from ossuary.server.messages import replay_message

from .conftest import create
from .test_restart import setups


@pytest.mark.parametrize("setup", setups(), ids=lambda s: f"{s[0]}-{s[2] or s[1]}")
def test_every_step_for_every_reader_is_the_seat_replays(
    setup: tuple[str, int, str | None],
) -> None:
    name, seats, _mode = setup
    game = games.get(name)
    rng = random.Random(7)
    start = game.new_game(seats=seats, seed=11)
    state = start.clone()
    while not state.is_terminal() and len(state.history) < 45:
        state.apply_action(rng.choice(state.legal_action_ids()))
    actions = list(state.history)
    replay = Replay(start.ruleset, start.version, seats, [list(d) for d in start.deck_lists()],
                    11, None, actions)  # fmt: skip

    async def served(reader: int | None) -> list[dict[str, object]]:
        desk = replays.ReplayDesk()
        return [await desk.step(game, "g", start, actions, state.is_terminal(), reader, step)
                for step in range(len(actions) + 1)]  # fmt: skip

    for reader in [*range(seats), None]:
        recorded = SeatReplay.record(replay, reader)
        expected = [replay_message(game, recorded, step) for step in range(len(actions) + 1)]
        assert asyncio.run(served(reader)) == expected


def test_replays_are_kept_per_game_and_bounded(db_path: Path) -> None:
    config = ServerConfig(db_url=f"sqlite:///{db_path}", ai_workers=0, max_live_games=100)
    with TestClient(create_app(config)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        made = [create(client, seed=i) for i in range(replays.BOOKS_KEPT + 3)]
        for game in made:
            r = client.get(f"/api/games/{game['id']}/replay", params={"step": 0})
            assert r.status_code == 200
        assert len(hub.replays.books) == replays.BOOKS_KEPT
        assert made[-1]["id"] in hub.replays.books and made[0]["id"] not in hub.replays.books


def test_a_client_paging_too_fast_is_slowed_not_served(client: TestClient) -> None:
    desk = replays.ReplayDesk()
    # a burst at once, then about STEPS_PER_SECOND a second (the clock given)
    assert sum(desk.allow("a", now=0.0) for _ in range(200)) == replays.BURST
    assert desk.allow("b", now=0.0)  # another client has its own share
    assert sum(desk.allow("a", now=1.0) for _ in range(200)) == replays.STEPS_PER_SECOND
    # over HTTP: a client whose share is spent is told so, and nothing is built
    hub = client.app.state.hub  # type: ignore[attr-defined]
    game = create(client, seed=1)
    assert client.get(f"/api/games/{game['id']}/replay", params={"step": 0}).status_code == 200
    hub.replays.buckets.drain("testclient")
    r = client.get(f"/api/games/{game['id']}/replay", params={"step": 1})
    assert r.status_code == 429 and "a second" in r.json()["error"]


def test_a_step_is_worded_in_its_readers_names_whoever_read_the_game_first() -> None:
    # issue 35 §6: the label of a step is the reader's own ("Attack with Cave Lurker
    # (your space 2)"), even when another seat's reader walked the game first
    game = games.get("necromancer")
    start = game.new_game(seats=2, seed=3)
    state = start.clone()
    rng = random.Random(3)
    while not state.is_terminal() and len(state.history) < 120:
        state.apply_action(rng.choice(state.legal_action_ids()))
    actions = list(state.history)
    desk = replays.ReplayDesk()
    steps = range(1, len(actions) + 1)

    async def served(reader: int) -> list[str | None]:
        with naming(seat_names(["human", "human"], me=reader)):
            return [(await desk.step(game, "g", start, actions, False, reader, n))["action"]
                    for n in steps]  # fmt: skip

    asyncio.run(served(1))  # the other seat reads it first
    mine = [speak(a) if a else None for a in asyncio.run(served(0))]
    names = seat_names(["human", "human"], me=0)
    with naming(names):
        recorded = SeatReplay.record(Replay.of(state), 0)
    assert mine == [replay_message(game, recorded, n, names)["action"] for n in steps]
    spaces = [a for a in mine if a and "space" in a]
    assert spaces and all("Player 1" not in a and "You's" not in a for a in spaces), spaces
    assert any("your space" in a for a in spaces), spaces
