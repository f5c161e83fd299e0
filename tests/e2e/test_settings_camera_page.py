"""A player's look at the Settings, camera and sheets screens on a 360 px phone, in English and French: what a
control offers must work where it is shown, what is said must be true of the table, and nothing is cut or left
empty taking room. One SIMULATED table (Hexors, seats to take) and one browser serve the whole module."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from boardhelpers import PIN, open_page, tap, wait
from browserhelpers import page_errors, phone_browser, served
from companion.config import load_config
from screens import TEXT_CONTRAST_JS, drawn, language, open_tab

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    config = load_config(None, overrides={
        "service": {"data_dir": str(tmp_path_factory.mktemp("audit")), "host": "127.0.0.1", "port": 0, "threads": 8},
        "camera": {"source": "simulated", "fps": 2.0, "width": 640, "height": 480, "simulated_pace": 60.0},
        "panel": {"enabled": False}})
    with served(config, camera=True, pin=PIN, threads=8) as (service, url):
        service.table.new_game("hexors", {}, ["Ana", "Bo"])
        yield service, url


@pytest.fixture(scope="module")
def phone(table):
    with phone_browser("en-GB", (360, 740), url=table[1]) as driver:
        yield driver
        assert page_errors(driver) == []


def screen(driver, name, lang="en"):
    since = open_tab(driver, name)
    language(driver, lang)
    drawn(driver, name, since)


def shown(driver, css):
    found = driver.find_elements(By.CSS_SELECTOR, css)
    return bool(found) and found[0].is_displayed()


def camera_says(service, **status):
    """The camera status every phone is told (as a camera coming and going tells it)."""
    from companion.live import CameraStatus

    service.live.camera = CameraStatus(**status)
    service.bus.publish("camera", service.live.camera.to_json())


def test_the_light_is_measured_again_only_where_a_camera_can_and_a_refusal_is_said_in_the_players_words(table,
                                                                                                         phone):
    """"Measure the light again" is not offered on the SIMULATED table, which has no light to measure. A USB camera
    that cannot measure it says so beside the button, in the page's French (not an English notice at the top of the
    page, far from the button), and the button goes."""
    service, url = table
    screen(phone, "settings", "fr")
    assert not shown(phone, "#light-measure")
    try:
        camera_says(service, ok=True, source="USB camera Logitech C920", source_fr="caméra USB Logitech C920")
        wait(phone, lambda d: shown(d, "#light-measure"), message="a working camera's light button is not shown")
        tap(phone, "#light-measure")
        wait(phone, lambda d: d.find_element(By.ID, "light-message").text, message="the refusal is not said")
        assert phone.find_element(By.ID, "light-message").text.startswith(
            "Cette caméra règle elle-même son exposition")
        assert not shown(phone, "#light-measure")
        assert "this camera has no exposure" not in phone.find_element(By.ID, "notices").text
    finally:
        camera_says(service, ok=True, source="SIMULATED table (no camera)", simulated=True,
                    source_fr="table SIMULÉE (pas de caméra)")
    wait(phone, lambda d: not shown(d, "#light-card"), message="the light card stayed for the simulated table")
    assert phone.find_element(By.ID, "camera-status").text == "aucune : la table SIMULÉE est dessinée, pas vue"


def test_the_settings_say_what_the_camera_does_now_once_under_its_heading(table, phone):
    """Settings opened while the camera starts follow the live stream as the table screen does: what the camera
    does now, not "starting" with the camera at work. A camera's fault is said once under its heading, not
    "Caméra : Caméra : …" (the heading, then the table screen's prefix)."""
    from companion.live import CameraStatus

    service, url = table
    screen(phone, "settings", "fr")
    status = lambda d: d.find_element(By.ID, "camera-status").text  # noqa: E731
    wait(phone, lambda d: status(d) == "aucune : la table SIMULÉE est dessinée, pas vue")
    was = service.live.camera
    try:  # the pipeline's live stream tells it, with no camera event
        service.live.camera = CameraStatus(False, "camera lost", was.source, was.simulated, message_fr="caméra perdue",
                                           source_fr=was.source_fr)
        wait(phone, lambda d: status(d) == "caméra perdue", message=f"the settings said {status(phone)!r}")
    finally:
        service.live.camera = was
    wait(phone, lambda d: status(d) == "aucune : la table SIMULÉE est dessinée, pas vue")


# Every visible control on the screen whose words do not fit it: a button's or a picker's text cut, a field's hint
# (placeholder) longer than the field. [[id or text, what is cut]]
CUT_JS = r"""
const canvas = document.createElement('canvas').getContext('2d');
const screen = document.querySelector('.screen:not([hidden])');
const out = [];
for (const el of screen.querySelectorAll('button, a.button, select, input[placeholder]')) {
  if (!el.getClientRects().length || el.closest('[hidden]')) continue;
  const s = getComputedStyle(el);
  if (el.matches('input')) {
    canvas.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    const room = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
    if (canvas.measureText(el.placeholder).width > room + 0.5) out.push([el.id, el.placeholder]);
  } else if (el.scrollWidth > el.clientWidth + 1) out.push([el.id || el.textContent.trim(), el.textContent.trim()]);
}
return out;
"""


def test_no_words_of_the_settings_are_cut_on_a_360_px_phone(table, phone):
    """No words of the settings are cut on a 360 px phone (not « Nouveau code (4 à 12 chi »), in either language,
    and each PIN field has its name above it: a hint inside the field would go when the player types."""
    screen(phone, "settings")
    cut, unnamed = {}, []
    for lang in ("en", "fr"):
        language(phone, lang)
        cut[lang] = phone.execute_script(CUT_JS)
        for field in ("pin-current", "pin-new"):
            label = phone.find_elements(By.CSS_SELECTOR, f"label[for={field}]")
            if not (label and label[0].is_displayed() and label[0].text):
                unnamed.append((lang, field))
    assert cut == {"en": [], "fr": []}
    assert unnamed == []


EMPTY_JS = """return [...document.querySelectorAll('.screen:not([hidden]) p, .screen:not([hidden]) [role=alert]')]
  .filter(e => !e.closest('[hidden]') && !e.children.length && !e.textContent.trim()
          && e.getBoundingClientRect().height > 0).map(e => e.id || e.className)"""


def test_an_answer_not_given_takes_no_room(table, phone):
    """An answer not given takes no room: no empty gap under the SIMULATED table's seat picker, nor under the PIN
    change's message in the settings."""
    service, url = table
    screen(phone, "table")
    wait(phone, lambda d: shown(d, "#simulated-seat"), message="no seat to take at the simulated Hexors table")
    table_gaps = phone.execute_script(EMPTY_JS)
    screen(phone, "settings")
    assert (table_gaps, phone.execute_script(EMPTY_JS)) == ([], [])


def test_a_camera_lost_is_not_said_to_read_the_mat_and_the_dice(table, phone):
    """With the camera lost (the picture frozen), the camera screen says neither « Tapis trouvé : ses 4 repères vus »
    nor « en attendant, tous les dés visibles sont lus » from the last picture: it reads nothing now."""
    from companion.live import CameraStatus

    service, url = table
    screen(phone, "table", "fr")
    status = lambda d: d.find_element(By.ID, "table-vision-status").text  # noqa: E731
    wait(phone, lambda d: status(d).startswith("Tapis trouvé"),
         message=f"the Hexors mat is not found: {status(phone)}")
    was = service.live.camera
    try:
        service.live.camera = CameraStatus(False, "camera lost", was.source, was.simulated, message_fr="caméra perdue",
                                           source_fr=was.source_fr)
        wait(phone, lambda d: status(d) == "Pas d’image de la caméra : ni le tapis ni les dés ne sont lus avant son "
             "retour", message=f"the camera screen said {status(phone)!r}")
        # and under the frozen picture, how to play on meanwhile (it said only « Caméra : caméra perdue »)
        caption = lambda d: d.find_element(By.ID, "snapshot-caption").text  # noqa: E731
        wait(phone, lambda d: caption(d) == "Caméra : caméra perdue — en attendant, jouez en touchant le plateau",
             message=f"the picture's caption said {caption(phone)!r}")
    finally:
        service.live.camera = was
    wait(phone, lambda d: status(d).startswith("Tapis trouvé"), message="the mat is not said found again")


def test_the_simulated_free_roll_offers_no_mat_to_align_nor_lens_to_calibrate(table, phone):
    """The SIMULATED table draws free roll's dice on a bare table, so neither « Camera alignment » nor « Calibrate
    the lens » is offered (each could only answer that the mat is not in sight); both come back with the Hexors mat."""
    service, url = table
    screen(phone, "table")
    wait(phone, lambda d: shown(d, "#alignment-toggle") and shown(d, "#lens-toggle"),
         message="the Hexors mat's alignment and lens are not offered")
    service.table.new_game("free-roll", {}, [])
    try:
        wait(phone, lambda d: d.find_element(By.ID, "table-vision-status").text.startswith("The simulated table draws"),
             message="free roll's table vision is not shown")
        assert not shown(phone, "#alignment-toggle") and not shown(phone, "#lens-toggle")
    finally:
        service.table.new_game("hexors", {}, ["Ana", "Bo"])
    wait(phone, lambda d: shown(d, "#lens-toggle"), message="the lens is not offered again for the Hexors mat")


def test_a_game_options_numbers_are_written_as_the_page_language_writes_them(table, phone):
    """Free roll's fairness thresholds are written as the page's language writes numbers: « 0,01 » on a French page,
    "0.01" on an English one, the value sent unchanged."""
    service, url = table
    open_page(phone, url, "#/game")
    tap(phone, "#game-free-roll")
    offered = lambda: [o.text for o in phone.find_elements(By.CSS_SELECTOR, "#option-significance option")]  # noqa
    for lang, words in (("fr", ["0,001", "0,01", "0,05", "0,1"]), ("en", ["0.001", "0.01", "0.05", "0.1"])):
        language(phone, lang)
        wait(phone, lambda d: offered() == words, message=f"{lang}: {offered()}")
    assert phone.find_element(By.ID, "option-significance").get_attribute("value") == "0.01"


def test_each_setting_has_its_own_card(table, phone):
    """Each setting has its own card, one heading each: "Table display" (a tablet's bigger text) is not inside the
    printable sheets' card."""
    screen(phone, "settings")
    headings = phone.execute_script("return [...document.querySelectorAll('#screen-settings .card')]"
                                    ".map(c => [...c.querySelectorAll('h3')].map(h => h.textContent))")
    assert [h for h in headings if len(h) > 1] == []


def test_a_damaged_lens_file_offers_only_to_forget_it(table, phone):
    """A damaged lens.json: the lens panel says so and offers only to forget it, not its steps « Take a photo » and
    « Fit », which could only be refused; once forgotten, the steps come back."""
    service, url = table
    lens = service.config.data_dir / "lens.json"
    lens.write_text("{not json")
    try:
        screen(phone, "table")
        wait(phone, lambda d: shown(d, "#lens-toggle"), message="the lens is not offered")
        tap(phone, "#lens-toggle")
        wait(phone, lambda d: d.find_element(By.ID, "lens-message").text.startswith(
            "The lens calibration file is damaged"), message="the damaged file is not said")
        assert [shown(phone, css) for css in ("#lens .lens-steps", "#lens-photo", "#lens-fit", "#lens-forget")] \
            == [False, False, False, True]
        tap(phone, "#lens-forget")
        # the forget's answer, not « Not calibrated » alone: a read of the lens before the file was damaged (the
        # table screen's) may say it already while the panel says the file is damaged
        def forgotten(d):
            return d.find_element(By.ID, "lens-kept").text.startswith("Not calibrated") and not d.find_element(
                By.ID, "lens-message").text.startswith("The lens calibration file is damaged")
        wait(phone, forgotten, message="forgetting the damaged file did not bring the calibration back")
        assert shown(phone, "#lens-photo") and shown(phone, "#lens-fit") and not lens.exists()
    finally:
        lens.unlink(missing_ok=True)
        if shown(phone, "#lens"):
            tap(phone, "#lens-toggle")




def test_the_settings_game_and_camera_words_stand_out_in_light_and_dark(table, phone):
    """The settings' words reach WCAG's figure in light and dark (4.5:1, 3:1 for large type): in light, a primary
    button's dark words on its blue (« Start the game », « Fit ») would stand at 3.9:1, a refusal's orange words (a
    wrong PIN) at 4.2:1."""
    from screens import theme

    service, url = table
    weak = []
    try:
        screen(phone, "settings")
        phone.find_element(By.ID, "pin-current").send_keys("000000")
        phone.find_element(By.ID, "pin-new").send_keys("1234")
        phone.execute_script("document.querySelector('#pin-change-form').requestSubmit()")
        wait(phone, lambda d: d.find_element(By.ID, "pin-change-message").text, message="no answer to a wrong PIN")
        places = [("settings", ".screen:not([hidden])"), ("game", ".screen:not([hidden])"), ("table", "#table-vision")]
        for name, inside in places:
            screen(phone, name)
            if name == "table":
                wait(phone, lambda d: shown(d, "#lens-toggle"), message="the lens is not offered")
                tap(phone, "#lens-toggle")
                wait(phone, lambda d: shown(d, "#lens-fit"), message="the lens panel did not open")
            for scheme in ("light", "dark"):
                theme(phone, scheme)
                weak += [(name, scheme, *line) for line in phone.execute_script(TEXT_CONTRAST_JS, inside)]
    finally:
        theme(phone, "dark")
        if shown(phone, "#lens"):
            tap(phone, "#lens-toggle")
    assert weak == []


def test_a_games_mat_is_printed_before_its_game_is_started(table, phone):
    """The sheets offer every game, the one at the table first: Tesseract's mat is printed while Hexors is played,
    the choice kept as the page redraws and across a change of language."""
    from selenium.webdriver.support.ui import Select

    service, url = table
    screen(phone, "settings", "fr")
    picker = lambda: Select(phone.find_element(By.ID, "sheets-game"))  # noqa: E731
    wait(phone, lambda d: len(picker().options) == 5, message="the sheets offer no choice of game")
    assert picker().first_selected_option.text == "Hexors"  # the game at the table
    assert "Tesseract" in [o.text for o in picker().options]
    assert [phone.find_element(By.CSS_SELECTOR, f"label[for=sheets-{n}]").text for n in ("game", "paper")] \
        == ["Jeu", "Papier"]
    picker().select_by_value("tesseract")
    href = phone.find_element(By.ID, "sheets-link").get_attribute("href")
    assert href.startswith(url + "api/sheets/tesseract.pdf?paper=")
    assert picker().first_selected_option.text == "Tesseract"  # kept as the page redraws
    language(phone, "en")
    assert picker().first_selected_option.text == "Tesseract"


def test_no_camera_at_a_board_game_says_to_play_on_the_board(table, phone):
    """With no camera, Settings says to play by tapping the board for a game played on the phone's board, as the
    table screen says (not « none: rolls are entered by hand »), in either language."""
    service, url = table
    screen(phone, "settings")
    status = lambda d: d.find_element(By.ID, "camera-status").text  # noqa: E731
    try:
        camera_says(service, ok=True)  # no camera wanted: no source
        wait(phone, lambda d: status(d) == "none: play by tapping the board", message=f"said {status(phone)!r}")
        language(phone, "fr")
        assert status(phone) == "aucune : jouez en touchant le plateau"
    finally:
        camera_says(service, ok=True, source="SIMULATED table (no camera)", simulated=True,
                    source_fr="table SIMULÉE (pas de caméra)")


def test_a_new_pin_the_card_refuses_is_said_in_the_page_s_language(table, phone, monkeypatch):
    """The server's 503 ``cannot_save`` is said in the page's language, not its English message inside « Refusé :
    … », and a card turned read-only is not told to free some space, which mends only a full one."""
    fault = [OSError(28, "No space left on device")]

    def refused(*args, **kwargs):
        raise fault[0]

    monkeypatch.setattr("companion.web.auth.write_atomically", refused)
    try:
        screen(phone, "settings", "fr")
        said = lambda d: d.find_element(By.ID, "pin-change-message").text.replace("\u00a0", " ")  # noqa: E731
        for error, words in ((OSError(28, "No space left on device"), "Pas enregistré : la carte du compagnon est "
                              "pleine"),
                             (OSError(30, "Read-only file system"), "Pas enregistré : la carte du compagnon est "
                              "passée en lecture seule")):
            fault[0] = error
            phone.execute_script("document.querySelector('#pin-change-message').textContent = ''")
            for field, value in (("pin-current", PIN), ("pin-new", "135790")):
                phone.find_element(By.ID, field).clear()
                phone.find_element(By.ID, field).send_keys(value)
            phone.execute_script("document.querySelector('#pin-change-form').requestSubmit()")
            wait(phone, lambda d: said(d).startswith(words), message=f"{error} not said in French")
            assert "No space" not in said(phone) and "Read-only" not in said(phone)
            assert ("Libérez de la place" in said(phone)) == (error.errno == 28)
    finally:
        screen(phone, "settings", "en")
