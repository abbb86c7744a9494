/* exported sqlConsole */
/* global consoleWorker, stepperWorker, queryStepper */

// The console: SQLite (sql.js) in a worker, so that a long query never
// freezes the page and Stop can end it, on copies of the boards the page
// carries (gzipped, in base64): this page's board first, then the hidden
// boards the exercises are also checked on. What the page carries for it
// (#queens-console): the boards, the exercises (each with its reference's
// rows on every board), sql.js and its licence. The worker runs
// consoleWorker's code after sql.js's. hooks.changed() is called when the
// query typed changes (the address keeps it).
function sqlConsole(document, window, facts, helpers, hooks) {
  const { el, fmt, plural } = helpers;
  const carried = JSON.parse(el("queens-console").textContent);
  const workerSource = consoleWorker.toString();
  const SHOWN_ROWS = 500;
  const DRAWN = 12;
  const text = el("console-sql");
  const runButton = el("console-run");
  const stopButton = el("console-stop");
  const freshButton = el("console-fresh");
  const checkButton = el("console-check");
  const stepButton = el("console-step");
  const choice = el("console-ex");
  let worker = null;
  let ready = false;
  let busy = null;
  let nextId = 1;
  let pending = null;
  let workerUrl = null;
  let after = "";
  const stepper = queryStepper(document, window, facts, helpers, { ask, query: () => text.value });

  function start() {
    if (!workerUrl) {
      const code = new Blob([carried.sqljs, "\n;", stepperWorker.toString(), "\n;(", workerSource, ")();\n"], { type: "text/javascript" });
      workerUrl = URL.createObjectURL(code);
    }
    ready = false;
    busy = null;
    stepper.restarted();
    worker = new window.Worker(workerUrl);
    worker.onmessage = e => heard(e.data);
    worker.onerror = e => {
      e.preventDefault();
      sayError("SQLite stopped: " + (e.message || "the worker failed") + ".");
      busy = null;
      controls();
    };
    worker.postMessage({ kind: "open", boards: carried.boards });
    controls();
  }

  function controls() {
    const empty = !text.value.trim();
    runButton.disabled = !ready || !!busy || empty;
    checkButton.disabled = !ready || !!busy || empty || !carried.exercises.length;
    stopButton.disabled = !busy;
    freshButton.disabled = !ready || !!busy;
    stepButton.disabled = !ready || !!busy || empty;
    stepper.idle(ready && !busy);
  }

  const state = said => {
    el("console-state").textContent = said;
  };
  const sayError = said => {
    el("console-error").textContent = said;
  };

  function heard(m) {
    if (m.kind === "ready") {
      ready = true;
      state(after + "SQLite " + m.sqlite + " is ready" + (after ? " again" : "") + ".");
      after = "";
      controls();
      runPending();
      return;
    }
    if (!busy || m.id !== busy.id) {
      return;
    }
    const was = busy;
    busy = null;
    controls();
    if (m.kind === "failed") {
      failed(m, was);
      return;
    }
    if (m.kind === "rows") {
      showRows(m.result);
    }
    if (m.kind === "checked") {
      verdict(m, was.exercise);
    }
    if (m.kind === "stepped") {
      state("Done.");
      stepper.heard(m);
    }
    runPending();
  }

  function failed(m, was) {
    const firstLine = m.message.split("\n")[0];
    if (was.kind === "step") {
      state("Done.");
      stepper.failed(m.message);
      return;
    }
    if (was.kind === "run") {
      el("console-rows").replaceChildren();
      el("console-boards").replaceChildren();
      el("console-count").textContent = "";
    }
    if (was.kind === "check") {
      state("The check did not run.");
    } else if (m.ran > 0) {
      state("Stopped at an error: " + plural(m.ran, "statement", "statements") + " before it ran.");
    } else {
      state("The query did not run.");
    }
    sayError("Error: " + firstLine);
    if (was.kind === "check") {
      el("console-verdict").textContent = "The check did not run: " + firstLine;
    }
  }

  // The query an address asked for while SQLite was starting or busy.
  function runPending() {
    if (pending === null || !ready || busy) {
      return;
    }
    const sql = pending;
    pending = null;
    run(sql);
  }

  function run(sql) {
    if (!ready) {
      pending = sql;
      state("Starting SQLite… the query runs when it is ready.");
      return;
    }
    if (busy || !sql.trim()) {
      return;
    }
    busy = { id: nextId++, kind: "run" };
    sayError("");
    state("Running…");
    worker.postMessage({ kind: "run", id: busy.id, sql, cap: SHOWN_ROWS });
    controls();
  }

  // A message of the stepper's (stepper.js), sent as Run's are: false
  // where SQLite is not ready or busy.
  function ask(message) {
    if (!ready || busy) {
      return false;
    }
    busy = { id: nextId++, kind: "step" };
    sayError("");
    state("Stepping…");
    worker.postMessage(Object.assign({}, message, { kind: "step", id: busy.id }));
    controls();
    return true;
  }

  function stop() {
    if (!busy) {
      return;
    }
    worker.terminate();
    after = "Stopped: the database is a fresh copy. ";
    start();
    state("Stopped. SQLite starts again, on a fresh copy of the database.");
    // Run waits for SQLite: the query keeps the focus (Ctrl+Enter runs it).
    text.focus();
  }

  function fresh() {
    const asked = "Start the console again on a fresh copy of the database? "
      + "Tables and views you made in it, and rows you changed, go.";
    if (!window.confirm(asked)) {
      return;
    }
    worker.terminate();
    after = "A fresh copy of the database. ";
    start();
    state("Starting SQLite again…");
  }

  const cellText = v => (v === null ? "NULL" : String(v));
  const isNumber = v => typeof v === "number" || typeof v === "bigint";

  function table(result) {
    const t = document.createElement("table");
    const head = document.createElement("tr");
    result.columns.forEach((column, x) => {
      const th = document.createElement("th");
      th.textContent = column;
      if (result.rows.length && isNumber(result.rows[0][x])) {
        th.className = "num";
      }
      head.append(th);
    });
    const body = document.createElement("tbody");
    for (const row of result.rows) {
      const tr = document.createElement("tr");
      for (const v of row) {
        const td = document.createElement("td");
        td.textContent = cellText(v);
        if (v === null) {
          td.className = "null";
        } else if (isNumber(v)) {
          td.className = "num";
        }
        tr.append(td);
      }
      body.append(tr);
    }
    const thead = document.createElement("thead");
    thead.append(head);
    t.append(thead, body);
    return t;
  }

  function showRows(result) {
    const rows = el("console-rows");
    const boards = el("console-boards");
    boards.replaceChildren();
    rows.replaceChildren();
    if (!result.columns.length) {
      el("console-count").textContent = "Done: " + plural(result.statements, "statement", "statements") + " ran, "
        + plural(result.changes, "row", "rows") + " changed, no rows to show.";
      state("Done.");
      return;
    }
    el("console-count").textContent = plural(result.count, "row", "rows")
      + (result.count > result.rows.length ? ", the first " + fmt(result.rows.length) + " shown" : "") + ".";
    state("Done.");
    rows.append(table(result));
    boards.replaceChildren(...placements(result));
  }

  // Rows whose columns s1 … sN are squares: placements, drawn as small boards.
  function placements(result) {
    const at = [];
    for (let k = 1; k <= facts.n; k++) {
      at.push(result.columns.indexOf("s" + k));
    }
    if (at.includes(-1)) {
      return [];
    }
    const no = result.columns.indexOf("solution_no");
    const found = [];
    for (const [x, row] of result.rows.entries()) {
      if (found.length === DRAWN) {
        break;
      }
      const names = at.map(i => row[i]).filter(v => v !== null);
      if (!names.length || !names.every(v => facts.index.has(v))) {
        continue;
      }
      const squares = names.map(v => facts.index.get(v));
      const label = no >= 0 ? "solution " + row[no] : "row " + (x + 1);
      found.push(helpers.mini(squares, label + ": " + names.join(" "), label));
    }
    return found;
  }

  // Exercises, and what this browser keeps of them. The key keeps the
  // name pages written before the console had its one name used, so that
  // progress kept by them is still found.
  // (The key keeps the console's first name, so progress saved before
  // the rename is still found.)
  const storageKey = id => "queens-lab:" + id;
  const stored = id => {
    try {
      return window.localStorage.getItem(storageKey(id));
    } catch {
      return null;
    }
  };
  function keep(id) {
    try {
      window.localStorage.setItem(storageKey(id), "solved");
      return true;
    } catch {
      return false;
    }
  }
  const solved = exercise => stored(exercise.id) === "solved";

  function listExercises() {
    const at = choice.selectedIndex;
    choice.replaceChildren(...carried.exercises.map((exercise, i) => {
      const option = document.createElement("option");
      option.value = i;
      option.textContent = (i + 1) + ". " + exercise.title + (solved(exercise) ? " ✓" : "");
      return option;
    }));
    choice.selectedIndex = Math.max(0, at);
    const done = carried.exercises.filter(solved).length;
    const count = carried.exercises.length;
    el("console-progress").textContent = count ? done + " of " + count + " solved" : "";
    showPrompt();
  }

  function showPrompt() {
    const exercise = carried.exercises[choice.selectedIndex];
    el("console-prompt").textContent = exercise
      ? exercise.prompt + (solved(exercise) ? " (Solved in this browser.)" : "")
      : "This page has no exercises.";
  }

  function check() {
    const exercise = carried.exercises[choice.selectedIndex];
    if (!exercise || !ready || busy || !text.value.trim()) {
      return;
    }
    busy = { id: nextId++, kind: "check", exercise };
    sayError("");
    state("Checking on " + carried.boards.length + " boards…");
    el("console-verdict").replaceChildren();
    worker.postMessage({
      kind: "check",
      id: busy.id,
      answer: text.value,
      expected: exercise.reference,
      ordered: exercise.ordered,
    });
    controls();
  }

  const boardName = b => carried.boards[b][0] + "×" + carried.boards[b][0];

  function verdict(m, exercise) {
    const box = el("console-verdict");
    const head = document.createElement("p");
    state("Checked.");
    if (m.ok) {
      head.className = "right";
      const others = carried.boards.slice(1).map((_, i) => boardName(i + 1)).join(", ");
      head.textContent = "Right: the same rows as the reference answer on this " + boardName(0)
        + " board and on the hidden " + others + " boards."
        + (keep(exercise.id) ? "" : " (This browser keeps no progress.)");
      box.replaceChildren(head);
      listExercises();
      return;
    }
    head.className = "wrong";
    const where = m.board === 0 ? "on this " + boardName(0) + " board" : "on the hidden " + boardName(m.board) + " board";
    if (m.error) {
      head.textContent = "Not yet: your answer fails " + where + ": " + m.error.split("\n")[0];
      box.replaceChildren(head);
      return;
    }
    head.textContent = wrongWords(m, exercise, where);
    const pair = document.createElement("div");
    pair.className = "console-pair";
    for (const [said, result] of [["expected", m.want], ["yours", m.got]]) {
      const side = document.createElement("div");
      const p = document.createElement("p");
      p.textContent = said
        + (result.count > result.rows.length ? " (the first " + result.rows.length + " of " + fmt(result.count) + " rows)" : "")
        + ":";
      side.append(p, table(result));
      pair.append(side);
    }
    box.replaceChildren(head, pair);
  }

  // What differs, in words.
  function wrongWords(m, exercise, where) {
    // A hidden board is checked only once the page's own agrees.
    const lead = m.board === 0 ? "Not yet: " + where : "Not yet: right on this " + boardName(0) + " board, but " + where;
    const shape = result => plural(result.count, "row", "rows") + " of " + plural(result.columns.length, "column", "columns");
    const alike = m.want.count === m.got.count && m.want.columns.length === m.got.columns.length;
    if (m.types) {
      return lead + " your rows have the reference answer's values, but a value's type differs: in column "
        + m.types.column + ", the reference answer has " + m.types.want + " and yours " + m.types.got + ".";
    }
    if (alike) {
      return lead + " your rows are not the reference answer's"
        + (exercise.ordered ? ", or not in its order (the order counts here)" : "") + ".";
    }
    return lead + " the reference answer gives " + shape(m.want) + " and yours " + shape(m.got) + ".";
  }

  function listen() {
    runButton.addEventListener("click", () => run(text.value));
    stopButton.addEventListener("click", stop);
    freshButton.addEventListener("click", fresh);
    checkButton.addEventListener("click", check);
    stepButton.addEventListener("click", () => stepper.begin());
    choice.addEventListener("change", () => {
      el("console-verdict").replaceChildren();
      showPrompt();
    });
    text.addEventListener("input", () => {
      controls();
      hooks.changed();
    });
    text.addEventListener("keydown", e => {
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        run(text.value);
      }
    });
  }

  el("console-license").textContent = carried.license;
  listen();
  listExercises();
  start();
  return {
    // The query an address holds (#sql=…): typed in, and run.
    fromAddress(sql) {
      if (sql === text.value && busy) {
        return;
      }
      text.value = sql;
      controls();
      if (busy) {
        pending = sql;
        state("The address's query runs when this one ends.");
      } else {
        run(sql);
      }
    },
    // What the address keeps of the console: the query typed.
    addressPart() {
      return text.value.trim() ? "sql=" + encodeURIComponent(text.value) : "";
    },
  };
}
