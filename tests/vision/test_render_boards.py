"""Printed game boards for training: busy, varied, repeatable by seed, and with no die on them."""

from __future__ import annotations

import numpy as np

from companion.vision.render import render_table
from companion.vision.render_boards import printed_board


def test_a_board_is_a_frame_of_the_asked_shape_and_the_same_for_the_same_seed():
    first = printed_board(np.random.default_rng(4), 120, 160)
    again = printed_board(np.random.default_rng(4), 120, 160)
    other = printed_board(np.random.default_rng(5), 120, 160)
    assert first.shape == (120, 160, 3) and first.dtype == np.float32
    assert np.array_equal(first, again) and not np.array_equal(first, other)
    assert first.min() >= 0 and first.max() <= 255


def test_boards_are_busy_unlike_a_plain_table():
    """The point of a board: edges everywhere (tiles, tokens, text), where a plain table has next to none."""
    rng = np.random.default_rng(11)
    busy = [float(np.abs(np.diff(printed_board(rng, 160, 160).mean(axis=2), axis=1)).mean()) for _ in range(12)]
    assert np.median(busy) > 2.5  # a plain table: under 1


def test_dice_rendered_on_a_board_are_the_only_dice_in_the_truth():
    rng = np.random.default_rng(2)
    board = printed_board(rng, 200, 200)
    _, none = render_table(rng, 200, 200, n_dice=0, background=board, occlude=False)
    _, three = render_table(rng, 200, 200, n_dice=3, background=board, occlude=False)
    assert none == [] and len(three) == 3
