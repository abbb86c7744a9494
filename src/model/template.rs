//! Expands the view templates in `sql/views/` for one board size.
//!
//! The notation is described in `sql/README.md`: `{expr}` substitutes a
//! number, `{col:expr}` a column letter, `{{j in A..B sep "S": text}}` repeats
//! text on one line, `--@for k in A..B` / `--@end` repeat whole lines, and
//! `--@if A > B` / `--@end` keep lines only when a comparison holds.
//! Expressions are sums and differences of numbers in scope and literals.

use std::collections::BTreeMap;

use anyhow::{Context, Result, bail};

use crate::model::board::column_label;

/// Numbers in scope while expanding, by name.
#[derive(Clone, Debug, Default)]
pub struct Scope(BTreeMap<String, i64>);

impl Scope {
    pub fn with(mut self, name: &str, value: i64) -> Self {
        self.0.insert(name.to_string(), value);
        self
    }

    fn get(&self, name: &str) -> Result<i64> {
        self.0
            .get(name)
            .copied()
            .with_context(|| format!("`{name}` is not in scope"))
    }
}

/// Expands a whole template.
pub fn render(template: &str, scope: &Scope) -> Result<String> {
    let lines: Vec<&str> = template.lines().collect();
    let mut out = String::new();
    render_lines(&lines, scope, &mut out)?;
    Ok(out)
}

const FOR: &str = "--@for ";
const IF: &str = "--@if ";
const END: &str = "--@end";

fn render_lines(lines: &[&str], scope: &Scope, out: &mut String) -> Result<()> {
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if let Some(header) = line.trim_start().strip_prefix(FOR) {
            let end = matching_end(lines, i)?;
            let (var, range) = parse_loop_header(header, scope)?;
            for value in range {
                render_lines(&lines[i + 1..end], &scope.clone().with(&var, value), out)?;
            }
            i = end + 1;
        } else if let Some(condition) = line.trim_start().strip_prefix(IF) {
            let end = matching_end(lines, i)?;
            if holds(condition, scope)? {
                render_lines(&lines[i + 1..end], scope, out)?;
            }
            i = end + 1;
        } else if line.trim_start().starts_with(END) {
            bail!("`{END}` without a `{FOR}` or `{IF}`");
        } else {
            out.push_str(&render_line(line, scope)?);
            out.push('\n');
            i += 1;
        }
    }
    Ok(())
}

fn matching_end(lines: &[&str], start: usize) -> Result<usize> {
    let mut depth = 0;
    for (i, line) in lines.iter().enumerate().skip(start) {
        let line = line.trim_start();
        if line.starts_with(FOR) || line.starts_with(IF) {
            depth += 1;
        } else if line.starts_with(END) {
            depth -= 1;
            if depth == 0 {
                return Ok(i);
            }
        }
    }
    bail!("`{}` has no `{END}`", lines[start].trim())
}

/// `k in 2..N` → ("k", 2..=N)
fn parse_loop_header(
    header: &str,
    scope: &Scope,
) -> Result<(String, std::ops::RangeInclusive<i64>)> {
    let (var, range) = header
        .split_once(" in ")
        .with_context(|| format!("expected `VAR in A..B`, found `{header}`"))?;
    let (from, to) = range
        .split_once("..")
        .with_context(|| format!("expected a range `A..B`, found `{range}`"))?;
    Ok((
        var.trim().to_string(),
        eval(from, scope)?..=eval(to, scope)?,
    ))
}

/// `k > 2`: a comparison of two expressions with <, <=, =, >= or >.
fn holds(condition: &str, scope: &Scope) -> Result<bool> {
    for (op, test) in [
        (">=", i64::ge as fn(&i64, &i64) -> bool),
        ("<=", i64::le),
        (">", i64::gt),
        ("<", i64::lt),
        ("=", i64::eq),
    ] {
        if let Some((left, right)) = condition.split_once(op) {
            return Ok(test(&eval(left, scope)?, &eval(right, scope)?));
        }
    }
    bail!("expected a comparison such as `k > 2`, found `{condition}`")
}

/// Expands the inline repetitions of one line, then its substitutions.
fn render_line(line: &str, scope: &Scope) -> Result<String> {
    let mut out = String::new();
    let mut rest = line;
    while let Some(start) = rest.find("{{") {
        out.push_str(&substitute(&rest[..start], scope)?);
        let end = start
            + 2
            + inline_end(&rest[start + 2..])
                .with_context(|| format!("`{{{{` without `}}}}` in `{line}`"))?;
        out.push_str(&repeat_inline(&rest[start + 2..end], scope)?);
        rest = &rest[end + 2..];
    }
    out.push_str(&substitute(rest, scope)?);
    Ok(out)
}

