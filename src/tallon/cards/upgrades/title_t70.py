"""The T-70 X-wing's title: Black One (Resistance). It adds a white SLAM to the action bar
(card data)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tallon.cards.acting import charged_slam
from tallon.cards.registry import register
from tallon.engine.state import Token

if TYPE_CHECKING:
    pass

BLACK_ONE = "blackone"


register("upgrade", BLACK_ONE,
         *charged_slam(BLACK_ONE, "Black One", Token.ION,
                       "lose 1 charge, then may trade a disarm token for an ion token"),
         description="Grants a white SLAM. After each SLAM action: 1 charge is lost (it never "
                     "comes back); the ship may then take 1 ion token and in exchange remove 1 "
                     "disarm token. With its charge inactive, the ship can't SLAM.")
