"""What the whole suite shares: how its tests are spread over xdist's workers."""

from __future__ import annotations

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
