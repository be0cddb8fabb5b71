"""Delivery plans: known answers, the count, the moves as a replayable physical plan (delivery-styles.md)."""

import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings, strategies as st

from trainer.rules.paigow.delivery import (AtPosition, DeliveryPlan, InMix, InPile, MoveKind, Phase, TableState, deal,
                                    form_stacks, indicates, plan_delivery, style_name, style_section)
from trainer.rules.paigow.dice import Method, Roll
from trainer.rules.errors import TrainerError, UnknownNameError
from trainer.rules.paigow.positions import ORDER, SEATS, Position, receiving_order, start_position
from trainer.rules.paigow.profiles import ALL_STYLES, PROFILES, profile_named
from trainer.rules.paigow.woodpile import OPENING_ORDER as OPENING
from trainer.rules.paigow.woodpile import Cut, Woodpile, mix_and_stack

FIXTURE = Woodpile.fixture()
NINE = Roll.parse("9")  # counted from the dealer, #1 goes to the dealer

#: spec §D8, the reference run, verbatim.
KNOWN = """
house-way-right [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15], [16, 17, 18, 19], [20, 21, 22, 23], [24, 25, 26, 27], [28, 29, 30, 31]]
house-way-left [[28, 29, 30, 31], [24, 25, 26, 27], [20, 21, 22, 23], [16, 17, 18, 19], [12, 13, 14, 15], [8, 9, 10, 11], [4, 5, 6, 7], [0, 1, 2, 3]]
cup-say-right [[0, 1, 4, 5], [2, 3, 6, 7], [8, 9, 12, 13], [10, 11, 14, 15], [16, 17, 20, 21], [18, 19, 22, 23], [24, 25, 28, 29], [26, 27, 30, 31]]
cup-say-left [[24, 25, 28, 29], [26, 27, 30, 31], [16, 17, 20, 21], [18, 19, 22, 23], [8, 9, 12, 13], [10, 11, 14, 15], [0, 1, 4, 5], [2, 3, 6, 7]]
jung-quat [[12, 13, 16, 17], [14, 15, 18, 19], [8, 9, 20, 21], [10, 11, 22, 23], [4, 5, 24, 25], [6, 7, 26, 27], [0, 1, 28, 29], [2, 3, 30, 31]]
chee-yee [[0, 1, 28, 29], [2, 3, 30, 31], [4, 5, 24, 25], [6, 7, 26, 27], [8, 9, 20, 21], [10, 11, 22, 23], [12, 13, 16, 17], [14, 15, 18, 19]]
pin-say-right [[0, 4, 8, 12], [16, 20, 24, 28], [1, 5, 9, 13], [17, 21, 25, 29], [2, 6, 10, 14], [18, 22, 26, 30], [3, 7, 11, 15], [19, 23, 27, 31]]
pin-say-left [[16, 20, 24, 28], [0, 4, 8, 12], [17, 21, 25, 29], [1, 5, 9, 13], [18, 22, 26, 30], [2, 6, 10, 14], [19, 23, 27, 31], [3, 7, 11, 15]]
dragon-phoenix-right [[0, 1, 4, 5], [16, 20, 24, 28], [2, 3, 6, 7], [17, 21, 25, 29], [8, 9, 12, 13], [18, 22, 26, 30], [10, 11, 14, 15], [19, 23, 27, 31]]
dragon-phoenix-left [[24, 25, 28, 29], [0, 4, 8, 12], [26, 27, 30, 31], [1, 5, 9, 13], [16, 17, 20, 21], [2, 6, 10, 14], [18, 19, 22, 23], [3, 7, 11, 15]]
"""
KNOWN_ANSWERS = {line.split(" ", 1)[0]: json.loads(line.split(" ", 1)[1]) for line in KNOWN.strip().splitlines()}

