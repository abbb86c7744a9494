// The console: SQLite (sql.js) in a worker, so that a long query never
// freezes the page and Stop can end it, on copies of the boards the page
// carries (gzipped, in base64): this page's board first, then the hidden
// boards the exercises are also checked on.
const LAB = (() => {
  const L = JSON.parse(el("queens-lab").textContent);
  const SHOWN_ROWS = 500, DRAWN = 12;
  const text = el("lab-sql"), runButton = el("lab-run"), stopButton = el("lab-stop"), freshButton = el("lab-fresh");
  const checkButton = el("lab-check"), choice = el("lab-ex");
  let worker = null, ready = false, busy = null, nextId = 1, pending = null, workerUrl = null, after = "";

  // Runs in the worker, after sql.js's own code.
  function labWorker() {
    let SQL = null, pristine = [], db = null;
    const loaded = initSqlJs().then(s => { SQL = s; });
    async function gunzip(base64) {
      const bin = atob(base64), bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
      return new Uint8Array(await new Response(stream).arrayBuffer());
    }
    // A value as the page shows it: a blob as hex, a long one or a long
    // text cut short with its length said, so no value can swamp the page.
    const hex = bytes => Array.from(bytes, b => b.toString(16).padStart(2, "0")).join("");
    function shown(v) {
      if (v instanceof Uint8Array) return "x'" + hex(v.subarray(0, 32)) + "'" + (v.length > 32 ? "… (" + v.length + " bytes)" : "");
      if (typeof v === "string" && v.length > 2000) return v.slice(0, 2000) + "… (" + v.length + " characters)";
      return v;
    }
    // A value as SQLite types it, the key two values are compared by: its
    // storage class and its exact value. Integers come as BigInts (all 64
    // bits), reals as numbers (an infinity stays one, -0 stays -0), so
    // text is never a blob or a number, nor a real an integer.
    function typed(v) {
      if (v === null) return "null";
      if (typeof v === "bigint") return "integer " + v;
      if (typeof v === "number") return "real " + (Object.is(v, -0) ? "-0" : String(v));
      if (v instanceof Uint8Array) return "blob " + hex(v);
      return "text " + v;
    }
    // The same value whatever its type: what a row that differs only by
    // types has in common with the other (a blob as the text its bytes
    // spell, where they spell one).
    const utf8 = new TextDecoder("utf-8", { fatal: true });
    function loose(v) {
      if (v instanceof Uint8Array) { try { return utf8.decode(v); } catch (e) { return hex(v); } }
      if (typeof v === "number" && Object.is(v, -0)) return "0";
      return v === null ? "\u0000" : String(v);
    }
    // The rows of the last statement of `sql` that has columns: `cap` kept
    // (each value as `keep` makes it), all counted. Integers are read
    // exactly, as BigInts.
    function run(d, sql, cap, keep) {
      let last = null, done = 0;
      try {
        for (const st of d.iterateStatements(sql)) {
          try {
            const columns = st.getColumnNames(), rows = [];
            let count = 0;
            while (st.step()) { count++; if (rows.length < cap) rows.push(st.get(null, { useBigInt: true }).map(keep)); }
            if (columns.length) last = { columns, rows, count, sql: st.getSQL() };
          } finally { st.free(); }
          done++;
        }
      } catch (err) {
        throw { message: String(err && err.message || err), ran: done };
      }
      return last || { columns: [], rows: [], count: 0, statements: done, changes: d.getRowsModified() };
    }
    const key = (row, of) => JSON.stringify(row.map(of));
    // The rows' keys, in order where the order counts, else sorted.
    function keys(r, ordered, of) {
      const k = r.rows.map(row => key(row, of));
      return ordered ? k : k.sort();
    }
    function same(want, got, ordered) {
      if (want.columns.length !== got.columns.length || want.count !== got.count) return false;
      const a = keys(want, ordered, typed), b = keys(got, ordered, typed);
      return a.every((r, i) => r === b[i]);
    }
    // Where the rows are the same but for the types of some values: the
    // first such value, with its column and each side's type and value.
    function typeDifference(want, got, ordered) {
      if (want.columns.length !== got.columns.length || want.count !== got.count) return null;
      const a = keys(want, ordered, loose), b = keys(got, ordered, loose);
      if (!a.every((r, i) => r === b[i])) return null;
      const paired = r => r.rows.map(row => [key(row, loose), key(row, typed), row])
        .sort((x, y) => ordered ? 0 : x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0);
      const left = paired(want), right = paired(got);
      for (let i = 0; i < left.length; i++) {
        const [w, g] = [left[i][2], right[i][2]];
        const j = w.findIndex((v, x) => typed(v) !== typed(g[x]));
        if (j >= 0) return { column: want.columns[j], want: w[j], got: g[j] };
      }
      return null;
    }
    const few = r => ({ columns: r.columns, rows: r.rows.slice(0, 10).map(row => row.map(shown)), count: r.count });
    // Text whose bytes are not UTF-8 comes out of sql.js changed (each bad
    // byte a U+FFFD), so two different texts could read alike. Where a
    // result holds that character, its statement is read again through a
    // temporary view, each text as its bytes (SQLite's hex()); where that
    // cannot be done, the text is compared as it reads.
    const lossy = r => r.rows.some(row => row.some(v => typeof v === "string" && v.includes("\uFFFD")));
    function exactly(d, r) {
      const quoted = name => '"' + name.replace(/"/g, '""') + '"';
      try {
        d.run("drop view if exists temp.queens_exact");
        d.run("create temp view queens_exact as " + r.sql);
        const names = d.exec("pragma temp.table_info(queens_exact)")[0].values.map(row => row[1]);
        const cells = names.map(quoted).map(c => "case typeof(" + c + ") when 'text' then char(1) || hex(" + c + ") else " + c + " end");
        const st = d.prepare("select " + cells.join(", ") + " from temp.queens_exact"), rows = [];
        try { while (st.step()) rows.push(st.get(null, { useBigInt: true })); } finally { st.free(); }
        d.run("drop view temp.queens_exact");
        return { columns: r.columns, rows, count: rows.length };
      } catch (err) {
        return null;
      }
    }
    // The two results as they are compared: exactly, where text may read
    // alike and be other bytes.
    function compared(d, want, got) {
      if (!lossy(want) && !lossy(got)) return [want, got];
      const a = exactly(d, want), b = exactly(d, got);
      return a && b ? [a, b] : [want, got];
    }
    function check(m) {
      for (let b = 0; b < pristine.length; b++) {
        const d = new SQL.Database(pristine[b]);
        try {
          const want = run(d, m.reference, Infinity, v => v);
          let got;
          try { got = run(d, m.answer, Infinity, v => v); }
          catch (err) { return { kind: "checked", id: m.id, board: b, error: String(err.message || err) }; }
          const [wantExactly, gotExactly] = compared(d, want, got);
          if (!same(wantExactly, gotExactly, m.ordered)) {
            const types = typeDifference(want, got, m.ordered);
            return { kind: "checked", id: m.id, board: b, want: few(want), got: few(got), types: types && { column: types.column, want: said(types.want), got: said(types.got) } };
          }
        } finally { d.close(); }
      }
      return { kind: "checked", id: m.id, ok: true };
    }
    // A value with its type, in words: "the integer 92", "the real 92.0",
    // "the text '92'", "the blob x'6131'", "NULL".
    function said(v) {
      if (v === null) return "NULL";
      if (typeof v === "bigint") return "the integer " + v;
      if (typeof v === "number") return "the real " + (Number.isInteger(v) ? v.toFixed(1) : String(v));
      if (v instanceof Uint8Array) return "the blob " + shown(v);
      return "the text '" + String(shown(v)).replace(/'/g, "''") + "'";
    }
    onmessage = async e => {
      const m = e.data;
      try {
        await loaded;
        if (m.kind === "open") {
          pristine = await Promise.all(m.boards.map(b => gunzip(b[1])));
          db = new SQL.Database(pristine[0]);
          postMessage({ kind: "ready", sqlite: db.exec("select sqlite_version()")[0].values[0][0] });
        } else if (m.kind === "run") postMessage({ kind: "rows", id: m.id, result: run(db, m.sql, m.cap, shown) });
        else if (m.kind === "check") postMessage(check(m));
      } catch (err) {
        postMessage({ kind: "failed", id: m.id, message: String(err && err.message || err), ran: err && err.ran || 0 });
      }
    };
  }

  function start() {
    if (!workerUrl) workerUrl = URL.createObjectURL(new Blob([L.sqljs, "\n;(", labWorker.toString(), ")();\n"], { type: "text/javascript" }));
    ready = false; busy = null;
    worker = new Worker(workerUrl);
    worker.onmessage = e => heard(e.data);
    worker.onerror = e => { e.preventDefault(); sayError("SQLite stopped: " + (e.message || "the worker failed") + "."); busy = null; controls(); };
    worker.postMessage({ kind: "open", boards: L.boards });
    controls();
  }

  function controls() {
    const empty = !text.value.trim();
    runButton.disabled = !ready || !!busy || empty;
    checkButton.disabled = !ready || !!busy || empty || !L.exercises.length;
    stopButton.disabled = !busy;
    freshButton.disabled = !ready || !!busy;
  }

  const state = said => { el("lab-state").textContent = said; };
  const sayError = said => { el("lab-error").textContent = said; };

  function heard(m) {
    if (m.kind === "ready") {
      ready = true;
      state(after + "SQLite " + m.sqlite + " is ready" + (after ? " again" : "") + ".");
      after = "";
      controls();
      runPending();
      return;
    }
    if (!busy || m.id !== busy.id) return;
    const was = busy;
    busy = null;
    controls();
    if (m.kind === "failed") {
      if (was.kind === "run") { el("lab-rows").replaceChildren(); el("lab-boards").replaceChildren(); el("lab-count").textContent = ""; }
      state(was.kind === "check" ? "The check did not run."
        : m.ran > 0 ? "Stopped at an error: " + plural(m.ran, "statement", "statements") + " before it ran." : "The query did not run.");
      sayError("Error: " + m.message.split("\n")[0]);
      if (was.kind === "check") el("lab-verdict").textContent = "The check did not run: " + m.message.split("\n")[0];
      return;
    }
    if (m.kind === "rows") showRows(m.result);
    if (m.kind === "checked") verdict(m, was.exercise);
    runPending();
  }

  // The query an address asked for while SQLite was starting or busy.
  function runPending() {
    if (pending === null || !ready || busy) return;
    const sql = pending;
    pending = null;
    run(sql);
  }

  function run(sql) {
    if (!ready) { pending = sql; state("Starting SQLite… the query runs when it is ready."); return; }
    if (busy || !sql.trim()) return;
    busy = { id: nextId++, kind: "run" };
    sayError(""); state("Running…");
    worker.postMessage({ kind: "run", id: busy.id, sql, cap: SHOWN_ROWS });
    controls();
  }

  function stop() {
    if (!busy) return;
    worker.terminate();
    after = "Stopped: the database is a fresh copy. ";
    start();
    state("Stopped. SQLite starts again, on a fresh copy of the database.");
    // Run waits for SQLite: the query keeps the focus (Ctrl+Enter runs it).
    text.focus();
  }

  function fresh() {
    if (!confirm("Start the console again on a fresh copy of the database? Tables and views you made in it, and rows you changed, go.")) return;
    worker.terminate();
    after = "A fresh copy of the database. ";
    start();
    state("Starting SQLite again…");
  }

  const cellText = v => v === null ? "NULL" : String(v);
  const isNumber = v => typeof v === "number" || typeof v === "bigint";
  function table(result) {
    const t = document.createElement("table"), head = document.createElement("tr");
    result.columns.forEach((c, x) => {
      const th = document.createElement("th"); th.textContent = c;
      if (result.rows.length && isNumber(result.rows[0][x])) th.className = "num";
      head.append(th);
    });
    const body = document.createElement("tbody");
    for (const r of result.rows) {
      const tr = document.createElement("tr");
      for (const v of r) {
        const td = document.createElement("td"); td.textContent = cellText(v);
        if (v === null) td.className = "null"; else if (isNumber(v)) td.className = "num";
        tr.append(td);
      }
      body.append(tr);
    }
    const thead = document.createElement("thead"); thead.append(head);
    t.append(thead, body);
    return t;
  }

  const plural = (k, one, many) => fmt(k) + " " + (k === 1 ? one : many);

  function showRows(result) {
    const rows = el("lab-rows"), boards = el("lab-boards");
    boards.replaceChildren(); rows.replaceChildren();
    if (!result.columns.length) {
      el("lab-count").textContent = "Done: " + plural(result.statements, "statement", "statements") + " ran, " + plural(result.changes, "row", "rows") + " changed, no rows to show.";
      state("Done.");
      return;
    }
    el("lab-count").textContent = plural(result.count, "row", "rows") + (result.count > result.rows.length ? ", the first " + fmt(result.rows.length) + " shown" : "") + ".";
    state("Done.");
    rows.append(table(result));
    const drawn = placements(result);
    boards.replaceChildren(...drawn);
  }

  // Rows whose columns s1 … sN are squares: placements, drawn as small boards.
  function placements(result) {
    const at = [];
    for (let k = 1; k <= N; k++) at.push(result.columns.indexOf("s" + k));
    if (at.includes(-1)) return [];
    const no = result.columns.indexOf("solution_no"), found = [];
    for (const [x, r] of result.rows.entries()) {
      if (found.length === DRAWN) break;
      const names = at.map(i => r[i]).filter(v => v !== null);
      if (!names.length || !names.every(v => index.has(v))) continue;
      const squares = names.map(v => index.get(v)), label = no >= 0 ? "solution " + r[no] : "row " + (x + 1);
      found.push(mini(squares, label + ": " + names.join(" "), label));
    }
    return found;
  }

  // Exercises, and what this browser keeps of them.
  const stored = id => { try { return localStorage.getItem("queens-lab:" + id); } catch (e) { return null; } };
  function keep(id) {
    try { localStorage.setItem("queens-lab:" + id, "solved"); return true; } catch (e) { return false; }
  }
  const solved = x => stored(x.id) === "solved";

  function listExercises() {
    const at = choice.selectedIndex;
    choice.replaceChildren(...L.exercises.map((x, i) => {
      const o = document.createElement("option");
      o.value = i; o.textContent = (i + 1) + ". " + x.title + (solved(x) ? " ✓" : "");
      return o;
    }));
    choice.selectedIndex = Math.max(0, at);
    const done = L.exercises.filter(solved).length;
    el("lab-progress").textContent = L.exercises.length ? done + " of " + L.exercises.length + " solved" : "";
    showPrompt();
  }

  function showPrompt() {
    const x = L.exercises[choice.selectedIndex];
    el("lab-prompt").textContent = x ? x.prompt + (solved(x) ? " (Solved in this browser.)" : "") : "This page has no exercises.";
  }

  function check() {
    const x = L.exercises[choice.selectedIndex];
    if (!x || !ready || busy || !text.value.trim()) return;
    busy = { id: nextId++, kind: "check", exercise: x };
    sayError(""); state("Checking on " + L.boards.length + " boards…");
    el("lab-verdict").replaceChildren();
    worker.postMessage({ kind: "check", id: busy.id, answer: text.value, reference: x.answer, ordered: x.ordered });
    controls();
  }

  const boardName = b => L.boards[b][0] + "×" + L.boards[b][0];
  function verdict(m, x) {
    const box = el("lab-verdict"), head = document.createElement("p");
    state("Checked.");
    if (m.ok) {
      head.className = "right";
      const others = L.boards.slice(1).map((_, i) => boardName(i + 1)).join(", ");
      head.textContent = "Right: the same rows as the reference answer on this " + boardName(0) + " board and on the hidden " + others + " boards." + (keep(x.id) ? "" : " (This browser keeps no progress.)");
      box.replaceChildren(head);
      listExercises();
      return;
    }
    head.className = "wrong";
    const where = m.board === 0 ? "on this " + boardName(0) + " board" : "on the hidden " + boardName(m.board) + " board";
    if (m.error) { head.textContent = "Not yet: your answer fails " + where + ": " + m.error.split("\n")[0]; box.replaceChildren(head); return; }
    // A hidden board is checked only once the page's own agrees.
    const lead = m.board === 0 ? "Not yet: " + where : "Not yet: right on this " + boardName(0) + " board, but " + where;
    const shape = r => plural(r.count, "row", "rows") + " of " + plural(r.columns.length, "column", "columns");
    const alike = m.want.count === m.got.count && m.want.columns.length === m.got.columns.length;
    head.textContent = lead + (m.types
      ? " your rows have the reference answer's values, but a value's type differs: in column " + m.types.column + ", the reference answer has " + m.types.want + " and yours " + m.types.got + "."
      : alike
        ? " your rows are not the reference answer's" + (x.ordered ? ", or not in its order (the order counts here)" : "") + "."
        : " the reference answer gives " + shape(m.want) + " and yours " + shape(m.got) + ".");
    const pair = document.createElement("div"); pair.className = "lab-pair";
    for (const [said, r] of [["expected", m.want], ["yours", m.got]]) {
      const d = document.createElement("div"), p = document.createElement("p");
      p.textContent = said + (r.count > r.rows.length ? " (the first " + r.rows.length + " of " + fmt(r.count) + " rows)" : "") + ":";
      d.append(p, table(r)); pair.append(d);
    }
    box.replaceChildren(head, pair);
  }

  el("lab-license").textContent = L.license;
  runButton.addEventListener("click", () => run(text.value));
  stopButton.addEventListener("click", stop);
  freshButton.addEventListener("click", fresh);
  checkButton.addEventListener("click", check);
  choice.addEventListener("change", () => { el("lab-verdict").replaceChildren(); showPrompt(); });
  text.addEventListener("input", () => { controls(); keepInAddress(); });
  text.addEventListener("keydown", e => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); run(text.value); }
  });
  listExercises();
  start();
  return {
    // The query an address holds (#sql=…): typed in, and run.
    fromAddress(sql) {
      if (sql === text.value && busy) return;
      text.value = sql;
      controls();
      if (busy) { pending = sql; state("The address's query runs when this one ends."); } else run(sql);
    },
    // What the address keeps of the console: the query typed.
    addressPart() { return text.value.trim() ? "sql=" + encodeURIComponent(text.value) : ""; },
  };
})();
