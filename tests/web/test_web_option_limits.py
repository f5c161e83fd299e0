"""The games list carries each option's declared range or choices, and a new game outside them is refused."""

from __future__ import annotations


def test_the_games_list_tells_the_phones_each_options_range_or_choices(phone):
    games = {g["name"]: {o["name"]: o for o in g["options"]} for g in phone.get("/api/games").get_json()["games"]}
    assert games["nexus-keepers"]["maladresse_ones"]["range"] == {"min": 0, "max": 12}
    assert games["nexus-keepers"]["min_shared_edges"]["range"] == {"min": 1, "max": 12}
    assert games["tesseract"]["breach_scope"]["choices"] == ["primed_value", "all_values"]
    assert games["tesseract"]["lab_slots"]["range"] == {"min": 3, "max": 12}
    assert "range" not in games["tesseract"]["colours"] and "choices" not in games["tesseract"]["colours"]


def test_a_new_game_with_an_option_out_of_range_is_refused_over_the_api(player):
    response = player.post("/api/game", {"game": "nexus-keepers", "options": {"maladresse_ones": -5}})
    assert response.status_code == 422
    assert "maladresse_ones" in response.get_json()["message"]