#: spec §D3.3: total -> start from the dealer, then with a bank at seat1..seat6.
START_TABLE = """
3 seat2 seat3 seat4 seat5 seat6 dead dealer
4 seat3 seat4 seat5 seat6 dead dealer seat1
5 seat4 seat5 seat6 dead dealer seat1 seat2
6 seat5 seat6 dead dealer seat1 seat2 seat3
7 seat6 dead dealer seat1 seat2 seat3 seat4
8 dead dealer seat1 seat2 seat3 seat4 seat5
9 dealer seat1 seat2 seat3 seat4 seat5 seat6
10 seat1 seat2 seat3 seat4 seat5 seat6 dead
11 seat2 seat3 seat4 seat5 seat6 dead dealer
12 seat3 seat4 seat5 seat6 dead dealer seat1
13 seat4 seat5 seat6 dead dealer seat1 seat2
14 seat5 seat6 dead dealer seat1 seat2 seat3
15 seat6 dead dealer seat1 seat2 seat3 seat4
16 dead dealer seat1 seat2 seat3 seat4 seat5
17 dealer seat1 seat2 seat3 seat4 seat5 seat6
18 seat1 seat2 seat3 seat4 seat5 seat6 dead
"""
START_CASES = [(int(row.split()[0]), origin, start)
               for row in START_TABLE.strip().splitlines()
               for origin, start in zip((None, *SEATS), row.split()[1:])]


def sets(plan: DeliveryPlan) -> list[list[int]]:
    return [sorted(d.tiles) for d in plan.deliveries]


woodpiles = st.integers(min_value=0, max_value=2**32).map(lambda seed: mix_and_stack(random.Random(seed)))


# --- known answers (spec §D8) ---

@pytest.mark.parametrize("style", ALL_STYLES)
def test_known_answers_of_every_style(style):
    plan = plan_delivery(FIXTURE, style, NINE)
    assert sets(plan) == KNOWN_ANSWERS[style]
    assert [d.position for d in plan.deliveries] == list(ORDER)
    assert [d.number for d in plan.deliveries] == list(range(1, 9))


@pytest.mark.parametrize("style, number, tiles, source", [
    ("pin-say-right", 2, (28, 24, 20, 16), "S8/1 + S7/1 + S6/1 + S5/1"),   # spec D5.3 examples
    ("cup-say-left", 1, (28, 29, 24, 25), "S8/1-2 + S7/1-2"),
    ("jung-quat", 1, (12, 13, 16, 17), "S4/1-2 + S5/1-2"),                 # the right-hand stack first
    ("chee-yee", 3, (4, 5, 24, 25), "S2/1-2 + S7/1-2"),
    ("dragon-phoenix-left", 5, (20, 21, 16, 17), "S6/1-2 + S5/1-2"),
    ("house-way-left", 1, (28, 29, 30, 31), "S8"),
])
def test_order_of_the_tiles_inside_a_delivery(style, number, tiles, source):
    d = plan_delivery(FIXTURE, style, NINE).deliveries[number - 1]
    assert (d.tiles, d.source) == (tiles, source)


WORKED = [  # spec §D8, worked deals on the 621a.4(b) opening order
    ("chee-yee", "12", None, "seat3", [
        ("seat3", "1-2 2-4 2-5 3-4"), ("seat4", "1-4 2-3 6-6 6-6"), ("seat5", "1-1 1-1 3-6 4-5"),
        ("seat6", "2-6 3-5 4-4 4-4"), ("dead", "1-3 1-3 1-6 1-6"), ("dealer", "1-5 1-5 5-5 5-5"),
        ("seat1", "3-3 3-3 5-6 5-6"), ("seat2", "2-2 2-2 4-6 4-6")]),
    ("dragon-phoenix-left", "5", "seat4", "dealer", [
        ("dealer", "2-5 3-4 3-6 4-5"), ("seat1", "1-1 1-3 2-4 3-3"), ("seat2", "1-4 2-3 2-6 3-5"),
        ("seat3", "1-1 1-2 1-3 3-3"), ("seat4", "1-6 1-6 5-6 5-6"), ("seat5", "2-2 4-4 5-5 6-6"),
        ("seat6", "1-5 1-5 4-6 4-6"), ("dead", "2-2 4-4 5-5 6-6")]),
    ("pin-say-right", "16", "seat2", "seat1", [
        ("seat1", "1-1 1-3 2-4 3-3"), ("seat2", "1-6 3-4 3-6 5-6"), ("seat3", "1-1 1-2 1-3 3-3"),
        ("seat4", "1-6 2-5 4-5 5-6"), ("seat5", "2-2 4-4 5-5 6-6"), ("seat6", "1-4 1-5 3-5 4-6"),
        ("dead", "2-2 4-4 5-5 6-6"), ("dealer", "1-5 2-3 2-6 4-6")]),
]


