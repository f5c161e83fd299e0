// The hall page: every table live, the standings, the organiser's renames and hides. Plain ES module, no build.
// It asks /api/hall for news and the server answers when something changed (or after 15 s).
// Times as the phone page writes them: moments.js, which the hall serves from the phone's web/js beside this file.

import { clock, day, isToday } from "./moments.js";

const WORDS = {
  en: {
    title: "Hall", organise: "Organiser", sign_out: "Sign out", pin: "Organiser PIN", sign_in: "Sign in",
    tables: "Tables", standings: "Standings",
    no_tables: "No table has published yet: point each table's [hall] broker here.",
    no_standings: "No game finished yet.", standings_csv: "Standings (CSV)", games_csv: "Games (CSV)",
    bgstats: "Games (BG Stats)", online: "online", offline: "offline", since: "offline since", hidden: "hidden",
    game: "game", turn: "to play", won: "wins the game", won_many: "win the game", lost: "Lost",
    no_game: "no game yet",
    player: "Player", wins: "Wins", played: "Played", games: "games", rename: "Name shown", save: "Save",
    hide: "Hide", show: "Show", broker_off: "Broker not reached: {why}",
    address: "For the organiser: the tables publish to {address}",
    wrong_pin: "Wrong organiser PIN.", language: "English", lost_page: "The hall does not answer; trying again…",
    wait: "Too many wrong PINs: wait {s} s, then try again.",
    pin_needed: "Sign in as organiser again (the organiser PIN was changed, or the hall restarted).",
    csrf: "Reload the page, then try again.", no_table: "This table is no longer in the hall.",
    refused: "Not done: reload the page, then try again.",
    cannot_save: "Not saved: the hall's card refused the write. Try again; if it refuses again, check the card.",
    cannot_save_full: "Not saved: the hall's card is full. Free some space, then try again.",
    cannot_save_read_only: "Not saved: the hall's card has turned read-only. Freeing space will not help: a worn "
      + "SD card must be replaced.",
    cannot_save_io: "Not saved: the hall's card gave a read/write error. Try again; if it happens again, the card "
      + "is failing.",
    cannot_save_denied: "Not saved: the hall may not write its folder. Freeing space will not help: the folder must "
      + "belong to the hall's user.",
    cannot_save_busy: "Not saved: another program holds the hall's file. Try again in a moment.",
    cannot_save_other: "Not saved: the hall's card refused the write. Try again; if it refuses again, check the card.",
    // the card's fault in a notice (the evening held in memory, the sign-in key): what it is and what mends it,
    // without a refusal's "Not saved: … then try again", which asked for a try the hall makes by itself
    card_full: "The hall's card is full: free some space on it.",
    card_read_only: "The hall's card has turned read-only. Freeing space will not help: a worn SD card must be "
      + "replaced.",
    card_io: "The hall's card gave a read/write error: it may be failing.",
    card_denied: "The hall may not write its folder. Freeing space will not help: the folder must belong to the "
      + "hall's user.",
    card_busy: "Another program holds the hall's file.",
    card_other: "The hall's card refused to write.",
    held: "The evening is kept in the hall's memory only: its card will not take the hall's file.",
    held_after: "As soon as the card works again, the hall saves the evening to it by itself (checked every "
      + "30\u00a0s). If the hall stops before, the tables send their latest games again when it restarts.",
    writing_again: "The hall's card works again: the evening has been saved on it since {time}, what was held in "
      + "memory included.",
    key_not_kept: "The hall's card did not keep the organiser's sign-in: after the hall restarts, sign in with the "
      + "PIN again.",
    key_after: "The hall tries again every 30\u00a0s while this page is open.",
    day_time: "{day} at {time}",
  },
  fr: {
    title: "Salle", organise: "Organisation", sign_out: "Se déconnecter", pin: "Code de l’organisateur",
    sign_in: "Entrer", tables: "Tables", standings: "Classements",
    no_tables: "Aucune table n’a encore publié : indiquez ce serveur MQTT dans [hall] broker de chaque table.",
    no_standings: "Aucune partie terminée pour l’instant.", standings_csv: "Classements (CSV)",
    games_csv: "Parties (CSV)", bgstats: "Parties (BG Stats)", online: "en ligne", offline: "hors ligne",
    since: "hors ligne depuis", hidden: "masquée", game: "partie",
    turn: "à jouer", won: "gagne la partie", won_many: "gagnent la partie",
    lost: "Perdu", no_game: "pas encore de partie", player: "Joueur", wins: "Victoires", played: "Jouées",
    games: "parties", rename: "Nom affiché", save: "Enregistrer", hide: "Masquer", show: "Afficher",
    broker_off: "Serveur MQTT injoignable : {why}",
    address: "Pour l’organisateur : les tables publient sur {address}",
    wrong_pin: "Code de l’organisateur erroné.",
    language: "Français", lost_page: "La salle ne répond pas ; nouvel essai…",
    wait: "Trop de codes erronés : attendez {s} s, puis réessayez.",
    pin_needed: "Entrez de nouveau le code de l’organisateur (il a changé, ou la salle a redémarré).",
    csrf: "Rechargez la page, puis réessayez.", no_table: "Cette table n’est plus dans la salle.",
    refused: "Pas fait : rechargez la page, puis réessayez.",
    cannot_save: "Pas enregistré : la carte de la salle a refusé l’écriture. Réessayez ; si elle refuse encore, "
      + "vérifiez la carte.",
    cannot_save_full: "Pas enregistré : la carte de la salle est pleine. Libérez de la place, puis réessayez.",
    cannot_save_read_only: "Pas enregistré : la carte de la salle est passée en lecture seule. Libérer de la place "
      + "n’y changera rien : une carte SD usée doit être remplacée.",
    cannot_save_io: "Pas enregistré : la carte de la salle a renvoyé une erreur de lecture/écriture. Réessayez ; "
      + "si cela se reproduit, la carte est défaillante.",
    cannot_save_denied: "Pas enregistré : la salle n’a pas le droit d’écrire dans son dossier. Libérer de la place "
      + "n’y changera rien : le dossier doit appartenir à l’utilisateur de la salle.",
    cannot_save_busy: "Pas enregistré : un autre programme bloque le fichier de la salle. Réessayez dans un instant.",
    cannot_save_other: "Pas enregistré : la carte de la salle a refusé l’écriture. Réessayez ; si elle refuse encore, "
      + "vérifiez la carte.",
    card_full: "La carte de la salle est pleine : libérez-y de la place.",
    card_read_only: "La carte de la salle est passée en lecture seule. Libérer de la place n’y changera rien : une "
      + "carte SD usée doit être remplacée.",
    card_io: "La carte de la salle a renvoyé une erreur de lecture/écriture : elle est peut-être défaillante.",
    card_denied: "La salle n’a pas le droit d’écrire dans son dossier. Libérer de la place n’y changera rien : le "
      + "dossier doit appartenir à l’utilisateur de la salle.",
    card_busy: "Un autre programme bloque le fichier de la salle.",
    card_other: "La carte de la salle a refusé l’écriture.",
    held: "La soirée n’est gardée que dans la mémoire de la salle : sa carte refuse le fichier de la salle.",
    held_after: "Dès que la carte fonctionne de nouveau, la salle y enregistre la soirée d’elle-même (vérifié "
      + "toutes les 30\u00a0s). Si la salle s’arrête avant, les tables renvoient leurs dernières parties à son "
      + "redémarrage.",
    writing_again: "La carte de la salle fonctionne de nouveau : la soirée y est enregistrée depuis {time}, y compris "
      + "ce qui était gardé en mémoire.",
    key_not_kept: "La carte de la salle n’a pas gardé la connexion de l’organisateur : après un redémarrage de la "
      + "salle, entrez de nouveau le code.",
    key_after: "La salle réessaie toutes les 30\u00a0s tant que cette page est ouverte.",
    day_time: "le {day} à {time}",
  },
};

