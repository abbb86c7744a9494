/* exported stepperWorker */

// The stepper's side of the console's SQLite (stepper.js is the page's):
// its text runs in the console's worker, before consoleWorker's, which
// hands it every "step" message. It evaluates the first recursive common
// table expression of a query itself, round by round, as the SQL standard
// defines it: round 0 is the base's rows; round k is every step run over
// round k − 1's rows only (the working table); `union` drops rows seen
// before. Which selects read the CTE, how often, and what a duplicate is
// for UNION, SQLite says (see readsIn, readsOfWork, collations).
//
// The learner's database is left as it was: the stepper's tables live in
// a database of its own (a file of sql.js's memory, held by a Database
// of its own), attached to the console's under a name nothing of the
// learner's holds or names, and only while one message is handled, so
// that between rounds, after Stop and after the end, the learner's
// schemas and temp tables are what they were. `shown` makes a value fit
// to show. step.end() ends stepping (the console's Run calls it).
function stepperWorker(shown) {
  // More rows than this in one round are not held: stepping stops.
  const ROUND_CAP = 1000000;
  // Up to this many working rows, each is run apart, so that every new
  // row names its parent; beyond, the round runs whole.
  const PER_ROW_CAP = 20000;
  const SHOWN = 200;
  let plan = null;
  let round = -1;
  // The stepper's own database (its file) and the name its schema and
  // tables take, while stepping.
  let own = null;
  let names = null;
  // Its tables' prefix, the schema before it, while a message is handled.
  let T = "";

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

  const isWith = t => t && t.kind === "word" && t.value === "with";
  const isOp = (t, op) => t.kind === "op" && t.value === op;

  // Where the WITH the query starts with is: its first word, or the one
  // after a view's head as the schema holds it (`create view v(…) as
  // with …`), outside any parenthesis; else -1.
  function leadingWith(ts) {
    if (isWith(ts[0])) {
      return 0;
    }
    const w = ts.findIndex(isWith);
    const head = ts.slice(0, w);
    const depth = head.filter(t => isOp(t, "(")).length - head.filter(t => isOp(t, ")")).length;
    const aView = w > 0 && ts[0].value === "create" && head.some(t => t.kind === "word" && t.value === "view")
      && ts[w - 1].value === "as" && depth === 0;
    return aView ? w : -1;
  }

  // The common table expressions of the WITH clause the query starts
  // with (`leadingWith`), the one Step follows (a WITH inside a subquery
  // may read the outer query's rows, which no round of its own holds):
  // each its name, its column list (or null), its text as written and
  // its body's tokens.
  function ctes(sql, ts) {
    const w = leadingWith(ts);
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
        bodyText: sql.slice(ts[i].end, ts[close].at),
      });
      i = close + 1;
      if (!ts[i] || ts[i].value !== ",") {
        return { recursive, list };
      }
      i++;
    }
  }

  // Whether SQLite, preparing `select` with the CTEs `list` in scope and
  // `name` bound to a table that does not exist, reaches that table: its
  // error names it only where SQLite reads `name` as the CTE (`r`, `(r)`,
  // `"R" as x`, but not `main.r`). Any other error is SQLite's answer.
  function readsIn(db, list, name, select) {
    const absent = names.prefix + "_absent";
    const scope = list.filter(c => c.name.toLowerCase() !== name.toLowerCase()).map(c => c.text)
      .concat([quoted(name) + " as (select * from " + absent + ")"]);
    let statement = null;
    try {
      statement = db.prepare("with recursive " + scope.join(", ") + " " + select);
      return false;
    } catch (err) {
      if (String((err && err.message) || err) === "no such table: " + absent) {
        return true;
      }
      throw err;
    } finally {
      if (statement) {
        statement.free();
      }
    }
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
  function unknowable(step, name) {
    if (step.reads !== 1) {
      return "a step reads " + name + " " + step.reads + " times";
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
  // steps; or a refusal, in words. Which CTE and which selects read the
  // CTE, SQLite says (readsIn).
  function planOf(db, sql) {
    const ts = tokens(sql);
    const clause = ctes(sql, ts);
    // Any other WITH is inside a subquery (or a common table
    // expression's body), which Step does not follow.
    const at0 = leadingWith(ts);
    const inner = ts.some((t, i) => i !== at0 && isWith(t));
    if (!clause && inner) {
      throw { refused: "its WITH is inside a subquery: Step follows the WITH at the start of a query only." };
    }
    if (!clause) {
      throw { refused: "it has no WITH clause: Step follows a recursive common table expression, name(columns) as (base union all step)." };
    }
    const list = clause.list;
    const reads = (c, name) => readsIn(db, list, name, c.bodyText);
    const at = list.findIndex(c => reads(c, c.name));
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        if (reads(list[i], list[j].name) && reads(list[j], list[i].name)) {
          throw { refused: list[i].name + " and " + list[j].name + " read each other (mutually recursive), which Step does not follow." };
        }
      }
    }
    if (at < 0 && inner) {
      throw { refused: "none of the common table expressions of the WITH at its start reads itself, and Step does not follow a WITH inside a subquery." };
    }
    if (at < 0) {
      throw { refused: "none of its common table expressions reads itself: its WITH holds no recursion to step through." };
    }
    const cte = list[at];
    const parts = members(sql, cte.body);
    const first = parts.findIndex(p => readsIn(db, list, cte.name, p.text));
    if (first === 0) {
      throw { refused: "its first select reads " + cte.name + " itself: there is no base to start from." };
    }
    const steps = parts.slice(first);
    if (steps.some(p => !readsIn(db, list, cte.name, p.text))) {
      throw { refused: "a select that does not read " + cte.name + " comes after one that does: Step needs the base first, then the steps." };
    }
    const joiner = steps[0].joiner;
    if (steps.some(p => p.joiner !== joiner)) {
      throw { refused: "its steps are joined by both UNION and UNION ALL." };
    }
    const bases = parts.slice(0, first);
    const last = bases[bases.length - 1].tokens;
    return {
      name: cte.name,
      columns: cte.columns,
      others: list.filter((_, i) => i !== at).map(c => c.text),
      all: list.map(c => c.text),
      base: sql.slice(bases[0].tokens[0].at, last[last.length - 1].end),
      steps,
      distinct: joiner === "union",
    };
  }

  // The CTEs before the step's or base's select, with `bound` (the CTE's
  // name bound to a table) among them.
  const withClause = extra => {
    const list = plan.others.concat(extra ? [extra] : []);
    return list.length ? "with recursive " + list.join(", ") + " " : "";
  };
  const cols = prefix => plan.cols.map((_, i) => prefix + "c" + (i + 1)).join(", ");
  // A row with its values' types: (1, 'a', 2.0).
  const typedKey = () => "'(' || " + plan.cols.map((_, i) => "quote(c" + (i + 1) + ")").join(" || ', ' || ") + " || ')'";
  const rows = (db, sql, params) => {
    const result = db.exec(sql, params);
    return result.length ? result[0].values : [];
  };

  // The names of the databases attached to the console's (main, temp, …).
  const attachedNames = db => rows(db, "select name from pragma_database_list").map(r => String(r[0]).toLowerCase());

  // A name for the stepper's schema and tables that nothing of the
  // learner's holds or names: not the query, no object or the SQL of one
  // in any schema, no database attached.
  function freeName(db, sql) {
    const schemas = attachedNames(db).concat(["temp"]);
    const said = [sql].concat(schemas, ...schemas.map(s => rows(db, "select name || ' ' || coalesce(sql, '') from " + quoted(s) + ".sqlite_schema").map(r => r[0])))
      .join("\n").toLowerCase();
    for (let k = 1; ; k++) {
      if (!said.includes("queens_stepper_" + k)) {
        return "queens_stepper_" + k;
      }
    }
  }

  // `act` with the stepper's own database attached to the console's, in a
  // transaction of its own, and detached after, whatever happens.
  function attached(db, act) {
    const schema = names.prefix;
    if (attachedNames(db).includes(schema)) {
      throw new Error("a database is attached as " + schema + ", the name Step's own tables take: detach it to step.");
    }
    db.run("attach ? as " + schema, [names.path]);
    T = schema + "." + schema + "_";
    try {
      // Its journal in memory: its file needs no other.
      db.run("pragma " + schema + ".journal_mode = memory");
      db.run("begin");
      try {
        const reply = act();
        db.run("commit");
        return reply;
      } catch (err) {
        try {
          db.run("rollback");
        } catch {
          // SQLite rolled it back already.
        }
        throw err;
      }
    } finally {
      db.run("detach " + schema);
    }
  }

  // Stepping ends: the stepper's own database goes, and its file with it.
  function end() {
    plan = null;
    names = null;
    if (own) {
      own.close();
      own = null;
    }
  }

  // The collating sequence of each of the CTE's columns as SQLite's own
  // UNION tells rows apart: the key of the table its plan keeps the rows
  // seen in (the second ephemeral table after the CTE's pseudo-table, the
  // first being its queue). Where SQLite plans no such run, BINARY: the
  // check after the last round says why.
  function collations(db) {
    const binary = plan.cols.map(() => "binary");
    let code;
    try {
      code = rows(db, "explain with recursive " + plan.all.join(", ") + " select * from " + quoted(plan.name));
    } catch {
      return binary;
    }
    const pseudo = code.findIndex(r => r[1] === "OpenPseudo");
    const table = code.slice(pseudo + 1).filter(r => r[1] === "OpenEphemeral")[1];
    const key = pseudo >= 0 && table && /^k\(\d+((?:,\w*)*)\)$/.exec(String(table[5]));
    const found = key ? key[1].split(",").slice(1).map(c => (c === "B" || c === "" ? "binary" : c)) : [];
    return found.length === binary.length ? found : binary;
  }

  // How many times a step reads the working table: the cursors SQLite's
  // plan for it opens on it (the CTE's name is bound not materialized, so
  // each reference is its own).
  function readsOfWork(db, step) {
    const schema = rows(db, "select seq from pragma_database_list where name = ?", [names.prefix])[0][0];
    const root = rows(db, "select rootpage from " + names.prefix + ".sqlite_schema where name = ?", [names.prefix + "_work"])[0][0];
    return rows(db, "explain " + stepStatement(step.text, false))
      .filter(r => r[1] === "OpenRead" && r[3] === root && r[4] === schema).length;
  }

  function begin(db, sql) {
    end();
    round = -1;
    own = new db.constructor();
    names = { path: "/" + own.filename, prefix: freeName(db, sql) };
    return attached(db, () => {
      plan = planOf(db, sql);
      const probe = db.prepare(withClause(null) + plan.base);
      try {
        plan.cols = plan.columns || probe.getColumnNames();
      } finally {
        probe.free();
      }
      const collated = collations(db).map((c, i) => "c" + (i + 1) + " collate " + quoted(c)).join(", ");
      const row = "(id integer primary key, parent integer, " + collated + ")";
      db.run("create table " + T + "work " + row);
      db.run("create table " + T + "raw " + row);
      db.run("create table " + T + "seen (" + collated + ")");
      db.run("create index " + T + "seen_rows on " + names.prefix + "_seen (" + cols("") + ")");
      db.run("create table " + T + "every (" + cols("") + ")");
      plan.steps.forEach(step => {
        step.reads = readsOfWork(db, step);
      });
      plan.why = plan.steps.map(step => unknowable(step, plan.name)).find(w => w) || "";
      db.run(withClause(null) + "insert into " + T + "raw (parent, " + cols("") + ") select null, * from (" + plan.base + ") limit " + (ROUND_CAP + 1));
      return settle(db, true);
    });
  }

  // The step's select with the working table bound to the CTE's name:
  // all of it, or only the row `?1`.
  function stepStatement(step, one) {
    const bound = quoted(plan.name) + " (" + plan.cols.map(quoted).join(", ") + ") as not materialized (select " + cols("")
      + " from " + T + "work" + (one ? " where id = ?1" : "") + ")";
    return withClause(bound) + "insert into " + T + "raw (parent, " + cols("") + ") select " + (one ? "?1" : "null")
      + ", * from (" + step + ")" + (one ? "" : " limit " + (ROUND_CAP + 1));
  }

  const count = (db, table) => Number(rows(db, "select count(*) from " + T + table)[0][0]);

  function nextRound(db) {
    if (!plan) {
      throw new Error("nothing is being stepped: press Step.");
    }
    return attached(db, () => {
      const working = count(db, "work");
      const perRow = !plan.why && working <= PER_ROW_CAP;
      if (perRow) {
        const statements = plan.steps.map(step => db.prepare(stepStatement(step.text, true)));
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
        plan.steps.forEach(step => db.run(stepStatement(step.text, false)));
      }
      return settle(db, perRow);
    });
  }

  // The raw rows of a round made the working table (for UNION, each the
  // first of its like, and none like a row seen before: alike as SQLite's
  // UNION has it, the columns collated as SQLite's), and what the page
  // shows of it.
  function settle(db, perRow) {
    round++;
    const made = count(db, "raw");
    if (made > ROUND_CAP) {
      return { round, tooLarge: ROUND_CAP, ended: true };
    }
    db.run("delete from " + T + "work");
    if (plan.distinct) {
      const alike = plan.cols.map((_, i) => "s.c" + (i + 1) + " is r.c" + (i + 1)).join(" and ");
      db.run("insert into " + T + "work (parent, " + cols("") + ") select parent, " + cols("") + " from " + T + "raw as r"
        + " where id in (select min(id) from " + T + "raw group by " + cols("") + ")"
        + " and not exists (select 1 from " + T + "seen as s where " + alike + ") order by id");
      db.run("insert into " + T + "seen select " + cols("") + " from " + T + "work");
    } else {
      db.run("insert into " + T + "work (parent, " + cols("") + ") select parent, " + cols("") + " from " + T + "raw order by id");
    }
    db.run("delete from " + T + "raw");
    db.run("insert into " + T + "every select " + cols("") + " from " + T + "work");
    const shownRows = [];
    const statement = db.prepare("select id, parent, " + cols("") + " from " + T + "work order by id limit " + SHOWN);
    try {
      while (statement.step()) {
        shownRows.push(statement.get(null, { useBigInt: true }).map(shown));
      }
    } finally {
      statement.free();
    }
    const reply = { round, count: count(db, "work"), rows: shownRows, perRow, name: plan.name, columns: plan.cols, distinct: plan.distinct, why: plan.why };
    if (!reply.count) {
      reply.faithful = faithful(db);
      reply.ended = true;
    }
    return reply;
  }

  // The union of all rounds against SQLite's own run of the CTE, as
  // multisets of rows typed as SQLite types them.
  function faithful(db) {
    db.run("savepoint own_run");
    try {
      db.run("create table " + T + "own (" + cols("") + ")");
      db.run("with recursive " + plan.all.join(", ") + " insert into " + T + "own select * from " + quoted(plan.name));
      const differs = rows(db, "select key, sum(n) from (select " + typedKey() + " as key, 1 as n from " + T + "own union all select "
        + typedKey() + ", -1 from " + T + "every) group by key having sum(n) <> 0 order by key");
      const total = count(db, "own");
      const missing = differs.filter(r => r[1] > 0).reduce((s, r) => s + Number(r[1]), 0);
      const extra = differs.filter(r => r[1] < 0).reduce((s, r) => s - Number(r[1]), 0);
      return { total, missing, extra, example: differs.length ? [String(differs[0][0]), differs[0][1] > 0 ? "missing" : "extra"] : null };
    } catch (err) {
      return { error: String((err && err.message) || err) };
    } finally {
      db.run("rollback to own_run");
      db.run("release own_run");
    }
  }

  // Every message ends stepping where its round is the last, or it fails.
  function handle(db, m) {
    try {
      const reply = m.op === "begin" ? begin(db, m.sql) : nextRound(db);
      if (reply.ended) {
        end();
      }
      return Object.assign({ kind: "stepped", id: m.id }, reply);
    } catch (err) {
      end();
      if (err && err.refused) {
        return { kind: "stepped", id: m.id, refused: err.refused };
      }
      throw err;
    }
  }
  handle.end = end;
  return handle;
}
