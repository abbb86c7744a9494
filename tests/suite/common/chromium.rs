//! Debian's chromium, headless, for the tests that use a page as a person
//! does, driven over the DevTools protocol by the small client below. The
//! tests start chromium themselves: it picks a free port itself and says
//! which, and every call to it waits for as long as it takes up to the
//! suite's deadline (see `wait.rs`), past which the test fails naming what
//! it waited for.
//!
//! Why a client of our own: headless_chrome's transport holds its socket's
//! lock while a read waits out a 100 ms timeout, so every call waits up to
//! 100 ms before it is even sent (its issue 446, open), and a click, which
//! takes ten calls, a second. The suite makes tens of thousands of calls.
//! Here one socket per browser is written and then read until the answer,
//! on the caller's thread: a call takes what chromium takes.

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use base64::Engine;
use headless_chrome::protocol::cdp::types::Method;
use serde_json::{Value, json};
use tempfile::TempDir;
use tungstenite::{Message, WebSocket};

use crate::common::wait::{DEADLINE, joined, stopped, wait_for};

/// What a call to chromium gives, or what chromium said instead.
pub type Answer<T> = Result<T, String>;

/// The command line headless_chrome gives chromium (no background
/// networking, no throttling of pages in the background, no first-run).
const ARGUMENTS: &[&str] = &[
    "--disable-background-networking",
    "--disable-background-timer-throttling",
    "--disable-backgrounding-occluded-windows",
    "--disable-breakpad",
    "--disable-client-side-phishing-detection",
    "--disable-component-extensions-with-background-pages",
    "--disable-default-apps",
    "--disable-dev-shm-usage",
    "--disable-extensions",
    "--disable-features=TranslateUI",
    "--disable-hang-monitor",
    "--disable-ipc-flooding-protection",
    "--disable-popup-blocking",
    "--disable-prompt-on-repost",
    "--disable-renderer-backgrounding",
    "--disable-sync",
    "--force-color-profile=srgb",
    "--metrics-recording-only",
    "--no-first-run",
    "--enable-automation",
    "--password-store=basic",
    "--use-mock-keychain",
];

/// The browser's one DevTools socket, and the id of the next call.
struct Connection {
    socket: Mutex<WebSocket<TcpStream>>,
    next: AtomicU64,
}

impl Connection {
    /// Connects to chromium's DevTools at `url` (`ws://host:port/…`).
    fn open(url: &str) -> Connection {
        let address = url
            .strip_prefix("ws://")
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("chromium listens at {url}, not ws://"));
        let stream = TcpStream::connect(address)
            .unwrap_or_else(|e| panic!("connecting to chromium at {address}: {e}"));
        stream.set_read_timeout(Some(DEADLINE)).unwrap();
        stream.set_nodelay(true).unwrap();
        let (socket, _) = tungstenite::client(url, stream)
            .unwrap_or_else(|e| panic!("waiting for chromium to take the connection: {e}"));
        Connection {
            socket: Mutex::new(socket),
            next: AtomicU64::new(1),
        }
    }

    /// Calls `method` in `session` (the browser's own without one) and
    /// reads until its answer; with `until`, also until that event of the
    /// session arrives after the call. Other events are passed over.
    fn call(
        &self,
        session: Option<&str>,
        method: &str,
        params: Value,
        until: Option<&str>,
    ) -> Answer<Value> {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let mut call = json!({ "id": id, "method": method, "params": params });
        if let Some(session) = session {
            call["sessionId"] = json!(session);
        }
        let mut socket = self.socket.lock().unwrap();
        (socket.send(Message::text(call.to_string())))
            .map_err(|e| format!("sending {method} to chromium: {e}"))?;
        let (mut answer, mut arrived) = (None, until.is_none());
        let started = std::time::Instant::now();
        while answer.is_none() || !arrived {
            let message = match socket.read() {
                // A signal to the suite's process (a stop and a continue
                // among them) ends a read on a socket with a timeout with
                // EINTR whatever the handler's flags; the frame read so far
                // stays in the socket's buffer, so reading again goes on.
                Err(tungstenite::Error::Io(e))
                    if e.kind() == std::io::ErrorKind::Interrupted
                        && started.elapsed() < DEADLINE =>
                {
                    continue;
                }
                read => {
                    read.map_err(|e| format!("waiting for chromium to answer {method}: {e}"))?
                }
            };
            let Message::Text(text) = message else {
                continue;
            };
            let said: Value = serde_json::from_str(&text).unwrap();
            if said["id"] == json!(id) {
                answer = Some(match said.get("error") {
                    Some(error) => Err(format!("{method}: {error}")),
                    None => Ok(said["result"].clone()),
                });
            } else if until.is_some_and(|event| said["method"] == json!(event))
                && session.is_none_or(|session| said["sessionId"] == json!(session))
            {
                arrived = true;
            }
        }
        answer.unwrap()
    }
}

