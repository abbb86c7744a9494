/* exported boardFacts */

// The board's facts as the page's data holds them, and what follows from
// them: squares and lines by index, the line two squares share, the
// solutions in board order. Nothing here touches the document.
//
// data.squares[i] = [name, column, row, [line indices]];
// data.lines[j] = [anchor, direction];
// data.naming = [line indices], in the order that names a shared line.
// A board has n columns (one queen in each) and `rows` rows, more than n
// on a rectangle.
function boardFacts(data) {
  const n = data.n;
  const rows = data.rows;
  const squares = data.squares;
  const lines = data.lines;
  const index = new Map(squares.map((square, i) => [square[0], i]));
  const squareAt = [];
  squares.forEach((square, i) => {
    squareAt[(square[1] - 1) * rows + square[2] - 1] = i;
  });

  // The square in column c, row r (both from 1).
  const cell = (column, row) => squareAt[(column - 1) * rows + row - 1];
  const nameOf = i => squares[i][0];
  const names = list => list.map(nameOf).join(" ");
  const columnName = column => nameOf(cell(column, 1)).replace(/[0-9]+$/, "");
  const lineText = j => "(" + lines[j][0] + ", " + lines[j][1] + ")";

  const lineSquares = lines.map(() => []);
  squares.forEach((square, i) => {
    for (const j of square[3]) {
      lineSquares[j].push(i);
    }
  });

  // How far square i lies from line j's anchor, in columns and rows, on
  // a torus counted round the board.
  const walked = (j, i) => {
    const anchor = index.get(lines[j][0]);
    return [
      (squares[i][1] - squares[anchor][1] + n) % n,
      (squares[i][2] - squares[anchor][2] + rows) % rows,
    ];
  };

  // A line's last square walking from its anchor (on a torus, round the
  // board: the farthest in columns, then in rows, counted from the
  // anchor), as `queens check` names it.
  const lineEnd = j => lineSquares[j].reduce((a, b) => {
    const [x, y] = [walked(j, a), walked(j, b)];
    const farther = y[0] > x[0] || (y[0] === x[0] && y[1] > x[1]);
    return farther ? b : a;
  });

  // Squares in board order: by column, then by row.
  const byBoard = (a, b) => squares[a][1] - squares[b][1] || squares[a][2] - squares[b][2];

  // Whether a line runs over an edge and comes back at the opposite one
  // (a torus's): two of its squares next to each other in board order lie
  // more than a knight's leap apart.
  const wraps = j => {
    const along = lineSquares[j].slice().sort(byBoard);
    return along.some((square, t) => {
      if (t === 0) {
        return false;
      }
      const before = along[t - 1];
      return Math.abs(squares[square][1] - squares[before][1]) > 2
        || Math.abs(squares[square][2] - squares[before][2]) > 2;
    });
  };

  // The line two squares share, if any. Two squares of an even torus share
  // both diagonals: the one named is the first of them in data.naming,
  // the order attacking_pair and search_tree name one by.
  const place = [];
  data.naming.forEach((j, t) => {
    place[j] = t;
  });
  const sharedLine = (a, b) => {
    let first;
    for (const j of squares[a][3]) {
      if (squares[b][3].includes(j) && (first === undefined || place[j] < place[first])) {
        first = j;
      }
    }
    return first;
  };

  // The squares no queen may stand on (hole).
  const holes = new Set(data.holes);

  // Solutions: one character a queen (its row, base 36), in board order.
  const solutionCount = data.solutions.length / n;
  const solutionText = k => data.solutions.substr((k - 1) * n, n);
  const solution = k => [...solutionText(k)].map((digit, c) => cell(c + 1, parseInt(digit, 36)));
  let numberOf = null;
  const keyOf = list => list.map(i => squares[i][2].toString(36)).join("");
  // The number of the solution with queens on `list` (in board order).
  const solutionNumber = list => {
    if (!numberOf) {
      numberOf = new Map();
      for (let k = 1; k <= solutionCount; k++) {
        numberOf.set(solutionText(k), k);
      }
    }
    return numberOf.get(keyOf(list));
  };
  // Whether solution k puts a queen on every square of `list`.
  const solutionHolds = (k, list) => {
    const text = solutionText(k);
    return list.every(i => parseInt(text[squares[i][1] - 1], 36) === squares[i][2]);
  };

  return {
    n,
    rows,
    squares,
    lines,
    index,
    cell,
    nameOf,
    names,
    columnName,
    lineText,
    lineSquares,
    lineEnd,
    wraps,
    sharedLine,
    byBoard,
    holes,
    solutionCount,
    solution,
    solutionNumber,
    solutionHolds,
  };
}
