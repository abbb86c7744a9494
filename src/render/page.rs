//! The model as one page (`queens export --format html`): a self-contained
//! HTML file, its style and script inline and its data the database's own
//! rows, so that it opens from disk, offline, and its numbers are those the
//! database gives. The page is `page/page.html`, its script the modules
//! beside it (`page/*.js`); `assemble` puts them and the data together.

use std::collections::{BTreeMap, HashMap};
use std::io::Write;

use anyhow::{Context, Result};
use serde::Serialize;

use crate::model::board::Board;
use crate::model::reading::{BoardShown, ReasoningStep, SquareImage, TallyLevel};
use minijinja::{AutoEscape, Environment, UndefinedBehavior, context};

use crate::render::console::ConsoleData;
use crate::render::page_mark::PageMark;
use crate::render::search_space;

/// The page's templates: the page, and the console's section and style,
/// which it includes where the page has a console.
const TEMPLATES: [(&str, &str); 4] = [
    ("page.html", include_str!("page/page.html")),
    ("console.html", include_str!("page/console.html")),
    ("console.css", include_str!("page/console.css")),
    ("stepper.css", include_str!("page/stepper.css")),
];

/// The script's modules, in the order the page holds them: each defines
/// one function, which main.js calls with what that part needs.
const MODULES: [&str; 9] = [
    include_str!("page/facts.js"),
    include_str!("page/helpers.js"),
    include_str!("page/board.js"),
    include_str!("page/solutions.js"),
    include_str!("page/tables.js"),
    include_str!("page/player.js"),
    include_str!("page/walk.js"),
    include_str!("page/columns.js"),
    include_str!("page/address.js"),
];

/// The console's modules, on a page that has one.
const CONSOLE_MODULES: [&str; 8] = [
    include_str!("page/stepper-worker.js"),
    include_str!("page/stepper.js"),
    include_str!("page/markdown.js"),
    include_str!("page/console-verdict.js"),
    include_str!("page/console-course.js"),
    include_str!("page/console-answers.js"),
    include_str!("page/console-worker.js"),
    include_str!("page/console.js"),
];

/// The module that starts the page, last.
const MAIN: &str = include_str!("page/main.js");

/// What the page shows, read from the database's relations.
#[derive(Serialize, Default)]
pub struct PageData {
    /// Columns, one queen in each.
    pub n: u8,
    /// Rows: as many as columns, more on a rectangle.
    pub rows: u8,
    /// square: [name, column number, row number, [its lines, by index]],
    /// in board order (by column, then row).
    pub squares: Vec<(String, i64, i64, Vec<usize>)>,
    /// line: [anchor, direction].
    pub lines: Vec<(String, String)>,
    /// The lines, by index, in the order square_line is read: the order
    /// that names one of the lines two squares share, where they share
    /// more than one (the first of them here).
    pub naming: Vec<usize>,
    /// Every solution in board order, each as one character a queen (its
    /// row in base 36: 1 … 9, a, b, …), all in one string.
    pub solutions: String,
    /// symmetry: [name, description], by sym_no.
    pub symmetries: Vec<(String, String)>,
    /// images[g][s]: the square (by index) symmetry g moves square s onto.
    pub images: Vec<Vec<usize>>,
    /// search_space: [step, reasoning, calculation, search space as shown].
    pub space: Vec<(String, String, String, String)>,
    /// search_funnel: [k, by the candidate rule (None beyond 64 bits), by
    /// the placement rule].
    pub funnel: Vec<(i64, Option<i64>, i64)>,
    /// search_tree_tally: [k, entered, tried, placed, by_row, by_rising,
    /// by_falling], and by_knight on a superqueens board.
    pub tally: Vec<Vec<i64>>,
    /// The board in words: "the 8×8 board", "the 7×7 torus".
    pub board: String,
    /// The squares no queen may stand on (hole), by index.
    pub holes: Vec<usize>,
    /// The relations the page reads: name → [kind, the SQL the database
    /// holds for it (empty where it keeps none)].
    pub relations: BTreeMap<String, (String, String)>,
}

