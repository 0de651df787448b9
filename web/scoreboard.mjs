// Beside the box: the scoreboard (the game, the round, whose turn, the score to beat, every
// player's total and this round's score, who is out, canoga's kitty, who won, the last turns)
// and a short rules card for the game the box offers or plays (the presets' one-line
// descriptions, tools/build/list_presets.py's, in box.json), from page_box.py's game_summary():
// firmware/net/match_state.py's state(), what a Pico W's live scoreboard answers /state with.
const MENU = 0; // app.core's phases
const FINISHED = 3;
const HOUSE = "house rules"; // app.menu's entry for config.json's own rules

// "Player 1", "Players 1 and 3", "Players 1, 2 and 4".
function playersNamed(players) {
  const numbers = players.map((player) => String(player + 1));
  if (numbers.length === 1) return `Player ${numbers[0]}`;
  return `Players ${numbers.slice(0, -1).join(", ")} and ${numbers[numbers.length - 1]}`;
}

// Who won, once the match is over: "Player 1 wins." or "Players 1 and 3 share the win."
function winnersSaid(winners) {
  if (!winners || !winners.length) return "";
  return winners.length === 1 ? ` ${playersNamed(winners)} wins.` : ` ${playersNamed(winners)} share the win.`;
}

// The round's lowest score so far, the one to beat (as the OLED's match page lists them).
function toBeatSaid(scores) {
  const thrown = (scores || []).map((score, player) => [score, player]).filter(([score]) => score !== null);
  if (!thrown.length) return "";
  const best = Math.min(...thrown.map(([score]) => score));
  const holders = thrown.filter(([score]) => score === best).map(([, player]) => player);
  return ` Score to beat: ${best} (${playersNamed(holders).toLowerCase()}).`;
}

// The last turns, newest first: "Player 1: 4+6 shut 1 9, 2+2 - no move, left 5 6".
function showTurns(turns, element) {
  const list = element.querySelector("ol.turns");
  list.replaceChildren();
  element.querySelector(".turns-title").hidden = !turns || !turns.length;
  for (const turn of turns || []) {
    const throws = turn.throws.map(([dice, shut]) => dice.join("+") + (shut.length ? " shut " + shut.join(" ") : ""));
    const end = turn.end ? ` - ${turn.end}` + (turn.open.length ? `, left ${turn.open.join(" ")}` : "") : " (playing)";
    const item = document.createElement("li");
    item.textContent = `Player ${turn.player + 1}: ${throws.join(", ") || "no throw yet"}${end}`;
    list.append(item);
  }
}

export function showScoreboard(game, element) {
  const state = element.querySelector(".state");
  const table = element.querySelector("tbody");
  table.replaceChildren();
  showTurns(game.turns, element);
  element.querySelector("table").hidden = true;
  if (game.phase === undefined) {
    state.textContent = "";
    return;
  }
  if (game.phase === MENU || !game.totals) {
    state.textContent = `In the menu: ${game.game}. Select moves down the rows, ok changes one.`;
    return;
  }
  element.querySelector("table").hidden = false;
  const over = game.over || game.phase === FINISHED;
  const scores = game.scores || [];
  const kitty = game.kitty === null || game.kitty === undefined ? "" : ` Kitty: ${game.kitty} chips.`;
  state.textContent = (over ? `${game.game}: the match is over.${winnersSaid(game.winners)}`
    : `${game.game}, round ${game.round}: player ${game.player + 1} to play.${toBeatSaid(scores)}`) + kitty;
  element.querySelector("thead th.round").hidden = !scores.length;
  game.totals.forEach((total, player) => {
    const row = table.insertRow();
    const score = scores[player];
    row.insertCell().textContent = `Player ${player + 1}` + (game.out && game.out[player] ? " (out)" : "");
    // A shut box ends a single round: who never threw is marked, not scored like the winner.
    row.insertCell().textContent = over && score === null ? "-" : String(total);
    if (scores.length) row.insertCell().textContent = score === null ? "-" : String(score);
    if (!over && player === game.player) {
      row.className = "current";
      row.setAttribute("aria-current", "true");
      row.cells[0].textContent += " (to play)";
    }
  });
}

export function showRules(name, presets, element) {
  const preset = presets.find((each) => each.name === name);
  element.querySelector(".name").textContent = name || "";
  element.querySelector(".text").textContent = preset ? preset.description
    : name === HOUSE ? "Your own rules, as config.json says." : "";
}
