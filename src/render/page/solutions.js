/* exported solutionsPart */

// The solutions, numbered in board order as `queens show` numbers them:
// one at a time, its class under the board's symmetries and its images,
// and put on the board (asking first where that would take queens away).
// `symmetries` is [name, description] by symmetry, `images[g][s]` the
// square symmetry g moves square s onto.
function solutionsPart(document, facts, helpers, { symmetries, images }, board) {
  const { el } = helpers;
  const count = facts.solutionCount;
  let shownNo = 1;

  // The images of a placement under each of the board's symmetries.
  function imagesOf(squares) {
    return symmetries.map((symmetry, g) => {
      const image = squares.map(i => images[g][i]).sort(facts.byBoard);
      return { name: symmetry[0], description: symmetry[1], squares: image, no: facts.solutionNumber(image) };
    });
  }

  // Solution k's class: its images, how many solutions they are, and the
  // first of them, the class representative.
  function classOf(k) {
    const all = imagesOf(facts.solution(k));
    let best = all[0];
    for (const image of all) {
      if (image.no < best.no) {
        best = image;
      }
    }
    const size = new Set(all.map(image => image.no)).size;
    return { all, size, representative: best.no, symmetry: best.name, description: best.description };
  }

  function show(k) {
    if (!count) {
      return;
    }
    k = Math.min(Math.max(1, k | 0), count);
    shownNo = k;
    el("sol-no").value = k;
    el("sol-ask").hidden = true;
    el("sol-shown").textContent = "Solution " + k + " of " + count + ": " + facts.names(facts.solution(k));
    const found = classOf(k);
    // The words of `queens show`.
    const moves = found.representative === k
      ? "it is the first of them, the class representative."
      : found.symmetry + " (" + found.description + ") moves it onto solution " + found.representative
        + ", the first of them, the class representative.";
    el("sol-class").textContent = "The board's symmetries make " + found.size
      + (found.size === 1 ? " solution" : " solutions") + " of it; " + moves;
    el("sol-images").replaceChildren(...found.all.map(image => helpers.mini(
      image.squares,
      image.name + ": solution " + image.no + ", " + facts.names(image.squares),
      image.name + " → " + image.no,
    )));
    el("sol-first").disabled = k === 1;
    el("sol-prev").disabled = k === 1;
    el("sol-next").disabled = k === count;
    el("sol-last").disabled = k === count;
  }

  function place(k) {
    el("sol-ask").hidden = true;
    board.placeQueens(facts.solution(k));
  }

  // Showing a solution on the board would take the user's queens away:
  // ask first.
  function askToShow() {
    const mine = board.queens();
    const target = new Set(facts.solution(shownNo));
    if (mine.every(i => target.has(i))) {
      place(shownNo);
      return;
    }
    el("sol-ask-text").textContent = "Solution " + shownNo + " would take the place of your "
      + (mine.length === 1 ? "queen " : mine.length + " queens ") + facts.names(mine) + ". Replace them?";
    el("sol-ask").hidden = false;
    el("sol-replace").focus();
  }

  function sayCount() {
    const code = document.createElement("code");
    code.textContent = "queens show";
    let said = ["The board has no solutions."];
    if (count === 1) {
      said = ["The board has 1 solution."];
    } else if (count) {
      said = ["The board has " + count + " solutions, numbered in board order as ", code, " numbers them."];
    }
    el("sol-count").replaceChildren(...said);
  }

  function listen() {
    const steps = {
      "sol-first": () => 1,
      "sol-prev": () => shownNo - 1,
      "sol-next": () => shownNo + 1,
      "sol-last": () => count,
    };
    for (const [id, to] of Object.entries(steps)) {
      el(id).addEventListener("click", () => show(to()));
    }
    el("sol-no").addEventListener("change", e => show(+e.target.value));
    el("sol-show").addEventListener("click", askToShow);
    el("sol-replace").addEventListener("click", () => {
      place(shownNo);
      el("sol-show").focus();
    });
    el("sol-keep").addEventListener("click", () => {
      el("sol-ask").hidden = true;
      el("sol-show").focus();
    });
  }

  sayCount();
  listen();
  if (count) {
    show(1);
  } else {
    el("sol-shown").textContent = "This board has no solution to show.";
    for (const id of ["sol-first", "sol-prev", "sol-next", "sol-last", "sol-show"]) {
      el(id).disabled = true;
    }
  }
  return { place };
}
