"""Properties any correct calculator must have, checked on many small random attacks:
probabilities sum to 1; more tokens never hurt their owner; the optimal value is at least what
any fixed way of playing gets (here: never modifying)."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from tallon.dice import Attack, AttackSolver, Combatant, Role, calculate
from tallon.dice.abilities import cards

ATTACKER_TOKENS = ("focus", "lock", "calculate", "force")
DEFENDER_TOKENS = ("focus", "evade", "calculate", "force", "reinforce")


@st.composite
def attacks(draw):
    attacker = {t: draw(st.integers(0, 1)) for t in ATTACKER_TOKENS}
    defender = {t: draw(st.integers(0, 1)) for t in DEFENDER_TOKENS}
    a_cards = draw(st.sampled_from([(), (cards.predator(),), (cards.marksmanship(),),
                                    (cards.heroic(),), (cards.crack_shot(),)]))
    d_cards = draw(st.sampled_from([(), (cards.elusive(),), (cards.heroic(),)]))
    return Attack(
        Combatant(draw(st.integers(0, 3)), attacker, a_cards),
        Combatant(draw(st.integers(0, 2)), defender, d_cards),
    )


def with_token(attack: Attack, role: Role, token: str) -> Attack:
    side = attack.attacker if role is Role.ATTACKER else attack.defender
    tokens = dict(side.tokens.items())
    tokens[token] = tokens.get(token, 0) + 1
    if token == "lock":
        tokens[token] = 1
    changed = Combatant(side.dice, tokens, side.abilities)
    if role is Role.ATTACKER:
        return Attack(changed, attack.defender)
    return Attack(attack.attacker, changed)


@settings(max_examples=40, deadline=None)
@given(attacks())
def test_distributions_are_probability_distributions(attack):
    result = calculate(attack, cache=False)
    assert sum(result.damage) == 1
    assert all(p >= 0 for p in result.damage)
    assert result.p_crit <= result.p_hit <= 1


@settings(max_examples=30, deadline=None)
@given(attacks(), st.sampled_from(ATTACKER_TOKENS))
def test_an_extra_attacker_token_never_lowers_expected_damage(attack, token):
    before = AttackSolver(attack).value()
    after = AttackSolver(with_token(attack, Role.ATTACKER, token)).value()
    assert after >= before


@settings(max_examples=30, deadline=None)
@given(attacks(), st.sampled_from(DEFENDER_TOKENS))
def test_an_extra_defender_token_never_raises_expected_damage(attack, token):
    before = AttackSolver(attack).value()
    after = AttackSolver(with_token(attack, Role.DEFENDER, token)).value()
    assert after <= before


@settings(max_examples=30, deadline=None)
@given(attacks())
def test_optimal_attacker_does_at_least_as_well_as_an_attacker_without_tokens(attack):
    """The attacker may always choose not to modify, and the defender cannot exploit that
    more than optimal play: E(optimal) >= E(attacker without tokens and cards)."""
    bare = Attack(Combatant(attack.attacker.dice), attack.defender)
    assert AttackSolver(attack).value() >= AttackSolver(bare).value()


def test_values_are_exact_fractions():
    value = AttackSolver(Attack(Combatant(2, {"focus": 1}), Combatant(1))).value()
    assert isinstance(value, Fraction)
    assert value.denominator & (value.denominator - 1) == 0  # a power of 2: dice are eighths