let lang = (localStorage.getItem("hall-lang") || navigator.language || "en").startsWith("fr") ? "fr" : "en";
let view = null; // the last answer of /api/hall
let csrf = "";
// sign-ins and sign-outs so far: a wait for news asked before one is answered for the page as it was then
let signings = 0;

const $ = (selector) => document.querySelector(selector);
// French puts a no-break space before ? ! : ; and inside « » (the phone page's frenchSpaces): never a colon alone
const typeset = (text) => (lang === "fr" ? String(text).replace(/ +([?!:;»])/g, "\u00A0$1").replace(/« +/g, "«\u00A0")
  : text);
const word = (key) => typeset(WORDS[lang][key] || WORDS.en[key] || key);
// French counts 0 as 1 (« 0 partie »): the language's own plural rule
const count = (n, one, many) => `${n} ${word(new Intl.PluralRules(lang).select(n) === "one" ? one : many)}`;
const pick = (text) => typeset((text && (text[lang] || text.en)) || "");

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value);
  }
  node.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

/** A moment as a clock says it: its time today, else its day and time (an evening crosses midnight). */
function when(seconds) {
  if (isToday(seconds)) return clock(seconds, lang);
  return word("day_time").replace("{day}", day(seconds, lang)).replace("{time}", clock(seconds, lang));
}

function verdictText(verdict) {
  return typeset(lang === "fr" ? verdict.message_fr || verdict.message : verdict.message);
}

