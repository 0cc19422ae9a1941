"""Scum and Villainy titles of the Aggressor assault fighter and the Customized YT-1300:
IG-2000 (and, see the module's end, Lando's Millennium Falcon)."""

from __future__ import annotations

from tallon.cards.registry import register
from tallon.cards.upgrades.crew_g import _ig88d_copy, _ig2000_friends
from tallon.engine.abilities import Triggered

# ---------------------------------------------------------------------- IG-2000
# RR: ABILITIES - the copies are made as the game begins, while every ship of the squad is
# there; a ship leaving the game takes its pilot ability with it (engine/effects.py)
register("upgrade", "ig2000",
         Triggered("has the pilot ability of each other friendly ship with IG-2000",
                   window="gather_forces", optional=False,
                   requirement=lambda ctx: bool(_ig2000_friends(ctx)), effect=_ig88d_copy),
         description="Has the pilot ability of each other friendly ship with the IG-2000 "
                     "upgrade (while that ship is in the game).")


# Lando's Millennium Falcon is not played. Docking one Escape Craft and the extra attack die
# against a stressed ship are plain rules here, but "you may treat its shields as if they
# were on your ship card" (RR: SHIELDS, RR: CHARGES, RR: DOCK; the errata reads "treat") is
# a choice wherever the carrier's shields matter: which card loses each shield (damage,
# costs, enemy effects: engine/effects.py lose_shields and engine/damage.py SufferDamage
# call no step that could ask), which inactive one a recovery flips (cards/common.py and
# Gonk change ship.shields directly), and whether the carrier is shielded at all: L3-37
# (pilot of this very ship, and crew) gains by not counting them, most other readers by
# counting them. Some twenty card modules read ship.shields inline, so neither always
# counting them (a pooled total) nor never counting them plays the "may" faithfully.
