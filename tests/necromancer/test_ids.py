"""The option and target ids made once (necromancer.ids) are the text the
rules formatted before: the same for every number, inside the table and past it."""

from ossuary.necromancer import ids


def test_every_table_gives_the_formatted_id_for_every_number() -> None:
    tables = {
        "m": ids.MINION_ID,
        "h": ids.HERO_ID,
        "c": ids.MAGIC_ID,
        "g": ids.GRAVE_ID,
        "s": ids.STACK_ID,
        "play ": ids.PLAY_ID,
        "attack ": ids.ATTACK_ID,
        "destroy ": ids.DESTROY_ID,
        "sacrifice ": ids.SACRIFICE_ID,
        "dismiss ": ids.DISMISS_ID,
        "defend ": ids.DEFEND_ID,
    }
    for prefix, table in tables.items():
        for n in range(-3, ids.SIZE * 2 + 3):  # below, inside and past the table
            assert table.of(n) == f"{prefix}{n}"
