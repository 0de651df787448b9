// Beside the box: the scoreboard (the game, the round, whose turn, every player's total) and a
// short rules card for the game the box offers or plays (the presets' one-line descriptions,
// tools/build/list_presets.py's, in box.json), from page_box.py's game_summary().
const MENU = 0; // app.core's phases
const FINISHED = 3;
const HOUSE = "house rules"; // app.menu's entry for config.json's own rules

export function showScoreboard(game, element) {
  const state = element.querySelector(".state");
  const table = element.querySelector("tbody");
  table.replaceChildren();
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
  state.textContent = over ? `${game.game}: the match is over.`
    : `${game.game}, round ${game.round}: player ${game.player + 1} to play.`;
  game.totals.forEach((total, player) => {
    const row = table.insertRow();
    row.insertCell().textContent = `Player ${player + 1}`;
    row.insertCell().textContent = String(total);
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