impl PageData {
    /// The page's data for the board `facts` describes, its solutions to
    /// come with `add_solution`.
    pub fn from_shown(facts: &BoardShown) -> Result<PageData> {
        let mut data = PageData {
            n: facts.n,
            rows: facts.n,
            board: format!("the {0}×{0} board", facts.n),
            ..PageData::default()
        };
        for square in &facts.squares {
            data.add_square(square.square.clone(), square.column, square.row);
        }
        data.lines = (facts.lines.iter())
            .map(|line| (line.anchor.clone(), line.mov_dir.clone()))
            .collect();
        for on in &facts.square_lines {
            data.add_square_line(&on.square, &on.anchor, &on.mov_dir)?;
        }
        let mut moves = moves_by_symmetry(&facts.images);
        // The board's own symmetries: those square_image holds.
        for symmetry in &facts.symmetries {
            let Some(moved) = moves.remove(&symmetry.symmetry) else {
                continue;
            };
            data.add_symmetry(
                symmetry.symmetry.clone(),
                symmetry.description.clone(),
                &moved,
            )?;
        }
        data.space = facts.reasoning.iter().map(reasoning_cells).collect();
        data.funnel = (facts.funnel.iter())
            .map(|f| (f.queens, f.by_candidate_rule, f.by_placement_rule))
            .collect();
        data.tally = facts.tally.iter().map(tally_cells).collect();
        data.relations = (facts.definitions.iter())
            .map(|d| (d.name.clone(), (d.kind.clone(), d.sql.clone())))
            .collect();
        Ok(data)
    }

    /// The board's name and rows, and its holes marked.
    pub fn shaped(&mut self, board: &Board) -> Result<()> {
        self.board = board.the_board();
        self.rows = board.rows;
        self.holes = (board.holes.iter())
            .map(|hole| self.square_index(&hole.name()))
            .collect::<Result<_>>()?;
        Ok(())
    }

    /// Adds a square; its lines come with add_square_line.
    pub fn add_square(&mut self, name: String, column: i64, row: i64) {
        self.squares.push((name, column, row, Vec::new()));
    }

    /// Records that `square` lies on the line (anchor, direction), one of
    /// `lines`; a square's lines are kept in the order of `lines`, and
    /// each line joins `naming` when it first comes.
    pub fn add_square_line(&mut self, square: &str, anchor: &str, direction: &str) -> Result<()> {
        let line = self
            .lines
            .iter()
            .position(|l| l.0 == anchor && l.1 == direction)
            .with_context(|| {
                format!("square_line names ({anchor}, {direction}), which is no line")
            })?;
        if !self.naming.contains(&line) {
            self.naming.push(line);
        }
        let at = self.square_index(square)?;
        let on = &mut self.squares[at].3;
        on.push(line);
        on.sort_unstable();
        Ok(())
    }

    /// Adds a solution, its queens' squares one per column.
    pub fn add_solution(&mut self, squares: &[String]) -> Result<()> {
        for name in squares {
            let row = self.squares[self.square_index(name)?].2;
            let digit = char::from_digit(row as u32, 36)
                .with_context(|| format!("row {row} has no digit in base 36"))?;
            self.solutions.push(digit);
        }
        Ok(())
    }

    /// Adds symmetry `name` with its moves (square, image) of every square.
    pub fn add_symmetry(
        &mut self,
        name: String,
        description: String,
        moves: &[(String, String)],
    ) -> Result<()> {
        let mut image = vec![usize::MAX; self.squares.len()];
        for (square, onto) in moves {
            image[self.square_index(square)?] = self.square_index(onto)?;
        }
        anyhow::ensure!(
            !image.contains(&usize::MAX),
            "symmetry {name} does not move every square"
        );
        self.symmetries.push((name, description));
        self.images.push(image);
        Ok(())
    }

    fn square_index(&self, name: &str) -> Result<usize> {
        self.squares
            .iter()
            .position(|s| s.0 == name)
            .with_context(|| format!("{name} is not a square of the board"))
    }
}

/// Writes the page for `data`, with the console and exercises of `console`
/// where it is given (`export --console`), its first line `mark`'s.
pub fn write_page(
    out: &mut dyn Write,
    mark: &PageMark,
    data: &PageData,
    console: Option<&ConsoleData>,
) -> Result<()> {
    // The first line holds the digest of the rest, so the rest comes first.
    let rest = assemble(data, console)?;
    writeln!(out, "{}", mark.first_line(rest.as_bytes()))?;
    out.write_all(rest.as_bytes())?;
    Ok(out.flush()?)
}

