/* exported searchColumns */

// The search a column at a time, as the recursive query makes it: each
// step is a level of search_tree_tally (`tally`), with the first
// placements alive after it and the SQL of the query's step (from
// `relations`).
function searchColumns(document, facts, helpers, { tally, relations }) {
  const { el, fmt, percent } = helpers;
  const { n, rows, columnName } = facts;
  // A superqueens board's tally has a column more: the squares killed by a
  // knight's move.
  const knights = tally.length > 0 && tally[0].length > 7;

  function addKnightColumn() {
    const th = document.createElement("th");
    th.className = "num";
    th.title = "killed by a knight's move";
    th.textContent = "knight";
    document.querySelector("#tally thead th:last-child").before(th);
    el("knight-key").hidden = false;
  }

  // The first `count` placements of k queens alive, in board order.
  function firstAlive(k, count) {
    const found = [];
    const stack = [];
    (function grow() {
      if (found.length === count) {
        return;
      }
      if (stack.length === k) {
        found.push(stack.slice());
        return;
      }
      const column = stack.length + 1;
      for (let row = 1; row <= rows && found.length < count; row++) {
        const square = facts.cell(column, row);
        if (!facts.holes.has(square) && stack.every(queen => facts.sharedLine(queen, square) === undefined)) {
          stack.push(square);
          grow();
          stack.pop();
        }
      }
    })();
    return found;
  }

  // The step of search_tree's recursive query (its union all), as the
  // database holds it.
  function stepSql() {
    const definition = (relations.search_tree || ["", ""])[1];
    const from = definition.search(/union all/i);
    if (from < 0) {
      return definition;
    }
    const rest = definition.slice(from);
    const end = rest.search(/\n\s*\)\s*,/);
    return end < 0 ? rest : rest.slice(0, end);
  }

  function tallyRow(level, k) {
    const [queens, entered, tried, placed, byRow, byRise, byFall, byKnight] = level;
    const counts = [queens, fmt(entered), fmt(tried), fmt(placed), fmt(byRow), fmt(byRise), fmt(byFall)];
    const shares = [[placed / tried, ""], [byRow / tried, "row"], [byRise / tried, "rise"], [byFall / tried, "fall"]];
    if (knights) {
      counts.push(fmt(byKnight));
      shares.push([byKnight / tried, "knight"]);
    }
    const label = "column " + columnName(queens) + ": " + percent(placed / tried) + " of the squares tried are placed";
    const tr = helpers.numberRow(counts, helpers.bars(shares, label));
    if (queens === k) {
      tr.className = "now";
    }
    return tr;
  }

  function words(k, level) {
    if (!level) {
      return "The empty board: one placement of no queens, the root of the tree. Step (→) searches column "
        + columnName(1) + ".";
    }
    const [, entered, tried, placed, byRow, byRise, byFall, byKnight] = level;
    return "Column " + columnName(k) + " (k = " + k + "): "
      + fmt(entered) + (entered === 1 ? " placement" : " placements")
      + " of " + (k - 1) + (k === 2 ? " queen" : " queens") + " enter; "
      + fmt(tried) + " squares tried; " + fmt(placed) + " survive; killed "
      + fmt(byRow) + " by a row, " + fmt(byRise) + " by a rising diagonal, " + fmt(byFall) + " by a falling one"
      + (knights ? ", " + fmt(byKnight) + " by a knight's move" : "")
      + (k === n ? ": the survivors are the " + fmt(placed) + " solutions." : ".");
  }

  function stepText(k) {
    if (k === 0) {
      return "-- the empty board: nothing searched yet\nselect * from search_tree_tally where queens = 1;";
    }
    return "-- column " + columnName(k) + " (t.queens + 1 = " + k + "): each placement alive after column "
      + (k > 1 ? columnName(k - 1) : "0")
      + " tries every square of column " + columnName(k) + "\n-- and keeps those no queen attacks, as the view search_tree's recursive step does it:\n"
      + stepSql()
      + "\n\n-- its tally:\nselect * from search_tree_tally where queens = " + k + ";";
  }

  function show(k) {
    const body = document.querySelector("#tally tbody");
    body.replaceChildren(...tally.filter(level => level[0] <= k).map(level => tallyRow(level, k)));
    const level = tally.find(r => r[0] === k);
    const tried = tally.filter(r => r[0] <= k).reduce((sum, r) => sum + r[2], 0);
    el("cols-count").textContent = "squares tried " + fmt(tried)
      + " · placements alive " + fmt(level ? level[3] : 1)
      + " · solutions found " + fmt(k === n && level ? level[3] : 0);
    el("cols-said").textContent = words(k, level);
    const alive = firstAlive(k, 4);
    el("cols-alive").replaceChildren(...alive.map(queens => {
      const named = facts.names(queens) || "the empty board";
      return helpers.mini(queens, "alive: " + named, named);
    }));
    el("cols-sql").textContent = stepText(k);
  }

  if (knights) {
    addKnightColumn();
  }
  return { show };
}