@pytest.mark.parametrize("style, total, bank, start, expected", WORKED)
def test_worked_deals_with_tile_names(style, total, bank, start, expected):
    plan = plan_delivery(Woodpile.parse(OPENING), style, Roll.parse(total), bank=bank)
    assert str(plan.start) == start
    got = [(str(d.position), " ".join(sorted(str(t) for t in d.faces()))) for d in plan.deliveries]
    assert got == expected


# --- the count (spec §D3) ---

@pytest.mark.parametrize("total, bank, start", START_CASES)
def test_start_position_for_every_total_and_origin(total, bank, start):
    assert start_position(total, bank or Position.DEALER) == Position(start)
    plan = plan_delivery(FIXTURE, "house-way-right", Roll.parse(str(total)), bank=bank)
    assert (plan.start, plan.deliveries[0].position) == (Position(start), Position(start))
    assert plan.origin == (bank or Position.DEALER)


def test_the_examples_of_621a_6_c():
    assert start_position(9) == Position.DEALER and start_position(15) == Position.SEAT6


def test_counting_properties_of_spec_d7():
    for origin in ORDER:
        assert start_position(9, origin) == start_position(17, origin) == origin
        assert all(start_position(t, origin) == start_position(t + 8, origin) for t in range(3, 11))
    assert receiving_order(Position.DEAD)[:2] == (Position.DEAD, Position.DEALER)


def test_the_count_move_counts_aloud_to_the_start():
    plan = plan_delivery(FIXTURE, "house-way-right", Roll.parse("3,3,2"), bank="seat4")
    count = next(m for m in plan.moves if m.kind is MoveKind.COUNT)
    assert "1 seat4, 2 seat5" in count.caption and count.caption.endswith("goes to seat3")
    assert count.position == Position.SEAT3 and count.citation.startswith("621a.9(j)")


# --- properties for any woodpile (spec §D7) ---

@settings(max_examples=25, deadline=None)
@given(woodpiles, st.sampled_from(ALL_STYLES), st.integers(3, 18))
def test_every_plan_deals_all_32_tiles_four_to_each_position(w, style, total):
    plan = plan_delivery(w, style, Roll.parse(str(total)))
    tiles = [t for d in plan.deliveries for t in d.tiles]
    assert sorted(tiles) == list(range(32)) and all(len(d.tiles) == 4 for d in plan.deliveries)
    assert {d.position for d in plan.deliveries} == set(ORDER)
    final = plan.final_state()
    assert all(sorted(final.at(d.position)) == sorted(d.tiles) for d in plan.deliveries)
    assert not final.in_pile()


@settings(max_examples=15, deadline=None)
@given(woodpiles)
def test_mirror_relations_of_spec_d7(w):
    def plan(style, pile=w):
        return sets(plan_delivery(pile, style, NINE))
    for family in ("house-way", "cup-say", "pin-say", "dragon-phoenix"):
        assert plan(f"{family}-left") == plan(f"{family}-right", w.mirror())
    assert plan("jung-quat") == plan("jung-quat", w.mirror())
    assert plan("chee-yee") == plan("chee-yee", w.mirror())
    pairs_reversed = [6, 7, 4, 5, 2, 3, 0, 1]
    assert plan("chee-yee") == [plan("jung-quat")[i] for i in pairs_reversed]
    assert plan("cup-say-left") == [plan("cup-say-right", w.mirror())[i] for i in range(8)]
    assert plan("house-way-left") == plan("house-way-right")[::-1]
    assert plan("pin-say-left") == [plan("pin-say-right")[i ^ 1] for i in range(8)]


# --- the moves as a physical, replayable plan ---

