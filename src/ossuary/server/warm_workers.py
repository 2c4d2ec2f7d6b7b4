"""What the AI workers' forkserver loads before it forks the first worker
(``ai.py`` names this module as multiprocessing's forkserver preload): every
game and the search, once. Each worker is then forked warm from it and shares
those pages, where before it imported the server and loaded the games anew
(1.0 to 1.5 s a worker on a 2-core machine, 2026-12-02, with a server starting
four). Its priority is left alone: each worker lowers its own as it starts."""

from __future__ import annotations

from .ai import SEARCH_IMPORTS, load_games_and

load_games_and(SEARCH_IMPORTS)
