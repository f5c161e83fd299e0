// A table updated while this page was open (a software update restarts the service; phones stay open all evening):
// each live stream begins by naming the code the table serves now (stream.py's "served"), and a page served other
// code (index.html's <meta name="companion-code">, pages.py) reloads itself, so its old modules never draw the new
// summaries. A reload keeps the phone's place: the screen is in the URL's hash, the sign-in in its cookie.
//
// It waits while a text field has the focus (the keyboard is up: a PIN, a player's name half typed) or a change is
// on its way, and comes once the field is left or the change answered: a form typed into, left and never sent is all
// a reload may lose. Waiting for a form to be sent could wait all evening, the old page drawing meanwhile.
//
// One reload for each code: a page that reloaded and is still not the code served (a cache on the way gave it the old
// files again) does not reload again; it says so above every screen, with a button to reload by hand.

import { $, h } from "./dom.js";
import { applyTranslations } from "./i18n.js";

const TRIED = "companion.reloadedFor"; // sessionStorage: the code this tab reloaded to get, until it has it
const WAIT_MS = 500;
const TEXT_FIELD = "textarea, input:not([type=button], [type=submit], [type=reset], [type=checkbox], [type=radio], "
  + "[type=range], [type=color], [type=file])";

function tried() {
  try { return sessionStorage.getItem(TRIED); } catch (_) { return null; }
}

/** Notes the code a reload is for; false when the tab cannot note it (then a reload could not tell it tried). */
function noteTry(code) {
  try { sessionStorage.setItem(TRIED, code); return sessionStorage.getItem(TRIED) === code; } catch (_) { return false; }
}

function forget() {
  try { sessionStorage.removeItem(TRIED); } catch (_) { /* nothing was noted */ }
}

function typing() {
  const field = document.activeElement;
  return Boolean(field && (field.isContentEditable || field.matches(TEXT_FIELD)));
}

/** What the page says when the reload it tried still gave it other code than the table's: reload by hand. */
function sayStale() {
  if (document.querySelector("#page-stale")) return;
  const note = h("div", { id: "page-stale", class: "service-notices", role: "alert" },
    h("p", { class: "notice", dataset: { kind: "warning" } },
      h("span", { dataset: { i18n: "update.stale" } }), " ",
      h("button", { type: "button", dataset: { i18n: "update.reload" }, onclick: () => location.reload() })));
  applyTranslations(note);
  $("#screens").prepend(note);
}

export class UpdateWatch {
  /** ``busy()``: a change of this phone's is on its way (its answer would be lost to a reload). */
  constructor(busy) {
    this.busy = busy;
    this.mine = document.querySelector('meta[name="companion-code"]')?.content || null;
    this.reloading = false;
    this.timer = null;
  }

  /** The code the table serves now, named at the head of each live stream. */
  heard(code) {
    if (!code) return;
    if (this.mine === null) this.mine = code; // a page that does not name its code takes the first one heard
    if (code === this.mine) {
      forget();
      return;
    }
    if (tried() === code || !noteTry(code)) {
      sayStale();
      return;
    }
    this.reloadWhenFree();
  }

  reloadWhenFree() {
    clearTimeout(this.timer);
    if (typing() || this.busy()) {
      this.timer = setTimeout(() => this.reloadWhenFree(), WAIT_MS);
      return;
    }
    this.reloading = true; // the old page reads and draws nothing more
    location.reload();
  }
}
