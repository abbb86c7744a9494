//! Waiting for an event, never for a set time. A test that looks for
//! something waits until it comes, however slow the machine: no deadline
//! fails it. A wait whose event never comes (a defect in what is tested)
//! says on stderr each minute what it still waits for, so that the log of
//! a run cut off by CI's job limit names the test and the event.

use std::time::{Duration, Instant};

/// How often a wait looks again.
const LOOK_EVERY: Duration = Duration::from_millis(20);

/// How often a long wait says what it waits for.
const SAY_EVERY: Duration = Duration::from_secs(60);

/// What `ready` gives, once it gives something: asked every 20 ms, for as
/// long as it takes. `what` names the event, for the minute-by-minute
/// note on stderr.
pub fn wait_for<T>(what: &str, mut ready: impl FnMut() -> Option<T>) -> T {
    let started = Instant::now();
    let mut said = started;
    loop {
        if let Some(value) = ready() {
            return value;
        }
        if said.elapsed() >= SAY_EVERY {
            said = Instant::now();
            eprintln!(
                "still waiting, after {} s, for {what}",
                started.elapsed().as_secs()
            );
        }
        std::thread::sleep(LOOK_EVERY);
    }
}

/// Waits until `ready` holds (as `wait_for`).
pub fn wait_until(what: &str, mut ready: impl FnMut() -> bool) {
    wait_for(what, || ready().then_some(()));
}
