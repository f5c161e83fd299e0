"""The arena as a hex grid: cell names, neighbours, "directly in front", distance, the mat's edge."""

from __future__ import annotations

import pytest

from companion.games.hexors.arena import Arena, distance, facing_face, in_front, opposite


ARENA = Arena(7, 9)


def cell(name):
    return ARENA.parse(name)


def test_each_cell_has_six_neighbours_one_per_face():
    """« Chaque carreau Hexor comporte six côtés appelés «FACES». » A tile's six faces touch the six neighbouring
    cells."""
    assert sorted(ARENA.name(c) for _d, c in ARENA.neighbours(cell("d5"))) == ["c5", "c6", "d4", "d6", "e5", "e6"]
    assert [ARENA.name(c) for _d, c in ARENA.neighbours(cell("c5"))] == ["c6", "d5", "d4", "c4", "b4", "b5"]
    assert all(in_front(cell("d5"), c) for _d, c in ARENA.neighbours(cell("d5")))


def test_directly_in_front_means_sharing_an_edge_and_nothing_else():
    """« Il y a duel quand deux carreaux entrent en contact et sont directement en face l'un de l'autre. »"""
    assert in_front(cell("d5"), cell("e6")) and in_front(cell("e6"), cell("d5"))
    assert not in_front(cell("d5"), cell("d7"))      # two cells away in a line
    assert not in_front(cell("d5"), cell("f5"))      # two columns away
    assert not in_front(cell("d5"), cell("d5"))


def test_a_face_on_the_mat_edge_has_nothing_in_front():
    corner = [ARENA.name(c) for _d, c in ARENA.neighbours(cell("a1"))]
    assert corner == ["a2", "b1"]
    assert [ARENA.name(c) for _d, c in ARENA.neighbours(cell("g9"))] == ["g8", "f8", "f9"]


def test_distance_counts_steps_on_the_grid():
    """« les carreaux monstres ne doivent pas être placés à plus de 2 cases du carreau personnage »"""
    assert distance(cell("d1"), cell("d3")) == 2
    assert distance(cell("d1"), cell("f2")) == 2
    assert distance(cell("d1"), cell("f3")) == 3
    assert distance(cell("a1"), cell("g9")) == 11
    assert sorted(ARENA.name(c) for c in ARENA.within(cell("d5"), 1)) == ["c5", "c6", "d4", "d5", "d6", "e5", "e6"]


def test_faces_are_counted_from_the_hole_clockwise():
    """« le trou dans le haut de chaque carreau doit être orienté dans le sens opposé au propriétaire du carreau »"""
    assert facing_face(0, 0) == 0 and facing_face(0, 1) == 1
    assert facing_face(3, 3) == 0 and facing_face(3, 0) == 3   # a tile of the far player: its hole points south
    assert opposite(1) == 4


def test_default_grey_cells_are_the_middle_of_each_end():
    """« Chaque joueur place son carreau personnage sur une case de départ grise à une extrémité de l'arène. »"""
    assert ARENA.default_start_cells(0) == ["c1", "d1", "e1"]
    assert ARENA.default_start_cells(1) == ["c9", "d9", "e9"]


@pytest.mark.parametrize("bad", ["z1", "a0", "a10", "D", "", 5, None, "h1"])
def test_cells_off_the_mat_or_badly_named_are_refused(bad):
    with pytest.raises(ValueError) as refused:
        ARENA.parse(bad)
    said = str(refused.value)  # the arena's own refusal, naming what it was given
    assert repr(bad) in said and ("is not on the 7x9 arena" in said or "a cell is named like 'd4'" in said), said


def test_cell_names_round_trip_and_drawing_positions_are_distinct():
    cells = list(ARENA.cells())
    assert len(cells) == 63
    assert all(ARENA.parse(ARENA.name(c)) == c for c in cells)
    assert len({Arena.centre(c) for c in cells}) == 63