/** How the game ended, in the words of the verdict that ended it when it is the last one (« Yugi wins the game »,
 * « The 7th breach tears space-time apart: the game is lost »), else the hall's own in the same form (« Yugi wins the game », « Lost »): the
 * verdict and a line of the hall's own said it twice. A loss in the faults' red, not the win's green. */
function outcomeLine(state, verdict) {
  const outcome = state.outcome;
  if (!outcome || !["win", "loss"].includes(outcome.kind)) return null;
  const told = verdict && verdict.kind === outcome.kind ? verdictText(verdict) : null;
  if (outcome.kind === "loss") return h("p", { class: "lost" }, told || word("lost"));
  const names = outcome.players && outcome.players.length ? outcome.players : state.players;
  // ★, not the trophy emoji: Debian's fonts have no emoji (Chromium drew an empty box), DejaVu Sans has the star
  return h("p", { class: "won" }, h("span", { "aria-hidden": "true" }, "★ "),
    told || `${names.join(", ")} ${word(names.length > 1 ? "won_many" : "won")}`);
}

function tableCard(table) {
  const state = table.state;
  const online = table.online;
  const badge = online ? word("online") : `${word("since")} ${when(table.seen_at)}`;
  const turn = state && !state.outcome ? state.turn : null; // a game over is no one's turn
  const players = state ? state.players.map((name) => h("li", { dataset: { turn: String(turn === name) } },
    name, state.scores && name in state.scores ? ` · ${state.scores[name]}` : "",
    turn === name ? h("span", { class: "sr" }, ` (${word("turn")})`) : null)) : [];
  const verdict = table.last_verdict || (state && state.last_verdicts && state.last_verdicts.slice(-1)[0]);
  const ending = state ? outcomeLine(state, verdict) : null;
  const ended = ending && verdict && state.outcome.kind === verdict.kind; // the verdict is in the ending's line
  return h("li", { class: "table", dataset: { online: String(online), table: table.id } },
    h("h3", {}, h("span", {}, table.name), h("span", { class: "badge", dataset: { online: String(online) } },
      table.hidden ? `${badge} · ${word("hidden")}` : badge)),
    // the game, not its count of journal entries (« 1 entry » told players nothing: undos and readings count too)
    h("p", { class: "game" }, state ? pick(state.title) : word("no_game")),
    h("ul", { class: "players" }, players),
    verdict && !ended ? h("p", { class: "verdict", dataset: { kind: verdict.kind } }, verdictText(verdict)) : null,
    ending,
    view && view.organiser ? organiseControls(table) : null);
}

function organiseControls(table) {
  const input = h("input", { value: table.name, "aria-label": word("rename"), maxlength: "80" });
  const rename = (e) => { e.preventDefault(); change(table.id, { name: input.value }); };
  return h("form", { class: "organise", onsubmit: rename },
    input, h("button", { type: "submit" }, word("save")),
    h("button", { type: "button", onclick: () => change(table.id, { hidden: !table.hidden }) },
      table.hidden ? word("show") : word("hide")));
}

function standingsTable(entry) {
  return h("table", {},
    h("caption", {}, `${pick(entry.title)} · ${count(entry.played, "game", "games")}`),
    h("thead", {}, h("tr", {}, h("th", {}, word("player")), h("th", { class: "n" }, word("wins")),
      h("th", { class: "n" }, word("played")))),
    h("tbody", {}, entry.players.map((row) => h("tr", {}, h("td", {}, row.name),
      h("td", { class: "n" }, String(row.wins)), h("td", { class: "n" }, String(row.played))))));
}

function render() {
  document.documentElement.lang = lang;
  document.title = `${word("title")} — Table Companion`;
  for (const node of document.querySelectorAll("[data-word]")) node.textContent = word(node.dataset.word);
  $("#language").textContent = lang === "fr" ? WORDS.en.language : WORDS.fr.language;
  $("#language").lang = lang === "fr" ? "en" : "fr";
  if (!view) return;
  $("#organise").textContent = view.organiser ? word("sign_out") : word("organise");
  const broker = view.broker;
  // the broker's address is the organiser's business (a small line at the foot); the header tells only a fault
  $("#broker").dataset.ok = String(broker.connected);
  $("#broker").hidden = broker.connected;
  $("#broker").textContent = broker.connected ? ""
    : word("broker_off").replace("{why}", pick(broker.problem) || broker.address);
  $("#address").textContent = word("address").replace("{address}", broker.address);
  showNotice();
  $("#no-tables").hidden = view.tables.length > 0;
  const typing = renameTyped();
  $("#tables").replaceChildren(...view.tables.map(tableCard));
  keepTyping(typing);
  $("#no-standings").hidden = view.standings.length > 0;
  $("#standings").replaceChildren(...view.standings.map(standingsTable));
}

