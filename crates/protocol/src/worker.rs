//! The search worker both front-ends share: an output sink the reading
//! thread and the searching thread both write lines to, and a job that runs
//! one search on its own thread, can be stopped through its flag, and can be
//! held back from reporting its result (UCI `go infinite` and `go ponder`).

use menagerie_engine::{Engine, Info, Limits, SearchResult};
use menagerie_rules::GameRecord;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

/// Where protocol lines go: shared by the reading loop and the search thread,
/// one whole line at a time.
#[derive(Clone)]
pub struct Out(Arc<Mutex<Box<dyn Write + Send>>>);

impl Out {
    /// Wraps a writer.
    pub fn new(w: impl Write + Send + 'static) -> Out {
        Out(Arc::new(Mutex::new(Box::new(w))))
    }

    /// Writes `text` and a newline, then flushes. Write errors (the GUI went
    /// away) are ignored: the input side will see the end of input.
    pub fn line(&self, text: &str) {
        let mut w = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let _ = writeln!(w, "{text}");
        let _ = w.flush();
    }
}

/// A writer into shared memory, for tests and tools that drive a front-end
/// in-process.
#[derive(Clone, Default)]
pub struct SharedBuffer(Arc<Mutex<Vec<u8>>>);

impl SharedBuffer {
    /// An empty buffer.
    #[must_use]
    pub fn new() -> SharedBuffer {
        SharedBuffer::default()
    }

    /// Everything written so far, as text.
    #[must_use]
    pub fn text(&self) -> String {
        let bytes = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        String::from_utf8_lossy(&bytes).into_owned()
    }
}

impl Write for SharedBuffer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A gate the search thread waits at before reporting (while `held`).
#[derive(Default)]
struct Gate {
    held: Mutex<bool>,
    open: Condvar,
}

impl Gate {
    fn release(&self) {
        *self.held.lock().unwrap_or_else(PoisonError::into_inner) = false;
        self.open.notify_all();
    }

    fn wait(&self) {
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        while *held {
            held = self.open.wait(held).unwrap_or_else(PoisonError::into_inner);
        }
    }
}

/// Called on the search thread for every finished iteration.
pub type OnInfo = Box<dyn FnMut(&Info) + Send>;
/// Called on the search thread with the result, once the job is released.
pub type OnDone = Box<dyn FnOnce(SearchResult) + Send>;

/// One running search.
pub struct Job {
    stop: Arc<AtomicBool>,
    gate: Arc<Gate>,
    handle: Option<JoinHandle<()>>,
}

impl Job {
    /// Starts searching `game` on a new thread with the shared `engine`. With
    /// `held`, the result is reported only after [`Job::release`] or
    /// [`Job::stop`], however early the search ends.
    #[must_use]
    pub fn start(
        engine: &Arc<Mutex<Engine>>,
        game: GameRecord,
        limits: Limits,
        held: bool,
        mut on_info: OnInfo,
        on_done: OnDone,
    ) -> Job {
        let stop = Arc::new(AtomicBool::new(false));
        let gate = Arc::new(Gate {
            held: Mutex::new(held),
            open: Condvar::new(),
        });
        let (engine, flag, g) = (Arc::clone(engine), Arc::clone(&stop), Arc::clone(&gate));
        let handle = std::thread::spawn(move || {
            let result = {
                let mut e = engine.lock().unwrap_or_else(PoisonError::into_inner);
                e.search(&game, &limits, &flag, &mut |i: &Info| on_info(i))
            };
            g.wait();
            on_done(result);
        });
        Job {
            stop,
            gate,
            handle: Some(handle),
        }
    }

    /// Lets a held job report once its search ends (UCI `ponderhit`).
    pub fn release(&self) {
        self.gate.release();
    }

    /// Stops the search after `after` unless it has ended by then (a
    /// background timer; harmless once the job is over).
    pub fn stop_after(&self, after: Duration) {
        let flag = Arc::clone(&self.stop);
        std::thread::spawn(move || {
            std::thread::sleep(after);
            flag.store(true, Ordering::Relaxed);
        });
    }

    /// Whether the search thread has finished (reported or not).
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.handle.as_ref().map_or(true, JoinHandle::is_finished)
    }

    /// Stops the search, releases it and waits until it has reported.
    pub fn stop(mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.gate.release();
        self.join();
    }

    /// Waits until the job has reported (without stopping it).
    pub fn wait(mut self) {
        self.join();
    }

    fn join(&mut self) {
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

impl Drop for Job {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.gate.release();
        self.join();
    }
}
