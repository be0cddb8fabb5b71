"""Tiles and notation (621a.3(h), spec N1-N2): the set, ranks, names, parser and formatter."""

from collections import Counter

import pytest
from hypothesis import given, strategies as st

from trainer.rules.errors import NotationError
from trainer.rules.paigow.tiles import FACES, TILE_SET, Tile, format_tiles, missing_and_extra, parse_tiles


def test_the_set_has_32_tiles_of_21_faces_eleven_doubled():
    counts = Counter(TILE_SET)
    assert len(TILE_SET) == 32 and len(counts) == 21
    assert sorted(str(t) for t, n in counts.items() if n == 2) == sorted(
        "6-6 1-1 4-4 1-3 5-5 3-3 2-2 5-6 4-6 1-6 1-5".split())


def test_ranks_follow_621a_3_h():
    order = "6-6 1-1 4-4 1-3 5-5 3-3 2-2 5-6 4-6 1-6 1-5".split()
    assert [Tile.parse(f).rank for f in order] == list(range(1, 12))
    shared = {"3-6": 12, "4-5": 12, "2-6": 13, "3-5": 13, "2-5": 14, "3-4": 14, "2-4": 15, "1-4": 16,
              "2-3": 16, "1-2": 17}
    assert {f: Tile.parse(f).rank for f in shared} == shared
    assert [t.rank for t in TILE_SET] == sorted(t.rank for t in TILE_SET)


def test_names_use_the_regulations_words():
    assert Tile.parse("6-6").name == "Twelve (6-6)"
    assert Tile.parse("1-2").name == "Three (1-2)"
    assert Tile.parse("2-4").name == "Six (2-4)"
    assert Tile.parse("1-1").chinese_name == "Day"


@pytest.mark.parametrize("text", ["1-2", "12", "2-1", "[1-2]", " [21] "])
def test_every_listed_form_parses(text):
    assert str(Tile.parse(text)) == "1-2"


def test_several_tiles_with_mixed_separators():
    assert format_tiles(parse_tiles("6-6,45; [1-3]  32")) == "6-6 4-5 1-3 2-3"


@pytest.mark.parametrize("text, message", [
    ("1-7", "'1-7' is not a tile"),
    ("1-1-1", "is not a tile"),
    ("x", "'x' is not a tile"),
    ("4-4 4-4 4-4", "too many 4-4: the set has only 2"),
    ("3-6 3-6", "too many 3-6: the set has only 1"),
])
def test_bad_tiles_name_the_offending_token(text, message):
    with pytest.raises(NotationError, match=message.replace("(", r"\(")):
        parse_tiles(text)


def test_blank_halves_do_not_exist_in_pai_gow():
    with pytest.raises(NotationError, match="halves 1 to 6"):
        Tile.parse("0-3")
    with pytest.raises(NotationError, match="is not a Pai Gow tile"):
        Tile(0, 3)


def test_count_is_checked():
    with pytest.raises(NotationError, match="expected 4 tiles, got 3"):
        parse_tiles("6-6 4-5 1-3", count=4)


def test_missing_and_extra_against_the_set():
    tiles = list(TILE_SET)
    tiles.remove(Tile.parse("1-2"))
    tiles.append(Tile.parse("6-6"))
    assert missing_and_extra(tiles) == ([Tile.parse("1-2")], [Tile.parse("6-6")])


@given(st.lists(st.sampled_from(FACES), min_size=1, max_size=6), st.sampled_from([" ", ",", ", ", ";"]),
       st.booleans(), st.booleans())
def test_round_trip_through_every_written_form(faces, sep, compact, brackets):
    faces = [f for i, f in enumerate(faces) if faces[: i + 1].count(f) <= f.copies]
    def write(t):
        a, b = (t.high, t.low) if compact else (t.low, t.high)
        body = f"{a}{b}" if compact else f"{a}-{b}"
        return f"[{body}]" if brackets else body
    text = sep.join(write(t) for t in faces)
    assert parse_tiles(text) == tuple(faces)
    assert parse_tiles(format_tiles(faces)) == tuple(faces)


@given(st.text(max_size=12))
def test_garbage_is_a_clean_error_or_valid_tiles(text):
    try:
        tiles = parse_tiles(text)
    except NotationError as exc:
        assert str(exc)
    else:
        assert all(isinstance(t, Tile) for t in tiles)
