//! The `console` section: how long the page of `export --console` takes
//! to judge each built-in exercise's reference answer, typed in as a
//! learner's answer, in headless Chromium (Debian's, /usr/bin/chromium):
//! from the click on "check my answer" to the verdict, the answer run on
//! the page's board and on its three hidden ones. An exercise the export
//! leaves out on a board (too slow to check there) is said as such.
//!
//!     cargo bench --bench solve -- --only console               # 10 … 12
//!     cargo bench --bench solve -- --only console --size 12     # one size
//!     cargo bench --bench solve -- --only console --exercises FILE
//!                                     # a teacher's exercises, none left out
//!
//! It needs sql.js in node_modules (`npm ci`).

use queens::cmd::export::CONSOLE_UP_TO;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use headless_chrome::{Browser, LaunchOptions, Tab};

/// The longest a check is waited for.
const MOST: Duration = Duration::from_secs(600);

/// Each built-in exercise's check on the console page of the N×N board,
/// for each of `sizes` from 10 up to the largest board the console is
/// written for (`--large` asks for larger ones, which `export --console`
/// refuses).
pub fn console_figures(dir: &Path, sizes: &[u8], exercises: Option<&str>) {
    let sqljs = Path::new(env!("CARGO_MANIFEST_DIR")).join("node_modules/sql.js");
    if !sqljs.join("package.json").exists() {
        println!("\nconsole: no node_modules/sql.js (npm ci): skipped");
        return;
    }
    let browser = Browser::new(
        LaunchOptions::default_builder()
            .path(Some("/usr/bin/chromium".into()))
            .sandbox(false)
            .idle_browser_timeout(MOST)
            .build()
            .unwrap(),
    )
    .expect("/usr/bin/chromium");
    println!();
    println!(
        "export --console: a check of each built-in exercise's reference answer in \
         headless Chromium, click to verdict (s; on the N×N board and its three hidden ones):"
    );
    let console_sizes = sizes.iter().filter(|&&n| (10..=CONSOLE_UP_TO).contains(&n));
    for &n in console_sizes {
        let page = console_page(dir, n, &sqljs, exercises);
        let tab = browser.new_tab().unwrap();
        tab.set_default_timeout(MOST);
        tab.navigate_to(&format!("file://{}", page.display()))
            .unwrap()
            .wait_until_navigated()
            .unwrap();
        wait_for(
            &tab,
            "document.getElementById('console-fresh').disabled === false",
        );
        // The page carries each exercise's title, not its answer (the
        // answers are checked against hidden boards): the answer comes
        // from the exercises themselves, below.
        let titles = eval(
            &tab,
            "JSON.stringify(JSON.parse(document.getElementById('queens-console').textContent).exercises.map(x => x.title))",
        );
        let kept: Vec<String> = serde_json::from_str(&titles).unwrap();
        let all = match exercises {
            Some(file) => {
                queens::model::exercises::parse(&std::fs::read_to_string(file).unwrap()).unwrap()
            }
            None => queens::model::exercises::built_in(),
        };
        for exercise in all.exercises {
            let figure = match kept.iter().position(|title| *title == exercise.title) {
                Some(at) => check_time(&tab, at, &exercise.answer),
                None => "left out".to_string(),
            };
            println!("{n:>4} {figure:>9}  {}", exercise.title);
        }
        tab.close(true).ok();
    }
}

/// Writes the console page of the N×N board in `dir` (with the teacher's
/// `exercises`, else the built-in ones) and returns its path.
fn console_page(dir: &Path, n: u8, sqljs: &Path, exercises: Option<&str>) -> PathBuf {
    let page = dir.join(format!("console{n}.html"));
    let db = dir.join(format!("console{n}.db"));
    let size = n.to_string();
    let mut args = vec![
        "export",
        "--console",
        "--sqljs",
        sqljs.to_str().unwrap(),
        "--size",
        &size,
        "--db",
        db.to_str().unwrap(),
        "--force",
        "--out",
        page.to_str().unwrap(),
    ];
    if let Some(file) = exercises {
        args.extend(["--exercises", file]);
    }
    crate::common::run_queens(&args);
    page
}

/// The seconds the page takes to judge `answer` as exercise `at`'s
/// answer, and its verdict's first word where it is not "Right:".
fn check_time(tab: &Tab, at: usize, answer: &str) -> String {
    let answer = serde_json::to_string(answer).unwrap();
    eval(
        tab,
        &format!(
            "(() => {{
              const choice = document.getElementById('console-ex');
              choice.selectedIndex = {at};
              choice.dispatchEvent(new Event('change'));
              const text = document.getElementById('console-sql');
              text.value = {answer};
              text.dispatchEvent(new Event('input'));
              const verdict = document.getElementById('console-verdict');
              window.benchDone = null;
              new MutationObserver((_, seen) => {{
                if (verdict.textContent) {{ window.benchDone = performance.now(); seen.disconnect(); }}
              }}).observe(verdict, {{ childList: true, subtree: true, characterData: true }});
              window.benchStart = performance.now();
              document.getElementById('console-check').click();
            }})()"
        ),
    );
    wait_for(tab, "window.benchDone !== null");
    let ms: f64 = eval(tab, "window.benchDone - window.benchStart")
        .parse()
        .unwrap();
    let verdict = eval(
        tab,
        "document.getElementById('console-verdict').textContent",
    );
    if verdict.starts_with("Right") {
        format!("{:.2}", ms / 1000.0)
    } else {
        let said = verdict.split(':').next().unwrap_or("");
        format!("{:.2} ({said})", ms / 1000.0)
    }
}

/// Waits (at most MOST) until `condition` holds in the page.
fn wait_for(tab: &Tab, condition: &str) {
    let start = Instant::now();
    while eval(tab, condition) != "true" {
        assert!(start.elapsed() < MOST, "waited {MOST:?} for {condition}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn eval(tab: &Tab, expression: &str) -> String {
    match tab.evaluate(expression, false).unwrap().value {
        Some(serde_json::Value::String(s)) => s,
        Some(other) => other.to_string(),
        None => String::new(),
    }
}