def all_plans():
    yield from (plan_delivery(FIXTURE, s, Roll.parse("3,2,4")) for s in ALL_STYLES)
    yield from (plan_delivery(mix_and_stack(random.Random(s)), style, Roll.parse("2,2,1"), bank="seat2",
                              profile=p, cut=Cut.parse("S2-S3 left"))
                for s, (style, p) in enumerate([(st_, p_) for st_ in ALL_STYLES for p_ in ("pa-2019", "nj")]))


@pytest.mark.parametrize("plan", list(all_plans()), ids=lambda p: f"{p.style}-{p.profile}-{p.bank}")
def test_stepping_forward_reaches_the_deliveries_and_back_restores_every_state(plan):
    states = list(plan.states())
    assert len(states) == len(plan.moves) + 1
    assert states[0] == TableState.of_woodpile(plan.stacked)
    for d in plan.deliveries:
        assert sorted(states[-1].at(d.position)) == sorted(d.tiles)
    state = states[-1]
    for k in range(len(plan.moves) - 1, -1, -1):
        state = state.undo(plan.moves[k])
        assert state == states[k]


@pytest.mark.parametrize("plan", list(all_plans())[:10], ids=lambda p: p.style)
def test_each_deliver_move_moves_exactly_its_delivery(plan):
    delivers = [m for m in plan.moves if m.kind is MoveKind.DELIVER]
    assert [(m.number, m.position, m.tiles) for m in delivers] == \
        [(d.number, d.position, d.tiles) for d in plan.deliveries]
    for m in delivers:
        assert all(isinstance(s.before, InPile) and s.after == AtPosition(m.position, s.after.column,
                                                                          s.after.level) for s in m.steps)


def test_a_move_that_does_not_fit_the_state_is_refused():
    plan = plan_delivery(FIXTURE, "cup-say-right", NINE)
    deliver = next(m for m in plan.moves if m.kind is MoveKind.DELIVER)
    with pytest.raises(ValueError):
        plan.initial_state().undo(deliver)
    with pytest.raises(ValueError):
        plan.final_state().apply(deliver)


@pytest.mark.parametrize("style", ALL_STYLES)
def test_the_marker_goes_on_the_dealer_tiles_right_after_they_land(style):
    for total in (9, 12):
        plan = plan_delivery(FIXTURE, style, Roll.parse(str(total)))
        kinds = [m.kind for m in plan.moves]
        mark = kinds.index(MoveKind.MARK)
        assert kinds.count(MoveKind.MARK) == 1
        assert plan.moves[mark - 1].position == Position.DEALER and plan.moves[mark - 1].kind is MoveKind.DELIVER
        assert plan.moves[mark].marker == "marker" and plan.final_state().marker == "marker"


def test_in_a_bank_round_the_dealers_wager_replaces_the_marker():
    plan = plan_delivery(FIXTURE, "jung-quat", NINE, bank="seat1")
    mark = next(m for m in plan.moves if m.kind is MoveKind.MARK)
    assert mark.marker == "wager" and mark.citation.startswith("621a.9(h)")
    co_bank = plan_delivery(FIXTURE, "jung-quat", NINE, bank="seat1", dealer_wager=False)
    assert next(m for m in co_bank.moves if m.kind is MoveKind.MARK).citation.startswith("621a.9(k)")


def test_phases_come_in_the_order_of_spec_d4_4():
    order = list(Phase)
    for plan in all_plans():
        phases = [order.index(m.phase) for m in plan.moves]
        assert phases == sorted(phases)
        kinds = [m.kind for m in plan.moves]
        assert kinds.index(MoveKind.ROLL) < kinds.index(MoveKind.COUNT) < kinds.index(MoveKind.DELIVER)


def moves_of(style, **kw):
    return plan_delivery(FIXTURE, style, kw.pop("roll", NINE), **kw).moves


def kinds(moves, phase=None):
    return [m.kind.value for m in moves if phase in (None, m.phase)]


