"""Guide THE CONTRACT TURNS, THE CONTRACT TRADE, THE CONTRACT PURGE and THE
CONTRACTS; the FAQ answers on contracts."""

from __future__ import annotations

from .script import act, card, events, expect, hand, illegal, names, play, scenario

FILLER = ["Knuckles", "Viper", "Lodestar", "Aegis", "Jock Jensen", "Nerd Nguyen", "VP Marsh",
          "Auditor Kell", "Board Member Sato", "Assistant Dunn", "Barista Bo", "Intern Ivy",
          "Pizza Pete", "Librarian Lou", "Tourist Tim", "Yoga Yolanda", "Old Thunder"]  # fmt: skip


def position(
    deck: int = 12,
    contracts: str = '["Big Tuna", "Rook", "Slick", "Mags"]',
    extra: str = "",
    hand0: str = '["Dominique", "Dale"]',
) -> str:
    listed = ", ".join(f'"{n}"' for n in FILLER[:deck])
    return f"""
        [game]
        rest = "dead"
        deck = [{listed}]
        contracts = {contracts}
        {extra}
        [[seat]]
        hand = {hand0}
        [[seat]]
        hand = ["Prodigy Priya", "Thunderclap"]
        """


def test_a_trade_takes_a_contract_gives_a_hand_card_face_up_and_burns_the_top() -> None:
    # THE CONTRACT TRADE: 1 take a contract card; 2 put a hand card face up into
    # the empty slot; 3 discard the top card of the main deck. FAQ: contracts are
    # face up; a contract turn can cost the deck cards
    s = scenario(position())
    act(s, "trade 1")
    expect(s, "give", 0)
    assert s.decision().options == (f"give {card(s, 'Dominique')}",)  # type: ignore[union-attr]
    act(s, "give Dominique")
    assert hand(s, 0) == ["Dale", "Rook"]
    assert names(s, s.contracts) == ["Big Tuna", "Dominique", "Slick", "Mags"]
    assert s.defs[s.dead[-1]].name == "Knuckles" and len(s.deck) == 11  # the top, burned
    assert s.view(1)["contracts"][1]["card"] == "Dominique"  # face up for everyone
    expect(s, "turn", 1)  # a contract turn places nothing and draws nothing
    assert hand(s, 1) == ["Prodigy Priya", "Thunderclap"]


def test_a_purge_shuffles_the_contracts_in_burns_two_and_deals_four() -> None:
    # THE CONTRACT PURGE: all four into the deck, shuffle, discard two, deal four
    s = scenario(position())
    dead_before = len(s.dead)
    act(s, "purge")
    assert len(s.deck) == 12 + 4 - 2 - 4
    assert len(s.dead) == dead_before + 2 and len(events(s, "burn")) == 2
    assert all(c >= 0 for c in s.contracts)


def test_contract_turns_need_ten_cards_in_the_deck() -> None:
    # THE TURNS / THE CONTRACTS: only with 10 or more cards in the main deck
    s = scenario(position(deck=10))
    assert "purge" in s.decision().options  # type: ignore[union-attr]
    s = scenario(position(deck=9))
    illegal(s, "purge", "10 or more cards")
    illegal(s, "trade 0", "10 or more cards")


def test_never_two_contract_turns_in_a_row() -> None:
    # FAQ / THE CONTRACTS: every Contract Turn must be followed by a Usual Turn
    s = scenario(position(deck=16))
    act(s, "purge", play(s, "Prodigy Priya", "vask"))
    expect(s, "turn", 0)
    assert "purge" not in s.decision().options  # type: ignore[union-attr]
    illegal(s, "purge", "usual turn")
    act(s, play(s, "Dominique", "vask"), play(s, "Thunderclap", "vask"))
    assert "purge" in s.decision().options  # type: ignore[union-attr]


def test_ineligible_cards_are_never_traded_in_or_out() -> None:
    # FAQ / THE CONTRACTS: Scorched Earth and Diabolicals can't be traded in or out
    s = scenario(position(contracts='["Razor", "Rook", "Vanessa", "Mags"]'))
    opts = s.decision().options  # type: ignore[union-attr]
    assert "trade 0" not in opts and "trade 2" not in opts and "trade 1" in opts
    illegal(s, "trade 0", "THE CONTRACTS")
    act(s, "trade 1")
    illegal(s, f"give {card(s, 'Dale')}", "not contract eligible")


