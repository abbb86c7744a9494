/* exported searchWalk */

// The depth-first walk, as a backtracking program makes it: column a
// first, rows from 1 up; a tried square dies on the line it shares with
// the first queen, in column order, that attacks it. Each step is a row of
// search_tree, made here one at a time as the player asks for it.
function searchWalk(document, facts, helpers) {
  const { el, fmt } = helpers;
  const { n, rows, cell, nameOf, holes } = facts;
  const walk = { records: [], stack: [], next: 1, over: false };

  // A hole is never tried: the next square is the next open one.
  function skipHoles() {
    while (walk.next <= rows && holes.has(cell(walk.stack.length + 1, walk.next))) {
      walk.next++;
    }
  }

  // Takes the last queen away, to try the square above it next.
  function backtrack(popped) {
    const row = walk.stack.pop();
    popped.push(cell(walk.stack.length + 1, row));
    walk.next = row + 1;
  }

  // The next square tried, or null when the search is over.
  function tryNext() {
    const popped = [];
    if (walk.stack.length === n) {
      backtrack(popped);
    }
    skipHoles();
    while (walk.next > rows) {
      if (!walk.stack.length) {
        walk.over = true;
        return null;
      }
      backtrack(popped);
      skipHoles();
    }
    const k = walk.stack.length + 1;
    const square = cell(k, walk.next);
    walk.next++;
    let attacker = null;
    let line = null;
    for (let j = 1; j < k && attacker === null; j++) {
      const queen = cell(j, walk.stack[j - 1]);
      const shared = facts.sharedLine(queen, square);
      if (shared !== undefined) {
        attacker = queen;
        line = shared;
      }
    }
    if (attacker === null) {
      walk.stack.push(facts.squares[square][2]);
      walk.next = 1;
      if (walk.stack.length < n) {
        skipHoles();
      }
    }
    const before = walk.records[walk.records.length - 1] || { tried: 0, alive: 0, solutions: 0 };
    const solved = attacker === null && k === n;
    return {
      k,
      sq: square,
      attacker,
      line,
      popped,
      stack: walk.stack.slice(),
      tried: before.tried + 1,
      alive: before.alive + (attacker === null ? 1 : 0),
      solutions: before.solutions + (solved ? 1 : 0),
      solved,
    };
  }

  // Step n of the walk (from 1), or undefined past its end.
  function record(step) {
    while (walk.records.length < step && !walk.over) {
      const next = tryNext();
      if (next) {
        walk.records.push(next);
      }
    }
    return walk.records[step - 1];
  }

  // The squares of the queens a record leaves standing.
  const standing = rec => rec.stack.map((row, c) => cell(c + 1, row));

  function build() {
    const box = el("walk-board");
    for (let row = rows; row >= 1; row--) {
      for (let column = 1; column <= n; column++) {
        const square = document.createElement("i");
        square.className = helpers.shade(column, row) + (holes.has(cell(column, row)) ? " hole" : "");
        square.dataset.square = nameOf(cell(column, row));
        box.append(square);
      }
    }
  }

  function show(step) {
    const rec = step ? record(step) : null;
    const queens = new Set(rec ? standing(rec) : []);
    const killing = new Set(rec && rec.line !== null ? facts.lineSquares[rec.line] : []);
    const gone = new Set(rec ? rec.popped : []);
    for (const square of el("walk-board").children) {
      const i = facts.index.get(square.dataset.square);
      const tried = rec && rec.sq === i;
      const [, column, row] = facts.squares[i];
      square.className = helpers.shade(column, row)
        + (holes.has(i) ? " hole" : "")
        + (killing.has(i) ? " kl" : "")
        + (tried ? " try " + (rec.attacker === null ? "ok" : "dead") : "")
        + (rec && rec.attacker === i ? " att" : "")
        + (gone.has(i) && !queens.has(i) && !tried ? " gone" : "");
      square.textContent = queens.has(i) ? "♛" : tried ? "×" : gone.has(i) ? "↩" : "";
    }
    const counts = rec || { tried: 0, alive: 0, solutions: 0 };
    el("walk-count").textContent = "squares tried " + fmt(counts.tried)
      + " · placements alive " + fmt(counts.alive)
      + " · solutions found " + fmt(counts.solutions);
    el("walk-said").innerHTML = "";
    el("walk-said").append(words(step, rec));
    el("walk-board").setAttribute("aria-label", "The search's board: "
      + (queens.size ? "queens on " + facts.names([...queens].sort(facts.byBoard)) : "no queen"));
  }

  function words(step, rec) {
    const said = document.createElement("span");
    if (!rec) {
      said.textContent = step
        ? "The search is over."
        : "The empty board. Step (→) tries the first square, " + nameOf(cell(1, 1)) + ".";
      return said;
    }
    const back = rec.popped.length ? "↩ back: " + facts.names(rec.popped) + " taken away. " : "";
    const name = nameOf(rec.sq);
    let what;
    if (rec.attacker !== null) {
      what = name + " × " + facts.lineText(rec.line) + ", the queen on " + nameOf(rec.attacker);
    } else if (rec.solved) {
      const queens = standing(rec);
      what = name + " ✓ placed: a solution, " + facts.names(queens)
        + " (solution " + facts.solutionNumber(queens) + " in board order)";
    } else if (rec.k === 1) {
      what = name + " ✓ placed: the first queen";
    } else {
      what = name + " ✓ placed: no line of " + facts.names(standing(rec).slice(0, -1)) + " meets L(" + name + ")";
    }
    said.textContent = "Step " + fmt(step) + ": " + back + what + ".";
    return said;
  }

  build();
  return { records: walk.records, record, show };
}