@pytest.mark.parametrize("style, indication", [
    ("house-way-right", []),                       # the default deal of 621a.6(d) has no indication
    ("house-way-left", ["push"]),
    ("cup-say-right", ["push"]),
    ("jung-quat", ["push"]),
    ("chee-yee", ["push"]),
    ("pin-say-left", ["lay_diagonal"]),
    ("dragon-phoenix-right", ["stack_onto", "stack_onto", "push"]),
])
def test_the_indication_in_pa(style, indication):
    assert kinds(moves_of(style), Phase.INDICATE) == indication
    assert kinds(moves_of(style, bank="seat3"), Phase.INDICATE) == indication


def test_nj_indicates_every_style_in_bank_rounds_with_the_spoken_repeat():
    moves = moves_of("house-way-right", profile="nj", bank="seat5")
    indication = [m for m in moves if m.phase is Phase.INDICATE]
    assert [m.kind.value for m in indication] == ["say", "say", "push"]
    assert '"House way from the right"' in indication[0].caption
    assert indication[2].stacks == ("S1",) and indication[2].citation.startswith("N.J.A.C. 19:47-10.8(k)1")
    assert kinds(moves_of("house-way-right", profile="nj"), Phase.INDICATE) == []


def test_the_moves_of_each_style_follow_spec_d6():
    deal_kinds = {s: kinds(moves_of(s), Phase.DEAL) for s in ALL_STYLES}
    assert deal_kinds["jung-quat"].count("close_gap") == 3
    assert deal_kinds["jung-quat"].count("push") == 3      # the new center pairs
    assert deal_kinds["chee-yee"].count("center") == 4
    assert deal_kinds["cup-say-left"].count("push") == 3
    assert all(deal_kinds[s].count("deliver") == 8 for s in ALL_STYLES)
    assert all("push" not in deal_kinds[s] for s in ("house-way-right", "pin-say-right", "dragon-phoenix-left"))


def test_jung_quat_closes_the_gap_from_both_sides():
    plan = plan_delivery(FIXTURE, "jung-quat", NINE)
    states = list(plan.states())
    gaps = [k for k, m in enumerate(plan.moves) if m.kind is MoveKind.CLOSE_GAP]
    after_first = states[gaps[0] + 1]
    xs = {after_first.place(FIXTURE.tile_at(s, 1)).x for s in (1, 2, 3, 6, 7, 8)}
    assert xs == {1, 2, 3, 4, 5, 6}
    pushed = plan.moves[gaps[0] + 1]
    assert pushed.stacks == ("S3", "S6")
    assert {states[gaps[0] + 2].place(t).x for t in pushed.tiles} == {3, 4}  # the new center pair


def test_chee_yee_centres_the_ears_in_front_of_the_row():
    plan = plan_delivery(FIXTURE, "chee-yee", NINE)
    k = next(k for k, m in enumerate(plan.moves) if m.kind is MoveKind.CENTER)
    state = list(plan.states())[k + 1]
    assert state.place(0) == InPile("S1", 1, 3, 3, forward=2)
    assert state.place(28) == InPile("S8", 1, 4, 3, forward=2)
    assert state.place(4) == InPile("S2", 1, 1, 3)  # the others stay where they were


def test_pin_say_lays_the_top_tile_across_the_next_three():
    plan = plan_delivery(FIXTURE, "pin-say-right", NINE)
    diag = next(m for m in plan.moves if m.kind is MoveKind.LAY_DIAGONAL)
    assert diag.tiles == (0,) and diag.stacks == ("S1", "S2", "S3", "S4")
    assert diag.steps[0].after == InPile("S1", 1, 2, 4, diagonal=True)
    assert plan.moves[plan.moves.index(diag) + 3].tiles == (0, 4, 8, 12)  # after roll and count


def test_dragon_head_makes_two_tall_stacks_and_pushes_their_tops():
    plan = plan_delivery(FIXTURE, "dragon-phoenix-right", NINE)
    onto = [m for m in plan.moves if m.kind is MoveKind.STACK_ONTO]
    assert [m.stacks for m in onto] == [("S1", "S3"), ("S2", "S4")]
    state = list(plan.states())[plan.moves.index(onto[1]) + 2]
    assert state.place(0) == InPile("S1", 1, 2, 7, forward=1)   # top of the tall stack, pushed
    assert state.place(2) == InPile("S1", 3, 2, 5)
    assert state.place(8) == InPile("S3", 1, 2, 3)


