/* exported smallMarkdown */

// The teacher's text (a course's introduction, an exercise's prompt and
// hints) in a small Markdown, made into elements whose text is set as
// text, never parsed as HTML: paragraphs (a blank line between), line
// breaks, `code spans`, fenced code blocks (```), and links
// [words](address) to http, https and mailto addresses only. Nothing
// else is read: <b>, &amp;, *stars* and the rest show as typed.
function smallMarkdown(document) {
  // The schemes of the addresses a link may open when clicked.
  const SAFE = new Set(["http", "https", "mailto"]);

  // The address of a link, if it is one this page opens: else null.
  function address(written) {
    try {
      const url = new URL(written);
      return SAFE.has(url.protocol.replace(/:$/, "")) ? url.href : null;
    } catch {
      return null;
    }
  }

  // A code span: the text between two runs of as many backticks, its
  // one space at each end taken away (``a`b`` holds a`b).
  const SPAN = /(?<!`)(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)|\[([^\]\n]+)\]\(([^()\s]+)\)/g;

  // One line's inline parts, appended to `into`.
  function inline(into, text) {
    let at = 0;
    for (const found of text.matchAll(SPAN)) {
      into.append(document.createTextNode(text.slice(at, found.index)));
      at = found.index + found[0].length;
      if (found[1]) {
        const code = document.createElement("code");
        const inner = found[2];
        code.textContent = /^ .* $/.test(inner) && inner.trim() ? inner.slice(1, -1) : inner;
        into.append(code);
        continue;
      }
      const href = address(found[4]);
      if (!href) {
        // Not an address the page opens: the link shows as it was typed.
        into.append(document.createTextNode(found[0]));
        continue;
      }
      const a = document.createElement("a");
      a.href = href;
      a.rel = "noopener noreferrer";
      a.target = "_blank";
      a.textContent = found[3];
      into.append(a);
    }
    into.append(document.createTextNode(text.slice(at)));
  }

  // A paragraph of `lines`, each a line of its own.
  function paragraph(lines) {
    const p = document.createElement("p");
    lines.forEach((line, i) => {
      if (i > 0) {
        p.append(document.createElement("br"));
      }
      inline(p, line);
    });
    return p;
  }

  function codeBlock(lines) {
    const pre = document.createElement("pre");
    pre.className = "teacher-code";
    const code = document.createElement("code");
    code.textContent = lines.join("\n");
    pre.append(code);
    return pre;
  }

  // The elements of `text`, in a fragment.
  function render(text) {
    const out = document.createDocumentFragment();
    const lines = String(text).replace(/\r\n?/g, "\n").split("\n");
    let open = [];
    const close = () => {
      if (open.length) {
        out.append(paragraph(open));
      }
      open = [];
    };
    for (let i = 0; i < lines.length; i++) {
      const fence = /^ {0,3}(`{3,})/.exec(lines[i]);
      if (fence) {
        close();
        const closing = (line, j) => j > i && /^ {0,3}(`+)\s*$/.test(line) && line.trim().length >= fence[1].length;
        const end = lines.findIndex(closing);
        const stop = end < 0 ? lines.length : end;
        out.append(codeBlock(lines.slice(i + 1, stop)));
        i = stop;
      } else if (!lines[i].trim()) {
        close();
      } else {
        open.push(lines[i]);
      }
    }
    close();
    return out;
  }

  return { render };
}
