"""The offers as the phone is sent them (companion/referee/offers.py) give back exactly what the referee said."""

from __future__ import annotations

from companion.referee.offers import compact, expand

QUOTE = "Les joueurs peuvent lancer autant d'actions qu'ils veulent"
WHY = {"en": f"It costs 1 star (rule book: « {QUOTE} »)", "fr": f"Il coûte 1 étoile (« {QUOTE} »)"}
REFUSED = {"take:a1": {"event": {"type": "take", "column": "a1"}, "available": False, "why": WHY},
           "take:a2": {"event": {"type": "take", "column": "a2"}, "available": False, "why": dict(WHY)},
           "end": {"event": {"type": "end_actions"}, "available": True, "why": None}}


def test_a_shared_reason_and_its_quote_are_sent_once_and_read_back():
    sent = compact(REFUSED)
    assert sent["offers"]["take:a1"][1] == sent["offers"]["take:a2"][1] and len(sent["why"]) == 1
    assert sent["quotes"] == [QUOTE] and sent["why"][0]["fr"] == "Il coûte 1 étoile («#0»)"
    assert expand(sent) == REFUSED


def test_no_offers_is_sent_as_nothing_and_a_reason_saying_a_mark_is_sent_as_is():
    assert compact({}) == {} and expand({}) == {}
    odd = {"x": {"event": {"type": "x"}, "available": False, "why": {"en": "«#0» and « q »", "fr": "«#0»"}}}
    assert "quotes" not in compact(odd) and expand(compact(odd)) == odd
