// Short marks for names drawn on a board (a Hexors tile, a Nexus Keepers keeper and its start tile) or on a player's
// token: big enough to read, the full name shown elsewhere, and no two alike where letters of the names can tell them
// apart.

const SMALL_WORDS = /^(the|of|le|la|les|de|du|des)$/i;

/** A name's words that tell it apart (no article, no bracket): "Gaïa le Chevalier Implacable" Gaïa, Chevalier,
 * Implacable. */
export function markWords(name) {
  const text = String(name).trim();
  const words = text.replace(/\(.*\)/, "").split(/[\s-]+/).filter((w) => w && !SMALL_WORDS.test(w));
  return words.length ? words : [text || "?"]; // a name of articles only is its own mark; none at all, "?"
}

/** A word's first ``n`` letters, its first capital: "Dragon" 2 "Dr". */
const lead = (word, n) => word[0].toUpperCase() + word.slice(1, n);

/** An entry's mark: a starred entry's star and initial, else the initials of its first two words or the first two
 * letters of a one-word name. ``extra`` letters more (``first`` of them from the first word) tell apart two entries
 * that share it; ``lastWord``: the first and last words' initials ("Gaïa le Chevalier Implacable" GI). */
function markOf(entry, extra = 0, first = 0, lastWord = false) {
  const { words } = entry;
  if (entry.star) return `★${lead(words[0], 1 + extra)}`;
  if (words.length < 2) return lead(words[0], 2 + extra);
  const second = lastWord ? words[words.length - 1] : words[1];
  return extra ? lead(words[0], 1 + first) + lead(second, 1 + extra - first) : (words[0][0] + second[0]).toUpperCase();
}

/** Each entry's mark (key to mark), ``entries`` [{key, name, star}]: no two alike where letters of their names can
 * tell them apart. A group that shares a mark takes the first and last words' initials where that parts them (names
 * of three words or more), else one letter more, then two..., from the word where their names differ ("Dark
 * Magician" DaM, "Dragon Master" DrM; "Dragon Master" DMa, « Dragon Millénaire » DMi; "Anne Marie" AnM, "Alan
 * Moore" AlM); a number only for one name twice. */
export function distinctMarks(entries) {
  const items = entries.map((e) => ({ ...e, words: markWords(e.name) }));
  const marks = new Map(items.map((item) => [item.key, markOf(item)]));
  const taken = (group) => new Set(items.filter((item) => !group.includes(item)).map((item) => marks.get(item.key)));
  const groups = new Map();
  for (const item of items) groups.set(marks.get(item.key), [...(groups.get(marks.get(item.key)) || []), item]);
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    for (const item of group.filter((i) => !i.star && i.words.length > 2)) {
      const mark = markOf(item, 0, 0, true);
      if (!taken([item]).has(mark)) marks.set(item.key, mark);
    }
    const still = group.filter((item) => group.some((i) => i !== item && marks.get(i.key) === marks.get(item.key)));
    if (still.length < 2) continue;
    const others = taken(still);
    const apart = (mark) => new Set(still.map(mark)).size === still.length && !still.some((i) => others.has(mark(i)));
    let found = null;
    for (let extra = 1; extra <= 4 && !found; extra += 1) {
      for (let first = extra; first >= 0 && !found; first -= 1) {
        const mark = (i) => markOf(i, extra, first);
        if (apart(mark)) found = mark;
      }
    }
    still.forEach((item, n) => marks.set(item.key, found ? found(item) : `${markOf(item)}${n + 1}`));  // one name twice
  }
  return marks;
}

/** Each player's mark on its token (name to mark): "Anne" beside "Annie" Anne and Anni, where the names' first two
 * letters made both AN. */
export function playerMarks(names) {
  return distinctMarks(names.map((name) => ({ key: name, name })));
}
