"""RR: ABILITY QUEUE - the appendix's two extended examples, replayed step by step with the
cards they name, and the queue's rules on their own.

Example 1 (Jake Farrell): abilities triggered while one resolves go to the front of the
queue; a player orders their own abilities; an ability with nothing left to do resolves
without effect. Example 2 ("Chopper", Kyle Katarn, Old Teroch with Static Discharge Vanes):
player order, a replacement effect resolving at once inside another ability, jam."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.rounds import StartEngagement
from tallon.engine.state import Token
from tallon.scene import Scene
from tests.rules.attack_helpers import answer


def queue_labels(game) -> list[str]:
    return [o.label for o in game.decision.options]


# --------------------------------------------------------------------- example 1
def jake_scene():
    sc = Scene()
    jake = sc.ship("jakefarrell", at=(400, 300, 0))
    phoenix = sc.ship("phoenixsquadronpilot", at=(250, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.at(PerformAction(jake, during_activation=True), phase="activation")
    return game, jake, phoenix


def test_example_1_jake_farrell():
    """The appendix's example 1: Jake Farrell (after you perform a barrel roll or boost, a
    friendly ship at range 0-1 may perform a focus action) with Vectored Thrusters beside a
    Phoenix Squadron Pilot, barrel rolling in his activation. RR: ABILITY QUEUE - a player
    orders the abilities they add; an ability triggered while another resolves goes to the
    front of the queue; an ability with nothing left to do resolves without effect. The
    decisions come as in the example: two boosts in all, and the stressed ships' last
    instances do nothing."""
    game, jake, phoenix = jake_scene()
    # Jake activates and performs a barrel roll: his pilot ability (barrel roll or boost)
    # and his ship ability (any action) trigger; he adds the pilot ability first
    answer(game, "perform_action", "barrel_roll", jake)
    answer(game, "barrel_roll_direction", "left")
    answer(game, "barrel_roll_position", "middle")
    assert game.decision.kind == "order_abilities"
    labels = queue_labels(game)
    assert "jakefarrell" in labels[0] and "Vectored Thrusters" in labels[1]
    answer(game, "order_abilities", game.decision.options[0].key)
    # resolving his pilot ability he chooses himself and performs a focus action
    answer(game, "use_ability", jake, jake)
    answer(game, "perform_action", "focus", jake)
    assert game.state.ships[jake].count(Token.FOCUS) == 1
    # that triggers his ship ability again: the new instance resolves first (the front of
    # the queue), before the first instance still waiting
    d = game.decision
    assert d.kind == "use_ability" and "red boost" in d.prompt
    answer(game, "use_ability", "boost", jake)
    answer(game, "perform_action", "boost", jake)
    answer(game, "boost_direction", "straight")
    # the red boost gives a stress token (a game effect, before the abilities it triggers);
    # it triggers his pilot ability and his ship ability again: pilot ability first
    assert game.state.ships[jake].count(Token.STRESS) == 1
    assert game.decision.kind == "order_abilities"
    answer(game, "order_abilities", game.decision.options[0].key)
    # he chooses the Phoenix Squadron Pilot at range 1, which performs a focus action;
    # its own ship ability triggers and goes to the front of the queue
    d = game.decision
    assert set(d.option_keys()) == {jake, phoenix, "decline"}
    answer(game, "use_ability", phoenix, jake)
    answer(game, "perform_action", "focus", phoenix)
    assert game.state.ships[phoenix].count(Token.FOCUS) == 1
    answer(game, "use_ability", "boost", phoenix)
    answer(game, "perform_action", "boost", phoenix)
    answer(game, "boost_direction", "straight")
    assert game.state.ships[phoenix].count(Token.STRESS) == 1
    # the Phoenix pilot's new instance (after its boost) can do nothing: it is stressed;
    # the two instances of Jake's ship ability left have no effect either: he is stressed
    assert game.decision is None
    boosts = [e for e in game.log if e["kind"] == "action" and "boost" in e["text"]]
    assert len(boosts) == 2


def test_ability_triggered_while_resolving_goes_in_front():
    """Jake barrel rolls, orders his pilot ability first, focuses with it, and declines the
    ship ability that focus triggers. RR: ABILITY QUEUE (rule 3: an ability triggered while
    one resolves is added to the front of the queue). The first instance of the ship
    ability, queued behind the pilot ability, is offered only then; declined, the queue is
    empty."""
    game, jake, _ = jake_scene()
    answer(game, "perform_action", "barrel_roll", jake)
    answer(game, "barrel_roll_direction", "left")
    answer(game, "barrel_roll_position", "middle")
    answer(game, "order_abilities", game.decision.options[0].key)
    answer(game, "use_ability", jake, jake)
    answer(game, "perform_action", "focus", jake)
    answer(game, "use_ability", "decline", jake)  # the new instance: declined
    # now the first instance (queued after the barrel roll) is offered
    d = game.decision
    assert d.kind == "use_ability" and "red boost" in d.prompt
    answer(game, "use_ability", "decline", jake)
    assert game.decision is None


# --------------------------------------------------------------------- example 2
def teroch_scene(first_player: int = 1):
    """Chopper (large) touches Old Teroch's base; Kyle is at range 1 of Teroch with Chopper
    in his turret arc; Teroch is in both Rebels' front arcs."""
    sc = Scene(first_player=first_player)
    chopper = sc.ship("chopper", at=(400, 400, 0))
    kyle = sc.ship("kylekatarn", at=(480, 480, 210), tokens={"focus": 2}, turret="right")
    teroch = sc.ship("oldteroch", player=2, upgrades=["staticdischargevanes"],
                     at=(400, 460, 180))
    game = sc.at(StartEngagement())
    return game, chopper, kyle, teroch


