//! Pools for the work a stranger or a flood could use to take the machine: password hashing and
//! image decoding. A sign-in checks its password with argon2id (19 MiB, two passes); an upload
//! decodes up to 4096×4096 pixels (64 MiB). On the blocking pool that serves every database read,
//! a flood of either queued every read behind it. Each runs here instead, on a few threads of its
//! own, admitted only while a thread or a place in a short queue is free; when none is, the call
//! is answered `too_many_requests` at once rather than queued.

use std::future::Future;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex, mpsc};

use tokio::sync::{Semaphore, oneshot};

use crate::config::PoolSize;
use crate::error::{AppError, panic_message};

type Job = Box<dyn FnOnce() + Send>;

/// A few threads of their own, and the room the pool admits work into.
pub struct WorkPool {
    jobs: mpsc::Sender<Job>,
    room: Arc<Semaphore>,
}

impl WorkPool {
    /// Starts `size.threads` threads that take work from one queue; `size.threads + size.queue`
    /// calls are admitted at a time.
    pub fn start(name: &str, size: PoolSize) -> Result<WorkPool, AppError> {
        let threads = size.threads.max(1);
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for i in 0..threads {
            let queue = Arc::clone(&queue);
            std::thread::Builder::new()
                .name(format!("{name}-{i}"))
                .spawn(move || {
                    loop {
                        // The lock is held only while waiting for the next job, not while it runs.
                        let next = match queue.lock() {
                            Ok(q) => q.recv(),
                            Err(_) => return,
                        };
                        match next {
                            Ok(job) => job(),
                            // The pool is gone: the gateway is shutting down.
                            Err(_) => return,
                        }
                    }
                })
                .map_err(|e| AppError::internal(format!("cannot start a {name} thread: {e}")))?;
        }
        Ok(WorkPool {
            jobs,
            room: Arc::new(Semaphore::new(threads + size.queue)),
        })
    }

    /// Runs `work` on the pool if it has room, answering with its result (a panic's message as
    /// the error); `None` when the pool is full.
    pub fn run<T, W>(&self, work: W) -> Option<impl Future<Output = Result<T, String>> + use<T, W>>
    where
        T: Send + 'static,
        W: FnOnce() -> T + Send + 'static,
    {
        let place = Arc::clone(&self.room).try_acquire_owned().ok()?;
        let (answer, answered) = oneshot::channel();
        let job: Job = Box::new(move || {
            let out = catch_unwind(AssertUnwindSafe(work)).map_err(|p| panic_message(&*p));
            // The room frees before the answer goes: whoever it wakes finds it free.
            drop(place);
            let _ = answer.send(out);
        });
        self.jobs.send(job).ok()?;
        Some(async move {
            answered
                .await
                .unwrap_or_else(|_| Err("the pool's thread stopped".to_owned()))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::channel;

    #[tokio::test]
    async fn a_full_pool_refuses_at_once_and_takes_work_again_when_room_frees() {
        let pool = WorkPool::start(
            "test",
            PoolSize {
                threads: 1,
                queue: 1,
            },
        )
        .expect("pool");
        let (release, wait) = channel::<()>();
        let wait = Arc::new(Mutex::new(wait));
        let hold = |w: Arc<Mutex<mpsc::Receiver<()>>>| {
            move || {
                let _ = w.lock().map(|r| r.recv());
                1
            }
        };
        let first = pool.run(hold(Arc::clone(&wait))).expect("a thread is free");
        let second = pool
            .run(hold(Arc::clone(&wait)))
            .expect("the queue has a place");
        assert!(pool.run(|| 3).is_none(), "full: refused, not queued");
        release.send(()).expect("release");
        release.send(()).expect("release");
        assert_eq!(first.await, Ok(1));
        assert_eq!(second.await, Ok(1));
        let third = pool.run(|| 3).expect("room again");
        assert_eq!(third.await, Ok(3));
        let panicked = pool.run(|| -> i32 { panic!("boom") }).expect("room");
        assert_eq!(panicked.await, Err("boom".to_owned()));
    }
}
