"""What the AI workers' forkserver loads before it forks the first worker
(``ai.py`` names this module as multiprocessing's forkserver preload): every
game and the search, once. Each worker is then forked warm from it and shares
those pages, where before it imported the server and loaded the games anew
(17 ms a worker against 680 to 890 ms: ``bench/bench_server_start.py``,
docs/server.md). Its priority is left alone: each worker lowers its own as it
starts."""

from __future__ import annotations

from .ai import SEARCH_IMPORTS, load_games_and

load_games_and(SEARCH_IMPORTS)