def test_example_2_geometry(db):
    """The table of the appendix's example 2. RR: ABILITY QUEUE (the example's setting).
    Chopper touches Old Teroch (range 0), Kyle Katarn is at range 1 of him with Chopper in
    his firing arc, and Teroch is in both Rebels' front arcs."""
    from tallon.cards.common import in_firing_arc, is_in_arc, range_of
    from tallon.geometry import Arc

    game, chopper, kyle, teroch = teroch_scene()
    s = game.state.ships
    assert range_of(s[chopper], s[teroch]) == 0
    assert range_of(s[kyle], s[teroch]) == 1
    assert is_in_arc(s[chopper], s[teroch], Arc.FRONT)
    assert is_in_arc(s[kyle], s[teroch], Arc.FRONT)
    assert in_firing_arc(s[kyle], s[chopper])


def test_example_2_chopper_kyle_teroch():
    """The appendix's example 2, at the start of the Engagement Phase, the Rebels first.
    RR: ABILITY QUEUE - the first player adds and orders their abilities; a replacement
    effect (the vanes) resolves at once inside another ability; RR: JAM. Chopper's jam
    tokens: one goes to Kyle instead (removing a focus token), Teroch keeps the other, with
    a stress token and 1 damage; Kyle transfers his last focus to Chopper; Teroch's ability
    then has no effect on anyone."""
    game, chopper, kyle, teroch = teroch_scene()
    s = game.state.ships
    # the three abilities trigger; Rachel (first player) adds hers first and orders them
    d = game.decision
    assert d.kind == "order_abilities" and d.player == 1
    labels = queue_labels(game)
    assert any("chopper" in x for x in labels) and any("kylekatarn" in x for x in labels)
    answer(game, "order_abilities", next(o.key for o in d.options if "chopper" in o.label))
    # Chopper's ability: Old Teroch would gain 2 jam tokens. The vanes replace one at once:
    # Teroch gains a stress token and Kyle gains that jam token instead
    d = game.decision
    assert d.kind == "replacement" and d.player == 2 and d.ship == teroch
    assert kyle in d.option_keys() and chopper in d.option_keys()
    answer(game, "replacement", kyle)
    # Kyle had 2 focus tokens: the jam token removes one of them (and itself)
    assert s[kyle].count(Token.FOCUS) == 1 and not s[kyle].has(Token.JAM)
    assert s[teroch].count(Token.STRESS) == 1
    assert s[teroch].count(Token.JAM) == 1       # the other jam token
    assert len(s[teroch].damage) == 1            # then the vanes deal him 1 damage
    # Kyle's ability: he transfers his remaining focus token to Chopper
    answer(game, "use_ability", chopper, kyle)
    assert s[chopper].count(Token.FOCUS) == 1 and not s[kyle].has(Token.FOCUS)
    # Old Teroch's ability: Chopper is at range 0 (not a choice); Kyle has no green tokens
    d = game.decision
    assert d.kind == "use_ability" and d.ship == teroch
    assert set(d.option_keys()) == {kyle, "decline"}
    answer(game, "use_ability", kyle, teroch)
    assert s[chopper].count(Token.FOCUS) == 1   # no effect on anyone
    assert game.decision is None


