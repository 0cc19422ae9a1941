"""The fixed vocabulary of the card database: factions, sizes, slots, actions, arcs.

Every enumerated value in the generated data is one of these strings. The converter
maps the source database's spellings ("Barrel Roll", "Single Turret Arc", "Force Power")
onto them, so the rest of Tallon never sees the source's display spellings.
"""

from __future__ import annotations

from typing import Literal, get_args

FactionId = Literal[
    "rebelalliance",
    "galacticempire",
    "scumandvillainy",
    "resistance",
    "firstorder",
    "galacticrepublic",
    "separatistalliance",
]
FACTIONS: tuple[str, ...] = get_args(FactionId)

Size = Literal["small", "medium", "large", "huge"]
SIZES: tuple[str, ...] = get_args(Size)

# Upgrade slots are named by their XWS slot keys (the upgrade file names of the source
# database), so a slot read from an XWS file needs no translation.
Slot = Literal[
    "astromech",
    "cannon",
    "cargo",
    "command",
    "configuration",
    "crew",
    "device",
    "force-power",
    "gunner",
    "hardpoint",
    "hyperdrive",
    "illicit",
    "missile",
    "modification",
    "sensor",
    "tactical-relay",
    "talent",
    "team",
    "tech",
    "title",
    "torpedo",
    "turret",
]
SLOTS: tuple[str, ...] = get_args(Slot)

ActionType = Literal[
    "focus",
    "barrel_roll",
    "lock",
    "boost",
    "evade",
    "calculate",
    "reinforce",
    "rotate",
    "coordinate",
    "jam",
    "cloak",
    "reload",
    "slam",
]
ACTION_TYPES: tuple[str, ...] = get_args(ActionType)

Difficulty = Literal["white", "red", "purple"]
DIFFICULTIES: tuple[str, ...] = get_args(Difficulty)

Arc = Literal[
    "front",
    "rear",
    "full_front",
    "bullseye",
    "single_turret",
    "double_turret",
    "left",
    "right",
]
ARCS: tuple[str, ...] = get_args(Arc)

ForceSide = Literal["light", "dark"]
FORCE_SIDES: tuple[str, ...] = get_args(ForceSide)

StatName = Literal["agility", "hull", "shields", "energy", "attack"]

DeviceType = Literal["bomb", "mine", "obstacle", "remote"]

DamageType = Literal["pilot", "ship"]

CostVariable = Literal["size", "agility", "initiative"]

SLOT_NAMES: dict[str, str] = {
    "astromech": "Astromech",
    "cannon": "Cannon",
    "cargo": "Cargo",
    "command": "Command",
    "configuration": "Configuration",
    "crew": "Crew",
    "device": "Device",
    "force-power": "Force Power",
    "gunner": "Gunner",
    "hardpoint": "Hardpoint",
    "hyperdrive": "Hyperdrive",
    "illicit": "Illicit",
    "missile": "Missile",
    "modification": "Modification",
    "sensor": "Sensor",
    "tactical-relay": "Tactical Relay",
    "talent": "Talent",
    "team": "Team",
    "tech": "Tech",
    "title": "Title",
    "torpedo": "Torpedo",
    "turret": "Turret",
}

ACTION_NAMES: dict[str, str] = {
    "focus": "Focus",
    "barrel_roll": "Barrel Roll",
    "lock": "Lock",
    "boost": "Boost",
    "evade": "Evade",
    "calculate": "Calculate",
    "reinforce": "Reinforce",
    "rotate": "Rotate Arc",
    "coordinate": "Coordinate",
    "jam": "Jam",
    "cloak": "Cloak",
    "reload": "Reload",
    "slam": "SLAM",
}

ARC_NAMES: dict[str, str] = {
    "front": "Front Arc",
    "rear": "Rear Arc",
    "full_front": "Full Front Arc",
    "bullseye": "Bullseye Arc",
    "single_turret": "Single Turret Arc",
    "double_turret": "Double Turret Arc",
    "left": "Left Arc",
    "right": "Right Arc",
}

# Dial codes: speed digit, bearing letter, difficulty letter (as the source codes them).
BEARINGS: dict[str, str] = {
    "T": "turn left",
    "B": "bank left",
    "F": "straight",
    "N": "bank right",
    "Y": "turn right",
    "K": "Koiogran turn",
    "L": "Segnor's loop left",
    "P": "Segnor's loop right",
    "E": "Tallon roll left",
    "R": "Tallon roll right",
    "A": "reverse bank left",
    "S": "reverse straight",
    "D": "reverse bank right",
    "O": "stationary",
}
DIAL_DIFFICULTIES: dict[str, str] = {"W": "white", "R": "red", "B": "blue", "P": "purple"}


def slot_name(slot: str) -> str:
    """The printed name of a slot key, e.g. ``"force-power"`` -> ``"Force Power"``."""
    return SLOT_NAMES.get(slot, slot)


def action_name(action_type: str) -> str:
    """The printed name of an action type, e.g. ``"barrel_roll"`` -> ``"Barrel Roll"``."""
    return ACTION_NAMES.get(action_type, action_type)


def arc_name(arc: str) -> str:
    """The printed name of an arc, e.g. ``"single_turret"`` -> ``"Single Turret Arc"``."""
    return ARC_NAMES.get(arc, arc)
