"""Batch simulation for designers: many games in parallel, on one machine or a
Dask cluster, every game kept in Parquet, statistics and a report with plots.

``ossuary simulate`` plays a run into a folder (:mod:`ossuary.sim.runner`),
``ossuary report`` turns the folder into an HTML page (:mod:`ossuary.sim.report`),
``ossuary balance`` prints the card and deck tables of a run. The pieces:

- :mod:`~ossuary.sim.plan`: the configuration, and game ``i`` of a run (seed,
  seats, decks, first player) as a pure function of ``i``;
- :mod:`~ossuary.sim.play`: playing a chunk of games and recording each seat's
  result, cards and resources (what a worker runs);
- :mod:`~ossuary.sim.store`: the run folder, chunks committed atomically;
- :mod:`~ossuary.sim.runner`: the driver and its executors;
- :mod:`~ossuary.sim.stats`: win rates with intervals, cards, resources;
- :mod:`~ossuary.sim.report`: the plots and the HTML page.

Needs the ``sim`` extra (``pip install 'ossuary[sim]'``: pyarrow, Dask,
matplotlib); playing the games does not.
"""

from .plan import Deck, SimConfig, SimError

__all__ = ["Deck", "SimConfig", "SimError"]
