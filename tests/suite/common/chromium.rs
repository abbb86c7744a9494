//! Debian's chromium, headless, for the tests that use a page as a person
//! does. The tests start it themselves rather than through headless_chrome's
//! launcher, which gives the browser 30 s to start and picks its port from
//! 8000–9000 (a deadline, and a race between tests started at once): here
//! chromium picks a free port itself and says which, and every call to it
//! waits for as long as it takes up to the suite's deadline (see
//! `wait.rs`), past which the test fails naming what it waited for.

use std::io::{BufRead, BufReader};
use std::ops::Deref;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;

use headless_chrome::browser::DEFAULT_ARGS;
use std::path::Path;

use headless_chrome::protocol::cdp::Emulation::SetDeviceMetricsOverride;
use headless_chrome::protocol::cdp::Page::CaptureScreenshotFormatOption;
use headless_chrome::{Browser, Tab};
use tempfile::TempDir;

use crate::common::wait::{DEADLINE, joined, stopped};

/// A headless chromium with its own profile, stopped when dropped.
pub struct Chromium {
    browser: Browser,
    child: Child,
    _profile: TempDir,
}

impl Deref for Chromium {
    type Target = Browser;
    fn deref(&self) -> &Browser {
        &self.browser
    }
}

impl Drop for Chromium {
    fn drop(&mut self) {
        stopped(&mut self.child, "the headless chromium");
    }
}

impl Chromium {
    /// Chromium with a window of `width`×`height`, once it listens.
    pub fn start((width, height): (u32, u32)) -> Chromium {
        let profile = TempDir::new().unwrap();
        let mut child = Command::new("/usr/bin/chromium")
            .arg("--remote-debugging-port=0")
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .args(DEFAULT_ARGS)
            .arg(format!("--window-size={width},{height}"))
            .args(["--headless", "--disable-gpu", "--no-sandbox", "about:blank"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("/usr/bin/chromium (apt-get install chromium)");
        let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
        let listening = std::thread::spawn(move || {
            let mut said = Vec::new();
            let url = loop {
                let Some(Ok(line)) = lines.next() else {
                    panic!("chromium ended before it listened: {}", said.join("\n"));
                };
                if let Some(url) = line.strip_prefix("DevTools listening on ") {
                    break url.trim().to_string();
                }
                said.push(line);
            };
            (url, lines)
        });
        let (url, lines) = joined(listening, "chromium to say where it listens");
        // Chromium goes on writing to stderr: read it, so that it never
        // waits on a full pipe.
        std::thread::spawn(move || lines.for_each(drop));
        let browser = Browser::connect_with_timeout(url, DEADLINE)
            .unwrap_or_else(|e| panic!("waiting for chromium to take the connection: {e}"));
        Chromium {
            browser,
            child,
            _profile: profile,
        }
    }

    /// A new tab whose calls wait for as long as they take, up to the
    /// suite's deadline.
    pub fn tab(&self) -> Arc<Tab> {
        let tab = self.browser.new_tab().unwrap();
        tab.set_default_timeout(DEADLINE);
        tab
    }
}

/// Chromium at `width`×`height` with `page` open at `fragment`.
pub fn open_at(page: &Path, fragment: &str, (width, height): (u32, u32)) -> (Chromium, Arc<Tab>) {
    let browser = Chromium::start((width, height));
    let tab = browser.tab();
    // Headless chromium keeps its window at least 500 pixels wide: the
    // phone's viewport is set as a phone's, so 390 is 390.
    let metrics: SetDeviceMetricsOverride = serde_json::from_value(serde_json::json!({
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500
    }))
    .unwrap();
    tab.call_method(metrics).unwrap();
    tab.navigate_to(&format!("file://{}{fragment}", page.display()))
        .unwrap()
        .wait_until_navigated()
        .unwrap_or_else(|e| panic!("waiting for {} to load: {e}", page.display()));
    element(&tab, "#board .sq");
    let wider = &format!(
        "[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > {width} + 0.5).slice(0, 8).map(e => e.tagName + '#' + e.id + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).join(', ')"
    );
    assert_eq!(
        eval(&tab, "innerWidth"),
        width.to_string(),
        "wider than the screen: {}",
        eval(&tab, wider)
    );
    (browser, tab)
}

/// The value of a JavaScript expression, as text.
#[track_caller]
pub fn eval(tab: &Tab, expression: &str) -> String {
    let value = tab
        .evaluate(expression, false)
        .unwrap_or_else(|e| panic!("waiting for the page to evaluate {expression}: {e}"))
        .value;
    match value {
        Some(serde_json::Value::String(s)) => s,
        Some(other) => other.to_string(),
        None => String::new(),
    }
}

pub fn text_of(tab: &Tab, id: &str) -> String {
    eval(tab, &format!("document.getElementById('{id}').textContent"))
}

pub fn click(tab: &Tab, selector: &str) {
    element(tab, selector).click().unwrap();
}

/// The element `selector` finds, once the page shows one: waited for up
/// to the suite's deadline, past which the test fails naming `selector`.
#[track_caller]
pub fn element<'a>(tab: &'a Tab, selector: &str) -> headless_chrome::Element<'a> {
    tab.wait_for_element(selector)
        .unwrap_or_else(|e| panic!("waiting for the page to show {selector}: {e}"))
}

pub fn screenshot(tab: &Tab, path: &Path) {
    let png = tab
        .capture_screenshot(CaptureScreenshotFormatOption::Png, None, None, true)
        .unwrap();
    assert!(png.starts_with(b"\x89PNG"));
    std::fs::write(path, png).unwrap();
}