/// A headless chromium with its own profile, stopped when dropped.
pub struct Chromium {
    connection: Arc<Connection>,
    child: Child,
    _profile: TempDir,
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
            .args(ARGUMENTS)
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
        Chromium {
            connection: Arc::new(Connection::open(&url)),
            child,
            _profile: profile,
        }
    }

    /// A new tab, in front, with its page's events on.
    pub fn tab(&self) -> Arc<Tab> {
        let call = |method: &str, params: Value| {
            (self.connection.call(None, method, params, None))
                .unwrap_or_else(|e| panic!("making a tab: {e}"))
        };
        let target = call("Target.createTarget", json!({ "url": "about:blank" }));
        let target = target["targetId"].as_str().unwrap().to_string();
        let session = call(
            "Target.attachToTarget",
            json!({ "targetId": target, "flatten": true }),
        );
        let tab = Tab {
            connection: Arc::clone(&self.connection),
            session: session["sessionId"].as_str().unwrap().to_string(),
        };
        for method in ["Page.enable", "Runtime.enable", "Page.bringToFront"] {
            tab.call(method, json!({}))
                .unwrap_or_else(|e| panic!("making a tab: {e}"));
        }
        Arc::new(tab)
    }
}

/// A key held with another (`press_key_with_modifiers`), by the bit the
/// DevTools protocol gives it.
#[derive(Clone, Copy)]
pub enum ModifierKey {
    Ctrl = 2,
    Shift = 8,
}

/// One tab of a chromium: a DevTools session.
pub struct Tab {
    connection: Arc<Connection>,
    session: String,
}

/// What an expression evaluated to, as the DevTools protocol gives it:
/// a value for strings, numbers and booleans, none for objects.
pub struct Evaluated {
    pub value: Option<Value>,
}

impl Tab {
    /// Calls `method` with `params` in this tab.
    pub fn call(&self, method: &str, params: Value) -> Answer<Value> {
        (self.connection).call(Some(&self.session), method, params, None)
    }

    /// Calls one of the protocol's typed methods in this tab.
    pub fn call_method<C: Method + serde::Serialize>(&self, method: C) -> Answer<C::ReturnObject> {
        let params = serde_json::to_value(&method).unwrap();
        let answer = self.call(C::NAME, params)?;
        serde_json::from_value(answer).map_err(|e| format!("{}: {e}", C::NAME))
    }

    /// Opens `url` and waits until its page has loaded.
    pub fn navigate_to(&self, url: &str) -> Answer<&Tab> {
        let answer = self.connection.call(
            Some(&self.session),
            "Page.navigate",
            json!({ "url": url }),
            Some("Page.loadEventFired"),
        )?;
        match answer.get("errorText") {
            Some(error) => Err(format!("opening {url}: {error}")),
            None => Ok(self),
        }
    }

    /// Loads the page again and waits until it has loaded.
    pub fn reload(&self) -> Answer<&Tab> {
        (self.connection).call(
            Some(&self.session),
            "Page.reload",
            json!({}),
            Some("Page.loadEventFired"),
        )?;
        Ok(self)
    }

    /// Evaluates `expression` in the page, awaiting it if it is a promise
    /// and `await_promise`; an exception thrown is an error naming it.
    pub fn evaluate(&self, expression: &str, await_promise: bool) -> Answer<Evaluated> {
        let answer = self.call(
            "Runtime.evaluate",
            json!({ "expression": expression, "awaitPromise": await_promise }),
        )?;
        if let Some(thrown) = answer.get("exceptionDetails") {
            let said = &thrown["exception"]["description"];
            return Err(format!(
                "{expression} threw {}",
                said.as_str().unwrap_or("")
            ));
        }
        Ok(Evaluated {
            value: answer["result"].get("value").cloned(),
        })
    }