def test_a_cut_is_the_first_move_and_renames_the_stacks():
    cut = Cut.parse("S4-S5 right")
    plan = plan_delivery(FIXTURE, "house-way-right", NINE, bank="seat1", cut=cut)
    first = plan.moves[0]
    assert first.kind is MoveKind.CUT and first.citation.startswith("621a.9(g)")
    assert plan.woodpile == cut.apply(FIXTURE) and plan.stacked == FIXTURE
    assert plan.deliveries[0].tiles == FIXTURE.stack("S4")
    assert list(plan.states())[1] == TableState.of_woodpile(plan.woodpile)
    assert "S4-S5 to the right end" in first.caption


def test_every_move_has_a_caption_and_a_citation():
    for plan in all_plans():
        assert all(m.caption and m.citation for m in plan.moves)
    plan = plan_delivery(FIXTURE, "jung-quat", NINE, profile="md")
    delivers = [m for m in plan.moves if m.kind is MoveKind.DELIVER]
    assert all(m.citation == "MD 7.B(4), spec §D6.5" for m in delivers)


def test_the_plan_is_json_ready():
    data = plan_delivery(FIXTURE, "pin-say-left", Roll.parse("3,2,4"), bank="seat6", profile="nj").to_dict()
    text = json.dumps(data)
    assert json.loads(text)["deliveries"][0] == {"number": 1, "position": "seat6",
                                                 "tiles": ["2-4", "2-6", "1-5", "4-6"],
                                                 "ids": [28, 24, 20, 16], "from": "S8/1 + S7/1 + S6/1 + S5/1"}
    move = next(m for m in data["moves"] if m["kind"] == "lay_diagonal")
    assert move["steps"][0]["to"] == {"where": "pile", "stack": "S8", "layer": 1, "x": 5, "level": 4,
                                      "forward": 0, "diagonal": True}


# --- names, sections, who may use a style ---

JV3 = {
    "pa-2019": ["House Way From the Right", "House Way From the Left", "Cup Say (pick four) From the Right",
                "Cup Say (pick four) From the Left", "Jung Quat (take the heart)", "Chee Yee (chop the ears)",
                "Pin Say (slice four) From the Right", "Pin Say (slice four) From the Left",
                "Dragon Head and Phoenix Tail From the Right", "Dragon Head and Phoenix Tail From the Left"],
    "md": ["House Way From the Right", "House Way From the Left", "Cup Say From the Right", "Cup Say From the Left",
           "Jung Quat", "Chee Yee", "Pin Say From the Right", "Pin Say From the Left",
           "Dragon Head and Phoenix Tail From the Right", "Dragon Head and Phoenix Tail From the Left"],
    "nj": ["House way from the right", "House way from the left", "Cup say (pick four) from the right",
           "Cup say (pick four) from the left", "Jung quat (take the heart)", "Chee yee (chop the ears)",
           "Pin say (slice four) from the right", "Pin say (slice four) from the left",
           "Dragon head and phoenix tail from the right", "Dragon head and phoenix tail from the left"],
}


@pytest.mark.parametrize("profile", sorted(JV3))
def test_style_names_as_each_text_writes_them(profile):
    assert [style_name(s, profile_named(profile)) for s in ALL_STYLES] == JV3[profile]


def test_style_sections():
    pa, md, nj = (profile_named(n) for n in ("pa-2019", "md", "nj"))
    assert [style_section(s, pa, False) for s in ALL_STYLES[:3]] == ["621a.6(d)", "621a.7(1)", "621a.7(2)"]
    assert style_section("dragon-phoenix-left", md, True) == "MD 7.B(9)"
    assert style_section("house-way-right", nj, True) == "N.J.A.C. 19:47-10.8(k)1"
    assert style_section("house-way-right", nj, False) == "N.J.A.C. 19:47-10.6(d)"
    assert style_section("dragon-phoenix-left", nj, True) == "N.J.A.C. 19:47-10.8(k)10"


