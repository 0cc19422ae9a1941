"""The ace's choice of the token a card makes a ship gain: a deplete or a strain token
(RR: DEPLETE, RR: STRAIN). Fine-Tuned Thrusters makes our own ship gain one to act; ISB
Jingoist and Major Vonreg make an enemy gain the one their player chooses. A deplete
token takes a die from the ship's next attack, a strain token from its next defense: the
ace takes the one that costs its ship least where it stands, and gives the enemy the one
that costs it most, both by the exact dice calculator (each ship's shots and the shots at
it, as :func:`tallon.agents.reading.engagement` weighs them). Feedback Array's price, an
ion and a disarm token (no attack this round), is paid only when the damage it deals the
enemies at range 0, less our own ships there, is worth more than the ship's own shot and
the ion. Figures: docs/simulation.md.
"""

from __future__ import annotations

import re

from tallon.agents.planning import THREAT_SHARE, Planner, with_tokens
from tallon.agents.reading import FOCUSED, Piece, engagement
from tallon.agents.tractoring import NEXT_ROUND_SHARE
from tallon.engine.decisions import Decision
from tallon.geometry import at_range

#: The tokens offered (the decision's keys), and each as a token to add.
DEPLETE_OR_STRAIN = ("deplete", "strain")
DEPLETE, STRAIN = (("deplete", 1),), (("strain", 1),)
#: Feedback Array's ability, as offered.
FEEDBACK = "gain 1 ion and 1 disarm token"
#: What an ion token costs the ship, in expected damage (a 1 straight next, focus only).
ION_COST = 0.3
#: The ship a Jingoist's or Vonreg's prompt names: "<name> (<id>) gains which token?".
_GIVEN_TO = re.compile(r"\(([^()]+)\) gains which token")


def token_choice(planner: Planner, decision: Decision) -> str | None:
    """The token to gain or give (None: not this decision's kind of choice)."""
    keys = decision.option_keys()
    if sorted(keys) != list(DEPLETE_OR_STRAIN):
        return None
    found = _GIVEN_TO.search(decision.prompt)
    ship = planner.by_id.get(found.group(1) if found else decision.ship or "")
    if ship is None:
        return None
    if ship.owner == planner.player:
        attack, guard = planner.held_tokens(ship)
        kept = {
            "deplete": planner.position_value(ship, ship.pose, False,
                                              with_tokens(attack, DEPLETE), guard),
            "strain": planner.position_value(ship, ship.pose, False, attack,
                                             with_tokens(guard, STRAIN))}
        return max(DEPLETE_OR_STRAIN, key=kept.__getitem__)
    return min(DEPLETE_OR_STRAIN, key=lambda token: _enemy_score(planner, ship, token))


def feedback_choice(planner: Planner, decision: Decision) -> str | None:
    """Feedback Array: before engaging, every other ship at range 0 suffers 1 damage for
    an ion and a disarm token: used when the enemies hit, less our ships hit, outweigh
    the ship's own shot and the ion; None when the decision offers something else."""
    option = next((o for o in decision.options if o.label.startswith(FEEDBACK)), None)
    ship = planner.by_id.get(decision.ship or "")
    if option is None or ship is None:
        return None
    table = planner.table
    me = table.ship(ship.id)
    dealt = sum(1.0 if other.owner != planner.player else -1.0 for other in planner.pieces
                if other.id != ship.id and at_range(me, table.ship(other.id), 0))
    attack, guard = planner.held_tokens(ship)
    shot_worth = planner.offense(ship, ship.pose, attack, guard)
    return option.key if dealt > shot_worth + ION_COST else "decline"


def _enemy_score(planner: Planner, enemy: Piece, token: str) -> float:
    """How the enemy's place looks to its side with ``token``: its best shot at our ships
    (only a share of it once it has engaged: the token waits for next round's) less a
    share of theirs at it."""
    attack = with_tokens(FOCUSED, DEPLETE) if token == "deplete" else FOCUSED
    guard = with_tokens(FOCUSED, STRAIN) if token == "strain" else FOCUSED
    offense, threat, _, _ = engagement(enemy.size, enemy.pose,
                                       planner.our_opponents(enemy, attack, guard))
    if enemy.raw.get("engaged"):
        offense *= NEXT_ROUND_SHARE
    return offense - THREAT_SHARE * threat