/// Where the `}}` that closes an inline repetition starts, skipping the
/// `{…}` substitutions inside it.
fn inline_end(text: &str) -> Option<usize> {
    let mut depth = 0;
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'{' => depth += 1,
            b'}' if depth > 0 => depth -= 1,
            b'}' if bytes.get(i + 1) == Some(&b'}') => return Some(i),
            _ => {}
        }
    }
    None
}

/// `j in 1..k-1 sep ", ": q{j}.rw_no`
fn repeat_inline(spec: &str, scope: &Scope) -> Result<String> {
    let (header, body) = spec
        .split_once(" sep \"")
        .with_context(|| format!("expected `VAR in A..B sep \"S\": TEXT`, found `{spec}`"))?;
    let (separator, body) = body
        .split_once("\": ")
        .with_context(|| format!("expected `\": ` after the separator in `{spec}`"))?;
    let separator = separator.replace("\\n", "\n");
    let body = body.replace("\\n", "\n");
    let (var, range) = parse_loop_header(header, scope)?;
    let parts = range
        .map(|value| substitute(&body, &scope.clone().with(&var, value)))
        .collect::<Result<Vec<_>>>()?;
    Ok(parts.join(&separator))
}

/// Replaces every `{expr}` and `{col:expr}`.
fn substitute(text: &str, scope: &Scope) -> Result<String> {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find('{') {
        out.push_str(&rest[..start]);
        let end = rest[start..]
            .find('}')
            .map(|e| start + e)
            .with_context(|| format!("`{{` without `}}` in `{text}`"))?;
        let inner = &rest[start + 1..end];
        match inner.strip_prefix("col:") {
            Some(expr) => out.push_str(&column_label(eval(expr, scope)?)?),
            None => out.push_str(&eval(inner, scope)?.to_string()),
        }
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

/// Evaluates `a`, `k-1`, `N+1`, `3`: terms joined by `+` and `-`.
fn eval(expr: &str, scope: &Scope) -> Result<i64> {
    let expr = expr.replace(' ', "");
    let mut total = 0;
    let mut sign = 1;
    let mut term = String::new();
    for c in expr.chars().chain(std::iter::once('+')) {
        if c == '+' || c == '-' {
            if term.is_empty() {
                bail!("malformed expression `{expr}`");
            }
            total += sign * term_value(&term, scope)?;
            term.clear();
            sign = if c == '+' { 1 } else { -1 };
        } else {
            term.push(c);
        }
    }
    Ok(total)
}

fn term_value(term: &str, scope: &Scope) -> Result<i64> {
    match term.parse::<i64>() {
        Ok(number) => Ok(number),
        Err(_) => scope.get(term),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scope() -> Scope {
        Scope::default().with("N", 3)
    }

    #[test]
    fn substitutes_numbers_sums_and_column_letters() {
        let out = render("q{N}, q{N-1}, {col:N}, {N+10}", &scope()).unwrap();
        assert_eq!(out, "q3, q2, c, 13\n");
    }

    #[test]
    fn repeats_inline_with_separator() {
        let out = render("({{j in 1..N sep \" | \": q{j}.w}})", &scope()).unwrap();
        assert_eq!(out, "(q1.w | q2.w | q3.w)\n");
    }

    #[test]
    fn repeated_text_may_start_new_lines() {
        let out = render("a{{j in 2..N sep \"\": ,\\n  q{j}}}", &scope()).unwrap();
        assert_eq!(out, "a,\n  q2,\n  q3\n");
    }

    #[test]
    fn nested_blocks_see_outer_variables() {
        let template = "--@for k in 2..N\n--@for w in 0..1\nq{k}.w{w} ({{j in 1..k-1 sep \",\": {j}}})\n--@end\n--@end\nend";
        let out = render(template, &scope()).unwrap();
        assert_eq!(out, "q2.w0 (1)\nq2.w1 (1)\nq3.w0 (1,2)\nq3.w1 (1,2)\nend\n");
    }

    #[test]
    fn conditions_keep_or_drop_lines() {
        let template = "--@for k in 1..N\n--@if k >= 2\nq{k}\n--@end\n--@end";
        assert_eq!(render(template, &scope()).unwrap(), "q2\nq3\n");
        assert_eq!(
            render("--@if N = 3\nthree\n--@end", &scope()).unwrap(),
            "three\n"
        );
        assert_eq!(render("--@if N < 3\nless\n--@end", &scope()).unwrap(), "");
        assert!(render("--@if N\nx\n--@end", &scope()).is_err());
    }

    #[test]
    fn empty_ranges_repeat_nothing() {
        let out = render(
            "--@for k in 2..1\nnever\n--@end\n[{{j in 1..0 sep \",\": x}}]",
            &scope(),
        )
        .unwrap();
        assert_eq!(out, "[]\n");
    }

    #[test]
    fn unknown_names_and_unbalanced_blocks_are_errors() {
        assert!(render("{M}", &scope()).is_err());
        assert!(render("--@for k in 1..N\nx", &scope()).is_err());
        assert!(render("--@end", &scope()).is_err());
    }
}
