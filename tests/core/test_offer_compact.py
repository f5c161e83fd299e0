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


def test_reasons_that_differ_only_by_the_terms_they_name_are_one_template():
    """Hexors' launches refused for want of stars say one sentence about each action tile and player: it is sent
    once, each offer naming its terms; a long name in keys and events is sent once too, an event its key spells is
    not sent again; a quoted rule-book sentence that names a term stays whole; and everything reads back as the
    referee said it."""
    name, quote = "Marie-Charlotte Lefebvre", "Le Zombie coûte cher"
    kinds = [{"en": "Disarm", "fr": "Désarmement"}, {"en": "Zombie", "fr": "Zombie"}]

    def refused(kind):
        why = {"en": f"{kind['en']} costs 1 star; {name} has 0 (rule book: « {quote} »)",
               "fr": f"{kind['fr']} coûte 1 étoile ; {name} en a 0 (règle : « {quote} »)"}
        event = {"type": "launch", "player": name, "action": kind["en"].lower()}
        return f"launch:{name}:{event['action']}", {"event": event, "available": False, "why": why}

    available = dict(refused(kind) for kind in kinds)
    available["compare"] = {"event": {"type": "compare"}, "available": True, "why": None}
    sent = compact(available, [name, "Kaiba", *kinds])
    assert len(sent["why"]) == 1 and sent["why"][0]["en"] == "«$0» costs 1 star; «$1» has 0 (rule book: «#0»)"
    assert sent["quotes"] == [quote] and sent["terms"] == [kinds[0], name, kinds[1]]  # Kaiba named by none
    # the event its key spells, its fields named once
    assert sent["offers"]["launch:«@1»:disarm"] == [[0], 0, 0, 1]
    assert sent["shapes"][0] == ["type", "player", "action"]
    assert expand(sent) == available
    plain = compact(available)  # without terms: one reason an action tile, names written out
    assert len(plain["why"]) == 2 and "terms" not in plain and expand(plain) == available
