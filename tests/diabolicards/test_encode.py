"""Diabolicards' RL encoding (docs/rl.md, "Diabolicards' encoding"): a card's
action is the same index in every deal, and the observation shows only what the
seat's view shows (a teammate's hand never, guide THE SETUP). The generic
tests in tests/rl run the encoder through every environment in both modes."""

from __future__ import annotations

import numpy as np

from ossuary.diabolicards import GAME, new_game
from ossuary.diabolicards.encode import CARD_FEATURES, PLACES, DiabolicardsEncoder


def test_a_play_is_one_index_in_every_deal() -> None:
    enc = DiabolicardsEncoder(2)
    seen: dict[str, set[int]] = {}
    for seed in range(6):
        s = new_game(seats=2, seed=seed)
        paths = enc.action_paths(s.view(s.current_player()))
        for aid, path in paths.items():
            assert path is not None and len(path) == 1
            name = enc.action_name(path[0])
            if aid.startswith("play "):
                card = s.defs[int(aid.split()[1])].name
                assert name.startswith(f"play[{card}, ")
                seen.setdefault(aid, set()).add(path[0])
    assert seen and all(len(v) == 1 for v in seen.values())


def test_the_observation_holds_ones_own_hand_and_no_teammates() -> None:
    s = new_game(seats=4, seed=3)
    me = s.current_player()
    assert me is not None
    enc = GAME.research.encoder(4)
    out = np.zeros(enc.observation_size, np.float32)
    enc.observe(s.view(me), (), out)
    cards = out[: 80 * CARD_FEATURES].reshape(80, CARD_FEATURES)
    hand, other, unseen = (PLACES.index(p) for p in ("hand", "other hand", "unseen"))
    assert {int(c) for c in np.flatnonzero(cards[:, hand])} == set(s.hands[me])
    mate = (me + 2) % 4
    for cid in s.hands[mate]:  # the teammate's hand is as unseen as the deck
        assert cards[cid, unseen] == 1.0 and cards[cid, other] == 0.0
    assert np.all(cards[:, : len(PLACES) + 18].sum(axis=1) == 1.0)  # one place each
