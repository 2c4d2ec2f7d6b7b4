"""What the whole suite shares: how its tests are spread over xdist's workers, and
the browser modules' server."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

#: module-scoped fixtures that start a real server process or a Chromium: a
#: module holding one runs on one worker, so it starts them once, not once per
#: worker (``make test`` runs ``--dist loadgroup``)
_COSTLY = ("server", "browser")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.pluginmanager.hasplugin("xdist"):
        return  # (run without xdist: nothing to spread)
    for item in items:
        defs = getattr(getattr(item, "_fixtureinfo", None), "name2fixturedefs", {})
        costly = any(name in defs and defs[name][-1].scope == "module" for name in _COSTLY)
        if costly and item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))


@pytest.fixture(scope="session")
def pages_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One ``ossuary serve`` for the browser modules of a test process (an xdist
    worker): a server process took longer to start than many a module's tests
    took to run. Each test makes its own games, accounts (names of its own) and
    decks, and reads only those; every page comes from the one address, one
    client to the server, so its bound on live games per client is raised."""
    from .server.helpers import running

    db = f"sqlite:///{tmp_path_factory.mktemp('pages') / 'games.db'}"
    with running(db, workers=1, extra=["--max-live-games", "1000"]) as srv:
        yield srv


@pytest.fixture(scope="module")
def server(pages_server: Any) -> Any:
    """A browser module's server: the test process's shared one (above), unless the
    module defines its own ``server`` (a server of its own settings, restarts or
    database). Module-scoped, so the module stays on one worker."""
    return pages_server


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A Chromium for the module, a context per page. One per module, not per test
    process: Playwright's sync API keeps an event loop running in the thread while
    it lives, and the modules after it that call ``asyncio.run`` must find none."""
    from .server.browsers import chromium

    with chromium() as b:
        yield b
