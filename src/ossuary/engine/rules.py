"""A game's rules as the kernel runs them: one :class:`Ruleset` per game.

A ruleset holds the game's *steps* (step name -> function run by the step
machine), its *resumes* (decision kind -> function run after the choice) and
its *behaviours*: the parts of the public API only the game can give (a
seat's view, a resample, a log event redacted, an option's label, the
question's prompt, why an option is refused).

A game fills it in three places, and nothing closes a loop through an import:

- ``state.py`` makes it and sets it in the state class's body::

      RULES = Ruleset("mygame", version="1")

      class MyState(GameState):
          rules = RULES

- each rules module registers its functions with decorators::

      @RULES.step
      def step_start_turn(s: MyState) -> None: ...

      @RULES.resume("main")
      def resume_main(s: MyState, ctx: Step, choice: str) -> None: ...

- one module of the game (the one that makes its :class:`~ossuary.engine.game.Game`)
  imports the rules modules and binds the behaviours, once::

      RULES.bind(view=view.view, resample=view.resample, ...)

  or, where the behaviours live in the conventional modules (``view.py``:
  ``view``, ``resample``, ``redact_event``; ``words.py``: ``label``,
  ``prompt``), ``RULES.bind_parts(view, words, explain_illegal)``.

The registry refuses a game whose ruleset is not whole (:meth:`Ruleset.missing`
says what is missing), so a half-bound game never reaches a player.
"""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any, Generic, Protocol, TypeVar, cast

from .rng import Rng

Step = tuple[Any, ...]
StepFn = Callable[..., None]
ResumeFn = Callable[..., None]
F = TypeVar("F", bound=Callable[..., None])
S = TypeVar("S")

#: the behaviours :meth:`Ruleset.bind` takes, in the order the docs list them
BEHAVIOURS = ("view", "resample", "redact_event", "action_label", "prompt", "explain_illegal")


class ViewPart(Protocol):
    """A game's view module: what a seat may see, a determinization, an event
    as a seat may read it (the state is the game's own, hence ``Any``)."""

    def view(self, s: Any, seat: Any, log_from: Any) -> dict[str, Any]: ...

    def resample(self, s: Any, seat: Any, rng: Rng) -> Any: ...

    def redact_event(self, event: dict[str, Any], seat: int | None) -> dict[str, Any]: ...


class WordsPart(Protocol):
    """A game's words module: an option in words, the pending question."""

    def label(self, s: Any, option_id: str) -> str: ...

    def prompt(self, s: Any) -> str: ...


def _unbound(*args: Any) -> Any:
    raise NotImplementedError("this game's rules are not bound (Ruleset.bind was never called)")


class Ruleset(Generic[S]):
    """The steps, resumes and behaviours of one game (``S``: its state class).

    ``name`` is the game's ruleset name (replays and saved games carry it),
    ``version`` the version of its rules (a replay of another version is
    refused). ``always_ask``: the decision kinds asked even when only one
    option is legal, because skipping them would tell the other players
    something hidden (a choice from a hidden hand).
    """

    def __init__(self, name: str, version: str, always_ask: frozenset[str] = frozenset()) -> None:
        self.name = name
        self.version = version
        self.always_ask = always_ask
        self.steps: dict[str, StepFn] = {}
        self.resumes: dict[str, ResumeFn] = {}
        self.bound = False
        # the behaviours; until bind() they say they are not bound
        self.view: Callable[[S, object, object], dict[str, Any]] = _unbound
        self.resample: Callable[[S, object, Rng], S] = _unbound
        self.redact_event: Callable[[dict[str, Any], int | None], dict[str, Any]] = _unbound
        self.action_label: Callable[[S, str], str] = _unbound
        self.prompt: Callable[[S], str] = _unbound
        self.explain_illegal: Callable[[S, str], tuple[str, str]] = _unbound

    # -- filled by the rules modules ---------------------------------------------
    def step(self, fn: F) -> F:
        """Register a step under its function's name (``step_attack`` is the
        step ``("attack", ...)``); the function takes the state and the step's
        arguments."""
        name = fn.__name__.removeprefix("step_")
        if name in self.steps:
            raise ValueError(f"{self.name}: the step {name!r} is registered twice")
        self.steps[name] = fn
        return fn

    def resume(self, kind: str) -> Callable[[F], F]:
        """Register what runs after a decision of ``kind`` is taken: a function
        of the state, the decision's context and the chosen option id."""

        def register(fn: F) -> F:
            if kind in self.resumes:
                raise ValueError(f"{self.name}: the decision kind {kind!r} is registered twice")
            self.resumes[kind] = fn
            return fn

        return register

    # -- bound once, in one place -------------------------------------------------
    def bind(
        self,
        *,
        view: Callable[[S, object, object], dict[str, Any]],
        resample: Callable[[S, object, Rng], S],
        redact_event: Callable[[dict[str, Any], int | None], dict[str, Any]],
        action_label: Callable[[S, str], str],
        prompt: Callable[[S], str],
        explain_illegal: Callable[[S, str], tuple[str, str]],
    ) -> None:
        """Give the behaviours, all at once (the state's public methods of the
        same names call them):

        - ``view(state, seat, log_from)``: what ``seat`` may see (None: a
          spectator), fresh JSON-ready data; ``seat`` and ``log_from`` as any
          caller gave them, so the view checks them;
        - ``resample(state, seat, rng)``: a determinization for ``seat``;
        - ``redact_event(event, seat)``: a log event as ``seat`` may read it;
        - ``action_label(state, option_id)``: the option in words for people;
        - ``prompt(state)``: what the pending decision asks;
        - ``explain_illegal(state, option_id)``: (why it is refused, the rule).
        """
        views = SimpleNamespace(view=view, resample=resample, redact_event=redact_event)
        words = SimpleNamespace(label=action_label, prompt=prompt)
        self.bind_parts(cast(ViewPart, views), cast(WordsPart, words), explain_illegal)

    def bind_parts(
        self,
        views: ViewPart,
        words: WordsPart,
        explain_illegal: Callable[[S, str], tuple[str, str]],
    ) -> None:
        """:meth:`bind` from a game's view and words modules, where every game
        keeps those behaviours (``view``, ``resample``, ``redact_event``;
        ``label``, ``prompt``), and its refusal explainer."""
        self.view = views.view
        self.resample = views.resample
        self.redact_event = views.redact_event
        self.action_label = words.label
        self.prompt = words.prompt
        self.explain_illegal = explain_illegal
        self.bound = True

    def missing(self) -> list[str]:
        """What keeps this ruleset from running a game, in words (empty: it is
        whole): behaviours not bound, no steps, no decision kinds, kinds always
        asked that nothing resumes."""
        problems = []
        if not self.bound:
            problems.append(
                f"its behaviours are not bound (call RULES.bind({', '.join(BEHAVIOURS)}))"
            )
        else:
            lost = [name for name in BEHAVIOURS if not callable(getattr(self, name))]
            if lost:
                problems.append(f"these behaviours are not functions: {', '.join(lost)}")
        if not self.steps:
            problems.append("no step is registered (@RULES.step)")
        if not self.resumes:
            problems.append('no decision kind is registered (@RULES.resume("kind"))')
        unresumed = sorted(self.always_ask - set(self.resumes))
        if unresumed:
            problems.append(
                f"nothing resumes the decision kinds always asked: {', '.join(unresumed)}"
            )
        return problems

    def __repr__(self) -> str:
        state = "bound" if self.bound else "not bound"
        return (
            f"Ruleset({self.name!r}, version={self.version!r}: {len(self.steps)} steps, "
            f"{len(self.resumes)} decision kinds, {state})"
        )