    /// Presses and releases `key` (a key's name: "Enter", "Tab",
    /// "ArrowRight", a letter, " "), as a keyboard does.
    pub fn press_key(&self, key: &str) -> Answer<&Tab> {
        self.press_key_with_modifiers(key, None)
    }

    /// Presses `key` while `modifiers` are held.
    pub fn press_key_with_modifiers(
        &self,
        key: &str,
        modifiers: Option<&[ModifierKey]>,
    ) -> Answer<&Tab> {
        let (code, key_code, text) = key_of(key);
        let modifiers = (modifiers.unwrap_or_default().iter()).fold(0, |all, m| all | *m as u32);
        let mut event = json!({
            "key": key, "code": code, "modifiers": modifiers,
            "windowsVirtualKeyCode": key_code, "nativeVirtualKeyCode": key_code,
        });
        if let Some(text) = text {
            event["text"] = json!(text);
        }
        for kind in [
            if text.is_some() {
                "keyDown"
            } else {
                "rawKeyDown"
            },
            "keyUp",
        ] {
            event["type"] = json!(kind);
            self.call("Input.dispatchKeyEvent", event.clone())?;
        }
        Ok(self)
    }

    /// Types `text` where the focus is, as an input method does.
    pub fn send_character(&self, text: &str) -> Answer<&Tab> {
        self.call("Input.insertText", json!({ "text": text }))?;
        Ok(self)
    }

    /// Moves the mouse to (`x`, `y`), then presses and releases its left
    /// button there, with `presses` false: moves it only.
    fn mouse(&self, (x, y): (f64, f64), presses: bool) -> Answer<()> {
        let kinds: &[&str] = if presses {
            &["mouseMoved", "mousePressed", "mouseReleased"]
        } else {
            &["mouseMoved"]
        };
        for kind in kinds {
            let mut event = json!({ "type": kind, "x": x, "y": y });
            if *kind != "mouseMoved" {
                event["button"] = json!("left");
                event["clickCount"] = json!(1);
            }
            self.call("Input.dispatchMouseEvent", event)?;
        }
        Ok(())
    }

    /// The page as a PDF, as printed.
    pub fn print_to_pdf(&self) -> Answer<Vec<u8>> {
        let answer = self.call("Page.printToPDF", json!({}))?;
        decoded(&answer)
    }

    /// The viewport as a PNG.
    pub fn capture_screenshot(&self) -> Answer<Vec<u8>> {
        let answer = self.call(
            "Page.captureScreenshot",
            json!({ "format": "png", "fromSurface": true }),
        )?;
        decoded(&answer)
    }
}

/// The bytes of an answer's base64 `data`.
fn decoded(answer: &Value) -> Answer<Vec<u8>> {
    let data = answer["data"].as_str().unwrap_or_default();
    (base64::engine::general_purpose::STANDARD.decode(data)).map_err(|e| e.to_string())
}

/// A key's code, key code and the text it types, if any, on a US
/// keyboard, for the keys the tests press.
fn key_of(key: &str) -> (String, u32, Option<&'static str>) {
    let named = match key {
        "Enter" => Some(("Enter", 13, Some("\r"))),
        "Tab" => Some(("Tab", 9, None)),
        "Escape" => Some(("Escape", 27, None)),
        "Backspace" => Some(("Backspace", 8, None)),
        " " => Some(("Space", 32, Some(" "))),
        "ArrowLeft" => Some(("ArrowLeft", 37, None)),
        "ArrowUp" => Some(("ArrowUp", 38, None)),
        "ArrowRight" => Some(("ArrowRight", 39, None)),
        "ArrowDown" => Some(("ArrowDown", 40, None)),
        _ => None,
    };
    if let Some((code, key_code, text)) = named {
        return (code.to_string(), key_code, text);
    }
    let letter = key
        .chars()
        .next()
        .filter(|c| c.is_ascii_lowercase() && key.len() == 1);
    let letter = letter.unwrap_or_else(|| panic!("no key named {key:?} here"));
    let text = &"abcdefghijklmnopqrstuvwxyz"[(letter as usize - 'a' as usize)..][..1];
    let key_code = u32::from(letter.to_ascii_uppercase());
    (
        format!("Key{}", letter.to_ascii_uppercase()),
        key_code,
        Some(text),
    )
}

/// An element the tab shows, found by its CSS selector.
pub struct Element<'a> {
    tab: &'a Tab,
    selector: String,
}

