// What the page's SQLite offers, asked of sql.js itself (node, from the
// package npm put in node_modules): its SQLite version, the names of its
// functions and of its virtual table modules, as JSON, one name a line,
// in order. src/render/sqljs_sqlite.json holds what sql.js 1.17.0 says;
// tests/suite/console.rs holds the two alike.
//
//     node tests/tools/sqljs_sqlite.js node_modules/sql.js
const path = require("path");
const initSqlJs = require(path.resolve(process.argv[2], "dist/sql-wasm.js"));
// Initialized as the page's worker initializes it (console-worker.js):
// SQLite's own functions, without sql.js's legacy extensions.
initSqlJs({ useOldExtensionFunctions: false }).then(SQL => {
  const db = new SQL.Database();
  const column = sql => db.exec(sql)[0].values.map(row => row[0]);
  // The modules first, on the fresh database, as queens reads its own: a
  // table function (pragma_function_list, json_each) becomes a module only
  // once a statement names it.
  const modules = column("select name from pragma_module_list order by name");
  const described = {
    sqlite: column("select sqlite_version()")[0],
    functions: column("select distinct name from pragma_function_list order by name"),
    modules,
  };
  process.stdout.write(JSON.stringify(described, null, 1) + "\n");
});
