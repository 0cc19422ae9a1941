"""Offering replacement effects (RR: REPLACEMENT EFFECTS): when an effect that a card could
replace is about to happen, each applicable replacement is offered in player order; the
first one used replaces it (only one can), otherwise the effect happens as normal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from tallon.engine.abilities import Ctx, Event
from tallon.engine.card_values import hull_damage
from tallon.engine.decisions import Decision, Option, from_card
from tallon.engine.queue import replacements
from tallon.engine.state import Token
from tallon.engine.steps import ChoiceStep, call_continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game


def _default(game: Game, point: str, facts: dict[str, Any]) -> None:
    """The effect as it happens when nothing replaces it."""
    # the rules' recursion: the default of each replaceable effect is that effect
    from tallon.engine.effects import gain_token

    if point == "gain_token":
        ship = game.state.ships[facts["ship"]]
        gain_token(game, ship, Token(facts["token"]), facts["count"], facts["applier"],
                   replaceable=False)
    elif point in ("suffer_damage", "deal_faceup"):
        from tallon.engine.damage import SufferDamage

        if point == "suffer_damage":
            game.now(SufferDamage(facts["ship"], facts["hits"], facts["crits"],
                                  facts.get("cause", ""), replaceable=False,
                                  bypass_shields=facts.get("bypass_shields", False)))
        else:
            from tallon.engine.effects import deal_damage_card

            deal_damage_card(game, game.state.ships[facts["ship"]], True)
    elif point == "deal_faceup_card":
        from tallon.engine.effects import deal_damage_card

        deal_damage_card(game, game.state.ships[facts["ship"]], True, card=facts["card"],
                         then=facts["then"], args=facts["args"], faceup_offered=True)
    elif point == "deal_damage_card":
        from tallon.engine.effects import deal_damage_card

        deal_damage_card(game, game.state.ships[facts["ship"]], facts["faceup"],
                         card=facts["card"], then=facts["then"], args=facts["args"],
                         replaceable=False)
    elif point == "flee":
        from tallon.engine.effects import remove_ship

        remove_ship(game, game.state.ships[facts["ship"]], "fled")
    elif point == "execute_maneuver":
        from tallon.engine.movement import ExecuteManeuver

        game.push(ExecuteManeuver(facts["ship"], facts["maneuver"], ion=facts["ion"],
                                  slam=facts["slam"], replaceable=False))
    elif point == "destroy_ship":
        from tallon.engine.effects import destroy_ship

        ship = game.state.ships[facts["ship"]]
        # another replacement (of the same damage) may have saved it meanwhile
        if ship.in_play and not (facts["by_damage"] and hull_damage(game, ship) < ship.hull):
            destroy_ship(game, ship, replaceable=False)
    elif point == "detonate":
        # the detonation itself (engine/payloads.py), named: payloads imports this module
        call_continuation(game, "payloads.detonation", None, (facts["device"], facts["ship"]))
    else:
        raise ValueError(f"no default for replacement point {point!r}")


@dataclass(frozen=True)
class Replaceable(ChoiceStep):
    """An effect waiting to see whether a card replaces it: each applicable replacement is
    offered in turn (``offered`` counts those declined)."""

    point: str
    facts: tuple[tuple[str, Any], ...]
    offered: int = 0
    auto_single: ClassVar[bool] = True

    def _candidate(self, game: Game) -> tuple[Any, str, Any] | None:
        candidates = replacements(game, self.point, dict(self.facts))
        order = game.state.player_order()
        candidates.sort(key=lambda c: order.index(c[0].owner))
        return candidates[self.offered] if self.offered < len(candidates) else None

    def choice(self, game: Game) -> Decision | None:
        facts = dict(self.facts)
        candidate = self._candidate(game)
        if candidate is None:
            _default(game, self.point, facts)
            return None
        ship, card, ability = candidate
        ctx = Ctx(game, ship, card, Event.of(self.point, **facts), ability)
        options = from_card(list(ability.choices(ctx, facts)) if ability.choices
                            else [Option("use", ability.title)], card)
        if ability.optional or not options:
            options.append(Option("decline", "don't use it"))
        return self.ask(ship.owner, "replacement", f"{ship.name} ({ship.id}): "
                        f"{ability.title} instead?", options, ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        if answer == "decline":
            game.push(Replaceable(self.point, self.facts, self.offered + 1))
            return
        candidate = self._candidate(game)
        assert candidate is not None, "an answered replacement is still offered"
        ship, card, ability = candidate
        facts = dict(self.facts)
        ctx = Ctx(game, ship, card, Event.of(self.point, **facts), ability)
        ability.cost.pay(ctx)
        game.event("ability", f"{ship.name} ({ship.id}) uses {card}: {ability.title}",
                   ship=ship.id, card=card)
        ability.replace(ctx, facts, answer)