/** The rename field the organiser is typing in, if any: which table's, its words and caret. */
function renameTyped() {
  const field = document.activeElement;
  if (!field || !field.matches(".organise input")) return null;
  return { table: field.closest(".table").dataset.table, value: field.value, caret: [field.selectionStart,
    field.selectionEnd] };
}

/** News from any table draws every card again: the name being typed stays, focused where it was, not the old one. */
function keepTyping(typed) {
  const card = typed && [...document.querySelectorAll("#tables > .table")].find((c) => c.dataset.table === typed.table);
  const field = card && card.querySelector(".organise input");
  if (!field) return;
  field.value = typed.value;
  field.focus();
  field.setSelectionRange(...typed.caret);
}

/** What the card refuses (the hall's file: the evening held in memory; the sign-in key), each with the card's fault,
 * and a card that took the file back: each its own paragraph and colour (a fault red, the card working again not). */
function showNotice() {
  const card = (kind) => word(`card_${kind}` in WORDS.en ? `card_${kind}` : "card_other");
  const parts = [];
  // [no fault, what it is (bold where a fault), the card's fault and what comes next]
  if (view.held_in_memory) parts.push([false, word("held"), `${card(view.held_in_memory)} ${word("held_after")}`]);
  if (view.key_not_kept) parts.push([false, word("key_not_kept"), `${card(view.key_not_kept)} ${word("key_after")}`]);
  if (view.writing_again && !view.held_in_memory) {
    parts.push([true, word("writing_again").replace("{time}", when(view.writing_again)), ""]);
  }
  const notice = $("#held");
  const said = JSON.stringify(parts);
  if (notice.dataset.said === said) return; // drawn again only when it changes: an alert is read out each time
  notice.dataset.said = said;
  notice.hidden = !parts.length;
  notice.dataset.ok = String(parts.every(([ok]) => ok));
  notice.replaceChildren(...parts.map(([ok, what, more]) => h("p", { dataset: { ok: String(ok) } },
    ok ? what : h("strong", {}, what), more ? ` ${more}` : null)));
}

async function post(path, body) {
  const answer = await fetch(path, { method: "POST", credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf }, body: JSON.stringify(body) });
  const data = await answer.json().catch(() => ({}));
  if (data.csrf_token) csrf = data.csrf_token;
  return { ok: answer.ok, data, retry: answer.headers.get("Retry-After") };
}

/** What the hall refused, in the page's words (the hall's own message is English). */
function refusal(data, retry) {
  if (data.error === "wait") return word("wait").replace("{s}", retry || "60");
  if (data.error === "cannot_save" && `cannot_save_${data.fault}` in WORDS.en) return word(`cannot_save_${data.fault}`);
  return data.error in WORDS.en ? word(data.error) : word("refused");
}

async function change(table, body) {
  const { ok, data, retry } = await post(`api/tables/${encodeURIComponent(table)}`, body);
  if (!ok) alert(refusal(data, retry));
  await refresh(0);
}

async function refresh(wait) {
  const after = view ? view.version : 0;
  const asked = signings;
  const answer = await fetch(`api/hall?after=${after}&wait=${wait}`, { credentials: "same-origin" });
  if (!answer.ok) throw new Error(`hall answered ${answer.status}`);
  const news = await answer.json();
  // asked before a sign-in or out: its organiser controls and token are the old ones (the next ask brings the news)
  if (asked !== signings) return;
  view = news;
  csrf = view.csrf_token;
  render();
}

async function follow() {
  for (;;) {
    try {
      const before = view ? view.version : -1;
      await refresh(view ? 15 : 0);
      // the server was too busy to wait, or the answer was for the page before a sign-in
      if ((view ? view.version : -1) === before) await new Promise((r) => setTimeout(r, 1000));
    } catch (error) {
      $("#broker").dataset.ok = "false";
      $("#broker").hidden = false;
      $("#broker").textContent = word("lost_page");
      await new Promise((r) => setTimeout(r, 3000));
    }
  }
}

$("#language").addEventListener("click", () => {
  lang = lang === "fr" ? "en" : "fr";
  localStorage.setItem("hall-lang", lang);
  render();
});
$("#organise").addEventListener("click", async () => {
  if (view && view.organiser) {
    await post("api/logout", {});
    signings += 1;
    await refresh(0);
  } else {
    $("#login").hidden = !$("#login").hidden;
    if (!$("#login").hidden) $("#pin").focus();
  }
});
$("#login").addEventListener("submit", async (event) => {
  event.preventDefault();
  const { ok, data, retry } = await post("api/login", { pin: $("#pin").value });
  $("#login-answer").textContent = ok ? "" : refusal(data, retry);
  if (ok) {
    signings += 1;
    $("#login").hidden = true;
    $("#pin").value = "";
    await refresh(0);
  }
});
render();
follow();
