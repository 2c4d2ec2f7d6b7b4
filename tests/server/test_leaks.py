"""No message, log line, replay step or error carries another seat's hidden card.

The check is the definition of hidden information: two games that a seat
cannot tell apart must give that seat identical messages. At every decision of
every random game, the deciding seat's information set is sampled with the
game's own ``resample`` (its hidden cards, other hands and every deck, dealt
anew); the server's messages for that seat and for a spectator (who knows less
than any seat) are built from the true game and from the sample and must be
equal, to the character: the ``state`` message at two log offsets (view, log
lines in words, options, prompt, result), the replay step, and the refusals of
illegal actions. Whatever a message let slip of a hidden card would differ
between the two, because the sample deals the hidden cards elsewhere.

It runs for every registered game, every seat count up to four and every mode
(so Diabolicards' 2v2 puts teammates to the test: partners are "other seats"
to each other unless the rules show them each other's hands). For Hecatomb it
also checks that every kind of log event the rules can write was exercised,
and, directly, that no message names the id of a card hidden from its reader
and no log event private to another seat keeps its card names. (The direct
check matters: ``resample`` redacts the sample's log with the same function as
the view, so a fault there would hide from the comparison; the oracle in
``test_oracle.py`` judges real frames from the truth instead.) Every event
kind of every game must be in the audit of who reads its card names
(``docs/architecture.md``, "Who sees each log event").
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from ossuary import games
from ossuary.engine.core import GameState
from ossuary.engine.game import Game
from ossuary.engine.replay import Replay, SeatReplay
from ossuary.engine.rng import Rng
from ossuary.server.messages import replay_message, state_message, try_action

MAX_STEPS = 600


def messages(
    game: Game, state: GameState, seat: int | None, bogus: list[str], since: int
) -> list[Any]:
    """Everything the server would send ``seat`` (None: a spectator) about ``state``:
    the state message with the log from ``since`` (every event is checked while
    it is new) and refusals of ``bogus`` ids. (Replays are views of the same
    states: :func:`check_replays` holds them to the live views.)"""
    out: list[Any] = [state_message(game, state, seat, since, 7)[0]]
    if seat is not None and state.current_player() == seat:
        legal = set(state.legal_action_ids())
        out += [try_action(state, aid)[1] for aid in bogus if aid not in legal]
    return out


def bogus_actions(state: GameState, rng: random.Random) -> list[str]:
    """Illegal ids to be refused: other verbs and numbers near the legal ones."""
    out = ["end", "pass", "done", "mana 999", "play 0", "nonsense"]
    for aid in state.legal_action_ids()[:3]:
        verb, _, rest = aid.partition(" ")
        out.append(f"{verb} {rng.randrange(120)}")
        if rest:
            out.append(f"{verb} {rest} 1")
    return out


def check_position(game: Game, state: GameState, rng: random.Random, since: int) -> None:
    seat = state.current_player()
    assert seat is not None
    bogus = bogus_actions(state, rng)
    sample = state.resample(seat, Rng(rng.randrange(2**32)))
    for reader in (seat, None):
        real = messages(game, state, reader, bogus, since)
        other = messages(game, sample, reader, bogus, since)
        assert real == other, (
            f"{game.name}: a message for {'the spectator' if reader is None else reader} "
            "depends on cards it cannot see"
        )


def public(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in ("log", "log_from")}


def check_replays(game: Game, state: GameState, seen: dict[tuple[int | None, int], Any]) -> None:
    """Each reader's replay (as the server sends it) shows at every step what that
    reader's live view showed then, and its log is the reader's log in words."""
    steps = len(state.history)
    for reader in [None, *range(state.num_seats())]:
        recorded = SeatReplay.record(Replay.of(state), reader)
        for (who, step), view in seen.items():
            if who == reader:
                assert public(replay_message(game, recorded, step)["view"]) == view
        last = replay_message(game, recorded, steps)
        assert last["log"] == [game.terminal.format_event(e) for e in state.view(reader)["log"]]


def play_and_check(
    game: Game, state: GameState, seed: int, kinds: set[str], replays: bool = True
) -> None:
    """Play ``state`` out at random, checking every position on the way."""
    rng = random.Random(seed)  # the moves
    checks = random.Random(-seed)  # the samples and bogus ids (apart: same seed, same game)
    steps = 0
    since = 0
    seen: dict[tuple[int | None, int], Any] = {}
    while not state.is_terminal() and steps < MAX_STEPS:
        check_position(game, state, checks, max(0, since - 2))
        if replays and steps % 20 == 0:
            for reader in [None, *range(state.num_seats())]:
                seen[reader, steps] = public(state.view(reader))
        since = len(state.log)
        state.apply_action(rng.choice(state.legal_action_ids()))
        steps += 1
    if replays:
        check_replays(game, state, seen)
    kinds.update(str(e.get("e", e.get("kind", "?"))) for e in state.log)
    for reader in [None, *range(state.num_seats())]:  # the end: result lines for everyone
        msg = state_message(game, state, reader, since, steps)[0]
        assert msg["over"] == state.is_terminal()


def seat_counts(game: Game) -> list[int]:
    """The two smallest seat counts and every mode's (2v2 brings teammates)."""
    return sorted({*game.seat_counts[:2], *game.modes.values()})


