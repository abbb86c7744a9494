/* exported sqlConsole */
/* global consoleWorker, stepperWorker, queryStepper, consoleTables, consoleCourse, consoleAnswers, smallMarkdown */

// The console: SQLite (sql.js) in a worker, so that a long query never
// freezes the page and Stop can end it, on copies of the boards the page
// carries (gzipped, in base64): this page's board first, then the hidden
// boards the exercises are also checked on. What the page carries for it
// (#queens-console): the boards, the exercises (each with its reference's
// rows on every board), the functions `queens grade`'s SQLite has, sql.js
// and its licence. The worker runs
// consoleWorker's code after sql.js's. hooks.changed() is called when the
// query typed changes (the address keeps it). The teacher's words are
// consoleCourse's, the tables consoleTables's, the answers kept for the
// teacher consoleAnswers's.
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
  // The query the address asked for, whose result is scrolled to.
  let addressSql = null;
  const tables = consoleTables(document, helpers);
  const course = consoleCourse(document, helpers, smallMarkdown(document), carried.course);
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
    worker.postMessage({ kind: "open", boards: carried.boards, functions: carried.functions });
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
      if (was.scroll) {
        el("console-error").scrollIntoView({ block: "center" });
      }
      return;
    }
    if (m.kind === "rows") {
      showRows(m.result);
    }
    if (was.scroll) {
      el("console-count").scrollIntoView({ block: "start" });
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
    busy = { id: nextId++, kind: "run", scroll: sql === addressSql };
    addressSql = null;
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
    rows.append(tables.table(result));
    boards.replaceChildren(...placements(result));
  }

  // Rows whose columns s1 … sN are squares: placements, drawn as small boards.
  function placements(result) {
    const at = helpers.squareColumns(result.columns);
    if (!at) {
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
  // console's first name, so progress saved before the rename is still
  // found.
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
    course.show(exercise, exercise && solved(exercise) ? "Solved in this browser." : "");
  }

  function check() {
    const exercise = carried.exercises[choice.selectedIndex];
    if (!exercise || !ready || busy || !text.value.trim()) {
      return;
    }
    busy = { id: nextId++, kind: "check", exercise };
    answers.checked(exercise, text.value);
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

  // A board as "this … board" names it: its size and kind ("5×5 torus").
  const boardName = b => carried.boards[b][0];

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
    // A hidden board is checked only once the page's own agrees.
    const lead = m.board === 0
      ? "Not yet: on this " + boardName(0) + " board, "
      : "Not yet: right on this " + boardName(0) + " board, but on the hidden " + boardName(m.board) + " board, ";
    if (m.error) {
      head.textContent = lead + "your answer fails: " + m.error.split("\n")[0];
      box.replaceChildren(head);
      return;
    }
    head.textContent = lead + m.said + (exercise.ordered && m.said.endsWith("wrong order") ? " (the order counts here)." : ".");
    box.replaceChildren(head, tables.pair(m));
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
  const answers = consoleAnswers(window, document, helpers, carried.exercises, carried.board);
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
      addressSql = sql;
      controls();
      if (busy) {
        pending = sql;
        state("The address's query runs when this one ends.");
      } else {
        run(sql);
      }
    },
    // The console, asked for by the address (#console): in view, its
    // query ready to type in.
    open() {
      el("console").scrollIntoView({ block: "start" });
      text.focus({ preventScroll: true });
    },
    // The file "Download my answers" saves, as text.
    answersFile: () => answers.file(),
    // What the address keeps of the console: the query typed.
    addressPart() {
      return text.value.trim() ? "sql=" + encodeURIComponent(text.value) : "";
    },
  };
}
