"""An agent that thinks in a worker process on the pure-Python build.

``pure:SPEC`` (``pure:ismcts:1``) is the agent ``SPEC`` run in a process of its
own started with ``OSSUARY_PURE=1``: the same agent, seeded the same way, on
the interpreted build, so that it can sit at a table with compiled agents and
show what compiling buys (``ossuary arena --agents ismcts:1,pure:ismcts:1``;
docs/compiled.md). On an install without the compiled modules both are pure.

Each decision crosses a pipe as one line of JSON: the seat, the legal actions
and the seat's information state as saved-game text (what the seat knows and
nothing more, as any observation); the worker rebuilds the observation, asks
its agent and answers the action id. The worker ends with its agent.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import IO

from .. import games
from ..compiled import PURE_VARIABLE
from ..engine.core import Action
from ..engine.errors import OssuaryError
from .base import Observation
from .registry import make_agent


class PureAgent:
    """``spec`` played by a worker process on the pure-Python build."""

    observes = "samples"

    def __init__(self, seed: int, spec: str) -> None:
        make_agent(spec, seed)  # a bad spec is refused here, with the registry's words
        self.spec = spec
        self.seed = seed
        self.name = f"pure:{spec}"
        self._worker: subprocess.Popen[str] | None = None

    def act(self, obs: Observation) -> str:
        if self._worker is None:
            self._worker = subprocess.Popen(
                [sys.executable, "-m", __name__, self.spec, str(self.seed)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                env={**os.environ, PURE_VARIABLE: "1"},
            )
        request = {
            "game": obs.ruleset,
            "seat": obs.seat,
            "legal": [[a.id, a.label] for a in obs.legal],
            "state": obs.serialize(),
        }
        assert self._worker.stdin is not None and self._worker.stdout is not None
        self._worker.stdin.write(json.dumps(request) + "\n")
        self._worker.stdin.flush()
        line = self._worker.stdout.readline()
        if not line:
            raise OssuaryError(f"the worker of agent {self.name!r} ended without an answer")
        answer: str = json.loads(line)["action"]
        return answer

    def close(self) -> None:
        """End the worker (it ends by itself when this agent is collected)."""
        worker, self._worker = self._worker, None
        if worker is not None:
            assert worker.stdin is not None
            worker.stdin.close()
            try:
                worker.wait(timeout=10)
            except subprocess.TimeoutExpired:
                worker.kill()
                worker.wait()

    def __del__(self) -> None:
        self.close()


def serve(spec: str, seed: int, requests: IO[str], answers: IO[str]) -> None:
    """The worker: one agent answering decisions, one JSON line each way."""
    agent = make_agent(spec, seed)
    for line in requests:
        request = json.loads(line)
        state = games.get(request["game"]).deserialize(request["state"])
        legal = [Action(aid, label) for aid, label in request["legal"]]
        obs = Observation(
            request["seat"], state.ruleset, legal, infoset=state, seats=state.num_seats()
        )
        answers.write(json.dumps({"action": agent.act(obs)}) + "\n")
        answers.flush()


if __name__ == "__main__":
    serve(sys.argv[1], int(sys.argv[2]), sys.stdin, sys.stdout)
