/* exported consoleAnswers */

// The learner's answers: what each exercise was last checked with, kept in
// this browser (as the progress is), and saved as one JSON file on
// request ("Download my answers") for the teacher, whose `queens grade`
// checks each again: the file holds no verdict, which no teacher could
// trust from a browser. Its form: {"queens_answers": 1, "board": "8×8",
// "answers": [{"exercise": id, "title": …, "sql": …}, …]}, the exercises
// in the page's order, those never checked left out.
function consoleAnswers(window, document, helpers, exercises, boardName) {
  const { el, plural } = helpers;
  const button = el("console-download");
  // Where the browser keeps nothing, the answers of this visit.
  const here = new Map();
  const keyOf = id => "queens-lab:answer:" + id;

  function last(exercise) {
    try {
      const kept = window.localStorage.getItem(keyOf(exercise.id));
      if (kept !== null) {
        return kept;
      }
    } catch {
      // No storage: this visit's answers only.
    }
    return here.has(exercise.id) ? here.get(exercise.id) : null;
  }

  // The answer `sql` was checked for `exercise`.
  function checked(exercise, sql) {
    here.set(exercise.id, sql);
    try {
      window.localStorage.setItem(keyOf(exercise.id), sql);
    } catch {
      // Kept for this visit.
    }
    update();
  }

  // The file's text.
  function file() {
    const answers = exercises
      .map(exercise => ({ exercise: exercise.id, title: exercise.title, sql: last(exercise) }))
      .filter(answer => answer.sql !== null);
    return JSON.stringify({ queens_answers: 1, board: boardName, answers }, null, 2) + "\n";
  }

  function update() {
    const count = exercises.filter(exercise => last(exercise) !== null).length;
    button.disabled = count === 0;
    el("console-download-said").textContent = count
      ? "Your last checked answers to " + plural(count, "exercise", "exercises") + "."
      : "Check an answer first: the file holds what you last checked for each exercise.";
  }

  function download() {
    const blob = new Blob([file()], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = "my-answers.json";
    document.body.append(a);
    a.click();
    a.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 60000);
  }

  button.addEventListener("click", download);
  update();
  return { checked, file };
}
