"""The environments' numbers are fixed: digests of every observation, mask,
information state, reward and action name over random games at every table,
recorded from the code before the encoders and environments were made faster
(commit b14828c). A faster path must give the same bytes; a change that means
to change the encoding raises ``Encoder.version`` and records new digests
(``python -m tests.rl.test_digests`` prints them)."""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np
import pytest

from ossuary import games
from ossuary.rl import OssuaryAEC, OssuarySingleEnv, OssuaryVectorEnv

from .helpers import TABLES, encoder_or_skip, random_positions, table_id

LIMIT = 120  # actions a game: enough for combat, payments and orders in every game
GAMES_A_TABLE = 2


def _table_digest(game: str, seats: int) -> str:
    """Every seat's observation (the decider's with its partial choice), the
    decider's mask, legal ints and information state, the returns at the end,
    and every action's name, through :class:`~ossuary.rl.Table`."""
    h = hashlib.sha256()
    enc = games.get(game).research.encoder(seats)
    h.update("\n".join(enc.action_name(i) for i in range(enc.num_actions)).encode())
    for seed in range(GAMES_A_TABLE):
        last = None
        for t in random_positions(game, seats, seed, LIMIT):
            seat = t.seat()
            assert seat is not None
            for s in range(seats):
                h.update(t.observation(s).tobytes())
            h.update(t.mask().tobytes())
            h.update(np.array(t.legal(), np.int64).tobytes())
            h.update(t.info_state(seat).tobytes())
            last = t
        if last is not None and last.state.is_terminal():
            h.update(repr(last.state.returns()).encode())
    return h.hexdigest()[:16]


def _env_digest(game: str, seats: int) -> str:
    """What the Gymnasium, batched and PettingZoo environments hand out
    (observations, masks, rewards, flags) over short random episodes."""
    h = hashlib.sha256()
    rng = np.random.default_rng(5)

    def pick(mask: Any) -> int:
        legal = np.flatnonzero(mask)
        return int(rng.choice(legal)) if len(legal) else 0

    env = OssuarySingleEnv(game, seats=seats, opponents="random", max_steps=60)
    obs, _ = env.reset(seed=3)
    for _ in range(90):
        h.update(obs["observation"].tobytes() + obs["action_mask"].tobytes())
        obs, reward, term, trunc, _ = env.step(pick(obs["action_mask"]))
        h.update(repr((reward, term, trunc)).encode())
        if term or trunc:
            obs, _ = env.reset()
    vec = OssuaryVectorEnv(game, num_envs=2, seats=seats, max_steps=40, copy=False)
    vobs, _ = vec.reset(seed=11)
    for _ in range(60):
        h.update(vobs["observation"].tobytes() + vobs["action_mask"].tobytes())
        vobs, rewards, terms, truncs, _ = vec.step([pick(m) for m in vobs["action_mask"]])
        h.update(rewards.tobytes() + terms.tobytes() + truncs.tobytes())
    aec = OssuaryAEC(game, seats=seats, max_steps=80)
    aec.reset(seed=9)
    for agent in aec.agent_iter():
        o, reward, term, trunc, _ = aec.last()
        h.update(o["observation"].tobytes() + o["action_mask"].tobytes())
        h.update(repr((agent, reward, term, trunc)).encode())
        aec.step(None if term or trunc else pick(o["action_mask"]))
    h.update(aec.state().tobytes())
    return h.hexdigest()[:16]


#: recorded at commit b14828c (pure build), before the faster paths
TABLE_DIGESTS: dict[str, str] = {
    "hecatomb-2": "fb043778b83c20e4",
    "hecatomb-3": "867b1e57a9de2444",
    "hecatomb-4": "5808fb984477dd2e",
    "hecatomb-5": "8e54f75f40e50aaa",
    "hecatomb-6": "f77f16e12fa5f774",
    "necromancer-2": "347c383fb604b0af",
    "necromancer-3": "28cb2c3d433fc66e",
    "necromancer-4": "b5d7fa5169581bf1",
    "diabolicards-2": "d7b4e9d93f24588e",
    "diabolicards-4": "0418688816636f65",
}
ENV_DIGESTS: dict[str, str] = {
    "hecatomb-2": "1e27eec1e80030c3",
    "hecatomb-3": "7f317b0c7400ab80",
    "hecatomb-4": "f4067eba9c909414",
    "hecatomb-5": "24767d7c5cb45688",
    "hecatomb-6": "b84382bae9d4baab",
    "necromancer-2": "08bd389e0e1dda3e",
    "necromancer-3": "0b9c8c4140108e9d",
    "necromancer-4": "02e40fbdb5a8e033",
    "diabolicards-2": "24fe6961488161b3",
    "diabolicards-4": "2e6a7f40a6e1793d",
}


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_table_numbers_are_unchanged(table: tuple[str, int]) -> None:
    encoder_or_skip(*table)
    assert _table_digest(*table) == TABLE_DIGESTS[table_id(table)]


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_environment_numbers_are_unchanged(table: tuple[str, int]) -> None:
    encoder_or_skip(*table)
    assert _env_digest(*table) == ENV_DIGESTS[table_id(table)]


if __name__ == "__main__":  # print the digests of the code as it is
    print("TABLE_DIGESTS =", {table_id(t): _table_digest(*t) for t in TABLES})
    print("ENV_DIGESTS =", {table_id(t): _env_digest(*t) for t in TABLES})
