"""The lean tokens-only solver (``tallon.dice.solver_tokens``, which ``calculate`` uses for
attacks with tokens only and the expected damage) gives exactly what the general solver
(``AttackSolver``) gives: the same outcomes (hits, crits, both ships' tokens left) with the
same probabilities over the same denominator, the same value and the same report (reinforce,
strain and deplete included); and the benchmark's eight reference setups keep the exact
figures the general solver gave before the lean solver existed."""

import random

import pytest

from tallon.dice import AtLeast, Attack, AttackSolver, Combatant, Role, calculate
from tallon.dice.abilities import cards
from tallon.dice.solver_tokens import handles, solve_tokens

from .helpers import F


def _same_as_general(attack: Attack) -> None:
    general = AttackSolver(attack).solve()
    lean = calculate(attack, cache=False)
    assert lean.denominator == general.denominator, attack
    assert dict(lean.masses) == dict(general.masses), attack
    assert lean.objective_value == general.objective_value, attack
    assert lean.to_dict() == general.to_dict(), attack


def _random_tokens_attack(rng: random.Random) -> Attack:
    attacker = {k: rng.randint(0, 1 if k == "lock" else 2)
                for k in ("focus", "calculate", "force", "lock") if rng.random() < 0.5}
    defender = {k: rng.randint(0, 2) for k in ("focus", "calculate", "force", "evade")
                if rng.random() < 0.5}
    return Attack(Combatant(rng.randint(0, 4), attacker), Combatant(rng.randint(0, 3), defender),
                  attack_range=rng.choice([None, 0, 1, 2, 3]), obstructed=rng.random() < 0.2)


@pytest.mark.parametrize("seed", [0, 1])
def test_random_tokens_only_attacks_match_the_general_solver(seed):
    """60 random tokens-only attacks per seed (up to 4 attack dice plus range bonus, up to 3
    defense dice plus bonuses, 0-2 of each token, range 0-3, obstructed or not): the
    calculator's answer, from the lean solver, equals the general solver's exactly, tokens
    left and tie-breaks included (e.g. calculate spent before Force on the same focus)."""
    rng = random.Random(seed)
    for _ in range(60):
        attack = _random_tokens_attack(rng)
        assert handles(attack, None)
        _same_as_general(attack)


def test_every_token_mix_on_three_dice_matches_the_general_solver():
    """3 attack dice against 2 defense dice, every attacker mix of focus, calculate, Force and
    lock (0 or 1 each) against every defender mix of focus, calculate, Force and evade (0 or
    1 each): the lean solver equals the general solver on all 256 attacks."""
    names_a = ("focus", "calculate", "force", "lock")
    names_d = ("focus", "calculate", "force", "evade")
    for a_bits in range(16):
        attacker = {n: 1 for i, n in enumerate(names_a) if a_bits >> i & 1}
        for d_bits in range(16):
            defender = {n: 1 for i, n in enumerate(names_d) if d_bits >> i & 1}
            _same_as_general(Attack(Combatant(3, attacker), Combatant(2, defender)))


def test_three_dice_against_none_is_the_binomial():
    """3 attack dice, no tokens, no defense dice: each die deals damage with 4/8 (hit 3/8,
    crit 1/8), so damage is Binomial(3, 1/2): 1/8, 3/8, 3/8, 1/8, expected 3/2; at least
    one crit with 1 - (7/8)^3 = 169/512."""
    result = solve_tokens(Attack(Combatant(3), Combatant(0)))
    assert result.damage == [F(1, 8), F(3, 8), F(3, 8), F(1, 8)]
    assert result.expected_damage == F(3, 2)
    assert result.p_crit == F(169, 512)


