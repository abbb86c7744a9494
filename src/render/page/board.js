/* exported boardPart */

// The board and "Your queens": point at a square to light its lines,
// place and take away queens, see their conflicts in `queens check`'s
// words and the solutions that complete them. Of `hooks`: changed() is
// called after every change of the queens (the address keeps them),
// placeSolution(k) places solution k, cleared() says all were taken away.
function boardPart(document, facts, helpers, hooks) {
  const { el } = helpers;
  const { squares, lines, cell, nameOf, holes } = facts;
  const placed = new Set();
  const buttons = [];
  const board = el("board");
  let pointed = null;
  let completions = [];
  let completion = 0;
  let rover = null;

  function buildBoard() {
    for (let row = facts.rows; row >= 1; row--) {
      board.append(label(row));
      for (let column = 1; column <= facts.n; column++) {
        board.append(squareButton(column, row));
      }
    }
    board.append(document.createElement("div"));
    for (let column = 1; column <= facts.n; column++) {
      board.append(label(facts.columnName(column)));
    }
    rove(cell(1, facts.rows));
    // The lines go out when the pointer leaves, when a tap has placed its
    // queen, and when the focus leaves the board.
    board.addEventListener("pointerleave", unpoint);
    board.addEventListener("pointerup", e => {
      if (e.pointerType !== "mouse") {
        setTimeout(unpoint, 0);
      }
    });
    board.addEventListener("focusout", e => {
      if (!board.contains(e.relatedTarget)) {
        unpoint();
      }
    });
  }

  function label(text) {
    const div = document.createElement("div");
    div.className = "lbl";
    div.textContent = text;
    return div;
  }

  function squareButton(column, row) {
    const i = cell(column, row);
    const button = document.createElement("button");
    button.className = "sq" + ((column + row) % 2 === 0 ? " dark" : "") + (holes.has(i) ? " hole" : "");
    button.dataset.square = nameOf(i);
    if (holes.has(i)) {
      button.setAttribute("aria-disabled", "true");
      button.title = nameOf(i) + " is a hole: no queen stands here, but the lines go on across it";
    }
    button.tabIndex = -1;
    button.innerHTML = '<span class="nm"></span><span class="pc" aria-hidden="true"></span>';
    button.firstChild.textContent = nameOf(i);
    button.addEventListener("click", () => toggle(i));
    button.addEventListener("pointerenter", e => {
      if (e.pointerType === "mouse") {
        point(i);
      }
    });
    button.addEventListener("focus", () => {
      rove(i);
      if (button.matches(":focus-visible")) {
        point(i);
      }
    });
    button.addEventListener("keydown", e => arrow(e, column, row));
    buttons[i] = button;
    return button;
  }

  // One Tab stop for the whole board: the square last moved to.
  function rove(i) {
    if (rover !== null) {
      buttons[rover].tabIndex = -1;
    }
    rover = i;
    buttons[i].tabIndex = 0;
  }

  function arrow(e, column, row) {
    const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    const step = steps[e.key];
    if (!step) {
      return;
    }
    e.preventDefault();
    const toColumn = column + step[0];
    const toRow = row + step[1];
    if (toColumn >= 1 && toColumn <= facts.n && toRow >= 1 && toRow <= facts.rows) {
      const to = cell(toColumn, toRow);
      rove(to);
      buttons[to].focus();
      point(to);
    }
  }

  function point(i) {
    pointed = i;
    el("pointed").textContent = "L(" + nameOf(i) + ") = " + squares[i][3].map(facts.lineText).join(" ");
    draw();
  }

  function unpoint() {
    if (pointed === null) {
      return;
    }
    pointed = null;
    el("pointed").textContent = "Point at a square to see its lines.";
    draw();
  }

  function toggle(i) {
    if (holes.has(i)) {
      return;
    }
    if (placed.has(i)) {
      placed.delete(i);
    } else {
      placed.add(i);
    }
    completion = 0;
    update();
  }

  // Every pair of queens on one line: [a, b, the line].
  function clashes(queens) {
    const found = [];
    for (let x = 0; x < queens.length; x++) {
      for (let y = x + 1; y < queens.length; y++) {
        const j = facts.sharedLine(queens[x], queens[y]);
        if (j !== undefined) {
          found.push([queens[x], queens[y], j]);
        }
      }
    }
    return found;
  }

  // The words of `queens check`.
  function conflictText([a, b, j]) {
    const [anchor, direction] = lines[j];
    let line;
    if (direction === "UP") {
      line = "column " + anchor.replace(/[0-9]+$/, "");
    } else if (direction === "RGHT") {
      line = "row " + anchor.replace(/^[a-z]+/, "");
    } else {
      const kind = direction.split("-").length > 2 ? "the knight's move " : "the diagonal ";
      line = kind + anchor + "–" + nameOf(facts.lineEnd(j))
        + (facts.wraps(j) ? ", wrapped round the board's edge" : "");
    }
    return nameOf(a) + " and " + nameOf(b) + " attack each other along the "
      + direction + " line anchored at " + anchor + " (" + line + ")";
  }

  const queens = () => [...placed].sort(facts.byBoard);

  function update() {
    const mine = queens();
    const covered = new Set(mine.flatMap(i => squares[i][3]));
    el("placed").textContent = mine.length
      ? mine.length + (mine.length === 1 ? " queen: " : " queens: ") + facts.names(mine)
      : "No queen placed.";
    el("covered").textContent = mine.length
      ? "U = " + [...covered].sort((a, b) => a - b).map(facts.lineText).join(" ") + " (" + covered.size + " lines)"
      : "";
    el("conflicts").replaceChildren(...clashes(mine).map(clash => {
      const p = document.createElement("p");
      p.className = "conflict";
      p.textContent = conflictText(clash);
      return p;
    }));
    completions = [];
    for (let k = 1; k <= facts.solutionCount; k++) {
      if (facts.solutionHolds(k, mine)) {
        completions.push(k);
      }
    }
    sayCompletions(mine);
    hooks.changed();
    draw();
  }

  function sayCompletions(mine) {
    const said = el("completions");
    if (!mine.length) {
      said.textContent = "Place queens to see which solutions complete them.";
    } else {
      const them = mine.length === 1 ? "it" : "them";
      said.textContent = (completions.length === 1 ? "1 solution completes " : completions.length + " solutions complete ")
        + them + stepText();
    }
    const useful = mine.length > 0 && completions.length > 0;
    el("comp-prev").disabled = !useful || completions.length < 2;
    el("comp-next").disabled = !useful || completions.length < 2;
    el("comp-place").disabled = !useful || completions.length === 0 || mine.length === facts.n;
    el("clear").disabled = !mine.length;
  }

  function stepText() {
    if (!completions.length) {
      return ".";
    }
    return ": showing solution " + completions[completion]
      + " (" + (completion + 1) + " of " + completions.length + ")";
  }

  function draw() {
    const mine = [...placed];
    const covered = new Set(mine.flatMap(i => squares[i][3]));
    const pairs = clashes(mine);
    const clash = new Set(pairs.flatMap(pair => [pair[0], pair[1]]));
    const path = new Set(pairs.flatMap(pair => facts.lineSquares[pair[2]]));
    const lit = pointed === null ? new Set() : new Set(squares[pointed][3]);
    const ghosts = new Set(completions.length && placed.size
      ? facts.solution(completions[completion]).filter(i => !placed.has(i))
      : []);
    squares.forEach((square, i) => {
      const queen = placed.has(i);
      const hit = !queen && square[3].some(j => covered.has(j));
      const on = square[3].some(j => lit.has(j));
      drawSquare(i, { queen, hit, on, clash: clash.has(i), ghost: ghosts.has(i), path: path.has(i) });
    });
  }

  function drawSquare(i, is) {
    const button = buttons[i];
    const hole = holes.has(i);
    button.classList.toggle("queen", is.queen);
    button.classList.toggle("hit", is.hit);
    button.classList.toggle("clash", is.clash);
    button.classList.toggle("on", is.on);
    button.classList.toggle("ghost", is.ghost);
    button.classList.toggle("path", is.path);
    const piece = button.lastChild;
    piece.textContent = hole ? "" : is.queen ? "♛" : is.ghost ? "♕" : is.hit ? "×" : "";
    piece.className = "pc" + (is.hit && !is.ghost && !hole ? " x" : "");
    let state = ", free";
    if (hole) {
      state = ", a hole: no queen stands here";
    } else if (is.queen) {
      state = ", queen" + (is.clash ? ", attacked" : "");
    } else if (is.ghost) {
      state = ", queen of the completion shown";
    } else if (is.hit) {
      state = ", attacked";
    }
    button.setAttribute("aria-label", nameOf(i) + state
      + (is.path ? ", on the line of a conflict" : "")
      + (is.on ? ", on a line pointed at" : ""));
    button.setAttribute("aria-pressed", is.queen ? "true" : "false");
  }

  // Puts queens on `list` in place of those placed.
  function placeQueens(list) {
    placed.clear();
    list.forEach(i => placed.add(i));
    completion = 0;
    update();
  }

  function listen() {
    el("comp-prev").addEventListener("click", () => {
      if (completions.length) {
        completion = (completion + completions.length - 1) % completions.length;
        update();
      }
    });
    el("comp-next").addEventListener("click", () => {
      if (completions.length) {
        completion = (completion + 1) % completions.length;
        update();
      }
    });
    el("comp-place").addEventListener("click", () => {
      if (completions.length && placed.size) {
        hooks.placeSolution(completions[completion]);
      }
    });
    el("clear").addEventListener("click", () => {
      placed.clear();
      hooks.cleared();
      update();
    });
  }

  buildBoard();
  listen();
  return {
    // The queens placed, in board order.
    queens,
    // Whether the queens placed are exactly those on `list`.
    holdsExactly: list => list.length === placed.size && list.every(i => placed.has(i)),
    placeQueens,
    update,
  };
}
