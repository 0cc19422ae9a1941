"""The facts the database holds, spot-checked against printed cards, and the promise that
no card text is kept."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from tallon.data import CostStep, UpgradeCost
from tallon.data.loader import GENERATED_FILES
from tallon.data.vocab import ACTION_TYPES, ARCS, BEARINGS, DIAL_DIFFICULTIES


def test_a_pilot_card(db):
    """Luke Skywalker: initiative 5, one bullet, Force 2 recurring on the light side."""
    luke = db.pilot("lukeskywalker")
    assert (luke.initiative, luke.limited, luke.ship, luke.faction) == (
        5, 1, "t65xwing", "rebelalliance")
    assert (luke.force.value, luke.force.recovers, luke.force.sides) == (2, 1, ("light",))
    assert "force-power" in luke.slots and luke.has_ability


def test_a_ship_card(db):
    """The T-65: small, Front Arc 3, agility 2, hull 4, shields 2, Focus/Lock/Barrel Roll."""
    ship = db.ship("t65xwing")
    assert ship.size == "small"
    assert [(a.arc, a.value) for a in ship.attacks] == [("front", 3)]
    assert (ship.agility, ship.hull, ship.shields) == (2, 4, 2)
    assert [a.type for a in ship.actions] == ["focus", "lock", "barrel_roll"]
    assert "4KR" in ship.dial and "3ER" in ship.dial


def test_dials_use_the_source_codes(db):
    """Every dial code is speed, bearing letter and difficulty letter."""
    pattern = re.compile(rf"^[0-5][{''.join(BEARINGS)}][{''.join(DIAL_DIFFICULTIES)}]$")
    for ship in db.ships:
        assert all(pattern.match(code) for code in ship.dial), ship.xws


def test_vocabularies_are_normalised(db):
    """Actions and arcs use Tallon's names (barrel_roll, single_turret), never the
    source's display names."""
    for ship in db.ships:
        assert {a.type for a in ship.actions} <= set(ACTION_TYPES)
        assert {a.arc for a in ship.attacks} <= set(ARCS)


def test_linked_actions_keep_their_own_difficulty(db):
    """Servomotor S-foils (closed) grant Focus linked to a red Boost."""
    focus = db.upgrade("servomotorsfoils").front.grants.actions[1]
    assert (focus.type, focus.difficulty) == ("focus", "white")
    assert (focus.linked.type, focus.linked.difficulty) == ("boost", "red")


def test_a_special_weapon(db):
    """Proton Torpedoes: Front Arc 4, range 2-3, ordnance, 2 charges that do not recur."""
    side = db.upgrade("protontorpedoes").front
    attack = side.attack
    assert (attack.arc, attack.value, attack.min_range, attack.max_range, attack.ordnance) == (
        "front", 4, 2, 3, True)
    assert (side.charges.value, side.charges.recovers) == (2, 0)


def test_negative_recurring_charges(db):
    """Intercept Booster loses a charge each round (negative recurring)."""
    charges = db.upgrade("interceptbooster").front.charges
    assert charges.negative_recurring and not charges.recurring


def test_huge_ships_recover_shields_and_energy(db):
    """The CR90 has energy 7 and recovers 2 shields and 2 energy; left and right arcs."""
    cr90 = db.ship("cr90corelliancorvette", "rebelalliance")
    assert (cr90.size, cr90.energy, cr90.energy_recovers, cr90.shield_recovers) == (
        "huge", 7, 2, 2)
    assert {a.arc for a in cr90.attacks} == {"left", "right"}


def test_a_remote_device(db):
    """Clan Wren Commandos place a remote with initiative 2, 2 charges and an attack."""
    device = db.upgrade("clanwrencommandos").front.device
    assert (device.type, device.initiative, device.agility, device.hull) == ("remote", 2, 2, 2)
    assert device.attack.value == 2


def test_a_dual_sided_upgrade(db):
    """L3-37 is a crew card on one side and a configuration on the other."""
    sides = db.upgrade("l337").sides
    assert [(s.type, s.slots) for s in sides] == [("crew", ("crew",)),
                                                  ("configuration", ("configuration",))]


def test_the_damage_deck(db):
    """The core deck: 33 cards of 14 kinds, 8 of them Pilot cards; Direct Hit! five times."""
    deck = db.damage_deck("core")
    assert (deck.size, len(deck.cards)) == (33, 14)
    assert sum(c.count for c in deck.cards if c.type == "pilot") == 8
    direct_hit = next(card for card in deck.cards if card.id == "directhit")
    assert (direct_hit.count, direct_hit.number) == (5, 14)
    assert len(deck.expanded()) == 33


@pytest.mark.parametrize(("cost", "expected"), [
    (UpgradeCost(value=3), 3),
    (UpgradeCost(variable="size", table=(CostStep("small", 1), CostStep("large", 5))), 5),
    (UpgradeCost(variable="agility", table=(CostStep("2", 4),)), 4),
    (UpgradeCost(variable="initiative", table=(CostStep("5", 6),)), 6),
    (UpgradeCost(variable="initiative", table=(CostStep("1", 6),)), None),
    (UpgradeCost(), None),
])
def test_upgrade_cost_for_a_ship(cost, expected):
    """Fixed, size-, agility- and initiative-based costs; None when not priced."""
    assert cost.for_ship(size="large", agility=2, initiative=5) == expected


def test_no_card_text_is_kept():
    """No string in the generated files reads like a sentence of card text: none is longer
    than a card name or has more than eight words, and none is an address."""
    for name in GENERATED_FILES:
        text = (resources.files("tallon.data") / "generated" / name).read_text("utf-8")
        strings: list[str] = []

        def collect(value, strings=strings):
            if isinstance(value, str):
                strings.append(value)
            elif isinstance(value, dict):
                for item in value.values():
                    collect(item)
            elif isinstance(value, list):
                for item in value:
                    collect(item)

        collect(json.loads(text))
        for string in strings:
            assert len(string) <= 60, (name, string)
            assert len(string.split()) <= 8, (name, string)
            assert "http" not in string, (name, string)


def test_cards_are_immutable_hashable_and_picklable(db):
    """The engine may clone and store game states holding cards: cards cannot be changed,
    can be dictionary keys, and survive pickling unchanged."""
    import dataclasses
    import pickle

    upgrade = db.upgrade("servomotorsfoils")
    with pytest.raises(dataclasses.FrozenInstanceError):
        upgrade.name = "x"  # type: ignore[misc]
    assert {upgrade: 1}[upgrade] == 1
    assert pickle.loads(pickle.dumps(upgrade)) == upgrade
    assert pickle.loads(pickle.dumps(db.pilot("lukeskywalker"))) == db.pilot("lukeskywalker")
