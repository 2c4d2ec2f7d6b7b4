"""Training policies for the ``learned`` agent (``ossuary train``; the ``learn`` extra).

:mod:`.actors` plays training games in worker processes with numpy alone;
:mod:`.net` is the PyTorch network and its export; :mod:`.train` the loop
(imitation of the heuristic, then PPO self-play against a pool of past
versions and the heuristic). ``docs/rl.md`` describes the recipe and the
policy file; :mod:`ossuary.agents.learned` plays the result.
"""