@pytest.mark.parametrize("name", games.names())
def test_no_message_depends_on_a_hidden_card(name: str) -> None:
    game = games.get(name)
    kinds: set[str] = set()
    for seats in seat_counts(game):
        state = game.new_game(seats=seats, seed=101 + seats)
        play_and_check(game, state, seats, kinds)
    assert len(kinds) >= 5, f"{name}: only {sorted(kinds)} happened: too short a test"


# -- Hecatomb: every event kind, and a direct check ---------------------------------------------
HECATOMB = Path(games.get("hecatomb").browser.assets() or ".").parent


def hecatomb_event_kinds() -> set[str]:
    """Every ``event(s, "kind", ...)`` the Hecatomb rules can write."""
    text = " ".join(p.read_text() for p in HECATOMB.rglob("*.py"))
    return set(re.findall(r'event\(s, "([a-z_]+)"', text))


def test_hecatomb_every_event_kind_is_checked() -> None:
    from ossuary.hecatomb.cards import base_pool
    from ossuary.hecatomb.decks import random_deck

    game = games.get("hecatomb")
    kinds: set[str] = set()
    # random two-doom decks (as the fuzzer plays them) reach every card's events;
    # these seeds happen to cover them all, the others are there if cards change
    wanted = hecatomb_event_kinds() - {"draw_empty"}
    for seed in [101, 74, 69, 29, *range(1, 40)]:
        decks = [random_deck(base_pool(), Rng(seed * 31 + k)) for k in range(2)]
        play_and_check(game, game.new_game(decks=decks, seats=2, seed=seed), seed, kinds)
        if wanted <= kinds:
            break
    # a player who must draw from an empty deck
    empty = game.load_scenario(
        '[game]\nactive = 1\nstep = "start"\n[[seat]]\nhand = ["Snap"]\ndeck = ["Snap"]\n'
        '[[seat]]\nhand = ["Snap"]\n'
    )
    play_and_check(game, empty, 5, kinds, replays=False)  # a scenario has no replay
    missing = hecatomb_event_kinds() - kinds
    assert not missing, f"event kinds never exercised by the leak test: {sorted(missing)}"


# -- the audit: every event kind of every game says who reads its card names --------------------
ARCHITECTURE = Path(__file__).parents[2] / "docs" / "architecture.md"


def event_kinds(name: str) -> set[str]:
    """Every event kind a game's rules modules can write: ``event(s, "kind", ...)``,
    also split over lines and as ``"boost" if value else "hinder"``."""
    folder = Path(games.get(name).browser.assets() or ".").parent
    text = " ".join(p.read_text() for p in folder.rglob("*.py"))
    found = re.findall(r'event\(\s*s,\s*"([a-z_]+)"(?:\s+if\s+\w+\s+else\s+"([a-z_]+)")?', text)
    return {kind for pair in found for kind in pair if kind}


def audited_kinds(title: str) -> set[str]:
    """The event kinds in the architecture document's table for ``title``."""
    text = ARCHITECTURE.read_text()
    table = text.split(f"**{title}**", 1)[1].split("\n\n", 2)[1]
    return set(re.findall(r"`([a-z_]+)`", "\n".join(
        row.split("|")[1] for row in table.splitlines() if row.startswith("| `"))))  # fmt: skip


@pytest.mark.parametrize("name", games.names())
def test_every_event_kind_is_in_the_hidden_information_audit(name: str) -> None:
    kinds = event_kinds(name)
    assert len(kinds) > 20, f"{name}: the rules' events were not found"
    audited = audited_kinds(games.get(name).title)
    assert kinds - audited == set(), "event kinds nobody audited for who may read them"
    assert audited - kinds == set(), "audited event kinds the rules no longer write"


def _walk(obj: Any) -> Any:
    if isinstance(obj, dict):
        yield obj
        for v in obj.values():
            yield from _walk(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _walk(v)


def test_hecatomb_messages_name_no_hidden_card_id() -> None:
    from ossuary.hecatomb.invariants import hidden_from
    from ossuary.hecatomb.state import HecatombState

    game = games.get("hecatomb")
    state = game.new_game(seats=3, seed=3)
    assert isinstance(state, HecatombState)
    rng = random.Random(3)
    since = 0
    everyone = (1 << state.n) - 1
    while not state.is_terminal():
        for reader in (None, 0, 1, 2):
            if reader is None:  # a spectator: every hand and deck card not shown to all
                hidden = {c for s in state.seats for c in (*s.hand, *s.deck)}
                hidden -= {c for c in hidden if state.known[c] == everyone}
            else:
                hidden = hidden_from(state, reader)
            for msg in messages(game, state, reader, ["play 1"], max(0, since - 2)):
                for d in _walk(msg):
                    assert not ("card" in d and d.get("id") in hidden), (reader, d)
                # the log: another seat's private event (a draw, a look) names no card
                for e in msg.get("view", {}).get("log", []):
                    if e.get("private") not in (None, reader):
                        assert "card" not in e and "cards" not in e, (reader, e)
        since = len(state.log)
        state.apply_action(rng.choice(state.legal_action_ids()))
