/* exported consoleWorker */
/* global initSqlJs, stepperWorker */

// The console's SQLite, in a worker: its source is this function's text,
// after sql.js's own code (which defines initSqlJs), so it uses nothing
// from the page. Messages: "open" (the boards, gzipped, in base64, and
// the functions `queens grade`'s SQLite has),
// "run" (a query, its rows kept up to a cap) and "check" (a learner's
// answer, on every board, against the reference's rows the page carries),
// and "step" (stepper-worker.js, whose text comes before this one's).
function consoleWorker() {
  let SQL = null;
  let pristine = [];
  let db = null;
  // SQLite's own functions only: sql.js's legacy extensions (median(),
  // a ceil() that gives an integer, …) are none of SQLite's, and `queens
  // grade` runs SQLite.
  const loaded = initSqlJs({ useOldExtensionFunctions: false }).then(sql => {
    SQL = sql;
  });
  // The functions this SQLite has and `queens grade`'s has not, by name
  // and number of arguments: [name, narg], from the "open" message.
  let gradersLack = [];

  // The functions of this SQLite (on the board `bytes`) that `grader`
  // (the grader's, [name, narg]) lacks.
  function lacking(bytes, grader) {
    const has = new Set(grader.map(([name, narg]) => name.toLowerCase() + "/" + narg));
    const d = new SQL.Database(bytes);
    try {
      const own = d.exec("select distinct lower(name), narg from pragma_function_list")[0].values;
      return own.filter(([name, narg]) => !has.has(name + "/" + narg));
    } finally {
      d.close();
    }
  }

  // The board `bytes` as a database whose every function `queens grade`
  // lacks is one that refuses, in words, to run: an answer that calls it
  // is no answer the grader can tick.
  function opened(bytes) {
    const d = new SQL.Database(bytes);
    for (const [name, narg] of gradersLack) {
      const refuse = () => {
        throw new Error(name + "() runs here but not where your teacher checks answers (queens grade): write the answer without it");
      };
      // sql.js registers a function for as many arguments as its length.
      Object.defineProperty(refuse, "length", { value: narg });
      d.create_function(name, refuse);
    }
    return d;
  }

  const bytesOf = binary => {
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) {
      bytes[i] = binary.charCodeAt(i);
    }
    return bytes;
  };

  async function gunzip(base64) {
    const stream = new Blob([bytesOf(atob(base64))]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }

  const hex = bytes => Array.from(bytes, b => b.toString(16).padStart(2, "0")).join("");
  const unhex = text => Uint8Array.from(text.match(/../g) || [], pair => parseInt(pair, 16));

  // A value as the page shows it: a blob as hex, a long one or a long
  // text cut short with its length said, so no value can swamp the page.
  function shown(v) {
    if (v instanceof Uint8Array) {
      return "x'" + hex(v.subarray(0, 32)) + "'" + (v.length > 32 ? "… (" + v.length + " bytes)" : "");
    }
    if (typeof v === "string" && v.length > 2000) {
      return v.slice(0, 2000) + "… (" + v.length + " characters)";
    }
    return v;
  }

  // A value as SQLite types it, the key two values are compared by: its
  // storage class and its exact value. Integers come as BigInts (all 64
  // bits), reals as numbers (an infinity stays one, -0 stays -0), so
  // text is never a blob or a number, nor a real an integer.
  function typed(v) {
    if (v === null) {
      return "null";
    }
    if (typeof v === "bigint") {
      return "integer " + v;
    }
    if (typeof v === "number") {
      return "real " + (Object.is(v, -0) ? "-0" : String(v));
    }
    if (v instanceof Uint8Array) {
      return "blob " + hex(v);
    }
    return "text " + v;
  }

  // The same value whatever its type: what a row that differs only by
  // types has in common with the other (a blob as the text its bytes
  // spell, where they spell one).
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  function loose(v) {
    if (v instanceof Uint8Array) {
      try {
        return utf8.decode(v);
      } catch {
        return hex(v);
      }
    }
    if (typeof v === "number" && Object.is(v, -0)) {
      return "0";
    }
    return v === null ? "\u0000" : String(v);
  }

  // The rows of the last statement of `sql` that has columns: `cap` kept
  // (each value as `keep` makes it), all counted. Integers are read
  // exactly, as BigInts.
  function run(d, sql, cap, keep) {
    let last = null;
    let done = 0;
    try {
      for (const statement of d.iterateStatements(sql)) {
        try {
          const columns = statement.getColumnNames();
          const rows = [];
          let count = 0;
          while (statement.step()) {
            count++;
            if (rows.length < cap) {
              rows.push(statement.get(null, { useBigInt: true }).map(keep));
            }
          }
          if (columns.length) {
            last = { columns, rows, count, sql: statement.getSQL() };
          }
        } finally {
          statement.free();
        }
        done++;
      }
    } catch (err) {
      throw { message: String((err && err.message) || err), ran: done };
    }
    if (last) {
      last.statements = done;
    }
    return last || { columns: [], rows: [], count: 0, statements: done, changes: d.getRowsModified() };
  }

  const key = (row, of) => JSON.stringify(row.map(of));

  // The rows' keys, in order where the order counts, else sorted.
  function keys(result, ordered, of) {
    const all = result.rows.map(row => key(row, of));
    return ordered ? all : all.sort();
  }

  function same(want, got, ordered) {
    if (want.columns.length !== got.columns.length || want.count !== got.count) {
      return false;
    }
    const a = keys(want, ordered, typed);
    const b = keys(got, ordered, typed);
    return a.every((row, i) => row === b[i]);
  }

  const byText = (x, y) => (x < y ? -1 : x > y ? 1 : 0);

  // Where the rows are the same but for the types of some values (each
  // value compared as text, a blob as the text its bytes spell, NULL apart
  // from ''): the first such value, its row on each side and its column.
  function typeDifference(want, got, ordered) {
    const a = keys(want, ordered, loose);
    const b = keys(got, ordered, loose);
    if (a.length !== b.length || !a.every((row, i) => row === b[i])) {
      return null;
    }
    const paired = result => result.rows
      .map((row, at) => [key(row, loose), key(row, typed), row, at])
      .sort((x, y) => (ordered ? 0 : byText(x[0], y[0]) || byText(x[1], y[1])));
    const left = paired(want);
    const right = paired(got);
    for (let i = 0; i < left.length; i++) {
      const [w, g] = [left[i][2], right[i][2]];
      const column = w.findIndex((v, x) => typed(v) !== typed(g[x]));
      if (column >= 0) {
        return { column, wantAt: left[i][3], gotAt: right[i][3], want: w[column], got: g[column] };
      }
    }
    return null;
  }

  // The rows (by their keys) that the other side has not, or has fewer
  // times: their indexes.
  function unmatched(rows, other) {
    const left = new Map();
    for (const row of other) {
      left.set(row, (left.get(row) || 0) + 1);
    }
    const found = [];
    rows.forEach((row, at) => {
      const k = left.get(row) || 0;
      if (k > 0) {
        left.set(row, k - 1);
      } else {
        found.push(at);
      }
    });
    return found;
  }

  const VERDICT_ROWS = 10;

  // The rows of a result a verdict shows: the marked ones first (`marks`,
  // a Map from a row's index to its mark), then the others in order, ten
  // in all; or, `inOrder`, ten rows in order from just before the first
  // marked one.
  function shownWith(result, marks, inOrder) {
    const all = result.rows.map((_, i) => i);
    let at;
    if (inOrder) {
      const first = Math.max(0, Math.min(...marks.keys()) - 4);
      at = all.slice(first, first + VERDICT_ROWS);
    } else {
      const marked = [...marks.keys()].sort((x, y) => x - y);
      at = marked.concat(all.filter(i => !marks.has(i))).slice(0, VERDICT_ROWS);
    }
    return {
      columns: result.columns,
      rows: at.map(i => result.rows[i].map(shown)),
      marks: at.map(i => marks.get(i) || null),
      at,
      count: result.count,
      marked: marks.size,
    };
  }

  const marked = (rows, kind) => new Map(rows.map(i => [i, { kind }]));

  // What differs between the reference's rows (`want`) and the learner's
  // (`got`), in the words `queens grade` says too: the first difference
  // of the number of columns, a value's type, rows missing or extra (as
  // multisets of the rows' exact keys, `wantKeys` and `gotKeys`), the
  // order. With the rows to show, the differing ones marked.
  function difference(want, got, wantKeys, gotKeys, ordered) {
    if (want.columns.length !== got.columns.length) {
      const columns = got.columns.length === 1 ? "1 column" : got.columns.length + " columns";
      return {
        said: columns + ", the answer has " + want.columns.length,
        want: shownWith(want, new Map(), false),
        got: shownWith(got, new Map(), false),
      };
    }
    const types = typeDifference(want, got, ordered);
    if (types) {
      const typeMark = (at, v) => new Map([[at, { kind: "type", column: types.column, words: said(v) }]]);
      return {
        said: "a value's type differs: yours " + said(types.got) + ", the answer's " + said(types.want),
        want: shownWith(want, typeMark(types.wantAt, types.want), false),
        got: shownWith(got, typeMark(types.gotAt, types.got), false),
      };
    }
    const missing = unmatched(wantKeys, gotKeys);
    const extra = unmatched(gotKeys, wantKeys);
    if (missing.length || extra.length) {
      return {
        said: missingAndExtra(missing.length, extra.length),
        want: shownWith(want, marked(missing, "missing"), false),
        got: shownWith(got, marked(extra, "extra"), false),
      };
    }
    const first = Math.max(0, wantKeys.findIndex((row, i) => row !== gotKeys[i]));
    return {
      said: "right rows, wrong order",
      want: shownWith(want, marked([first], "order"), true),
      got: shownWith(got, marked([first], "order"), true),
    };
  }

  // "1 row missing", "2 extra rows", "3 rows missing, 1 extra".
  function missingAndExtra(missing, extra) {
    const rows = k => (k === 1 ? "1 row" : k + " rows");
    if (!extra) {
      return rows(missing) + " missing";
    }
    if (!missing) {
      return extra === 1 ? "1 extra row" : extra + " extra rows";
    }
    return rows(missing) + " missing, " + extra + " extra";
  }

  // Text whose bytes are not UTF-8 comes out of sql.js changed (each bad
  // byte a U+FFFD), so two different texts could read alike. Where a
  // result holds that character, its statement is read again through a
  // temporary view, each text as its bytes (SQLite's hex()); where that
  // cannot be done, the text is compared as it reads.
  const lossy = result => result.rows.some(row => row.some(v => typeof v === "string" && v.includes("\uFFFD")));

  function exactly(d, result) {
    const quoted = name => '"' + name.replace(/"/g, '""') + '"';
    try {
      d.run("drop view if exists temp.queens_exact");
      d.run("create temp view queens_exact as " + result.sql);
      const names = d.exec("pragma temp.table_info(queens_exact)")[0].values.map(row => row[1]);
      const cells = names.map(quoted).map(c => "case typeof(" + c + ") when 'text' then char(1) || hex(" + c + ") else " + c + " end");
      const statement = d.prepare("select " + cells.join(", ") + " from temp.queens_exact");
      const rows = [];
      try {
        while (statement.step()) {
          rows.push(statement.get(null, { useBigInt: true }));
        }
      } finally {
        statement.free();
      }
      d.run("drop view temp.queens_exact");
      return { columns: result.columns, rows, count: rows.length };
    } catch {
      return null;
    }
  }

  // A value of a reference's rows as the page carries them (JSON null, or
  // its storage class's letter and its value: i, r, t, u for text whose
  // bytes are not UTF-8, x for a blob, each in hex), as sql.js would read
  // it, and as `exactly` reads it (text as char(1) and its bytes in hex).
  const asText = new TextDecoder("utf-8");
  const textBytes = new TextEncoder();
  function carried(value) {
    if (value === null) {
      return { read: null, exact: null };
    }
    const rest = value.slice(1);
    const exactText = bytes => "\u0001" + hex(bytes).toUpperCase();
    switch (value[0]) {
    case "i":
      return { read: BigInt(rest), exact: BigInt(rest) };
    case "r":
      return { read: Number(rest), exact: Number(rest) };
    case "t":
      return { read: rest, exact: exactText(textBytes.encode(rest)) };
    case "u":
      return { read: asText.decode(unhex(rest)), exact: exactText(unhex(rest)) };
    default:
      return { read: unhex(rest), exact: unhex(rest) };
    }
  }

  // A reference's rows on one board, as read and as read exactly.
  function reference(carriedRows) {
    const values = carriedRows.rows.map(row => row.map(carried));
    const count = values.length;
    const columns = carriedRows.columns;
    return {
      read: { columns, rows: values.map(row => row.map(v => v.read)), count },
      exact: { columns, rows: values.map(row => row.map(v => v.exact)), count },
    };
  }

  // The two results as they are compared: exactly, where text may read
  // alike and be other bytes.
  function compared(d, want, got) {
    if (!lossy(want.read) && !lossy(got)) {
      return [want.read, got];
    }
    const gotExactly = exactly(d, got);
    return gotExactly ? [want.exact, gotExactly] : [want.read, got];
  }

  // Whether `sql` holds a statement after its first, told before any
  // runs: any text after the first but blanks, comments and ";", whether
  // or not it prepares (it may read a table the first would make). A
  // first statement that does not prepare says why when it runs.
  function holdsMore(d, sql) {
    const statements = d.iterateStatements(sql);
    try {
      try {
        if (statements.next().done) {
          return false;
        }
      } catch {
        return false;
      }
      try {
        return !statements.next().done;
      } catch {
        return true;
      }
    } finally {
      statements.return();
    }
  }

  // `queens grade`'s words for an answer that writes or gives no rows.
  const READS_NO_ROWS = "an answer is a query that reads rows, and this one does not";

  // The rows of `sql`, one statement, run as an answer: on a database
  // that refuses every write while it runs (SQLite's query_only), so that
  // a statement that writes, even one returning rows (DELETE … RETURNING),
  // fails as `queens grade` fails it, in its words, and so does one with
  // no columns. The learner's own Run still writes: that is the console.
  function answered(d, sql) {
    d.run("pragma query_only = 1");
    let got;
    try {
      got = run(d, sql, Infinity, v => v);
    } catch (err) {
      if (/^attempt to write a readonly database/.test(err.message)) {
        throw { message: READS_NO_ROWS };
      }
      throw err;
    } finally {
      d.run("pragma query_only = 0");
    }
    if (!got.columns.length) {
      throw { message: READS_NO_ROWS };
    }
    return got;
  }

  // The learner's answer on every board, in order, each against the
  // reference's rows on it: the first board where they differ, or ok.
  function check(m) {
    for (let b = 0; b < pristine.length; b++) {
      const d = opened(pristine[b]);
      try {
        const want = reference(m.expected[b]);
        // An answer is one statement, as `queens grade` runs it, counted
        // as grade counts them, before any runs: the page's Right is then
        // the grader's tick, and its words grade's.
        if (holdsMore(d, m.answer)) {
          return { kind: "checked", id: m.id, board: b, error: "it holds more than one statement" };
        }
        let got;
        try {
          got = answered(d, m.answer);
        } catch (err) {
          return { kind: "checked", id: m.id, board: b, error: String(err.message || err) };
        }
        const [wantCompared, gotCompared] = compared(d, want, got);
        if (!same(wantCompared, gotCompared, m.ordered)) {
          const wantKeys = wantCompared.rows.map(row => key(row, typed));
          const gotKeys = gotCompared.rows.map(row => key(row, typed));
          return { kind: "checked", id: m.id, board: b, ...difference(want.read, got, wantKeys, gotKeys, m.ordered) };
        }
      } finally {
        d.close();
      }
    }
    return { kind: "checked", id: m.id, ok: true };
  }

  // A value with its type, in words: "integer 92", "real 92.0" (a whole
  // real keeps its ".0"), "text '92'" (quotes doubled inside), "blob
  // x'6131'", "NULL".
  function said(v) {
    if (v === null) {
      return "NULL";
    }
    if (typeof v === "bigint") {
      return "integer " + v;
    }
    if (typeof v === "number") {
      return "real " + (Number.isInteger(v) ? v.toFixed(1) : String(v));
    }
    if (v instanceof Uint8Array) {
      return "blob " + shown(v);
    }
    return "text '" + String(shown(v)).replace(/'/g, "''") + "'";
  }

  const step = stepperWorker(shown);

  onmessage = async e => {
    const m = e.data;
    try {
      await loaded;
      if (m.kind === "open") {
        pristine = await Promise.all(m.boards.map(board => gunzip(board[1])));
        gradersLack = lacking(pristine[0], m.functions);
        db = opened(pristine[0]);
        postMessage({ kind: "ready", sqlite: db.exec("select sqlite_version()")[0].values[0][0] });
      } else if (m.kind === "run") {
        // Run, while stepping, runs on the database as the learner left
        // it, and ends stepping (its rounds would mix two states).
        try {
          postMessage({ kind: "rows", id: m.id, result: run(db, m.sql, m.cap, shown) });
        } finally {
          step.end();
        }
      } else if (m.kind === "check") {
        postMessage(check(m));
      } else if (m.kind === "step") {
        postMessage(step(db, m));
      }
    } catch (err) {
      postMessage({ kind: "failed", id: m.id, message: String((err && err.message) || err), ran: (err && err.ran) || 0 });
    }
  };
}
