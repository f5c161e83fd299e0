// The phone page: loads the table, follows the live stream, routes between screens.

import { Api } from "./api.js";
import { $, $$ } from "./dom.js";
import { detectLanguage, language, pick, setLanguage, t } from "./i18n.js";
import { LiveStream } from "./stream.js";
import { UpdateWatch } from "./update.js";
import { keepAwake } from "./wake.js";
import * as answer from "./views/answer.js";
import * as feedView from "./views/feed.js";
import { describeEntry } from "./views/feed.js";
import * as gameView from "./views/game.js";
import * as notices from "./views/notices.js";
import * as profileView from "./views/profile.js";
import * as settingsView from "./views/settings.js";
import * as statsView from "./views/stats.js";
import * as snapshot from "./views/snapshot.js";
import * as tableView from "./views/table.js";

const SCREENS = ["join", "table", "game", "verdicts", "history", "stats", "settings"];
const JOINED_KEY = "companion.joined";
const HISTORY_PAGE = 50; // entries read at a time: the newest after each change, older ones when asked
// The state as the phone reads it: it draws from the summary, never the engine's snapshot (a fifth of a big board's)
const STATE = "/api/state?snapshot=false";
const SERIOUS = new Set(["illegal", "breach", "elimination", "fall", "win", "loss", "warning", "unsure"]);
// what a notice talks about, kept in sight (notices.show): another's verdict, the nodes of the Nexus card zoomed to
// play on; what the camera learnt from a correction, the roll corrected (its picture, its dice)
const VERDICT_ABOUT = "#nx-zoom svg";
const LEARNT_ABOUT = "#snapshot, #last-roll";

/** The history's first page when the card cannot read the journal (503 cannot_read): the game, held in memory, is
 * still shown and played; the history screen says why it is empty, not "offline" for ever (any other refusal is). */
function unreadHistory(err) {
  if (err.code !== "cannot_read") throw err;
  return { entries: [], more: false, older: null, unread: true };
}

class App {
  constructor() {
    this.api = new Api();
    this.info = null;
    this.state = null;
    this.history = { entries: [] };
    this.live = null;
    this.latest = [];
    this.screen = null;
    this.connection = "connecting";
    this.historyTimer = null;
    this.noticesDue = 0; // another phone's serious verdicts, told a moment after their entry (onEvent)
    this.mine_seqs = new Set(); // entries this phone made: their verdicts show in place, not as notices
    this.update = new UpdateWatch(() => this.api.pending > 0 || this.playing); // reloads a page the table outgrew
  }

  async start() {
    setLanguage(detectLanguage());
    $("#lang-toggle").addEventListener("click", () => this.switchLanguage(language() === "fr" ? "en" : "fr"));
    window.addEventListener("hashchange", () => this.route());
    // the tab of the screen shown, tapped again, goes back to its top (no hashchange: nothing else answered it)
    $("#tabs").addEventListener("click", (event) => {
      const tab = event.target.closest("a[data-tab]");
      if (tab && tab.dataset.tab === this.screen) window.scrollTo(0, 0);
    });
    for (const view of [answer, tableView, feedView, statsView, settingsView, gameView]) view.init(this);
    await this.load();
    this.stream = new LiveStream((topic, data) => this.onEvent(topic, data), (status) => this.setConnection(status));
    this.stream.start(this.eventId);
    this.route();
    document.body.dataset.ready = "1";
  }

  /** Everything the screens show, fetched again after a gap in the live stream. */
  async load() {
    for (;;) {
      try {
        await this.api.session();
        this.info = await this.api.get("/api/info");
        const [state, history, live] = await Promise.all([
          this.api.get(STATE), this.api.get(`/api/history?limit=${HISTORY_PAGE}`).catch(unreadHistory),
          this.api.get("/api/live"),
        ]);
        this.adopt(state.state);
        this.history = history;
        this.live = live;
        this.eventId = Math.min(state.event_id, history.event_id ?? state.event_id);
        const last = history.entries[history.entries.length - 1];
        this.latest = last ? last.verdicts : [];
        break;
      } catch (err) {
        this.setConnection("offline");
        await new Promise((resolve) => setTimeout(resolve, 3000));
      }
    }
    let saved = null;
    try { saved = localStorage.getItem("companion.language"); } catch (_) { /* private browsing */ }
    if (!saved && !navigator.languages?.some((l) => /^(en|fr)/i.test(l))) setLanguage(this.info.language);
    const name = $("#table-name");
    delete name.dataset.i18n;
    name.textContent = this.info.name;
    document.title = this.info.name;
  }

