"""The woodpile: ids, text form, mixing from a seed, and the cut (spec D2)."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from trainer.rules.errors import NotationError, TrainerError
from trainer.rules.paigow.tiles import TILE_SET
from trainer.rules.paigow.woodpile import OPENING_ORDER as OPENING
from trainer.rules.paigow.woodpile import STACK_NAMES, Cut, End, Woodpile, mix_and_stack, stack_name


def test_fixture_follows_spec_d2_3():
    w = Woodpile.fixture()
    assert w.stack("S1") == (0, 1, 2, 3) and w.stack(8) == (28, 29, 30, 31)
    assert all(w.tile_at(s, layer) == 4 * (s - 1) + layer - 1 for s in range(1, 9) for layer in range(1, 5))
    assert w.address(30) == ("S8", 3)


def test_front_view_puts_s1_on_the_right_and_the_top_layer_first():
    lines = Woodpile.fixture().front_view(str).splitlines()
    assert lines[0].split() == list(reversed(STACK_NAMES))
    assert lines[1].split() == ["1", "28", "24", "20", "16", "12", "8", "4", "0"]
    assert lines[4].split()[-1] == "3"


def test_parse_reads_stacks_top_to_bottom_and_round_trips():
    w = Woodpile.parse(OPENING)
    assert str(w) == OPENING
    assert [str(t) for t in (TILE_SET[i] for i in w.stack("S1"))] == ["2-4", "1-2", "6-6", "6-6"]
    assert [str(TILE_SET[i]) for i in w.stack("S8")] == ["3-4", "2-5", "1-4", "2-3"]


def test_equal_faces_stay_distinct_tiles():
    w = Woodpile.parse(OPENING)
    six_six = [i for i in w.ids if str(TILE_SET[i]) == "6-6"]
    assert len(set(six_six)) == 2
    assert w.stack("S1")[2:] == (0, 1)  # the first 6-6 read gets the lower id


def test_parse_accepts_any_notation_of_spec_n2():
    assert Woodpile.parse(OPENING.replace(" ", ",").replace("2-4", "[4-2]")) == Woodpile.parse(OPENING)


@pytest.mark.parametrize("text, named", [
    (OPENING.replace("1-2", "6-6"), "missing 1-2; extra 6-6"),
    (OPENING.rsplit(" ", 1)[0], "(31 tiles given): missing 2-3; extra none"),
    (OPENING + " 1-2", "(33 tiles given): missing none; extra 1-2"),
])
def test_a_wrong_woodpile_names_what_is_missing_and_what_is_extra(text, named):
    with pytest.raises(NotationError, match="not the 32-tile set") as info:
        Woodpile.parse(text)
    assert named in str(info.value)


def test_a_woodpile_must_hold_each_id_once():
    with pytest.raises(NotationError):
        Woodpile.from_ids([0] * 32)
    with pytest.raises(NotationError):
        Woodpile.from_ids(range(28))


def test_stack_names():
    assert stack_name(3) == stack_name("s3") == "S3"
    with pytest.raises(NotationError):
        stack_name("S9")


def test_the_same_seed_stacks_the_same_woodpile():
    assert mix_and_stack(random.Random(42)) == mix_and_stack(random.Random(42))
    assert mix_and_stack(random.Random(42)) != mix_and_stack(random.Random(43))


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_mixing_forms_eight_stacks_of_the_32_tiles(seed):
    w = mix_and_stack(random.Random(seed))
    assert len(w.stacks) == 8 and all(len(s) == 4 for s in w.stacks)
    assert sorted(w.ids) == list(range(32))
    assert sorted(w.tiles()) == sorted(TILE_SET)


def test_mirror_reverses_the_stacks_and_keeps_each_stack():
    w = Woodpile.fixture()
    assert w.mirror().stack("S1") == w.stack("S8") and w.mirror().mirror() == w


# --- the cut (621a.9(g); spec D2.4, D10 Q1) ---

def test_cut_form_1_example_of_spec_d2_4():
    cut = Cut.parse("S4-S5 right")
    assert (cut.first, cut.last, cut.to, cut.form) == (4, 5, End.RIGHT, 1)
    assert cut.order() == (4, 5, 1, 2, 3, 6, 7, 8)
    cut_pile = cut.apply(Woodpile.fixture())
    assert cut_pile.stack("S1") == Woodpile.fixture().stack("S4")
    assert cut_pile.stack("S3") == Woodpile.fixture().stack("S1")


def test_cut_form_2_example_of_spec_d2_4():
    cut = Cut.parse("S3-S4 right, S5-S6 left")
    assert (cut.first, cut.last, cut.split, cut.form) == (3, 6, 2, 2)
    assert cut.order() == (3, 4, 1, 2, 7, 8, 5, 6)


def test_cut_form_2_may_send_the_parts_crossed():
    assert Cut(3, 6, End.LEFT, split=2).order() == (5, 6, 1, 2, 7, 8, 3, 4)
    assert Cut.parse("S5-S6 right, S3-S4 left") == Cut(3, 6, End.LEFT, split=2)


def test_cut_form_1_to_the_left_end_and_a_single_stack():
    assert Cut.parse("S2 left").order() == (1, 3, 4, 5, 6, 7, 8, 2)
    assert str(Cut(2, 2, End.LEFT)) == "S2 left"


def test_a_classic_cut_of_the_whole_row_is_form_2():
    assert Cut(1, 8, End.LEFT, split=3).order() == (4, 5, 6, 7, 8, 1, 2, 3)


@pytest.mark.parametrize("text", ["S1-S2 right", "S7-S8 left", "S1-S8 right"])
def test_a_cut_that_moves_nothing_is_refused(text):
    with pytest.raises(TrainerError, match="leaves every stack"):
        Cut.parse(text)


@pytest.mark.parametrize("text", ["S4-S5", "S4-S5 up", "S0-S2 right", "S3-S4 right, S6-S7 left",
                                  "S3-S4 right, S5-S6 right", "a, b, c"])
def test_a_badly_written_cut_is_refused(text):
    with pytest.raises(TrainerError):
        Cut.parse(text)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 8), st.integers(1, 8), st.sampled_from(list(End)), st.integers(0, 7))
def test_every_cut_keeps_each_part_in_order_and_all_stacks(a, b, end, split):
    first, last = min(a, b), max(a, b)
    size = last - first + 1
    try:
        cut = Cut(first, last, end, split if 1 <= split < size else None)
    except TrainerError:
        return
    order = cut.order()
    assert sorted(order) == list(range(1, 9))
    for part, to in cut.parts():
        at = order.index(part[0])
        assert order[at:at + len(part)] == part
        assert at == 0 if to is End.RIGHT else at + len(part) == 8