# The general solver's figures for the benchmark's reference setups, computed before the lean
# solver existed: (attacker dice, tokens, defender dice, tokens) -> expected damage, damage
# distribution, P(crit).
PINNED = [
    ((3, ("focus",), 2, ("focus",)), "4401/4096",
     ["617/2048", "783/2048", "1053/4096", "243/4096"], "4253/16384"),
    ((3, ("focus", "lock"), 2, ("focus",)), "410805/262144",
     ["9707/131072", "52515/131072", "107325/262144", "30375/262144"], "396445/1048576"),
    ((3, ("focus", "lock"), 2, ("focus", "evade")), "126225/131072",
     ["40069/262144", "47925/65536", "30375/262144"], "371425/1048576"),
    ((4, ("focus", "lock"), 1, ("focus",)), "1638405/524288",
     ["77/131072", "3465/262144", "35775/262144", "293625/524288", "151875/524288"],
     "517035/1048576"),
    ((6, ("focus", "lock"), 6, ("focus", "evade")), "2322060098625/2199023255552",
     ["859292479427/2199023255552", "1292191410375/4398046511104",
      "228212083125/1099511627776", "189879440625/2199023255552",
      "21589790625/1099511627776", "8303765625/4398046511104"], None),
    ((3, ("calculate",), 2, ("calculate",)), "3997/4096",
     ["1409/4096", "1557/4096", "475/2048", "45/1024"], "4259/16384"),
    ((3, ("force",), 2, ("force",)), "3997/4096",
     ["1409/4096", "1557/4096", "475/2048", "45/1024"], "4259/16384"),
]


@pytest.mark.parametrize(("setup", "expected", "damage", "p_crit"), PINNED)
def test_reference_setups_keep_their_exact_figures(setup, expected, damage, p_crit):
    """The benchmark's reference setups (one token of each kind named): expected damage,
    damage distribution and P(crit) are the exact fractions the general solver gave before
    the lean solver, and the general solver still agrees in full."""
    a_dice, a_tokens, d_dice, d_tokens = setup
    attack = Attack(Combatant(a_dice, dict.fromkeys(a_tokens, 1)),
                    Combatant(d_dice, dict.fromkeys(d_tokens, 1)))
    result = calculate(attack, cache=False)
    assert result.expected_damage == F(expected)
    assert result.damage == [F(p) for p in damage]
    if p_crit is not None:
        assert result.p_crit == F(p_crit)
    _same_as_general(attack)


def test_attacks_outside_tokens_only_go_to_the_general_solver():
    """Cards, an attacker's evade (Juke's), stress or another objective: the lean solver does
    not take the attack; with tokens only (reinforce, strain and deplete included) and
    expected damage it does."""
    plain = Attack(Combatant(3, {"focus": 1}), Combatant(2, {"evade": 1}))
    assert handles(plain, None)
    assert not handles(plain, AtLeast(2))
    assert not handles(Attack(Combatant(3, {}, (cards.predator(),)), Combatant(2)), None)
    assert handles(Attack(Combatant(3), Combatant(2, {"reinforce": 1})), None)
    assert handles(Attack(Combatant(3), Combatant(2, {"strain": 1})), None)
    assert handles(Attack(Combatant(3, {"deplete": 1}), Combatant(2)), None)
    assert not handles(Attack(Combatant(3, {"evade": 1}), Combatant(2)), None)
    assert not handles(Attack(Combatant(3), Combatant(2, {"stress": 1})), None)
    assert calculate(plain).expected_tokens(Role.DEFENDER) == \
        AttackSolver(plain).solve().expected_tokens(Role.DEFENDER)


def _random_inert_tokens_attack(rng: random.Random) -> Attack:
    attack = _random_tokens_attack(rng)
    attacker = dict(attack.attacker.tokens.items_given())
    defender = dict(attack.defender.tokens.items_given())
    if rng.random() < 0.5:
        defender["reinforce"] = rng.randint(0, 2)
    if rng.random() < 0.4:
        defender["strain"] = rng.randint(0, 2)
    if rng.random() < 0.3:
        attacker["deplete"] = rng.randint(0, 1)
    return Attack(Combatant(attack.attacker.dice + 1, attacker),
                  Combatant(attack.defender.dice, defender),
                  attack_range=attack.attack_range, obstructed=attack.obstructed,
                  reinforce_applies=rng.random() < 0.7)


