"""Little Whist, a small trick-taking game for Ossuary: the example that
``docs/adding-a-game.md`` walks through. Its registration is one entry point
(``pyproject.toml``); this package imports only ``ossuary.engine``."""
