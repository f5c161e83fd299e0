// A moment (seconds since the epoch) as a page in a language writes it. Shared by the phone page (i18n.js and its
// views pass the page's language) and the hall page, which imports this module alone, not the phone's strings; the
// hall serves it beside hall.js. Plain ES module, no imports.

/** The locale for times on a page in ``lang``: the browser's own when it speaks that language (en-GB: 23:47, not
 * 11:47 PM), else the language itself (a browser set to English showing the French page gets French times). */
export function timeLocale(lang) {
  const own = navigator.language || "";
  return own.slice(0, 2).toLowerCase() === lang ? own : lang;
}

/** Whether ``at`` is today, this browser's day: a time of another day needs its day (an evening crosses midnight). */
export function isToday(at) {
  return new Date(at * 1000).toDateString() === new Date().toDateString();
}

/** Its hour and minute: "23:47". */
export function clock(at, lang) {
  return new Date(at * 1000).toLocaleTimeString(timeLocale(lang), { hour: "2-digit", minute: "2-digit" });
}

/** Its day and short month on one line ("28 Nov", « 28 nov. »): "since 28 / Nov" was parted at 360 px. */
export function day(at, lang) {
  return new Date(at * 1000).toLocaleDateString(timeLocale(lang), { day: "numeric", month: "short" })
    .replace(/ /g, "\u00a0");
}

/** Its day, short month and time as the language joins them: "28 Nov, 21:40", « 28 nov., 21:40 ». */
export function dayAndTime(at, lang) {
  return new Date(at * 1000).toLocaleString(timeLocale(lang), { day: "numeric", month: "short", hour: "2-digit",
    minute: "2-digit" });
}
