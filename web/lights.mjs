// What an LED under a tile tells a player, read from its colour (app/lights.py's palette, as
// the strip shows it at the board's brightness), so the page can say it without colour too:
// a mark on the flap and words in its label. Only a turn's colours are read (setup and play);
// in the menu and the standings the colours stand for choices and players.
const MARKS = { legal: "\u2713", hint: "\u2605", wrong: "\u2715", open: "\u25b2" };
const WORDS = { legal: "may be shut", hint: "the hint", wrong: "set it back", open: "open it" };

// The meaning of an LED lit (r, g, b) on a strip whose full channel is `full`: "legal" (green),
// "hint" (blue), "wrong" (red), "open" (amber), or "" (off, dim, white: nothing to do).
export function lightKind(r, g, b, full) {
  const top = Math.max(r, g, b);
  if (top === 0) return "";
  const low = top * 0.2;
  if (r === top && g <= low && b <= low) return "wrong";
  if (r === top && g > r * 0.35 && g < r * 0.8 && b <= low) return "open";
  if (g === top && r <= low && b <= low) return g >= full / 2 ? "legal" : ""; // dim: shut this move
  if (b === top && r <= low) return "hint";
  return "";
}

export function markOf(kind) {
  return MARKS[kind] || "";
}

export function wordsOf(kind) {
  return WORDS[kind] || "";
}
