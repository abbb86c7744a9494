/* exported pageAddress */

// The position in the address, #queens=c5,f2, and the console's query
// beside it (&sql=…) on a page that has one (`sqlConsole`, else null),
// where #console brings the console into view.
//
// Any address is read without throwing, and every one is answered on the
// page: a fragment that does not decode (#queens=c5,f2%), that is not the
// page's (#top), that names no square of this board or one twice, is said
// in one line and places nothing (the queens placed stay); a readable one
// places its queens and says so; no fragment, no line. The page goes on
// reading the next address whatever this one held.
function pageAddress(window, facts, helpers, board, sqlConsole) {
  const { el } = helpers;
  const { index, holes } = facts;
  const location = window.location;

  const say = said => {
    el("from-address").textContent = said;
  };

  // Writes the queens placed and the query typed into the address.
  function keep() {
    const queens = board.queens();
    const parts = [
      queens.length ? "queens=" + queens.map(facts.nameOf).join(",") : "",
      sqlConsole ? sqlConsole.addressPart() : "",
    ].filter(Boolean);
    const want = parts.length ? "#" + parts.join("&") : "";
    if ((location.hash || "") === want) {
      return;
    }
    const url = location.href.replace(/#.*$/, "") + want;
    try {
      window.history.replaceState(null, "", url);
    } catch {
      location.replace(want || "#");
    }
  }

  function read() {
    const raw = location.hash || "";
    if (raw === "" || raw === "#") {
      say("");
      return;
    }
    // The console's query (sql=…, its own part, encoded) is the console's;
    // the rest is a position.
    const parts = raw.slice(1).split("&");
    const queries = parts.filter(p => p.startsWith("sql="));
    const rest = parts.filter(p => !p.startsWith("sql=") && !(sqlConsole && p === "console")).join("&");
    // #console (the link near the top of a page with one): the console.
    if (sqlConsole && parts.includes("console") && !queries.length) {
      sqlConsole.open();
    }
    let querySaid = "";
    if (queries.length) {
      querySaid = readQuery(queries[0].slice(4))
        + (queries.length > 1 ? " The address holds more than one query (sql=); the first is run." : "");
    }
    if (rest === "") {
      say(querySaid.trim());
      return;
    }
    readPosition("#" + rest);
    if (querySaid) {
      say((el("from-address").textContent + " " + querySaid).trim());
    }
  }

  // The query of an address, run in the console; what to say of it, if
  // anything (one that does not decode, a page with no console).
  function readQuery(encoded) {
    let sql;
    try {
      sql = decodeURIComponent(encoded);
    } catch {
      return "The query in the address does not decode (each % must begin two hexadecimal digits "
        + "that together spell UTF-8 text); it is not run.";
    }
    if (!sqlConsole) {
      return "This page has no SQL console (queens export --console writes one), so the query in the address is not run.";
    }
    sqlConsole.fromAddress(sql);
    return "";
  }

  // What is wrong with the squares an address names, in words, if anything.
  function refusal(names) {
    if (!names.length) {
      return "The address names no square (#queens=c5,f2 places queens on c5 and f2); nothing placed from it.";
    }
    const twice = names.filter((name, i) => index.has(name) && names.indexOf(name) !== i);
    if (twice.length) {
      return "The address names " + [...new Set(twice)].join(", ") + " twice: a square holds one queen; nothing placed from it.";
    }
    const holed = names.filter(name => index.has(name) && holes.has(index.get(name)));
    if (holed.length) {
      return "The address names " + holed.join(", ") + ": " + (holed.length === 1 ? "a hole" : "holes")
        + " of this board, where no queen stands; nothing placed from it.";
    }
    return null;
  }

  function readPosition(raw) {
    let hash;
    try {
      hash = decodeURIComponent(raw);
    } catch {
      say(raw + " is not an address this page can read (each % must begin two hexadecimal digits "
        + "that together spell UTF-8 text); nothing placed from it.");
      return;
    }
    const match = /^#queens=(.*)$/.exec(hash);
    if (!match) {
      say(hash + " is not a position: this page keeps one as #queens= and its squares (#queens=c5,f2); nothing placed from it.");
      return;
    }
    const names = match[1].split(/[,\s]+/).filter(Boolean);
    const refused = refusal(names);
    if (refused) {
      say(refused);
      return;
    }
    const unknown = names.filter(name => !index.has(name));
    const wanted = names.filter(name => index.has(name)).map(name => index.get(name));
    say((wanted.length ? "Placed from the address: " + facts.names(wanted) : "Nothing placed from the address")
      + (unknown.length
        ? "; " + unknown.join(", ") + (unknown.length === 1 ? " is" : " are") + " not a square of this "
          + facts.n + "×" + facts.rows + " board."
        : "."));
    if (!wanted.length || board.holdsExactly(wanted)) {
      return;
    }
    board.placeQueens(wanted);
  }

  return { keep, read, say };
}
