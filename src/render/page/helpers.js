/* exported pageHelpers */

// What every part of the page draws with: elements by id, numbers and
// shares in words, small boards, bars and table rows.
function pageHelpers(document, facts) {
  const el = id => document.getElementById(id);
  const fmt = v => v.toLocaleString("en");
  const plural = (k, one, many) => fmt(k) + " " + (k === 1 ? one : many);

  const percent = share => {
    const p = share * 100;
    let digits = 2;
    if (p >= 9.95 || p === 0) {
      digits = 0;
    } else if (p >= 0.995) {
      digits = 1;
    }
    return p.toFixed(digits) + "%";
  };

  // The class of square (c, r) on a small board: dark or light, a hole.
  const shade = (column, row) => ((column + row) % 2 === 0 ? "dark" : "");

  // A small board with queens on `squares`, named by `label`.
  function mini(squares, label, caption) {
    const figure = document.createElement("figure");
    const grid = document.createElement("div");
    grid.className = "mini";
    grid.setAttribute("role", "img");
    grid.setAttribute("aria-label", label);
    const on = new Set(squares);
    for (let row = facts.rows; row >= 1; row--) {
      for (let column = 1; column <= facts.n; column++) {
        const square = facts.cell(column, row);
        const dot = document.createElement("i");
        dot.className = shade(column, row)
          + (on.has(square) ? " q" : "")
          + (facts.holes.has(square) ? " hole" : "");
        grid.append(dot);
      }
    }
    const figcaption = document.createElement("figcaption");
    figcaption.textContent = caption;
    figure.append(grid, figcaption);
    return figure;
  }

  // A bar: its parts' shares of the whole grey track, linear.
  function bars(parts, label) {
    const track = document.createElement("div");
    track.className = "track";
    track.setAttribute("role", "img");
    track.setAttribute("aria-label", label);
    for (const [share, kind] of parts) {
      const bar = document.createElement("div");
      bar.className = "bar" + (kind ? " " + kind : "");
      bar.style.width = (share > 0 ? Math.max(0.4, 100 * share) : 0) + "%";
      track.append(bar);
    }
    return track;
  }

  // A table row of numbers, with `extra` (a bar) in a last cell.
  function numberRow(cells, extra) {
    const tr = document.createElement("tr");
    for (const value of cells) {
      const td = document.createElement("td");
      td.className = "num";
      td.textContent = value;
      tr.append(td);
    }
    if (extra) {
      const td = document.createElement("td");
      td.append(extra);
      tr.append(td);
    }
    return tr;
  }

  // Where a result's columns s1 … sN (N the board's columns) are, the
  // columns Run and Step read placements from; null where one is lacking.
  function squareColumns(columns) {
    const at = [];
    for (let k = 1; k <= facts.n; k++) {
      at.push(columns.indexOf("s" + k));
    }
    return at.includes(-1) ? null : at;
  }

  return { el, fmt, plural, percent, shade, mini, bars, numberRow, squareColumns };
}