def test_a_trade_needs_an_eligible_card_to_give() -> None:
    # THE CONTRACT TRADE: step 2 needs a hand card that may go into the contracts
    s = scenario(position(hand0='["Vanessa", "Dale"]'))
    assert not any(o.startswith("trade") for o in s.decision().options)  # type: ignore[union-attr]
    illegal(s, "trade 0", "no contract-eligible card")


def test_a_contract_freeze_allows_only_a_purge() -> None:
    # FAQ / THE CONTRACTS: all slots ineligible is a contract freeze; only a
    # purge (which depends on the deck) returns them
    s = scenario(position(contracts='["Razor", "Deathrender", "Vanessa", "Empress"]'))
    opts = s.decision().options  # type: ignore[union-attr]
    assert not any(o.startswith("trade") for o in opts) and "purge" in opts
    assert s.view(0)["contract_freeze"] is True
    act(s, "purge")
    assert any(s.defs[c].eligible for c in s.contracts)


def test_after_a_trade_an_eligible_card_always_remains() -> None:
    # THE CONTRACTS: an automatic purge follows a trade that leaves no eligible
    # contract card. The card put back must be eligible, so under our reading a
    # trade never leaves none (rules notes): no purge happens
    s = scenario(position(contracts='["Razor", "Deathrender", "Vanessa", "Mags"]'))
    act(s, "trade 3", "give Dominique")
    assert names(s, s.contracts) == ["Razor", "Deathrender", "Vanessa", "Dominique"]
    assert not events(s, "auto_purge")


def test_the_deck_dropping_below_ten_bans_contract_turns_for_good() -> None:
    # FAQ / THE CONTRACTS: once the deck drops below 10 after a turn, contract
    # turns are banned for the rest of the game
    s = scenario(position(deck=11))
    act(s, play(s, "Dominique", "vask"))  # the draw leaves 10
    assert not s.banned
    act(s, play(s, "Prodigy Priya", "vask"))  # 9: banned
    assert s.banned and events(s, "ban")
    expect(s, "turn", 0)
    assert "purge" not in s.decision().options  # type: ignore[union-attr]
    illegal(s, "purge", "10 or more")


def test_rewind_lifts_the_ban() -> None:
    # FAQ / THE CONTRACTS: banned unless an ability like Rewind (Tick Tock) says so
    s = scenario(position(deck=16, extra="banned = true", hand0='["Dominique", "Tick Tock"]'))
    illegal(s, "purge", "banned")
    act(s, play(s, "Tick Tock", "vask"))
    assert not s.banned and events(s, "rewind")
    act(s, play(s, "Prodigy Priya", "vask"))
    assert "purge" in s.decision().options  # type: ignore[union-attr]


def test_a_seat_with_no_space_must_pass_and_takes_no_contract_turn() -> None:
    # FAQ: with no space in any of its zones a player must pass until space is
    # made, and keeps passing until a legal play (a card into a slot that
    # allows it) is possible. A Contract Turn is taken instead of a play, not
    # for want of one: seat 0 passes though the deck holds 10 cards.
    mat = [
        ["Captain Adequate", "Lady Lukewarm", "The Mild Bulk", "Static Cling", "Doorstop",
         "Paper Cut", "Mister Moist", "Sidekick Sally"],
        ["Barista Bo", "Intern Ivy", "Mall Cop Maurice", "Crossing Guard Cleo", "Pizza Pete",
         "Librarian Lou", "Tourist Tim", "Yoga Yolanda"],
        ["Old Thunder", "Grandma Gale", "Professor Plume", "Nana Nightingale", "Colonel Crumb",
         "Madame Mirage", "Sergeant Slippers", "Auntie Aurora"],
    ]  # fmt: skip
    zones = "\n".join(
        f"{z} = [{', '.join(repr(n).replace(chr(39), chr(34)) for n in names_)}]"
        for z, names_ in zip(
            ("vask_tower", "the_gang_hideout", "havenvale_campus"), mat, strict=True
        )
    )
    s = scenario(position(deck=10, hand0='["Dominique"]') + f"\n[[side]]\n{zones}\n[[side]]\n")
    expect(s, "turn", 1)  # seat 0's turn passed at once
    assert events(s, "pass") == [{"e": "pass", "p": 0, "out": False}]
    assert len(s.deck) == 10 and not s.banned  # contract turns were allowed otherwise
