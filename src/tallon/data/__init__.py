"""The card database: typed, validated facts about every card of X-Wing 2.5.

    >>> from tallon.data import load_cards
    >>> db = load_cards()
    >>> db.pilot("lukeskywalker").initiative
    5

This package imports nothing from the rest of Tallon; everything else reads cards
through it. See ``docs/data.md``.
"""

from tallon.data.cards_1e import CardDatabase1e, load_cards_1e
from tallon.data.codec import CardDataError
from tallon.data.database import (
    CARD_KINDS,
    AmbiguousShipError,
    CardDatabase,
    CardKind,
    SearchHit,
    UnknownCardError,
    name_key,
)
from tallon.data.loader import load_cards
from tallon.data.model import (
    Action,
    ActionRequirement,
    Card,
    Charges,
    Condition,
    CostStep,
    DamageCard,
    DamageDeck,
    Device,
    Faction,
    Force,
    ForceGrant,
    Grants,
    Pilot,
    PrimaryAttack,
    QuickBuild,
    QuickBuildPilot,
    QuickBuildUpgrade,
    RestrictionGroup,
    Ship,
    SlotGrant,
    SourceInfo,
    SpecialAttack,
    StatGrant,
    Stats,
    Upgrade,
    UpgradeCost,
    UpgradeSide,
)

__all__ = [
    "CARD_KINDS",
    "Action",
    "ActionRequirement",
    "AmbiguousShipError",
    "Card",
    "CardDataError",
    "CardDatabase",
    "CardDatabase1e",
    "CardKind",
    "Charges",
    "Condition",
    "CostStep",
    "DamageCard",
    "DamageDeck",
    "Device",
    "Faction",
    "Force",
    "ForceGrant",
    "Grants",
    "Pilot",
    "PrimaryAttack",
    "QuickBuild",
    "QuickBuildPilot",
    "QuickBuildUpgrade",
    "RestrictionGroup",
    "SearchHit",
    "Ship",
    "SlotGrant",
    "SourceInfo",
    "SpecialAttack",
    "StatGrant",
    "Stats",
    "UnknownCardError",
    "Upgrade",
    "UpgradeCost",
    "UpgradeSide",
    "load_cards",
    "load_cards_1e",
    "name_key",
]
