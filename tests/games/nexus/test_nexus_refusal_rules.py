"""The refusals a phone words itself (a node taken or in a closed Nexus, a tie under the variant no ties) end with
the rule the engine's own verdict quotes for them, in English and in its French rendering: the summary sends the
engine's one copy of those sentences (``refusal_rules``), by rule id, only while the phone can say them."""

from __future__ import annotations

from nexus_helpers import closing_board, counter, new_game, ok, play, refused


def _tail(engine, verdicts):
    """The rule the refused verdict gives, as the summary sends it for the phone: (rule id, {en, fr} tail)."""
    verdict = next(v for v in verdicts if v.kind.value == "illegal")
    said = engine.summary()["refusal_rules"][verdict.rule]
    return verdict, said


def test_a_taken_or_closed_node_gives_the_rule_the_engine_quotes():
    """“After you have played your card and scored any closed Nexuses, place one counter on an unoccupied Node.”
    and “You may never play a counter in a closed Nexus.”"""
    engine = closing_board(ann_counter="t-bar-1:a", bob_counter="t-caps-1:l")
    assert "refusal_rules" not in engine.summary()  # the card phase, no variant: the phone refuses nothing itself
    ok(play(engine, "t-caps-2", 2, 0, 90))              # closes t-bar-1's Nexus; Ann's counter now
    for node, rule, book in (("t-caps-1:l", "nexus.counter.occupied", "place one counter on an unoccupied Node."),
                             ("t-bar-1:b", "nexus.counter.closed", "You may never play a counter in a closed Nexus.")):
        verdicts = counter(engine, node)
        assert refused(verdicts) == rule
        verdict, said = _tail(engine, verdicts)
        assert book in said["en"] and said["fr"].startswith("la règle : « ")
        assert verdict.message.en.endswith(f" — {said['en']}") and verdict.message.fr.endswith(f" — {said['fr']}")
    assert "nexus.variant.no_ties" not in engine.summary()["refusal_rules"]


def test_a_tie_under_the_variant_gives_the_rule_the_engine_quotes():
    """“make it illegal to create a tie by any means”"""
    engine = new_game({"ties_illegal": True})
    ok(play(engine, "t-caps-1", -1, 0, 90))
    ok(counter(engine, "t-bar-1:a"))
    assert "nexus.variant.no_ties" in engine.summary()["refusal_rules"]  # the card phase: a tying spot is crossed
    ok(play(engine, "t-pair-1", 1, -2, 90))
    verdicts = counter(engine, "t-bar-1:b")                    # Bob 2 against Ann 2
    assert refused(verdicts) == "nexus.variant.no_ties"
    verdict, said = _tail(engine, verdicts)
    assert "make it illegal to create a tie by any means" in said["en"]
    assert verdict.message.en.endswith(f" — {said['en']}") and verdict.message.fr.endswith(f" — {said['fr']}")
