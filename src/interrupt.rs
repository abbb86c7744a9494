//! What queens does on Ctrl-C (and on SIGTERM or SIGHUP) before it ends
//! with 130, as a program interrupted does: rub out a progress bar, remove
//! the temporary files it was writing, and ask each server to stop the
//! query it runs for queens, which it would otherwise go on with (on a
//! cluster, for hours at a large board). The engines, the files and the
//! commands each register what they need; it sits below all of them.

use std::sync::{Mutex, Once};

type Action = Box<dyn Fn() + Send>;

static ACTIONS: Mutex<Vec<Action>> = Mutex::new(Vec::new());

/// Adds `action` to what Ctrl-C does, first installing the handler.
pub fn on_interrupt(action: impl Fn() + Send + 'static) {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| {
        let _ = ctrlc::set_handler(|| {
            if let Ok(actions) = ACTIONS.lock() {
                for action in actions.iter() {
                    action();
                }
            }
            std::process::exit(130);
        });
    });
    if let Ok(mut actions) = ACTIONS.lock() {
        actions.push(Box::new(action));
    }
}