/// The page after its first line (the export's mark, `write_page`), the
/// one place it is put together: the template filled in with
/// the board's name and size, the data, the script's modules and, where it
/// is given, the console. Nothing is escaped: the data is JSON made safe to
/// sit in a script (`script_json`), the rest the page's own text.
fn assemble(data: &PageData, console: Option<&ConsoleData>) -> Result<String> {
    let mut env = Environment::new();
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    env.set_auto_escape_callback(|_| AutoEscape::None);
    env.set_keep_trailing_newline(true);
    for (name, text) in TEMPLATES {
        env.add_template(name, text)?;
    }
    let mut modules: Vec<&str> = MODULES.to_vec();
    if console.is_some() {
        modules.extend(CONSOLE_MODULES);
    }
    modules.push(MAIN);
    let script: Vec<String> = modules.into_iter().map(unindented).collect();
    let console = match console {
        Some(console) => Some(context! {
            data => script_json(&serde_json::to_string(console)?),
            hidden => console.hidden(),
            left_out => console.left_out_said(),
            sqljs_version => console.sqljs_version(),
        }),
        None => None,
    };
    let page = env.get_template("page.html")?.render(context! {
        n => data.n,
        rows => data.rows,
        board => &data.board,
        board_capitalized => capitalized(&data.board),
        data => script_json(&serde_json::to_string(data)?),
        script => script.join("\n"),
        console => console,
    })?;
    Ok(page)
}

/// A module as the page holds it: each line without its indentation, which
/// the plain page's 100 kB cannot spare. No string in a module spans lines
/// (eslint.config.js forbids template literals), so no value changes.
fn unindented(module: &str) -> String {
    let lines: Vec<&str> = module.lines().map(str::trim_start).collect();
    lines.join("\n")
}

/// "The 8×8 board" from "the 8×8 board".
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// JSON to sit inside <script>: no `</script>` or `<!--` can close or bend
/// it, and the two line ends that JavaScript does not take in strings are
/// escaped.
fn script_json(json: &str) -> String {
    json.replace('<', "\\u003c")
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029")
}

/// The moves of every symmetry, grouped by symmetry name, from rows of
/// square_image.
fn moves_by_symmetry(images: &[SquareImage]) -> HashMap<String, Vec<(String, String)>> {
    let mut moves: HashMap<String, Vec<(String, String)>> = HashMap::new();
    for image in images {
        (moves.entry(image.symmetry.clone()).or_default())
            .push((image.square.clone(), image.image.clone()));
    }
    moves
}

/// A step of the reasoning as the page's table shows it: step, reasoning,
/// calculation, the search space as `space` writes it.
fn reasoning_cells(step: &ReasoningStep) -> (String, String, String, String) {
    let [step, reasoning, calculation, size] = search_space::reasoning_row(step);
    (step, reasoning, calculation, size)
}

/// A level of search_tree_tally as the page's data holds it.
fn tally_cells(t: &TallyLevel) -> Vec<i64> {
    let mut cells = vec![
        t.queens,
        t.entered,
        t.tried,
        t.placed,
        t.by_row,
        t.by_rising,
        t.by_falling,
    ];
    cells.extend(t.by_knight);
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A page of one square, its data `data`.
    fn page_of(data: &PageData) -> String {
        let mut page = Vec::new();
        write_page(&mut page, &mark(), data, None).unwrap();
        String::from_utf8(page).unwrap()
    }

    fn mark() -> PageMark {
        PageMark::of("the 1×1 board", None)
    }

    fn one_square() -> PageData {
        let mut data = PageData {
            n: 1,
            rows: 1,
            ..PageData::default()
        };
        data.add_square("a1".into(), 1, 1);
        data
    }

    #[test]
    fn the_page_begins_with_the_line_export_recognises_it_by() {
        let page = page_of(&one_square());
        let found = PageMark::read(page.as_bytes()).unwrap();
        assert_eq!(found.mark, mark());
        assert!(found.unchanged);
    }

    #[test]
    fn no_module_can_close_the_script_it_sits_in() {
        for module in MODULES.iter().chain(&CONSOLE_MODULES).chain([&MAIN]) {
            let first = module.lines().next().unwrap_or_default();
            assert!(
                !module.contains("</script") && !module.contains("<!--"),
                "{first}"
            );
        }
    }

    #[test]
    fn data_cannot_close_the_script_it_sits_in() {
        let mut data = one_square();
        data.space.push((
            "1".into(),
            "</script><script>alert(1)</script>".into(),
            "<!--".into(),
            "1".into(),
        ));
        let page = page_of(&data);
        assert_eq!(
            page.matches("</script>").count(),
            2,
            "only the page's own two"
        );
        // The page's own first line is the one comment it holds.
        let (_, after_first_line) = page.split_once('\n').unwrap();
        assert!(!after_first_line.contains("<!--"));
    }
}
