//! The progress bar a long search shows on standard error: the search
//! says how far it is (`search::Progress`); this draws it.

use std::fmt::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use indicatif::{
    HumanDuration, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle, TermLike,
};

use crate::search::Progress;

/// How long work runs before its progress bar appears: a bar that would
/// flash for less than this only distracts.
const SHOW_PROGRESS_AFTER: Duration = Duration::from_secs(1);

/// The progress bar on screen, if any, for the Ctrl-C handler to clear.
static BAR_ON_SCREEN: Mutex<Option<ProgressBar>> = Mutex::new(None);

/// A bar on stderr with a whole-number rate and the time left, shown once
/// the work has run for a second, whether or not a part is done by then
/// (a search whose first parts take long still shows that it runs), and
/// never when asked to be quiet or when stderr is not a terminal.
pub struct Bar {
    show: bool,
    /// The bar of the work now running; its lock also keeps the bar from
    /// being shown after the work is done.
    running: Arc<Mutex<Option<ProgressBar>>>,
}

impl Bar {
    /// A bar, unless `quiet`.
    pub fn new(quiet: bool) -> Bar {
        Bar {
            show: !quiet,
            running: Arc::new(Mutex::new(None)),
        }
    }
}

impl Progress for Bar {
    fn watched(&self) -> bool {
        self.show && console::Term::stderr().is_term()
    }

    fn start(&self, parts: usize) {
        let bar = ProgressBar::with_draw_target(Some(parts as u64), ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} parts  {rate}{left}")
                .expect("a valid progress template")
                .with_key("rate", |state: &ProgressState, w: &mut dyn Write| {
                    let _ = write!(w, "{:.0}/s", state.per_sec());
                })
                // Nothing is said of the time left until a part is done.
                .with_key("left", |state: &ProgressState, w: &mut dyn Write| {
                    if state.pos() > 0 {
                        let _ = write!(w, "  about {:#} left", HumanDuration(state.eta()));
                    }
                }),
        );
        if let Ok(mut running) = self.running.lock() {
            *running = Some(bar.clone());
        }
        if self.watched() {
            clear_bar_on_interrupt();
            let running = Arc::clone(&self.running);
            std::thread::spawn(move || {
                std::thread::sleep(SHOW_PROGRESS_AFTER);
                if let Ok(_running) = running.lock()
                    && !bar.is_finished()
                {
                    reveal(&bar, Duration::from_secs(1));
                }
            });
        }
    }

    fn advance(&self, parts: usize) {
        if let Ok(running) = self.running.lock()
            && let Some(bar) = running.as_ref()
        {
            bar.inc(parts as u64);
        }
    }

    fn finish(&self) {
        if let Ok(mut running) = self.running.lock()
            && let Some(bar) = running.take()
        {
            bar.finish_and_clear();
        }
        if let Ok(mut on_screen) = BAR_ON_SCREEN.lock() {
            *on_screen = None;
        }
    }

    /// On stderr, as queens' other notes, whether or not it is a terminal.
    fn note(&self, text: &str) {
        if self.show {
            eprintln!("queens: note: {text}");
        }
    }
}

/// Draws `bar` on stderr from now on, again every `tick` (its time and
/// rate move even when its position does not), and lets Ctrl-C clear it.
fn reveal(bar: &ProgressBar, tick: Duration) {
    bar.set_draw_target(ProgressDrawTarget::term_like(Box::new(NarrowStderr(
        console::Term::stderr(),
    ))));
    bar.enable_steady_tick(tick);
    if let Ok(mut on_screen) = BAR_ON_SCREEN.lock() {
        *on_screen = Some(bar.clone());
    }
}

/// A spinner with the time spent, for work that cannot say how far it has
/// got (one statement the database runs whole): shown, like the bar, only
/// once the work has run for a second, never when quiet or when stderr is
/// not a terminal.
pub struct Spinner {
    bar: ProgressBar,
}

impl Spinner {
    /// A spinner saying `message`, unless `quiet`.
    pub fn start(quiet: bool, message: &str) -> Spinner {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template("{spinner} {msg} {elapsed}")
                .expect("a valid progress template"),
        );
        bar.set_message(message.to_string());
        if !quiet && console::Term::stderr().is_term() {
            clear_bar_on_interrupt();
            let shown = bar.clone();
            std::thread::spawn(move || {
                std::thread::sleep(SHOW_PROGRESS_AFTER);
                if !shown.is_finished() {
                    reveal(&shown, Duration::from_millis(200));
                }
            });
        }
        Spinner { bar }
    }

    /// The work is done: the spinner goes.
    pub fn finish(self) {
        self.bar.finish_and_clear();
        if let Ok(mut on_screen) = BAR_ON_SCREEN.lock() {
            *on_screen = None;
        }
    }
}

/// On Ctrl-C, rubs out the bar's line before the process ends, as a
/// program without a bar would leave the terminal. Installed once.
fn clear_bar_on_interrupt() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        crate::interrupt::on_interrupt(|| {
            if let Ok(Some(bar)) = BAR_ON_SCREEN.lock().as_deref() {
                bar.finish_and_clear();
            }
        });
    });
}

/// Standard error as the progress bar sees it: three columns narrower than
/// the terminal. indicatif pads the bar's line to the full width, which
/// leaves the cursor waiting to wrap; the terminal's echo of ^C would then
/// start a new line, and the bar's line could no longer be cleared.
#[derive(Debug)]
struct NarrowStderr(console::Term);

impl TermLike for NarrowStderr {
    fn width(&self) -> u16 {
        self.0.size().1.saturating_sub(3).max(1)
    }
    fn height(&self) -> u16 {
        self.0.size().0
    }
    fn move_cursor_up(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_up(n)
    }
    fn move_cursor_down(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_down(n)
    }
    fn move_cursor_right(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_right(n)
    }
    fn move_cursor_left(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_left(n)
    }
    fn write_line(&self, s: &str) -> std::io::Result<()> {
        self.0.write_line(s)
    }
    fn write_str(&self, s: &str) -> std::io::Result<()> {
        self.0.write_str(s)
    }
    fn clear_line(&self) -> std::io::Result<()> {
        self.0.clear_line()
    }
    fn flush(&self) -> std::io::Result<()> {
        self.0.flush()
    }
}
