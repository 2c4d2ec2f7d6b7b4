"""The game-agnostic kernel: the RNG in the state, decisions, replays."""

import pytest

from ossuary.engine import IllegalAction, Replay, ReplayError, Rng
from ossuary.hecatomb import new_game


def test_rng_is_deterministic_and_copies_its_state() -> None:
    a = Rng(42)
    b = a.copy()
    assert [a.below(1000) for _ in range(5)] == [b.below(1000) for _ in range(5)]
    assert Rng(1).next64() != Rng(2).next64()
    items = list(range(10))
    Rng(3).shuffle(items)
    assert sorted(items) == list(range(10)) and items != list(range(10))


def test_rng_copies_deals_a_random_deck_of_the_size_asked() -> None:
    """``Rng.copies``, behind every game's random deck: each item picked 1 to
    ``most(item)`` times, in a shuffled order, ``want`` in all (fewer only when
    every item is taken), the same for the same generator."""
    items = ["a", "b", "c", "d", "e", "f"]
    for seed in range(50):
        got = Rng(seed).copies(items, 10, lambda item: 3 if item < "c" else 2)
        assert got == Rng(seed).copies(items, 10, lambda i: 3 if i < "c" else 2)
        counts = {item: got.count(item) for item in set(got)}
        assert len(got) == 10 or (len(got) < 10 and len(counts) == len(items))
        assert all(1 <= n <= (3 if item < "c" else 2) for item, n in counts.items())
        runs = [item for i, item in enumerate(got) if i == 0 or got[i - 1] != item]
        assert len(runs) == len(counts)  # each item's copies lie together
    few = Rng(1).copies(["x", "y"], 10, lambda _: 2)  # the items run out
    assert sorted(set(few)) == ["x", "y"] and 2 <= len(few) <= 4
    assert Rng(1).copies(items, 0, lambda _: 3) == []
    assert len({tuple(Rng(seed).copies(items, 6, lambda _: 1)) for seed in range(20)}) > 1


def test_rng_draws_the_same_numbers_on_either_build() -> None:
    # SplitMix64's numbers, pinned: saved games and replays hold seeds and
    # states, so every build (interpreted: Python integers; compiled: native
    # 64-bit integers that wrap) must draw exactly these
    r = Rng(42)
    assert [r.next64() for _ in range(3)] == [
        7315957777007703983,
        11638005078363268458,
        11476428403375978651,
    ]
    assert r.state == 3669390496965111754
    r = Rng(7)
    assert [r.below(1000) for _ in range(6)] == [142, 633, 802, 687, 672, 38]
    items = list(range(12))
    Rng(3).shuffle(items)
    assert items == [3, 7, 4, 5, 10, 8, 1, 11, 0, 6, 2, 9]
    top = Rng.from_state(2**64 - 1)  # the largest state, its sign bit set
    assert top.state == 2**64 - 1
    assert top.next64() == 16490336266968443936
    assert top.state == 11400714819323198484
    assert top.choice(tuple("abcde")) == "e"
    assert Rng(0).state == Rng(2**70).state == 7146057691288625177
    # SplitMix64's seeding, written out here: the state is seed * golden +
    # 0x632BE59BD9B4E019 modulo 2**64, for any seed, negative or past 64 bits
    for seed in (1, 7, -1, -5, 2**63, 2**64 - 1, 2**64 + 3, -(2**64) + 9, 12345678901234567890):
        assert Rng(seed).state == (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) % 2**64
    big, again = Rng.from_state(2**63 + 5), Rng.from_state(2**63 + 5)
    for n in (3, 2**40 + 7, 1, 52):  # below(n) is the unsigned draw modulo n
        assert big.below(n) == again.next64() % n


def test_apply_action_accepts_an_action_or_its_id() -> None:
    s = new_game(seed=1)
    t = s.clone()
    s.apply_action(s.legal_actions()[0])
    t.apply_action(t.legal_action_ids()[0])
    assert s == t


def test_illegal_action_names_the_options_and_changes_nothing() -> None:
    s = new_game(seed=1)
    before = s.serialize()
    with pytest.raises(IllegalAction) as info:
        s.apply_action("fly to the moon")
    assert "legal options" in str(info.value)
    assert s.serialize() == before


def test_replay_rebuilds_the_game_exactly(tmp_path) -> None:  # type: ignore[no-untyped-def]
    s = new_game(seed=9, seats=3)
    rng = Rng(9)
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_action_ids()))
    replay = Replay.of(s)
    path = tmp_path / "game.json"
    replay.save(path)
    again = Replay.load(path)
    assert again.final() == s
    steps = list(again.states())
    assert steps[0][0] is None and len(steps) == len(s.history) + 1
    assert steps[-1][1] == s


def test_replay_with_a_bad_action_says_which_step() -> None:
    s = new_game(seed=2)
    replay = Replay.of(s)
    replay.actions = ["nonsense"]
    with pytest.raises(ReplayError, match="action 1"):
        list(replay.states())


def test_replay_of_an_unknown_ruleset_is_refused() -> None:
    with pytest.raises(ReplayError, match="unknown ruleset"):
        Replay("chess", "1", 2, [[], []], 0, 0).start()
    with pytest.raises(ReplayError):
        Replay.from_json("{not json")


def test_a_clone_is_independent_of_its_original() -> None:
    s = new_game(seed=6)
    before = s.serialize()
    c = s.clone()
    rng = Rng(6)
    for _ in range(200):
        if c.is_terminal():
            break
        c.apply_action(rng.choice(c.legal_action_ids()))
    assert s.serialize() == before
    assert c.serialize() != before


# -- what the README promises of the API (issue 30 §6) ---------------------------------
@pytest.mark.parametrize("name", ["hecatomb", "necromancer", "diabolicards"])
def test_illegal_action_is_importable_from_ossuary_and_from_each_game(name: str) -> None:
    import importlib

    import ossuary

    package = importlib.import_module(f"ossuary.{name}")
    assert ossuary.IllegalAction is IllegalAction
    assert package.IllegalAction is IllegalAction
    s = package.new_game(seed=2)
    with pytest.raises(ossuary.IllegalAction):
        s.apply_action("no such option")