impl Element<'_> {
    /// Calls `function` (a JavaScript function of the element) on it.
    fn on(&self, function: &str) -> Answer<Evaluated> {
        let expression = format!(
            "({function})(document.querySelector({}))",
            serde_json::to_string(&self.selector).unwrap()
        );
        self.tab.evaluate(&expression, false)
    }

    /// Its middle where the mouse points (as chromium lays out its box,
    /// zoom and a phone's visual viewport included), once scrolled into
    /// view if any of it is out of view. After a scroll it waits for two
    /// frames: chromium finds what the mouse points at in the last frame
    /// drawn, which until then is the one before the scroll.
    fn middle(&self) -> Answer<(f64, f64)> {
        let scrolled = self.on(
            "e => { const r = e.getBoundingClientRect(); \
             const out = r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth; \
             if (out) e.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' }); \
             return out; }",
        )?;
        if scrolled.value == Some(Value::Bool(true)) {
            self.tab.evaluate(
                "new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))",
                true,
            )?;
        }
        let selector = serde_json::to_string(&self.selector).unwrap();
        let found = self.tab.call(
            "Runtime.evaluate",
            json!({ "expression": format!("document.querySelector({selector})") }),
        )?;
        let object = &found["result"]["objectId"];
        let quads = self
            .tab
            .call("DOM.getContentQuads", json!({ "objectId": object }))?;
        let corners: Vec<f64> = (quads["quads"][0].as_array())
            .ok_or(format!("{} is not shown", self.selector))?
            .iter()
            .filter_map(Value::as_f64)
            .collect();
        let (xs, ys): (Vec<f64>, Vec<f64>) = corners.chunks(2).map(|c| (c[0], c[1])).unzip();
        Ok((xs.iter().sum::<f64>() / 4.0, ys.iter().sum::<f64>() / 4.0))
    }

    /// A click of the mouse on its middle, as a person makes one.
    pub fn click(&self) -> Answer<&Self> {
        self.tab.mouse(self.middle()?, true)?;
        Ok(self)
    }

    /// The mouse moved over its middle.
    pub fn move_mouse_over(&self) -> Answer<&Self> {
        self.tab.mouse(self.middle()?, false)?;
        Ok(self)
    }

    /// Its text as shown (`innerText`).
    pub fn get_inner_text(&self) -> Answer<String> {
        let said = self.on("e => e.innerText")?;
        Ok(said
            .value
            .and_then(|v| v.as_str().map(String::from))
            .unwrap_or_default())
    }
}

/// Chromium at `width`×`height` with `page` open at `fragment`.
pub fn open_at(page: &Path, fragment: &str, (width, height): (u32, u32)) -> (Chromium, Arc<Tab>) {
    let browser = Chromium::start((width, height));
    let tab = browser.tab();
    // Headless chromium keeps its window at least 500 pixels wide: the
    // phone's viewport is set as a phone's, so 390 is 390.
    let metrics = json!({
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500
    });
    tab.call("Emulation.setDeviceMetricsOverride", metrics)
        .unwrap();
    tab.navigate_to(&format!("file://{}{fragment}", page.display()))
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
        Some(Value::String(s)) => s,
        Some(other) => other.to_string(),
        None => String::new(),
    }
}

pub fn text_of(tab: &Tab, id: &str) -> String {
    eval(tab, &format!("document.getElementById('{id}').textContent"))
}

/// A mouse click on the element `selector` finds, as a person makes one.
#[track_caller]
pub fn click(tab: &Tab, selector: &str) {
    (element(tab, selector).click()).unwrap_or_else(|e| panic!("clicking {selector}: {e}"));
}

/// The element `selector` finds, once the page shows one: waited for up
/// to the suite's deadline, past which the test fails naming `selector`.
#[track_caller]
pub fn element<'a>(tab: &'a Tab, selector: &str) -> Element<'a> {
    let found = format!(
        "document.querySelector({}) !== null",
        serde_json::to_string(selector).unwrap()
    );
    wait_for(&format!("the page to show {selector}"), || {
        (eval(tab, &found) == "true").then_some(())
    });
    Element {
        tab,
        selector: selector.to_string(),
    }
}

pub fn screenshot(tab: &Tab, path: &Path) {
    let png = tab.capture_screenshot().unwrap();
    assert!(png.starts_with(b"\x89PNG"));
    std::fs::write(path, png).unwrap();
}
