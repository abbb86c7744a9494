/* exported tablesPart */

// What the page shows as it is: each relation's SQL one click away, the
// search space and the funnel. Of `data`: relations (name → [kind, SQL]),
// space (rows of search_space) and funnel (rows of search_funnel).
function tablesPart(document, facts, helpers, { relations, space, funnel }) {
  const { fmt, percent } = helpers;

  // Each part names its relation; its SQL, as the database holds it, one
  // click away.
  function sqlBoxes() {
    for (const box of document.querySelectorAll("details[data-relation]")) {
      const name = box.dataset.relation;
      const relation = relations[name];
      const summary = document.createElement("summary");
      const pre = document.createElement("pre");
      summary.textContent = "SQL of " + (relation ? relation[0] : "relation") + " " + name + ", as the database holds it";
      if (relation && relation[1]) {
        pre.textContent = relation[1];
      } else {
        pre.textContent = "The database holds no SQL text for " + name
          + (relation ? " (a " + relation[0] + " of facts, filled when the board was built)." : ".");
      }
      box.append(summary, pre);
    }
  }

  function spaceTable() {
    const body = document.querySelector("#space-table tbody");
    for (const cells of space) {
      const tr = document.createElement("tr");
      cells.forEach((value, x) => {
        const td = document.createElement("td");
        td.textContent = value;
        if (x === 3) {
          td.className = "num";
        }
        tr.append(td);
      });
      body.append(tr);
    }
  }

  function funnelTable() {
    const body = document.querySelector("#funnel tbody");
    for (const [k, byCandidates, byPlacement] of funnel) {
      const kept = byCandidates ? byPlacement / byCandidates : null;
      let candidates;
      if (byCandidates === null) {
        candidates = facts.holes.size ? "not counted" : "beyond 64 bits";
      } else {
        candidates = fmt(byCandidates);
      }
      const cells = [k, candidates, fmt(byPlacement), kept === null ? "" : percent(kept)];
      const bar = kept === null ? null : helpers.bars([[kept, ""]], "k = " + k + ": " + percent(kept) + " kept");
      body.append(helpers.numberRow(cells, bar));
    }
  }

  sqlBoxes();
  spaceTable();
  funnelTable();
}
