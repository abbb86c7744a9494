/* global boardFacts, pageHelpers, tablesPart, boardPart, solutionsPart, searchWalk, searchColumns, player,
   sqlConsole, pageAddress */

// The page: its data read, each part made with what it needs, and the
// address read. The parts are kept in window.queens for a reader at the
// browser's developer tools (and for the tests).
(function startPage(window, document) {
  const data = JSON.parse(document.getElementById("queens-data").textContent);
  const facts = boardFacts(data);
  const helpers = pageHelpers(document, facts);
  // The address and the solutions come after the board, which calls on them.
  let address = null;
  let solutions = null;
  const board = boardPart(document, facts, helpers, {
    changed: () => address.keep(),
    placeSolution: k => solutions.place(k),
    cleared: () => address.say(""),
  });
  tablesPart(document, facts, helpers, data);
  solutions = solutionsPart(document, facts, helpers, data, board);
  const walk = searchWalk(document, facts, helpers);
  // Beyond the boards whose tally the page holds, the walk has no known
  // end: it goes on for as long as anyone steps.
  const walkSteps = data.tally.length ? data.tally.reduce((sum, level) => sum + level[2], 0) : Number.MAX_SAFE_INTEGER;
  const columns = searchColumns(document, facts, helpers, data);
  const players = {
    walk: player(helpers, "walk", walkSteps, walk.show),
    columns: player(helpers, "cols", data.tally.length, columns.show),
  };
  if (!data.tally.length) {
    helpers.el("tally").hidden = true;
    helpers.el("cols-said").textContent = "On the " + facts.n + "×" + facts.rows + " board the view search_tree_tally is a search "
      + "of half a minute or more, so this page does not hold its counts: queens trace --long, or select * from "
      + "search_tree_tally in sqlite3, counts them.";
  }
  // The console's modules are on a page that has one (export --console).
  const consolePart = typeof sqlConsole === "function"
    ? sqlConsole(document, window, facts, helpers, { changed: () => address.keep() })
    : null;
  address = pageAddress(window, facts, helpers, board, consolePart);
  // The listener first: whatever the first address holds, a later one is read.
  window.addEventListener("hashchange", address.read);
  address.read();
  board.update();
  window.queens = { data, facts, walk, players, board, solutions, console: consolePart };
})(window, document);
