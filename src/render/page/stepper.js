/* exported queryStepper */

// Step: the first recursive common table expression of the query typed,
// round by round (stepper-worker.js evaluates it in the console's SQLite).
// Each round shows its working table beside the round before it: click a
// row and the row it came from lights up. Back and Next move through the
// rounds, Play goes on until a round is empty, Stop stops playing (the
// console's own Stop ends a round that runs too long). What the console
// hands it (hooks): ask(message) sends a step message to SQLite (false
// while SQLite is busy or not ready), query() is the text typed.
function queryStepper(document, window, facts, helpers, hooks) {
  const { el, fmt, plural } = helpers;
  const DRAWN = 12;
  // A round a second while playing, so that each can be seen.
  const PACE = 600;
  const box = el("console-stepper");
  let rounds = [];
  let at = -1;
  let ended = "";
  let playing = false;
  let waiting = false;
  let idle = false;
  let timer = null;

  const button = (id, label, title, act) => {
    const b = document.createElement("button");
    b.className = "step";
    b.id = id;
    b.textContent = label;
    b.title = title;
    b.addEventListener("click", act);
    return b;
  };
  const line = id => {
    const p = document.createElement("p");
    p.id = id;
    return p;
  };
  const backButton = button("step-back", "◀ Back", "the round before (←)", () => back());
  const nextButton = button("step-next", "Next ▶", "the next round (→)", () => next());
  const playButton = button("step-play", "▶▶ Play", "round after round, until one is empty", () => play());
  const stopButton = button("step-stop", "■ Stop", "stop playing", () => stop());
  const bar = document.createElement("p");
  bar.className = "noprint";
  bar.append(backButton, nextButton, playButton, stopButton);
  const said = line("step-said");
  said.setAttribute("aria-live", "polite");
  const why = line("step-why");
  const faithful = line("step-faithful");
  const picked = line("step-picked");
  const boards = document.createElement("div");
  boards.className = "images";
  boards.id = "step-boards";
  const tables = document.createElement("div");
  tables.className = "console-pair";
  tables.id = "step-tables";
  box.append(bar, said, why, faithful, picked, boards, tables);

  // The buttons each enabled where they can act, and the state in
  // data-step (waiting, playing, ended, refused or shown) and data-round.
  function controls() {
    const on = rounds.length > 0;
    box.dataset.step = waiting ? "waiting" : playing ? "playing" : box.dataset.step === "refused" ? "refused" : ended ? "ended" : "shown";
    box.dataset.round = at >= 0 ? String(rounds[at].round) : "";
    backButton.disabled = !on || at <= 0 || playing;
    // Next stays enabled while SQLite works on a round (it waits), so
    // that the keyboard's focus stays on it.
    nextButton.disabled = !on || playing || (at === rounds.length - 1 && (!!ended || (!idle && !waiting)));
    playButton.disabled = !on || playing || waiting || (at === rounds.length - 1 && (!!ended || !idle));
    stopButton.disabled = !playing;
  }

  // Step pressed: the query's plan and its round 0.
  function begin() {
    stopPlaying();
    rounds = [];
    at = -1;
    ended = "";
    box.hidden = false;
    box.dataset.step = "";
    said.textContent = "Stepping…";
    for (const p of [why, faithful, picked]) {
      p.textContent = "";
    }
    boards.replaceChildren();
    tables.replaceChildren();
    // Run's rows, of another query, go.
    el("console-rows").replaceChildren();
    el("console-boards").replaceChildren();
    el("console-count").textContent = "";
    waiting = hooks.ask({ op: "begin", sql: hooks.query() });
    if (!waiting) {
      said.textContent = "SQLite is not ready or is busy: press Step again when it is.";
    }
    controls();
  }

  function next() {
    if (at < rounds.length - 1) {
      at++;
      show();
      if (playing) {
        schedule();
      }
    } else if (!ended && !waiting) {
      // Waiting before asking: the console's controls, which asking
      // updates, keep Next enabled then.
      waiting = true;
      waiting = hooks.ask({ op: "next" });
      if (waiting) {
        said.textContent = "Round " + fmt(at + 1) + "…";
      } else {
        stopPlaying();
      }
    } else {
      stopPlaying();
    }
    controls();
  }

  // While playing, the next round after a pause, unless this was the last.
  function schedule() {
    if (at === rounds.length - 1 && ended) {
      stopPlaying();
    } else {
      timer = window.setTimeout(next, PACE);
    }
  }

  function back() {
    if (at > 0) {
      at--;
      show();
    }
    controls();
  }

  function play() {
    playing = true;
    controls();
    next();
  }

  function stopPlaying() {
    playing = false;
    window.clearTimeout(timer);
    timer = null;
  }

  // Stop: no further round (a round SQLite is working on is still shown;
  // the console's own Stop ends one that runs too long).
  function stop() {
    stopPlaying();
    if (!waiting) {
      said.textContent = "Stopped at round " + fmt(rounds[at].round) + ": Next goes on.";
    }
    controls();
  }

  // What SQLite answered to a step message.
  function heard(m) {
    waiting = false;
    if (m.refused) {
      box.hidden = false;
      box.dataset.step = "refused";
      said.textContent = "Step cannot follow this query: " + m.refused + " Run still runs it.";
      stopPlaying();
      controls();
      return;
    }
    if (m.tooLarge) {
      ended = "Round " + fmt(m.round) + " has more than " + fmt(m.tooLarge) + " rows, too many to hold: stepping ends here.";
    } else {
      rounds.push(m);
      at = rounds.length - 1;
      if (!m.count) {
        ended = "Round " + fmt(m.round) + " is empty: the recursion ends, and " + m.name + " is the union of rounds 0 to " + fmt(m.round - 1) + ".";
        faithful.textContent = faithfulWords(m.faithful);
      }
    }
    show();
    if (playing) {
      schedule();
    }
    controls();
  }

  function faithfulWords(f) {
    if (f.error) {
      return "SQLite's own run of " + rounds[0].name + " fails: " + f.error.split("\n")[0];
    }
    if (!f.missing && !f.extra) {
      return "Faithful: SQLite's own run of " + rounds[0].name + " gives the same " + plural(f.total, "row", "rows") + " as these rounds together.";
    }
    return "Not faithful: SQLite's own run gives " + plural(f.total, "row", "rows") + "; the rounds lack " + fmt(f.missing)
      + " of them and have " + fmt(f.extra) + " it does not, such as " + f.example[0] + " (" + (f.example[1] === "missing" ? "lacking" : "extra") + ").";
  }

  // The round `at` shown, with the round before it.
  function show() {
    const round = rounds[at];
    if (!round) {
      said.textContent = ended || "";
      return;
    }
    said.textContent = "Round " + fmt(round.round) + " of " + round.name + (round.round === 0 ? " (the base)" : "") + ": "
      + plural(round.count, "row", "rows") + (at === rounds.length - 1 && ended ? ". " + ended : ".");
    why.textContent = whyWords(round);
    picked.textContent = "";
    const before = at > 0 ? rounds[at - 1] : null;
    const sides = [];
    if (before) {
      sides.push(side(before, "Round " + fmt(before.round) + ", the working table it reads", "step-before"));
    }
    sides.push(side(round, "Round " + fmt(round.round), "step-now"));
    tables.replaceChildren(...sides);
    boards.replaceChildren(...placements(round));
  }

  function whyWords(round) {
    const union = round.distinct ? "UNION: a row seen in an earlier round, or earlier in this one, is dropped. " : "";
    if (round.round === 0) {
      return union + "Round 0 is the base's rows; each next round is every step run over the round before it only.";
    }
    if (round.why) {
      return union + "Which row each comes from cannot be told: " + round.why + ".";
    }
    if (!round.perRow) {
      return union + "Which row each comes from is not shown: the round before has too many rows to run each apart.";
    }
    return union + "Each row names the row of round " + fmt(round.round - 1) + " it comes from (from): click one.";
  }

  const cellText = v => (v === null ? "NULL" : String(v));

  // A round's working table: #, from (its parent's #) and its columns.
  function side(round, title, id) {
    const div = document.createElement("div");
    const p = document.createElement("p");
    p.textContent = title + ": " + plural(round.count, "row", "rows")
      + (round.count > round.rows.length ? ", the first " + fmt(round.rows.length) + " shown" : "") + ".";
    const t = document.createElement("table");
    t.id = id;
    const head = document.createElement("tr");
    const numeric = v => typeof v === "number" || typeof v === "bigint";
    ["#", "from"].concat(round.columns).forEach((name, x) => {
      const th = document.createElement("th");
      th.textContent = name;
      if (x < 2 || (round.rows.length && numeric(round.rows[0][x]))) {
        th.className = "num";
      }
      head.append(th);
    });
    const thead = document.createElement("thead");
    thead.append(head);
    const body = document.createElement("tbody");
    for (const row of round.rows) {
      const tr = document.createElement("tr");
      tr.dataset.id = String(row[0]);
      row.forEach((v, x) => {
        const td = document.createElement("td");
        td.textContent = x === 1 && v === null ? "" : cellText(v);
        td.className = (v === null && x > 1 ? "null " : "") + (numeric(v) ? "num" : "");
        tr.append(td);
      });
      if (id === "step-now" && round.round > 0 && row[1] !== null) {
        tr.tabIndex = 0;
        tr.addEventListener("click", () => pick(tr, row));
        tr.addEventListener("keydown", e => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            pick(tr, row);
          }
        });
      }
      body.append(tr);
    }
    t.append(thead, body);
    div.className = "console-rows";
    div.append(p, t);
    return div;
  }

  // A row of this round clicked: it and its parent lit.
  function pick(tr, row) {
    for (const lit of tables.querySelectorAll(".picked, .parent")) {
      lit.classList.remove("picked", "parent");
    }
    tr.classList.add("picked");
    const round = rounds[at];
    const parent = tables.querySelector("#step-before tr[data-id=\"" + String(row[1]) + "\"]");
    const whence = "Row " + row[0] + " of round " + fmt(round.round) + " comes from row " + row[1] + " of round " + fmt(round.round - 1);
    if (parent) {
      parent.classList.add("parent");
      parent.scrollIntoView({ block: "nearest" });
      picked.textContent = whence + ", lit.";
    } else {
      picked.textContent = whence + ", beyond the rows shown.";
    }
  }

  // Rows whose columns s1 … sN are squares, drawn as small boards.
  function placements(round) {
    const at_ = helpers.squareColumns(round.columns);
    if (!at_) {
      return [];
    }
    const found = [];
    for (const row of round.rows) {
      if (found.length === DRAWN) {
        break;
      }
      const names = at_.map(i => row[i + 2]).filter(v => v !== null);
      if (names.every(v => facts.index.has(v))) {
        const label = "round " + round.round + ", row " + row[0];
        found.push(helpers.mini(names.map(v => facts.index.get(v)), label + ": " + (names.join(" ") || "no queen"), "row " + row[0]));
      }
    }
    return found;
  }

  // SQLite started again (Stop, a fresh database): what it held is gone.
  function restarted() {
    const was = waiting || playing;
    stopPlaying();
    waiting = false;
    if (rounds.length && !ended) {
      ended = "SQLite started again, and the working table went with it: Step again to go on.";
      if (was) {
        said.textContent = "Stopped at round " + fmt(rounds[rounds.length - 1].round) + ". " + ended;
      }
    }
    controls();
  }

  function failed(message) {
    waiting = false;
    stopPlaying();
    ended = "Error: " + message.split("\n")[0];
    said.textContent = rounds.length ? "Stepping stopped at an error: " + ended : "Step cannot run this query. " + ended;
    controls();
  }

  // Run shows its own rows: the rounds step aside, and stepping ends
  // (the worker drops its working table once the query has run).
  function aside() {
    stopPlaying();
    box.hidden = true;
    if (rounds.length && !ended) {
      ended = "Run ran a query since: Step again to go on.";
    }
    controls();
  }
  el("console-run").addEventListener("click", aside);
  el("console-sql").addEventListener("keydown", e => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      aside();
    }
  });

  box.addEventListener("keydown", e => {
    if (e.key === "ArrowRight" && !nextButton.disabled) {
      e.preventDefault();
      next();
    } else if (e.key === "ArrowLeft" && !backButton.disabled) {
      e.preventDefault();
      back();
    }
  });
  box.hidden = true;
  controls();
  return {
    begin,
    heard,
    failed,
    restarted,
    // Whether SQLite can take a step message now.
    idle(now) {
      idle = now;
      controls();
    },
  };
}