def test_indicates():
    pa, nj = profile_named("pa-2012"), profile_named("nj")
    assert not indicates("house-way-right", pa, True) and indicates("chee-yee", pa, False)
    assert indicates("house-way-right", nj, True) and not indicates("house-way-right", nj, False)


@pytest.mark.parametrize("kwargs, error", [
    ({"style": "cut-say"}, UnknownNameError),
    ({"style": "chee-yee", "profile": "nj"}, TrainerError),             # nj: only a bank chooses a style
    ({"bank": "dead"}, TrainerError),
    ({"bank": "dealer"}, TrainerError),
    ({"bank": "seat7"}, UnknownNameError),
    ({"cut": Cut.parse("S2 left")}, TrainerError),                      # no cut without a player bank
    ({"roll": Roll(9, (), method=Method.RNG), "profile": "nj"}, TrainerError),
    ({"roll": Roll(9, (), method=Method.RNG), "bank": "seat2"}, TrainerError),
])
def test_what_a_profile_or_round_does_not_allow(kwargs, error):
    args = {"style": "house-way-right", "roll": NINE, **kwargs}
    with pytest.raises(error):
        plan_delivery(FIXTURE, args.pop("style"), args.pop("roll"), **args)


def test_a_style_the_casino_does_not_offer_and_a_profile_without_player_bank(monkeypatch):
    limited = replace(profile_named("pa-2019"), styles=("house-way-right", "jung-quat"))
    with pytest.raises(TrainerError, match="does not offer"):
        plan_delivery(FIXTURE, "chee-yee", NINE, profile=limited)
    assert sets(plan_delivery(FIXTURE, "jung-quat", NINE, profile=limited)) == KNOWN_ANSWERS["jung-quat"]
    no_bank = replace(profile_named("md"), player_bank=False)
    with pytest.raises(TrainerError, match="no player bank"):
        plan_delivery(FIXTURE, "house-way-right", NINE, profile=no_bank, bank="seat1")


# --- a whole round from one seed ---

def test_replay_the_same_seed_gives_the_same_round():
    a, b = (deal(random.Random(2024), "pin-say-left", bank="seat3", profile="md") for _ in range(2))
    assert (a.stacked, a.roll, a.deliveries, a.moves) == (b.stacked, b.roll, b.deliveries, b.moves)
    c = deal(random.Random(2025), "pin-say-left", bank="seat3", profile="md")
    assert (c.stacked, c.roll) != (a.stacked, a.roll)


def test_deal_draws_the_woodpile_then_the_dice():
    rng = random.Random(8)
    pile = mix_and_stack(rng)
    dice = tuple(rng.randint(1, 6) for _ in range(3))
    plan = deal(random.Random(8), "cup-say-right")
    assert plan.stacked == pile and plan.roll.dice == dice


def test_deal_with_no_rolls_shows_each_as_a_roll_move():
    plan = deal(random.Random(11), no_roll_rate=0.6)
    rolls = [m for m in plan.moves if m.kind is MoveKind.ROLL]
    assert len(rolls) == len(plan.roll.no_rolls) + 1 >= 2
    assert rolls[0].caption.startswith("No roll") and rolls[0].citation.startswith("621a.10(")


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_every_profile_deals_its_default(name):
    plan = deal(random.Random(1), profile=name)
    assert sorted(t for d in plan.deliveries for t in d.tiles) == list(range(32))


def test_form_stacks_goes_from_the_mix_to_the_woodpile():
    pile = mix_and_stack(random.Random(3))
    mixed, moves = form_stacks(pile)
    assert all(isinstance(p, InMix) for p in mixed.places)
    assert sorted(p.spot for p in mixed.places) == list(range(32))
    state = mixed
    for move in moves:
        state = state.apply(move)
        assert len(move.tiles) == 8 and move.citation == "621a.4(d)"
    assert state == TableState.of_woodpile(pile)


def test_moved_keeps_the_name_and_changes_only_what_is_given():
    place = InPile("S3", 2, 2, 2)
    assert place.moved(x=5, forward=1) == replace(place, x=5, forward=1)
    assert place.moved(level=4, diagonal=True) == replace(place, level=4, diagonal=True)
