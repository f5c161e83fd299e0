"""French typography in the referee's words: the space before ? ! : ; and inside « » is a no-break one (U+00A0), so
a phone never wraps « Monstres : à qui est chacun ? » with the "?" alone on a line (issue 53)."""

from companion.words import fact, french_spaces


def test_spaces_before_french_double_marks_and_inside_guillemets_do_not_break():
    assert french_spaces("Monstres : à qui est chacun ?") == "Monstres\u00a0: à qui est chacun\u00a0?"
    assert french_spaces("« couleurs » ; gagné !") == "«\u00a0couleurs\u00a0»\u00a0; gagné\u00a0!"
    assert french_spaces("https://x.fr:8080/a?b=1 et c’est tout.") == "https://x.fr:8080/a?b=1 et c’est tout."


def test_a_game_detail_is_typeset_in_french_only():
    assert fact("Turn 25: Ann", "Tour 25 : Ann") == {"en": "Turn 25: Ann", "fr": "Tour 25\u00a0: Ann"}
