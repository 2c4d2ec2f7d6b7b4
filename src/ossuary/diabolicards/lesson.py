"""What the lesson's steps say, checked against the engine (``learn.toml``)."""

from __future__ import annotations

from collections.abc import Mapping

from ..engine.game import LessonClaim, LessonCondition


def claims() -> Mapping[str, LessonClaim]:
    return {}


def conditions() -> Mapping[str, LessonCondition]:
    return {}