def test_example_2_without_the_vanes_teroch_keeps_both_jam_tokens():
    """Example 2 with Teroch declining the vanes' replacement. RR: ABILITY QUEUE,
    RR: REPLACEMENT EFFECTS. Teroch keeps both jam tokens and gains no stress; Kyle keeps
    both focus tokens."""
    game, _chopper, kyle, teroch = teroch_scene()
    s = game.state.ships
    d = game.decision
    answer(game, "order_abilities", next(o.key for o in d.options if "chopper" in o.label))
    answer(game, "replacement", "decline", teroch)
    assert s[teroch].count(Token.JAM) == 2 and not s[teroch].has(Token.STRESS)
    assert s[kyle].count(Token.FOCUS) == 2


def test_the_second_player_abilities_come_after_the_first_players():
    """Example 2 with player 2 (Sam, Old Teroch) the first player. RR: ABILITY QUEUE (rule
    1: abilities resolve in player order). Old Teroch's ability is resolved before the
    Rebels'."""
    game, _chopper, _kyle, teroch = teroch_scene(first_player=2)
    d = game.decision
    assert d.kind == "use_ability" and d.ship == teroch


# ------------------------------------------------------------- what the options tell
def plo_koon_with_patience():
    """The start of the Engagement Phase: Plo Koon (p1.1; Force 1 of 2, a focus token)
    with Patience, a friendly Plo Koon at range 1, an enemy TIE in his front arc; his
    pilot ability and Patience queued together. Returns the game and his id."""
    sc = Scene()
    plo = sc.ship("plokoon", at=(400, 300, 0), upgrades=["patience"], force=1,
                  tokens={"focus": 1})
    sc.ship("plokoon", at=(460, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 500, 180))
    return sc.at(StartEngagement()), plo


def test_a_players_queued_abilities_name_their_card_ship_and_cost():
    """Situation: at the start of the Engagement Phase Plo Koon (Force 1 of 2, a focus
    token, a friend at range 1, an enemy in his front arc) with Patience: his pilot ability
    (spend 1 Force: transfer a green token) and Patience (gain a deplete token to recover 1
    Force) trigger together. RR: ABILITY QUEUE - he chooses which resolves first. Expected:
    each option's info names the card, the ship and the cost printed on the card (public),
    so a player can resolve what recovers the Force before what spends it."""
    game, plo = plo_koon_with_patience()
    decision = game.decision
    assert decision.kind == "order_abilities"
    assert [o.info for o in decision.options] == [
        {"card": "plokoon", "ship": plo, "cost": {"force": 1}},
        {"card": "patience", "ship": plo, "cost": {"gain": {"deplete": 1}}}]