@pytest.mark.parametrize("seed", [0, 1])
def test_reinforce_strain_and_deplete_match_the_general_solver(seed):
    """50 random tokens-only attacks per seed with reinforce (0-2, in the attacker's arc or
    not), strain (0-2) on the defender and deplete (0-1) on the attacker, 1-5 attack dice:
    RR: REINFORCE cancels one more hit or crit per token while more than one remains, strain
    and deplete each take a die and one token before the roll (RR: STRAIN, RR: DEPLETE).
    The lean solver takes every such attack and equals the general solver exactly, tokens
    left (strain and deplete reduced, reinforce kept) included."""
    rng = random.Random(100 + seed)
    for _ in range(50):
        attack = _random_inert_tokens_attack(rng)
        assert handles(attack, None)
        _same_as_general(attack)


def test_reinforce_on_three_dice_with_focus_and_lock():
    """3 attack dice with focus and lock against 2 defense dice with focus and one reinforce
    token in the attacker's arc, and the same with evade too (RR: REINFORCE: one more result
    canceled while more than one remains, which changes the defender's ranking of its
    choices): exactly the general solver's distribution, and a lower expected damage than
    without the token."""
    for defender in ({"focus": 1, "reinforce": 1}, {"focus": 1, "evade": 1, "reinforce": 1}):
        attack = Attack(Combatant(3, {"focus": 1, "lock": 1}), Combatant(2, defender))
        _same_as_general(attack)
        plain = {k: v for k, v in defender.items() if k != "reinforce"}
        without = calculate(Attack(Combatant(3, {"focus": 1, "lock": 1}), Combatant(2, plain)))
        assert calculate(attack).expected_damage < without.expected_damage


def test_rerolls_of_six_dice_match_the_general_solver():
    """6 attack dice with focus, calculate and lock against 3 defense dice with focus and
    evade, and 5 dice with lock alone against 4 with focus: the lock's rerolls (valued here
    one die at a time) give exactly the general solver's distribution."""
    _same_as_general(Attack(Combatant(6, {"focus": 1, "calculate": 1, "lock": 1}),
                            Combatant(3, {"focus": 1, "evade": 1})))
    _same_as_general(Attack(Combatant(5, {"lock": 1}), Combatant(4, {"focus": 1})))


def test_layouts_kept_across_solves_change_nothing():
    """The lean solver keeps each ship's layout of tokens across solves; after clearing every
    cache including them (clear_caches(tables=True)) the same attack gives the same exact
    result."""
    from tallon.dice import clear_caches

    attack = Attack(Combatant(3, {"focus": 1, "lock": 1}), Combatant(2, {"evade": 1}))
    first = calculate(attack, cache=False)
    clear_caches(tables=True)
    again = calculate(attack, cache=False)
    assert dict(first.masses) == dict(again.masses)
    assert first.to_dict() == again.to_dict()


def test_kept_closures_serve_other_dice_and_opponents():
    """One attacker layout (focus, Force, lock) meets 1-4 attack dice and defenders with
    focus, evade or reinforce on 0-3 dice in one process: what the lean solver keeps per
    layout (the ends reached from a pool, the defense rolls grouped per number of dice, the
    positions each option leads to, the outcome objects) serves every one of them, and after
    clearing it all (clear_caches(tables=True)) the answers are the same. Also covered: focus
    results kept as blanks once the lock is spent and nothing can change them, and the
    attack dice standing as rolled against a defender with nothing to cancel with (0 dice,
    focus only). Every answer equals the general solver's exactly."""
    from tallon.dice import clear_caches

    attacker = {"focus": 1, "force": 1, "lock": 1}
    defenders = ({"focus": 1}, {"evade": 1}, {"focus": 1, "reinforce": 1}, {})
    attacks = [Attack(Combatant(n, attacker), Combatant(m, defender))
               for n in range(1, 5) for m in range(4) for defender in defenders]
    first = [calculate(attack, cache=False) for attack in attacks]
    clear_caches(tables=True)
    for attack, kept in zip(attacks, first, strict=True):
        again = calculate(attack, cache=False)
        assert dict(again.masses) == dict(kept.masses), attack
        _same_as_general(attack)


