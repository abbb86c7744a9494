//! Waiting for an event, never for a set time: a test that looks for
//! something waits until it comes, however slow the machine, up to a
//! bound no working machine comes near (`DEADLINE`). Past it, the event is
//! not coming (a defect in what is tested): the test fails, naming the
//! event it waited for, instead of running on until CI's job limit ends
//! the whole run. A long wait says on stderr each minute what it still
//! waits for.
//!
//! The suite's waits go through here: polling (`wait_for`, `wait_until`),
//! a process to end (`Bounded` for a command, `exit_of` and `output_of`
//! for a started child), a thread to end (`joined`; a thread whose own
//! work is such a wait is joined plainly), a loop (`Deadline`), a child's
//! output read as it comes (`Watchdog`), a child stopped by a `Drop`
//! (`stopped`, `ended`). A statement the tests send a test server
//! themselves ends within `DEADLINE` by the server's `statement_timeout`
//! (`common::server::connect`).

use std::io::{self, Read};
use std::process::{Child, ExitStatus, Output, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long any one wait lasts at most: the suite's slowest event (a
/// search of minutes on a loaded CI machine) several times over.
pub const DEADLINE: Duration = Duration::from_secs(15 * 60);

/// How often a wait looks again.
const LOOK_EVERY: Duration = Duration::from_millis(20);

/// How often a long wait says what it waits for.
const SAY_EVERY: Duration = Duration::from_secs(60);

/// What `ready` gives, once it gives something: asked every 20 ms, for as
/// long as it takes up to `DEADLINE`, past which the test fails naming
/// `what`, the event waited for.
#[track_caller]
pub fn wait_for<T>(what: &str, ready: impl FnMut() -> Option<T>) -> T {
    match within(what, ready) {
        Some(value) => value,
        None => panic!("{}", gave_up(what)),
    }
}

/// Waits until `ready` holds (as `wait_for`).
#[track_caller]
pub fn wait_until(what: &str, mut ready: impl FnMut() -> bool) {
    wait_for(what, || ready().then_some(()));
}

/// The failure of a wait for `what` that lasted `DEADLINE`.
fn gave_up(what: &str) -> String {
    format!(
        "gave up after {} minutes waiting for {what}",
        DEADLINE.as_secs() / 60
    )
}

/// What `ready` gives within `DEADLINE`, or None past it.
fn within<T>(what: &str, mut ready: impl FnMut() -> Option<T>) -> Option<T> {
    let started = Instant::now();
    let mut said = started;
    loop {
        if let Some(value) = ready() {
            return Some(value);
        }
        if started.elapsed() >= DEADLINE {
            return None;
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

/// How `child` ended, waited for as `what` up to `DEADLINE`; past it,
/// `child` is killed and the test fails naming `what`.
#[track_caller]
pub fn exit_of(child: &mut Child, what: &str) -> ExitStatus {
    match within(what, || child.try_wait().unwrap()) {
        Some(status) => status,
        None => {
            // Killed and not waited for: the deadline is spent, and the
            // test fails now rather than after a second one.
            let _ = child.kill();
            panic!("{}", gave_up(what))
        }
    }
}

/// Waits, as `wait_until`, until `reached` holds, `what` naming it; a
/// `child` that ends first fails the test, saying what it wrote on its
/// piped stderr.
#[track_caller]
pub fn until_reached_by(child: &mut Child, what: &str, mut reached: impl FnMut() -> bool) {
    wait_until(what, || {
        if let Some(status) = child.try_wait().unwrap() {
            ended_before(child, status, what);
        }
        reached()
    });
}

/// Fails the test: `child` ended (`status`) before `event`, which it was
/// to reach first; says what it wrote on its piped stderr.
#[track_caller]
pub fn ended_before(child: &mut Child, status: ExitStatus, event: &str) -> ! {
    let mut said = String::new();
    if let Some(stderr) = child.stderr.as_mut() {
        let _ = stderr.read_to_string(&mut said);
    }
    panic!("the command ended ({status}) before {event}: {said}");
}

/// Kills `child` and waits, as `ended`, for it to end: for a `Drop` that
/// stops what a test started; `what` names the child.
pub fn stopped(child: &mut Child, what: &str) {
    let _ = child.kill();
    ended(child, what);
}

/// Waits for `child` to end up to `DEADLINE`. A `Drop` cannot fail the
/// test, so past it this kills `child` and says on stderr that `what`, the
/// child, did not end, instead of hanging the suite.
pub fn ended(child: &mut Child, what: &str) {
    let waited = format!("{what} to end");
    let gone = within(&waited, || match child.try_wait() {
        Ok(None) => None,
        Ok(Some(_)) | Err(_) => Some(()),
    });
    if gone.is_none() {
        let _ = child.kill();
        eprintln!(
            "{}; {what} did not end and is left behind",
            gave_up(&waited)
        );
    }
}

/// What `child` printed and how it ended, as `Child::wait_with_output`
/// gives it, waited for as `exit_of` waits.
#[track_caller]
pub fn output_of(mut child: Child, what: &str) -> Output {
    let read = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            bytes
        })
    };
    let stdout = read(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let stderr = read(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let status = exit_of(&mut child, what);
    Output {
        status,
        stdout: joined(stdout, &format!("the standard output of {what}")),
        stderr: joined(stderr, &format!("the standard error of {what}")),
    }
}

/// What the thread `handle` returned, waited for as `what` up to
/// `DEADLINE`; a thread that panicked fails the test with its panic.
#[track_caller]
pub fn joined<T>(handle: JoinHandle<T>, what: &str) -> T {
    wait_until(what, || handle.is_finished());
    match handle.join() {
        Ok(value) => value,
        Err(panic) => std::panic::resume_unwind(panic),
    }
}

/// A command run to its end within `DEADLINE`, or the test fails naming
/// the command: `output` and `status` as the standard library's.
pub trait Bounded {
    /// As `Command::output` (standard input empty, the outputs caught).
    fn bounded_output(&mut self) -> io::Result<Output>;
    /// As `Command::status` (every stream inherited).
    fn bounded_status(&mut self) -> io::Result<ExitStatus>;
}

impl Bounded for std::process::Command {
    fn bounded_output(&mut self) -> io::Result<Output> {
        let what = format!("{self:?} to end");
        let child = self
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        Ok(output_of(child, &what))
    }

    fn bounded_status(&mut self) -> io::Result<ExitStatus> {
        let what = format!("{self:?} to end");
        let mut child = self.spawn()?;
        Ok(exit_of(&mut child, &what))
    }
}

/// `Bounded`'s output with standard output sent elsewhere (a file, a
/// full device): `Command::output` with `stdout` set.
pub trait BoundedInto {
    fn bounded_output_into(&mut self, stdout: impl Into<Stdio>) -> io::Result<Output>;
}

impl BoundedInto for std::process::Command {
    fn bounded_output_into(&mut self, stdout: impl Into<Stdio>) -> io::Result<Output> {
        let what = format!("{self:?} to end");
        let child = self
            .stdin(Stdio::null())
            .stdout(stdout)
            .stderr(Stdio::piped())
            .spawn()?;
        Ok(output_of(child, &what))
    }
}

impl Bounded for assert_cmd::Command {
    fn bounded_output(&mut self) -> io::Result<Output> {
        let what = format!("{self:?} to end");
        let started = Instant::now();
        // assert_cmd kills the command at its timeout and says nothing.
        let out = self.timeout(DEADLINE).output()?;
        if out.status.code().is_none() && started.elapsed() >= DEADLINE {
            panic!("{}", gave_up(&what));
        }
        Ok(out)
    }

    fn bounded_status(&mut self) -> io::Result<ExitStatus> {
        Ok(self.bounded_output()?.status)
    }
}

/// A loop's bound: `check` fails the test, naming `what` the loop waits
/// for, once `DEADLINE` has passed since the loop began.
pub struct Deadline {
    started: Instant,
    what: String,
}

impl Deadline {
    /// The bound of a loop that ends at `what`.
    pub fn new(what: &str) -> Deadline {
        Deadline {
            started: Instant::now(),
            what: what.to_string(),
        }
    }

    /// Fails the test once the loop has run past `DEADLINE`.
    #[track_caller]
    pub fn check(&self) {
        assert!(self.started.elapsed() < DEADLINE, "{}", gave_up(&self.what));
    }
}

/// Kills the process `pid` if it is still running `DEADLINE` after this
/// is made, saying on stderr that `what` never came: for a test that reads
/// a child's output as it comes, a read that would block for ever ends
/// there and fails the test. Dropping it calls the watch off.
pub struct Watchdog {
    done: std::sync::mpsc::Sender<()>,
}

impl Watchdog {
    pub fn on(pid: u32, what: &str) -> Watchdog {
        let (done, called_off) = std::sync::mpsc::channel::<()>();
        let what = what.to_string();
        std::thread::spawn(move || {
            if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                called_off.recv_timeout(DEADLINE)
            {
                eprintln!("{}; killing process {pid}", gave_up(&what));
                let _ = std::process::Command::new("kill")
                    .args(["-KILL", &pid.to_string()])
                    .status();
            }
        });
        Watchdog { done }
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        let _ = self.done.send(());
    }
}
