"""HWK-290 light freighter pilots (Rebel Alliance)."""

from __future__ import annotations

from tallon.cards.common import give_token_in_firing_arc
from tallon.cards.registry import register
from tallon.engine.state import Token

register("pilot", "kylekatarn", give_token_in_firing_arc(Token.FOCUS),
         description="At the start of the Engagement Phase: may give 1 of his focus tokens "
                     "to a friendly ship in his firing arc.")
