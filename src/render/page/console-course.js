/* exported consoleCourse */

// The teacher's words: the course's title and introduction at the top of
// the page, each exercise's prompt, and its hints, shown one at a time on
// request ("Show a hint (1 of 2)"), all in the small Markdown
// (`smallMarkdown`), as text.
function consoleCourse(document, helpers, markdown, course) {
  const { el } = helpers;
  const hintButton = el("console-hint");
  const hintList = el("console-hints");
  // How many hints each exercise shows, by its id (for this visit).
  const shownHints = new Map();
  let current = null;

  if (course && course.title) {
    el("course-title").textContent = course.title;
    document.title = course.title + " · " + document.title;
  }
  if (course && course.introduction) {
    el("course-intro").replaceChildren(markdown.render(course.introduction));
  }
  el("course").hidden = !(course && (course.title || course.introduction));

  const hintsOf = exercise => (exercise && exercise.hints) || [];

  function showHints() {
    const hints = hintsOf(current);
    const shown = current ? shownHints.get(current.id) || 0 : 0;
    hintList.replaceChildren(...hints.slice(0, shown).map((hint, i) => {
      const li = document.createElement("li");
      li.id = "console-hint-" + (i + 1);
      li.tabIndex = -1;
      li.append(markdown.render(hint));
      return li;
    }));
    hintButton.hidden = !hints.length;
    hintButton.disabled = shown >= hints.length;
    hintButton.textContent = shown < hints.length
      ? "Show a hint (" + (shown + 1) + " of " + hints.length + ")"
      : (hints.length === 1 ? "The hint is shown" : "All " + hints.length + " hints are shown");
  }

  function nextHint() {
    const hints = hintsOf(current);
    const shown = shownHints.get(current.id) || 0;
    if (shown >= hints.length) {
      return;
    }
    shownHints.set(current.id, shown + 1);
    showHints();
    // The last hint takes the focus the button, now done, cannot keep.
    if (shown + 1 === hints.length) {
      el("console-hint-" + (shown + 1)).focus();
    }
  }

  // The prompt of `exercise` (or of none), with `note` after it.
  function show(exercise, note) {
    current = exercise || null;
    const prompt = el("console-prompt");
    if (!exercise) {
      prompt.textContent = "This page has no exercises.";
    } else {
      prompt.replaceChildren(markdown.render(exercise.prompt));
      if (note) {
        const p = document.createElement("p");
        p.className = "legend";
        p.textContent = note;
        prompt.append(p);
      }
    }
    showHints();
  }

  hintButton.addEventListener("click", nextHint);
  return { show };
}
