"""A phone open across a software update (the service restarted serving other code) reloads its page by itself, once,
and draws the board again in its place, still signed in; a restart serving the same code reloads nothing; a reload
that still finds other code does not reload again, it says so (web/js/update.js)."""

from __future__ import annotations

import shutil
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from boardhelpers import BOARD_DRAWN_JS, PIN, caught_up, open_page, unlock, wait
from browserhelpers import page_errors, phone_browser, pictures
from screens import example, start

from companion.web import pages

pytestmark = pytest.mark.browser

WEB = Path(__file__).resolve().parents[2] / "web"
CODE = "return document.querySelector('meta[name=\"companion-code\"]').content"
HOW_LOADED = "return performance.getEntriesByType('navigation')[0].type"  # "navigate", or "reload"
TRIED = "return sessionStorage.getItem('companion.reloadedFor')"
STALE = "return [...document.querySelectorAll('#page-stale')].map((n) => n.innerText)"


@contextmanager
def table(data_dir: Path, port: int = 0, web_dir: Path | None = None):
    """The real service on ``data_dir`` serving ``web_dir`` on ``port`` (a restart: the same folder and port, its PIN
    and sign-ins kept there): (service, url); stopped on the way out."""
    from companion.config import load_config
    from companion.service import Service
    from companion.web import create_app
    from companion.web.server import WebServer

    config = load_config(None, overrides={"service": {"data_dir": str(data_dir), "host": "127.0.0.1", "port": 0,
                                                      "threads": 12}})
    service = Service(config, camera=False)
    app = create_app(service, web_dir=web_dir)
    if port == 0:
        app.extensions["companion"].pins.change(PIN)
    server = WebServer(app, "127.0.0.1", port, threads=12).start()
    service.start()
    try:
        yield service, f"http://127.0.0.1:{server.port}/", app.extensions["companion"].served_code
    finally:
        server.stop()
        service.stop()


def port_of(url: str) -> int:
    return int(url.rstrip("/").rsplit(":", 1)[1])


def drawn(phone, url):
    wait(phone, lambda d: d.execute_script("return document.body.dataset.ready") == "1", message="page never ready")
    wait(phone, lambda d: caught_up(d, url), message="the page never showed the table's game and entries")
    wait(phone, lambda d: d.execute_script(BOARD_DRAWN_JS), message="the board was not drawn")


def errors_but_the_restart(phone):
    """The page's errors, but the live stream's refused reconnections while the table was away."""
    return [e for e in page_errors(phone) if "api/stream" not in e]


@pytest.fixture
def phone():
    with phone_browser("en-GB", (360, 800)) as driver:
        yield driver


@pytest.mark.parametrize("updated", [True, False], ids=["other code", "same code"])
def test_a_phone_open_across_a_restart_reloads_only_when_the_code_changed(tmp_path, phone, updated):
    served = WEB
    if updated:  # the update: one board module changed
        served = tmp_path / "web"
        shutil.copytree(WEB, served)
        hexes = next(served.rglob("hex-board.js"))
        hexes.write_text(hexes.read_text() + "\n// the summary's new form\n")
    moves = example("hexors")
    with table(tmp_path / "data") as (service, url, before):
        start(service, "hexors", events=6)
        unlock(phone, url)
        open_page(phone, url, "#/table")
        assert phone.execute_script(CODE) == before
        phone.execute_script("window.openAllEvening = true")
    with table(tmp_path / "data", port_of(url), served) as (service, again, after):
        assert again == url and (after != before) == updated
        service.table.submit(moves[6], source="phone")  # the new table plays on: the phone must show it
        if updated:
            wait(phone, lambda d: d.execute_script("return window.openAllEvening") is None, timeout=30,
                 message="the page served before the update was never reloaded")
        drawn(phone, url)
        assert phone.execute_script(CODE) == after
        assert phone.execute_script("return location.hash") == "#/table"
        assert phone.execute_script(HOW_LOADED) == ("reload" if updated else "navigate")
        assert phone.execute_script("return window.openAllEvening") is (None if updated else True)
        assert phone.execute_script("return window.companion.api.authenticated") is True  # its sign-in kept
        assert phone.execute_script(TRIED) is None and phone.execute_script(STALE) == []
        service.table.submit(moves[7], source="phone")  # and follows the live stream after
        drawn(phone, url)
        assert phone.execute_script("return document.querySelector('#board').dataset.entries") == "8"
        assert not errors_but_the_restart(phone)


def test_a_reload_that_finds_other_code_again_does_not_reload_again(tmp_path, phone, monkeypatch, screenshots):
    """A page that reloaded and is still older than the table (a cache on the way gave it the old files) says so,
    with a button to reload by hand; it does not reload again at each connection."""
    monkeypatch.setattr(pages, "CODE_META", '<meta name="companion-code" content="0ld0ld0ld0ld0ld0">')
    with table(tmp_path / "data") as (service, url, code):
        start(service, "hexors", events=6)
        phone.get(url + "#/table")
        wait(phone, lambda d: d.execute_script(STALE), timeout=30, message="the stale page said nothing")
        assert phone.execute_script(HOW_LOADED) == "reload" and phone.execute_script(TRIED) == code
        phone.execute_script("localStorage.setItem('companion.joined', '1'); window.stillOpen = true")
        unlock(phone, url)  # the page as the old one was: opened, signed in
        phone.execute_script("window.stillOpen = true; location.hash = '#/table'")
        drawn(phone, url)
        phone.execute_script("window.companion.stream.open()")  # another connection names the same code
        service.table.submit(example("hexors")[6], source="phone")
        drawn(phone, url)
        assert phone.execute_script("return window.stillOpen") is True
        assert phone.execute_script(STALE) == ["The table's software was updated, but this page is still the old one. "
                                               "Reload"]
        pictures(phone, screenshots, "update-stale")
        assert not page_errors(phone)


def test_the_reload_waits_while_a_field_is_typed_in(tmp_path, phone):
    """A name half typed is not lost to the reload: it comes once the player leaves the field."""
    served = tmp_path / "web"
    shutil.copytree(WEB, served)
    (served / "style.css").write_text((served / "style.css").read_text() + "\n/* updated */\n")
    with table(tmp_path / "data") as (service, url, before):
        unlock(phone, url)
        open_page(phone, url, "#/game")
        wait(phone, lambda d: d.find_elements("css selector", "#game-hexors"), message="no games")
        phone.find_element("css selector", "#game-hexors").click()
        field = wait(phone, lambda d: d.find_elements("css selector", ".player-name"), message="no names")[0]
        field.clear()
        field.send_keys("Yug")
        phone.execute_script("window.openAllEvening = true")
    with table(tmp_path / "data", port_of(url), served) as (service, url, after):
        wait(phone, lambda d: d.execute_script("return window.companion.update.timer !== null"), timeout=30,
             message="the phone never heard that the table serves other code")
        time.sleep(1.5)  # three looks at the field
        assert phone.execute_script("return window.openAllEvening") is True
        assert phone.execute_script("return document.activeElement.value") == "Yug"
        phone.execute_script("document.activeElement.blur()")
        wait(phone, lambda d: d.execute_script("return window.openAllEvening") is None, timeout=10,
             message="the page did not reload once the field was left")
        wait(phone, lambda d: d.execute_script("return document.body.dataset.ready") == "1", message="never ready")
        assert phone.execute_script(CODE) == after != before
        assert phone.execute_script("return location.hash") == "#/game"
        assert not errors_but_the_restart(phone)
