/* exported consoleTables */

// The console's tables: a query's rows, and a verdict's two sides (the
// reference answer's rows and the learner's), where the rows that differ
// are marked in words as well as in colour: a first column says
// "missing", "extra", "order" or "type", and a value whose type differs
// shows its type.
function consoleTables(document, helpers) {
  const { fmt, plural } = helpers;
  const cellText = v => (v === null ? "NULL" : String(v));
  const isNumber = v => typeof v === "number" || typeof v === "bigint";

  // What a mark says in its row's first cell.
  const MARKS = {
    missing: "missing",
    extra: "extra",
    order: "order",
    type: "type",
  };

  function cell(v, mark, x) {
    const td = document.createElement("td");
    if (mark && mark.kind === "type" && mark.column === x) {
      td.textContent = mark.words;
      td.className = "differs";
      return td;
    }
    td.textContent = cellText(v);
    if (v === null) {
      td.className = "null";
    } else if (isNumber(v)) {
      td.className = "num";
    }
    return td;
  }

  // The table of `result` ({columns, rows}, and for a verdict's side the
  // marks of its rows): a first column for the marks where one is marked.
  function table(result) {
    const marks = result.marks || [];
    const marking = marks.some(Boolean);
    const t = document.createElement("table");
    const head = document.createElement("tr");
    if (marking) {
      const th = document.createElement("th");
      th.textContent = "differs";
      th.className = "mark";
      head.append(th);
    }
    result.columns.forEach((column, x) => {
      const th = document.createElement("th");
      th.textContent = column;
      if (result.rows.length && isNumber(result.rows[0][x])) {
        th.className = "num";
      }
      head.append(th);
    });
    const body = document.createElement("tbody");
    result.rows.forEach((row, at) => {
      const tr = document.createElement("tr");
      const mark = marks[at];
      if (marking) {
        const th = document.createElement("th");
        th.scope = "row";
        th.className = "mark";
        th.textContent = mark ? MARKS[mark.kind] : "";
        tr.append(th);
      }
      if (mark) {
        tr.className = "marked " + mark.kind;
      }
      row.forEach((v, x) => tr.append(cell(v, mark, x)));
      body.append(tr);
    });
    const thead = document.createElement("thead");
    thead.append(head);
    t.append(thead, body);
    return t;
  }

  // What one side of a verdict shows, in words: "expected (8 rows, 1 of
  // them marked missing, shown first):".
  function sideSaid(name, side) {
    const parts = [plural(side.count, "row", "rows")];
    if (side.count > side.rows.length) {
      parts.push(side.rows.length ? "the " + fmt(side.rows.length) + " shown below" : "none shown");
    }
    const kind = side.marks.find(Boolean);
    if (kind && kind.kind === "order") {
      parts.push("from row " + fmt(side.at[0] + 1) + ", the first out of order marked");
    } else if (kind && kind.kind === "type") {
      parts.push("the value whose type differs marked, its row first");
    } else if (kind) {
      const word = MARKS[kind.kind];
      parts.push(fmt(side.marked) + " marked " + word + (side.marked < side.count ? ", shown first" : ""));
    }
    return name + " (" + parts.join("; ") + "):";
  }

  // The two sides of a verdict, side by side.
  function pair(m) {
    const both = document.createElement("div");
    both.className = "console-pair";
    for (const [name, side] of [["expected", m.want], ["yours", m.got]]) {
      const half = document.createElement("div");
      const p = document.createElement("p");
      p.textContent = sideSaid(name, side);
      half.append(p, table(side));
      both.append(half);
    }
    return both;
  }

  return { table, pair };
}
