"""The ``ossuary`` command: terminal play, watching computer games, replays."""
