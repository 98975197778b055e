//! Serving the router on a listener, connection by connection (hyper's
//! HTTP/1.1 server), with the timeouts that keep slow or silent clients
//! from holding connections: a request's head must arrive within
//! [`HEADER_READ_TIMEOUT`] (also the longest an idle kept-alive connection
//! stays open), and a connection on which nothing moves either way for
//! [`IDLE_TIMEOUT`] (a body sent halfway, an answer nobody reads) is
//! closed. Stopping is graceful: no new connections, the ones open end
//! after their request under way.

use axum::extract::ConnectInfo;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::{Instant, Sleep};
use tower::ServiceExt as _;

/// How long a client has to send a request's head (its line and
/// headers): 10 s. A browser sends it at once (in one packet, or a few
/// on a bad mobile link); a client that trickles it (slowloris) or
/// connects and says nothing is cut off instead of holding the
/// connection. Also how long a kept-alive connection may sit idle
/// between requests.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a connection may go with nothing read and nothing written
/// while a request is under way: 30 s, twice the 15 s between an event
/// stream's keep-alive comments (so a live stream is never idle), and
/// well over the longest answer the server computes (an analysis: 5 s
/// plus its 2 s cap). A request body sent halfway, or an answer the
/// client stopped reading (its window full), is dropped after it.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(30);

/// How long to wait before accepting again after the listener failed
/// (as with too many open files): 100 ms, so a full table of file
/// descriptors does not spin a core while connections end.
pub const ACCEPT_ERROR_PAUSE: Duration = Duration::from_millis(100);

/// The timeouts of every connection (the defaults: [`HEADER_READ_TIMEOUT`]
/// and [`IDLE_TIMEOUT`]; tests shorten them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// How long a request's head may take to arrive.
    pub header_read: Duration,
    /// How long a connection may go with nothing read or written.
    pub idle: Duration,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            header_read: HEADER_READ_TIMEOUT,
            idle: IDLE_TIMEOUT,
        }
    }
}

/// Serves `app` on `listener` until `stop` resolves, then lets the open
/// connections finish their requests (and waits for them: bound that
/// wait from outside, as [`crate::serve`] does, since an event stream
/// only ends when its client leaves). Every request carries its
/// connection's [`ConnectInfo`] (the peer's address).
///
/// # Errors
/// None so far: a failed accept is retried after [`ACCEPT_ERROR_PAUSE`].
pub async fn serve_until(
    listener: TcpListener,
    app: Router,
    timeouts: Timeouts,
    stop: impl Future<Output = ()>,
) -> io::Result<()> {
    let graceful = GracefulShutdown::new();
    tokio::pin!(stop);
    loop {
        tokio::select! {
            () = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok((tcp, peer)) => spawn_connection(tcp, peer, &app, timeouts, &graceful),
                Err(_) => tokio::time::sleep(ACCEPT_ERROR_PAUSE).await,
            },
        }
    }
    drop(listener);
    graceful.shutdown().await;
    Ok(())
}

/// Serves one connection on a task of its own.
fn spawn_connection(
    tcp: TcpStream,
    peer: SocketAddr,
    app: &Router,
    timeouts: Timeouts,
    graceful: &GracefulShutdown,
) {
    let service =
        app.clone()
            .map_request(move |mut req: axum::http::Request<hyper::body::Incoming>| {
                req.extensions_mut().insert(ConnectInfo(peer));
                req
            });
    let io = TokioIo::new(IdleIo::new(tcp, timeouts.idle));
    let conn = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(timeouts.header_read)
        .serve_connection(io, TowerToHyperService::new(service));
    let conn = graceful.watch(conn);
    tokio::spawn(async move {
        let _ = conn.await;
    });
}

/// A connection that fails with [`io::ErrorKind::TimedOut`] once it has
/// waited for `idle` with nothing read and nothing written.
#[derive(Debug)]
pub struct IdleIo<T> {
    io: T,
    idle: Duration,
    last: Instant,
    timer: Pin<Box<Sleep>>,
}

impl<T> IdleIo<T> {
    /// `io`, timed out after `idle` without progress (inside a Tokio
    /// runtime).
    pub fn new(io: T, idle: Duration) -> IdleIo<T> {
        let last = Instant::now();
        IdleIo {
            io,
            idle,
            last,
            timer: Box::pin(tokio::time::sleep_until(last + idle)),
        }
    }

    /// Something was read or written: the wait starts again.
    fn progress(&mut self) {
        self.last = Instant::now();
    }

    /// The answer to a read or write that is waiting: still waiting, or
    /// timed out when nothing moved for `idle`.
    fn waiting<R>(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<R>> {
        let deadline = self.last + self.idle;
        if self.timer.deadline() != deadline {
            self.timer.as_mut().reset(deadline);
        }
        match self.timer.as_mut().poll(cx) {
            Poll::Pending => Poll::Pending,
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "nothing was read or written for too long",
            ))),
        }
    }

    /// A write's result, with its progress noted.
    fn wrote(
        &mut self,
        cx: &mut Context<'_>,
        r: Poll<io::Result<usize>>,
    ) -> Poll<io::Result<usize>> {
        match r {
            Poll::Ready(Ok(n)) => {
                if n > 0 {
                    self.progress();
                }
                Poll::Ready(Ok(n))
            }
            Poll::Pending => self.waiting(cx),
            other => other,
        }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for IdleIo<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        match Pin::new(&mut this.io).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                if buf.filled().len() > before {
                    this.progress();
                }
                Poll::Ready(Ok(()))
            }
            Poll::Pending => this.waiting(cx),
            other => other,
        }
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for IdleIo<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let r = Pin::new(&mut this.io).poll_write(cx, buf);
        this.wrote(cx, r)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let r = Pin::new(&mut this.io).poll_write_vectored(cx, bufs);
        this.wrote(cx, r)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        match Pin::new(&mut this.io).poll_flush(cx) {
            Poll::Pending => this.waiting(cx),
            other => other,
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        match Pin::new(&mut this.io).poll_shutdown(cx) {
            Poll::Pending => this.waiting(cx),
            other => other,
        }
    }
}
