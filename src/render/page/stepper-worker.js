/* exported stepperWorker */

// The stepper's side of the console's SQLite (stepper.js is the page's):
// its text runs in the console's worker, before consoleWorker's, which
// hands it every "step" message. It evaluates the first recursive common
// table expression of a query itself, round by round, as the SQL standard
// defines it: round 0 is the base's rows; round k is every step run over
// round k − 1's rows only (the working table); `union` drops rows seen
// before. The working table is a temporary table, and the CTE's name is
// bound to a plain CTE that reads it, so nothing of the learner's is
// shadowed. `shown` makes a value fit to show.
function stepperWorker(shown) {
  // More rows than this in one round are not held: stepping stops.
  const ROUND_CAP = 1000000;
  // Up to this many working rows, each is run apart, so that every new
  // row names its parent; beyond, the round runs whole.
  const PER_ROW_CAP = 20000;
  const SHOWN = 200;
  const T = "temp.queens_stepper_";
  let plan = null;
  let round = -1;

  // The query's tokens: words (lower-cased), names ("…", […], `…`),
  // strings ('…'), numbers and single characters; comments and spaces
  // are skipped. Each keeps where it starts and ends in the text.
  function tokens(sql) {
    const out = [];
    let i = 0;
    const push = (kind, value, at) => out.push({ kind, value, at, end: i });
    while (i < sql.length) {
      const c = sql[i];
      const at = i;
      if (/\s/.test(c)) {
        i++;
      } else if (sql.startsWith("--", i)) {
        const e = sql.indexOf("\n", i);
        i = e < 0 ? sql.length : e + 1;
      } else if (sql.startsWith("/*", i)) {
        const e = sql.indexOf("*/", i + 2);
        i = e < 0 ? sql.length : e + 2;
      } else if (c === "'" || c === "\"" || c === "`" || c === "[") {
        const close = c === "[" ? "]" : c;
        let value = "";
        i++;
        while (i < sql.length) {
          if (sql[i] === close && close !== "]" && sql[i + 1] === close) {
            value += close;
            i += 2;
          } else if (sql[i] === close) {
            i++;
            break;
          } else {
            value += sql[i++];
          }
        }
        push(c === "'" ? "string" : "name", value, at);
      } else if (/[A-Za-z_\u0080-\uffff]/.test(c)) {
        while (i < sql.length && /[A-Za-z0-9_$\u0080-\uffff]/.test(sql[i])) {
          i++;
        }
        push("word", sql.slice(at, i).toLowerCase(), at);
      } else if (/[0-9]/.test(c)) {
        while (i < sql.length && /[0-9A-Za-z_.]/.test(sql[i])) {
          i++;
        }
        push("number", sql.slice(at, i), at);
      } else {
        i++;
        push("op", c, at);
      }
    }
    return out;
  }

  const isName = t => t && (t.kind === "word" || t.kind === "name");
  const nameOf = t => t.value.toLowerCase();
  const quoted = name => "\"" + name.replace(/"/g, "\"\"") + "\"";

  // Where the parenthesis at tokens[open] closes.
  function closing(ts, open) {
    let depth = 0;
    for (let i = open; i < ts.length; i++) {
      if (ts[i].value === "(" && ts[i].kind === "op") {
        depth++;
      } else if (ts[i].value === ")" && ts[i].kind === "op") {
        depth--;
        if (depth === 0) {
          return i;
        }
      }
    }
    throw { refused: "a parenthesis is never closed." };
  }

  // The common table expressions of the query's first WITH clause: each
  // its name, its column list (or null), its text as written and its
  // body's tokens.
  function ctes(sql, ts) {
    const w = ts.findIndex(t => t.kind === "word" && t.value === "with");
    if (w < 0) {
      return null;
    }
    const list = [];
    let i = w + 1;
    const recursive = ts[i] && ts[i].kind === "word" && ts[i].value === "recursive";
    if (recursive) {
      i++;
    }
    for (;;) {
      const head = ts[i];
      if (!isName(head)) {
        throw { refused: "its WITH clause does not name a common table expression where it should." };
      }
      i++;
      let columns = null;
      if (ts[i] && ts[i].value === "(") {
        const close = closing(ts, i);
        columns = ts.slice(i + 1, close).filter(isName).map(t => t.value);
        i = close + 1;
      }
      if (!ts[i] || ts[i].value !== "as") {
        throw { refused: "its common table expression " + head.value + " has no AS where it should." };
      }
      i++;
      while (ts[i] && (ts[i].value === "not" || ts[i].value === "materialized")) {
        i++;
      }
      if (!ts[i] || ts[i].value !== "(") {
        throw { refused: "its common table expression " + head.value + " has no body in parentheses." };
      }
      const close = closing(ts, i);
      // Its text goes into the stepper's own statements: it must not end one.
      if (ts.slice(i, close).some(t => t.kind === "op" && t.value === ";")) {
        throw { refused: "its common table expression " + head.value + " holds a ';', which ends a statement inside it." };
      }
      list.push({
        name: head.value,
        columns,
        text: sql.slice(head.at, ts[close].end),
        body: ts.slice(i + 1, close),
      });
      i = close + 1;
      if (!ts[i] || ts[i].value !== ",") {
        return { recursive, list };
      }
      i++;
    }
  }

  // The tables a run of tokens reads by `name`: a name right after FROM,
  // JOIN or a comma of a FROM clause.
  function reads(body, name) {
    let count = 0;
    // Whether each open parenthesis's select is in its FROM clause.
    const inFrom = [false];
    const ends = ["where", "group", "having", "window", "order", "limit", "union", "except", "intersect", "on", "using", "select", "values"];
    body.forEach((t, i) => {
      const depth = inFrom.length - 1;
      if (t.kind === "op" && t.value === "(") {
        inFrom.push(false);
      } else if (t.kind === "op" && t.value === ")" && depth > 0) {
        inFrom.pop();
      } else if (t.kind === "word" && t.value === "from") {
        inFrom[depth] = true;
      } else if (t.kind === "word" && ends.includes(t.value)) {
        inFrom[depth] = false;
      }
      const before = body[i - 1];
      const after = body[i + 1];
      const placed = before && (before.value === "from" || before.value === "join" || (inFrom[inFrom.length - 1] && before.value === ","));
      if (isName(t) && nameOf(t) === name && placed && !(after && after.value === ".")) {
        count++;
      }
    });
    return count;
  }

  // The body's selects at its top level, split at UNION [ALL]: each its
  // text and the operator before it; or a refusal.
  function members(sql, body) {
    const out = [];
    let depth = 0;
    let from = 0;
    let joiner = null;
    const cut = (to, after) => {
      out.push({ tokens: body.slice(from, to), joiner, text: sql.slice(body[from].at, body[to - 1].end) });
      joiner = after;
    };
    for (let i = 0; i < body.length; i++) {
      const t = body[i];
      if (t.kind === "op" && t.value === "(") {
        depth++;
      } else if (t.kind === "op" && t.value === ")") {
        depth--;
      } else if (depth === 0 && t.kind === "word") {
        if (t.value === "order" || t.value === "limit") {
          throw { refused: "its body has " + (t.value === "order" ? "ORDER BY" : "LIMIT")
            + " at its top level, which changes the order SQLite's queue takes rows in, so rounds would not be what SQLite does." };
        }
        if (t.value === "except" || t.value === "intersect") {
          throw { refused: "its selects are joined by " + t.value.toUpperCase() + ", not UNION or UNION ALL." };
        }
        if (t.value === "union") {
          const all = body[i + 1] && body[i + 1].value === "all";
          cut(i, all ? "union all" : "union");
          from = all ? i + 2 : i + 1;
          i = from - 1;
        }
      }
    }
    cut(body.length, null);
    return out;
  }

  const AGGREGATES = ["count", "sum", "avg", "total", "group_concat", "string_agg", "json_group_array", "json_group_object", "jsonb_group_array", "jsonb_group_object"];

  // Why a step's new rows cannot each name their parent, or "".
  function unknowable(step, name, shownName) {
    if (step.reads !== 1) {
      return "a step reads " + shownName + " " + step.reads + " times";
    }
    const ts = step.tokens;
    const grouped = ts.some((t, i) => t.value === "group" && ts[i + 1] && ts[i + 1].value === "by");
    const aggregate = ts.some((t, i) => t.kind === "word" && AGGREGATES.includes(t.value) && ts[i + 1] && ts[i + 1].value === "(");
    if (grouped || aggregate || ts.some(t => t.kind === "word" && t.value === "over")) {
      return "a step aggregates rows (GROUP BY, an aggregate or a window function)";
    }
    return "";
  }

  // What stepping the query takes: the CTE, its other CTEs, its bases and
  // steps; or a refusal, in words.
  function planOf(sql) {
    const ts = tokens(sql);
    const clause = ctes(sql, ts);
    if (!clause) {
      throw { refused: "it has no WITH clause: Step follows a recursive common table expression, name(columns) as (base union all step)." };
    }
    const names = clause.list.map(c => c.name.toLowerCase());
    const at = clause.list.findIndex((c, i) => reads(c.body, names[i]) > 0);
    for (let i = 0; i < names.length; i++) {
      for (let j = i + 1; j < names.length; j++) {
        if (reads(clause.list[i].body, names[j]) && reads(clause.list[j].body, names[i])) {
          throw { refused: clause.list[i].name + " and " + clause.list[j].name + " read each other (mutually recursive), which Step does not follow." };
        }
      }
    }
    if (at < 0) {
      throw { refused: "none of its common table expressions reads itself: there is no recursion to step through." };
    }
    const cte = clause.list[at];
    const name = names[at];
    const parts = members(sql, cte.body);
    parts.forEach(p => {
      p.reads = reads(p.tokens, name);
    });
    const first = parts.findIndex(p => p.reads > 0);
    if (first === 0) {
      throw { refused: "its first select reads " + cte.name + " itself: there is no base to start from." };
    }
    const steps = parts.slice(first);
    if (steps.some(p => p.reads === 0)) {
      throw { refused: "a select that does not read " + cte.name + " comes after one that does: Step needs the base first, then the steps." };
    }
    const joiner = steps[0].joiner;
    if (steps.some(p => p.joiner !== joiner)) {
      throw { refused: "its steps are joined by both UNION and UNION ALL." };
    }
    const bases = parts.slice(0, first);
    const why = steps.map(p => unknowable(p, name, cte.name)).find(w => w) || "";
    return {
      name: cte.name,
      columns: cte.columns,
      others: clause.list.filter((_, i) => i !== at).map(c => c.text),
      all: clause.list.map(c => c.text),
      base: sql.slice(bases[0].tokens[0].at, bases[bases.length - 1].tokens[bases[bases.length - 1].tokens.length - 1].end),
      steps: steps.map(p => p.text),
      distinct: joiner === "union",
      why,
    };
  }

  // The CTEs before the step's or base's select, with `bound` (the CTE's
  // name bound to a table) among them.
  const withClause = extra => {
    const list = plan.others.concat(extra ? [extra] : []);
    return list.length ? "with recursive " + list.join(", ") + " " : "";
  };
  const cols = prefix => plan.cols.map((_, i) => prefix + "c" + (i + 1)).join(", ");
  // A row as SQLite's UNION tells rows apart: 1 and 1.0 alike, '1' not.
  const unionKey = () => plan.cols.map((_, i) => "case when typeof(c" + (i + 1) + ") in ('integer', 'real') and c" + (i + 1)
    + " = cast(c" + (i + 1) + " as integer) then cast(cast(c" + (i + 1) + " as integer) as text) else quote(c" + (i + 1) + ") end")
    .join(" || ',' || ");
  // A row with its values' types: (1, 'a', 2.0).
  const typedKey = () => "'(' || " + plan.cols.map((_, i) => "quote(c" + (i + 1) + ")").join(" || ', ' || ") + " || ')'";

  function begin(db, sql) {
    plan = planOf(sql);
    round = -1;
    const probe = db.prepare(withClause(null) + plan.base);
    try {
      plan.cols = plan.columns || probe.getColumnNames();
    } finally {
      probe.free();
    }
    for (const table of ["work", "next", "raw", "seen", "every", "own"]) {
      db.run("drop table if exists " + T + table);
    }
    const row = "(id integer primary key, parent integer, key, " + cols("") + ")";
    db.run("create table " + T + "work " + row);
    db.run("create table " + T + "raw " + row);
    db.run("create table " + T + "seen (key primary key)");
    db.run("create table " + T + "every (" + cols("") + ")");
    db.run(withClause(null) + "insert into " + T + "raw (parent, " + cols("") + ") select null, * from (" + plan.base + ") limit " + (ROUND_CAP + 1));
    return settle(db, true);
  }

  // The step's select with the working table bound to the CTE's name:
  // all of it, or only the row `?1`.
  function stepStatement(step, one) {
    const bound = quoted(plan.name) + " (" + plan.cols.map(quoted).join(", ") + ") as (select " + cols("")
      + " from " + T + "work" + (one ? " where id = ?1" : "") + ")";
    return withClause(bound) + "insert into " + T + "raw (parent, " + cols("") + ") select " + (one ? "?1" : "null")
      + ", * from (" + step + ")" + (one ? "" : " limit " + (ROUND_CAP + 1));
  }

  const count = (db, table) => Number(db.exec("select count(*) from " + T + table)[0].values[0][0]);

  function nextRound(db) {
    const working = count(db, "work");
    const perRow = !plan.why && working <= PER_ROW_CAP;
    if (perRow) {
      const statements = plan.steps.map(step => db.prepare(stepStatement(step, true)));
      try {
        let made = 0;
        for (let id = 1; id <= working && made <= ROUND_CAP; id++) {
          for (const statement of statements) {
            statement.run([id]);
            made += db.getRowsModified();
          }
        }
      } finally {
        statements.forEach(s => s.free());
      }
    } else {
      plan.steps.forEach(step => db.run(stepStatement(step, false)));
    }
    return settle(db, perRow);
  }

  // The raw rows of a round made the working table (without those seen
  // before, for UNION), and what the page shows of it.
  function settle(db, perRow) {
    round++;
    const made = count(db, "raw");
    if (made > ROUND_CAP) {
      db.run("delete from " + T + "raw");
      return { round, tooLarge: ROUND_CAP };
    }
    db.run("delete from " + T + "work");
    if (plan.distinct) {
      db.run("update " + T + "raw set key = " + unionKey());
      db.run("insert into " + T + "work (parent, key, " + cols("") + ") select parent, key, " + cols("") + " from (select parent, key, "
        + cols("") + ", min(id) as first from " + T + "raw where key not in (select key from " + T + "seen) group by key) order by first");
      db.run("insert or ignore into " + T + "seen (key) select key from " + T + "work");
    } else {
      db.run("insert into " + T + "work (parent, " + cols("") + ") select parent, " + cols("") + " from " + T + "raw order by id");
    }
    db.run("delete from " + T + "raw");
    db.run("insert into " + T + "every select " + cols("") + " from " + T + "work");
    const rows = [];
    const statement = db.prepare("select id, parent, " + cols("") + " from " + T + "work order by id limit " + SHOWN);
    try {
      while (statement.step()) {
        rows.push(statement.get(null, { useBigInt: true }).map(shown));
      }
    } finally {
      statement.free();
    }
    const reply = { round, count: count(db, "work"), rows, perRow, name: plan.name, columns: plan.cols, distinct: plan.distinct, why: plan.why };
    if (!reply.count) {
      reply.faithful = faithful(db);
    }
    return reply;
  }

  // The union of all rounds against SQLite's own run of the CTE, as
  // multisets of rows typed as SQLite types them.
  function faithful(db) {
    try {
      db.run("create table " + T + "own (" + cols("") + ")");
      db.run("with recursive " + plan.all.join(", ") + " insert into " + T + "own select * from " + quoted(plan.name));
      const differs = db.exec("select key, sum(n) from (select " + typedKey() + " as key, 1 as n from " + T + "own union all select "
        + typedKey() + ", -1 from " + T + "every) group by key having sum(n) <> 0 order by key");
      const rows = differs.length ? differs[0].values : [];
      const total = count(db, "own");
      const missing = rows.filter(r => r[1] > 0).reduce((s, r) => s + Number(r[1]), 0);
      const extra = rows.filter(r => r[1] < 0).reduce((s, r) => s - Number(r[1]), 0);
      return { total, missing, extra, example: rows.length ? [String(rows[0][0]), rows[0][1] > 0 ? "missing" : "extra"] : null };
    } catch (err) {
      return { error: String((err && err.message) || err) };
    }
  }

  return function step(db, m) {
    try {
      const reply = m.op === "begin" ? begin(db, m.sql) : nextRound(db);
      return Object.assign({ kind: "stepped", id: m.id }, reply);
    } catch (err) {
      if (err && err.refused) {
        plan = null;
        return { kind: "stepped", id: m.id, refused: err.refused };
      }
      throw err;
    }
  };
}
