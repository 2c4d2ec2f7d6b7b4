"""The root-regret tool (``bench/root_regret.py``): its oracle visits every
option alike, and its regret is measured against that oracle's values. The
tool's numbers are measurements (docs/ai.md); these tests check that it
measures what it says."""

from __future__ import annotations

from types import ModuleType

import pytest

from ossuary import diabolicards
from ossuary.agents import Budget, ISMCTSAgent, Observation

from ..bench_tools import load_bench


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    return load_bench("root_regret")


def test_the_oracle_gives_every_option_the_same_visits(tool: ModuleType) -> None:
    s = diabolicards.new_game(seats=2, seed=3)
    seat = s.current_player()
    assert seat is not None
    obs = Observation.of(s, seat)
    options = len(obs.legal)
    agent = ISMCTSAgent(
        1, Budget(iterations=7 * options), exploration=tool.ORACLE_EXPLORATION, common_samples=16
    )
    agent.act(obs)
    assert agent._last is not None
    visits = [child.visits for child in agent._last[0].children.values()]
    assert len(visits) == options and max(visits) - min(visits) <= 1
    assert set(agent.root_values) == {a.id for a in obs.legal}
    # an ordinary search of the same size spends its visits unevenly
    plain = ISMCTSAgent(1, Budget(iterations=7 * options))
    plain.act(obs)
    assert plain._last is not None
    uneven = [child.visits for child in plain._last[0].children.values()]
    assert max(uneven) - min(uneven) > 1


def test_regret_is_the_oracles_best_value_less_the_picks(tool: ModuleType) -> None:
    s = diabolicards.new_game(seats=2, seed=3)
    seat = s.current_player()
    assert seat is not None
    pick = ISMCTSAgent(0, Budget(iterations=40)).act(Observation.of(s, seat))
    others = [a.id for a in Observation.of(s, seat).legal if a.id != pick]
    # an oracle that rates the search's pick best: no regret, the oracle's move
    loss, hits = tool.regrets([s], [{pick: 0.6, others[0]: 0.5}], 40, 1)
    assert loss == [0.0] and hits == 1
    # ...and one that rates another option 0.1 above it
    loss, hits = tool.regrets([s], [{pick: 0.5, others[0]: 0.6}], 40, 1)
    assert loss == [pytest.approx(0.1)] and hits == 0