def test_compiled_game_with_chained_choices_matches_the_general_solver():
    """The attacker's compiled game (``solver_tokens_graph``) where several token effects come
    before the lock's reroll (focus, 2 calculate, 2 Force, then the lock: positions leading
    to positions, each with its own rerolls), on 4 dice against 2 with focus, evade and
    Force, and the same attacker on 2 dice against 3: exactly the general solver's."""
    attacker = {"focus": 1, "calculate": 2, "force": 2, "lock": 1}
    _same_as_general(Attack(Combatant(4, attacker),
                            Combatant(2, {"focus": 1, "evade": 1, "force": 1})))
    _same_as_general(Attack(Combatant(2, attacker), Combatant(3, {"focus": 1, "evade": 2})))


def test_defender_choices_for_totals_beyond_its_dice_match_the_general_solver():
    """Against one defense die, attack totals of 0 (nothing to cancel: the defender keeps
    every token) to 6 (more than its dice could ever cancel, where the defender's choice no
    longer depends on the total): 6 attack dice with focus and calculate, and with a lock,
    against focus, calculate and evade on 1 die; exactly the general solver's."""
    for attacker in ({"focus": 1, "calculate": 1}, {"focus": 1, "lock": 1}):
        _same_as_general(Attack(Combatant(6, attacker),
                                Combatant(1, {"focus": 1, "calculate": 1, "evade": 1})))


def test_a_lean_result_reads_the_same_in_any_order():
    """The lean solver's result builds its Outcome keys, its value and its masses by (hits,
    crits) when first read: reading the value, the damage distribution or the masses first
    gives the same figures, the value is the expected damage, and the masses sum to the
    denominator."""
    attack = Attack(Combatant(3, {"focus": 1, "lock": 1}), Combatant(2, {"focus": 1}))
    by_value, by_damage, by_masses = (calculate(attack, cache=False) for _ in range(3))
    value = by_value.objective_value
    damage, p_crit = by_damage.damage, by_damage.p_crit
    masses = dict(by_masses.masses)
    assert value == by_masses.objective_value == by_masses.expected_damage == F(410805, 262144)
    assert masses == dict(by_value.masses) == dict(by_damage.masses)
    assert sum(masses.values()) == by_masses.denominator
    assert damage == by_masses.damage == by_value.damage
    assert p_crit == by_masses.p_crit == F(396445, 1048576)
    assert by_damage.hits_crits == by_masses.hits_crits == by_value.hits_crits


def test_compiled_games_are_bounded_and_rebuilt(monkeypatch):
    """The compiled games kept across solves are bounded, all sides together: past the bound
    they are all forgotten and rebuilt when next needed, with the same exact answers."""
    from tallon.dice import solver_tokens_graph, solver_tokens_sides

    monkeypatch.setattr(solver_tokens_graph, "MOST_GRAPHS", 2)
    attacks = [Attack(Combatant(n, attacker), Combatant(2, {"focus": 1, "evade": 1}))
               for attacker in ({"focus": 1, "lock": 1}, {"calculate": 1, "lock": 1})
               for n in (2, 3, 4)]
    first = [calculate(attack, cache=False) for attack in attacks]
    assert len(solver_tokens_sides.GRAPH_HOLDERS) <= 2
    for attack, kept in zip(attacks, first, strict=True):
        assert dict(calculate(attack, cache=False).masses) == dict(kept.masses)
        _same_as_general(attack)


def test_compiled_game_ranks_every_end_a_node_reads():
    """A solve ranks only the ends some node of the compiled game reads (a roll with nothing
    to choose ends where it stands): for attackers with and without a lock, on 1-5 dice,
    every end a choice, a reroll or a decision reads has its hits and crits among those
    ranked."""
    from tallon.dice.solver_tokens import TokenSolver
    from tallon.dice.solver_tokens_graph import attack_graph

    for tokens in ({"focus": 1}, {"lock": 1}, {"focus": 1, "calculate": 1, "lock": 1},
                   {"force": 2, "lock": 1}):
        for n in range(1, 6):
            solver = TokenSolver(Attack(Combatant(n, tokens), Combatant(2, {"evade": 1})))
            graph = attack_graph(solver.att, solver.n)
            read = {node for nodes in (graph.conv, graph.inert) for children in nodes
                    for node in children}
            read |= {node for nodes in (graph.choices, graph.decisions)
                     for children, _ in nodes for node in children}
            ends = len(graph.end_keys)
            assert {graph.end_pairs[node] for node in read if node < ends} <= \
                set(graph.compared), (tokens, n)
