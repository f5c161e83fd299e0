"""The phone asks every change that answers with the game's state for it without the engine's snapshot, which it
never draws from: at forty Nexus cards the snapshot is a fifth of each answer, downloaded after every move."""

from __future__ import annotations

import pytest

from boardhelpers import open_page, settled, unlock
from browserhelpers import page_errors
from screens import example, start

pytestmark = pytest.mark.browser

# The page's own changes (a move, its undo, a new game, a roll, its correction, the first game resumed), each POST
# recorded as [path, whether its answer carried a state, whether that state carried the snapshot].
CHANGES_JS = """
const [move, nexus, done] = arguments;
const app = window.companion;
const real = window.fetch;
const sent = [];
window.fetch = async (path, options) => {
  const response = await real(path, options);
  if (options.method === "POST") {
    const body = await response.clone().json().catch(() => ({}));
    sent.push([path, "state" in body, !!(body.state && "snapshot" in body.state)]);
  }
  return response;
};
(async () => {
  await app.submitEvent(move);
  await app.undo();
  await app.api.post("/api/game", { game: "free-roll", options: {}, players: [], replaces: nexus });
  const rolled = await app.api.post("/api/roll", { dice: [{ value: 4, color: "red" }] });
  const seq = rolled.state.entries - 1;
  await app.api.post("/api/corrections", { seq, dice: [{ value: 5, color: "red" }] });
  await app.api.post("/api/resume", { game_id: nexus, replaces: rolled.state.game_id });
})().then(() => done(sent), (err) => done(String(err))).finally(() => { window.fetch = real; });
"""


def test_every_change_answered_with_the_state_comes_without_the_snapshot(quiet_table, phone):
    service, url = quiet_table
    unlock(phone, url)
    start(service, "nexus", 20)
    nexus = service.table.state()["game_id"]
    open_page(phone, url, "#/table")
    settled(phone, url)
    phone.set_script_timeout(30)
    sent = phone.execute_async_script(CHANGES_JS, example("nexus")[20], nexus)
    assert isinstance(sent, list), sent
    assert [path for path, _, _ in sent] == [f"/api/{name}?snapshot=false" for name in
                                            ("events", "undo", "game", "roll", "corrections", "resume")]
    assert all(has_state and not has_snapshot for _, has_state, has_snapshot in sent), sent
    assert service.table.state()["game_id"] == nexus and service.table.state()["entries"] == 22  # played, undone
    assert not page_errors(phone)