  /** The table's notices read again once this phone is signed in again, or told they changed: one that phones must
   * enter the PIN again (the card refused the sign-in key) goes once the card keeps it, not at a reload only. */
  async readInfo() {
    try {
      this.info = await this.api.get("/api/info");
    } catch (_) { return; } // the notices shown stay; the next load() reads them
    this.render();
  }

  route() {
    let screen = (location.hash.match(/^#\/(\w+)/) || [])[1];
    let joined = false;
    try { joined = localStorage.getItem(JOINED_KEY) === "1"; } catch (_) { joined = true; }
    if (!SCREENS.includes(screen)) screen = joined ? "table" : "join";
    const another = this.screen !== null && screen !== this.screen;
    this.screen = screen;
    document.body.dataset.screen = screen;
    this.visits = (this.visits || 0) + 1;
    for (const section of $$(".screen")) section.hidden = section.dataset.screen !== screen;
    // another screen opens at its top: the page's one scroll stayed where the last screen was left, so "New game"
    // low in the settings opened the game screen at its options, its games out of sight
    if (another) window.scrollTo(0, 0);
    $("#notices").hidden = screen === "join";
    for (const tab of $$("#tabs a")) tab.classList.toggle("active", tab.dataset.tab === screen);
    $("#tabs").hidden = screen === "join";
    this.render();
  }

  join() {
    try { localStorage.setItem(JOINED_KEY, "1"); } catch (_) { /* private browsing */ }
    location.hash = "#/table";
  }

  render() {
    if (!this.state) return;
    keepAwake(this.state.entries > 0 && !this.state.outcome); // a game under way keeps the screen on
    const views = { join: settingsView.renderJoin, table: tableView.render, game: gameView.render,
      verdicts: feedView.renderVerdicts, history: feedView.renderHistory, stats: statsView.render,
      settings: settingsView.render };
    this.markDrawn(views[this.screen]?.(this));
  }

  /** ``body[data-screen-ready="<screen>:<visit>"]`` once the screen shown has read what it shows and drawn it (its
   * view's promise settled: the table's board module loaded and drawn; no request on its way, the history's re-read
   * included; no notice due; and a frame painted since); taken off at each draw. Tests wait for it, not for a fixed
   * time a loaded machine can outrun. */
  markDrawn(drawing) {
    delete document.body.dataset.screenReady;
    const draw = (this.draws = (this.draws || 0) + 1);
    let landed = false;
    const land = () => { landed = true; };
    Promise.resolve(drawing).then(land, (err) => { land(); throw err; }); // a failed draw still said on the console
    const busy = () => !landed || this.api.pending > 0 || this.historyTimer !== null || this.noticesDue > 0;
    const look = () => {
      if (draw !== this.draws) return; // drawn again since: that draw marks it
      if (busy()) { setTimeout(look, 50); return; }
      requestAnimationFrame(() => {
        if (draw !== this.draws) return;
        if (busy()) look();
        else document.body.dataset.screenReady = `${this.screen}:${this.visits}`;
      });
    };
    setTimeout(look, 0);
  }

  switchLanguage(lang) {
    setLanguage(lang, true);
    this.setConnection(this.connection);
    this.render();
    answer.relabel(); // what is still shown says it again in the new language
    notices.relabel();
  }

  setConnection(status) {
    this.connection = status;
    $("#conn").dataset.state = status;
    $("#conn-text").textContent = t(`conn.${status}`);
  }

  onEvent(topic, data) {
    if (this.update.reloading) return; // this page's modules may not read the table's new data
    if (topic === "served") {
      this.update.heard(data.code);
      return;
    }
    if (topic === "entry") {
      const verdicts = data.verdicts || [];
      if (data.state && data.state.partial) this.readState(verdicts, data.state.entries); // too big for the event
      else if (this.adopt(data.state)) this.latest = verdicts; // else this phone's answer to a later change came first
      const serious = verdicts.find((v) => SERIOUS.has(v.kind));
      // This phone's own action shows its result in place; a notice is for what others (or the camera) did.
      const said = () => t("notice.verdict", { kind: t(`kind.${serious.kind}`), said: pick(serious) });
      if (serious) {
        this.noticesDue += 1;
        setTimeout(() => {
          this.noticesDue -= 1;
          if (!this.mine_seqs.has(data.seq)) this.toast(said, serious.kind, VERDICT_ABOUT);
        }, 400);
      }
      this.refreshHistory();
    } else if (topic === "game") {
      if (this.state && this.state.game_id !== data.game_id) {
        answer.hide();
        this.mine_seqs.clear(); // a new game counts its entries from 0: another phone's would be taken for ours
      }
      if (data.partial) this.readState([], data.entries);
      else this.state = data;
      this.latest = [];
      this.mine = null;
      this.refreshHistory();
    } else if (topic === "live") {
      const camera = JSON.stringify(this.live && this.live.camera);
      this.live = data;
      if (this.screen === "table" && !document.hidden) snapshot.updateLive(this); // no pictures for a pocket
      // the settings name the camera: a camera started, lost or back is said there too
      else if (this.screen === "settings" && JSON.stringify(data.camera) !== camera) settingsView.render(this);
      return;
    } else if (topic === "camera") {
      if (this.live) this.live.camera = data;
    } else if (topic === "board") { // the camera's board settled: a setup drawn from it must see it at once
      if (!this.state || JSON.stringify(this.state.camera_board) === JSON.stringify(data.pieces)) return;
      this.state.camera_board = data.pieces;
      this.state.camera_names = data.names || {};
    } else if (topic === "notice") {
      // ``notices`` alone (no words): the table's own notices changed, shown where they stay (#service-notices)
      if (pick(data)) this.toast(() => pick(data), data.kind || "info", "profile" in data ? LEARNT_ABOUT : null);
      if ("profile" in data) profileView.changed(this); // a correction taught the camera: the settings' count moves
      // the table's own notices changed (phones must enter the PIN again, or the card keeps the sign-in key again)
      if (data.notices) this.readInfo();
      if (!("journal_problem" in data) || !this.state) return;
      this.state.journal_problem = data.journal_problem; // the journal cannot be written, or can again
    } else if (topic === "reset") {
      this.load().then(() => { this.render(); this.toast(() => t("notice.reset"), "info"); });
      return;
    }
    this.render();
  }

  /** Take ``state`` unless it is older than the one shown: an answer to this phone's change, a live event and a
   * reload can arrive in any order, and a game's entry count only grows (an undo is an entry too). */
  adopt(state) {
    const current = this.state;
    if (current && state && current.game_id === state.game_id && state.entries < current.entries) return false;
    this.state = state;
    return true;
  }

  /** A live event whose state was too big to carry whole (a board of many cards) is followed by reading it. */
  async readState(verdicts, entries) {
    try {
      const state = (await this.api.get(STATE)).state;
      if (this.adopt(state) && state.entries === entries) this.latest = verdicts;
      this.render();
    } catch (_) { /* the stream's reset or the next event will bring it */ }
  }

  /** The newest page of the history is re-read after each change (corrections and undos change earlier entries);
   * older pages the history screen asked for are kept before it. */
  refreshHistory() {
    clearTimeout(this.historyTimer);
    this.historyTimer = setTimeout(async () => {
      this.historyTimer = null;
      try {
        const page = await this.api.get(`/api/history?limit=${HISTORY_PAGE}`);
        const first = page.entries.length ? page.entries[0].seq : Infinity;
        const floor = this.history.game && this.history.game.id === page.game.id ? this.history.floor : undefined;
        const kept = floor === undefined ? [] : this.history.entries.filter((e) => e.seq >= floor && e.seq < first);
        this.history = kept.length ? { ...page, entries: [...kept, ...page.entries], more: this.history.more,
          older: this.history.older, floor } : { ...page, floor };
        this.render();
      } catch (err) { // the stream's reset or the next entry will bring it; a card that cannot be read is said
        if (err.code === "cannot_read" && !this.history.unread) { this.history.unread = true; this.render(); }
      }
    }, 100);
  }

  /** The page of entries before the oldest one shown (the history screen's "older" button). */
  async loadOlderHistory() {
    const { older, game } = this.history;
    if (older === null || older === undefined) return;
    const page = await this.api.get(`/api/history?before=${older}&limit=${HISTORY_PAGE}`);
    if (!game || page.game.id !== game.id || this.history.older !== older) return; // a new game, or loaded twice
    this.history = { ...this.history, entries: [...page.entries, ...this.history.entries], more: page.more,
      older: page.older, floor: page.entries.length ? page.entries[0].seq : 0 }; // kept by refreshHistory
    this.render();
  }

  /** Run a change; a missing PIN opens the PIN dialog once, then retries. On the table screen its answer shows
   * beside the control tapped (answer.js); ``done`` is what an accepted change that the referee says nothing of
   * did, else the referee's verdicts are shown (acted). */
  async change(action, done) {
    const here = this.screen === "table";
    if (here) answer.begin();
    try {
      const result = await action();
      if (done && here) { this.mine = { done }; answer.show({ message: done }); } else if (done) this.toast(done, "ok");
      return result;
    } catch (err) {
      if (err.status === 401 && err.code === "pin_required") {
        if (await settingsView.askPin(this)) return this.change(action, done);
        const required = () => t("pin.required");
        if (here) answer.show({ kind: "error", message: required }); else this.toast(required, "error");
        return null;
      }
      const refused = answer.refusal(err);
      if (here) { this.mine = { error: refused.message }; answer.show(refused); this.render(); }
      else this.toast(refused.message, "error");
      return null;
    }
  }

  /** Send a game event from a board view; its verdicts stay shown as this phone's own result. */
  async submitEvent(event) {
    const result = await this.play((seen) => this.api.post("/api/events", { event, seen }));
    if (result) this.acted(result);
    return result;
  }

  /** A move or a roll: one at a time from this phone. A second tap while the first is on its way (slow Wi-Fi)
   * would reach the referee as a second move or a phantom roll; it is dropped, the page shows it is sending.
   * ``action`` is given the entry count shown when the player tapped: the server refuses the move (409) if the
   * table moved on since (another phone, the camera). */
  async play(action, done) {
    if (this.playing) return null;
    this.playing = true;
    document.body.dataset.sending = "1";
    const seen = this.state ? this.state.entries : undefined;
    try {
      return await this.change(() => action(seen), done);
    } finally {
      this.playing = false;
      delete document.body.dataset.sending;
    }
  }

  /** The answer to this phone's own change: shown in place until its next action, never replaced by a notice. */
  acted(result) {
    const adopted = this.adopt(result.state);
    this.mine_seqs.add(result.state.entries - 1);
    const verdicts = result.verdicts || [];
    this.mine = verdicts.length || !(this.mine && this.mine.done) ? { verdicts } : this.mine;
    if (this.screen === "table" && (verdicts.length || !this.mine.done)) answer.show({ verdicts });
    if (adopted) this.latest = verdicts;
    this.refreshHistory();
    this.render();
  }

  /** Undo names the entry it takes back, and says what it undid; the server refuses it if the game moved on. */
  async undo() {
    const seq = (this.state.accepted || []).at(-1);
    if (seq === undefined) return;
    const entry = (this.history.entries || []).find((e) => e.seq === seq);
    const summary = this.state.summary;
    const said = () => { // said again in the other language after a switch
      const what = entry ? describeEntry(entry, summary) : "";
      return what ? t("answer.undone", { n: seq + 1, what }) : t("history.undone_entry", { n: seq + 1 });
    };
    const result = await this.change(() => this.api.post("/api/undo", { seq }), said);
    if (result) { this.adopt(result.state); this.refreshHistory(); this.render(); }
  }

  /** A short notice (notices.js), not on the join screen, and not when the answer beside this phone's last tap
   * says the same. ``message``: a function that says it in the page's language (a switch says it again), or a
   * fixed text; ``about``: a selector of what it talks about on the screen, never hidden by it (notices.show). */
  toast(message, kind = "info", about = null) {
    if (this.screen === "join") return;
    const words = typeof message === "function" ? message : () => message;
    if (answer.says(words())) return;
    notices.show(words, kind, about);
  }
}

const app = new App();
window.companion = app; // for debugging from a laptop's console
app.start();
