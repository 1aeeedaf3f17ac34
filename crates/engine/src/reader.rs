//! Reading on a thread of its own, so that a source that gives nothing (an idle stdin, a
//! FIFO with no writer yet, `/dev/zero`) keeps only this thread waiting. The calling thread
//! asks for the lines of one corpus at a time, one [`Request`] out at a time (so `first` is
//! met without reading a line too many); this thread opens the corpus when first asked,
//! cuts it into chunks and replies, then rings the doorbell.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;
use std::time::Duration;

use sudoku_core::CorpusError;

use crate::chunk::{Chunk, Cut};
use crate::doorbell::Doorbell;
use crate::pipeline::Plan;
use crate::select::cutter;
use crate::source::corpus_names;

/// Lines wanted from one corpus.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Request {
    /// The corpus's position among the run's sources.
    pub source: usize,
    /// At most this many lines that may hold a puzzle per chunk.
    pub batch: usize,
    /// At most this many in all (a grid file's rows may overshoot).
    pub total: u64,
    /// Once this many chunks are cut, they go ahead in a reply of their own (0: never).
    pub early: usize,
}

/// How reading a corpus ended.
#[derive(Debug)]
pub(crate) enum ReadEnd {
    /// Its end, and how many of its puzzles the run's selection left out.
    Eof { skipped: u64 },
    /// It cannot be opened or read.
    Failed(CorpusError),
}

/// What was read for a [`Request`].
#[derive(Debug)]
pub(crate) struct Reply {
    /// Chunks of the corpus asked for, in order.
    pub chunks: Vec<Chunk>,
    /// The corpus's end, when it came.
    pub end: Option<ReadEnd>,
    /// Whether this is the request's last reply (see [`Request::early`]).
    pub last: bool,
}

/// The calling thread's side of the reading thread.
pub(crate) struct Reader {
    requests: Sender<Request>,
    replies: Receiver<Reply>,
    /// Set when the run is over: the thread reads no more (one blocked in a read stays
    /// there until the process ends).
    ended: Arc<AtomicBool>,
}

impl Drop for Reader {
    fn drop(&mut self) {
        self.ended.store(true, Ordering::Relaxed);
    }
}

impl Reader {
    /// Starts the reading thread over `plan`'s corpora; it rings `bell` after each reply,
    /// and ends at its next read once this is dropped.
    pub fn start(plan: &Plan, bell: Arc<Doorbell>) -> std::io::Result<Reader> {
        let (requests, asked) = mpsc::channel();
        let (answer, replies) = mpsc::channel();
        let ended = Arc::new(AtomicBool::new(false));
        let (sources, flag) = (plan.sources.clone(), ended.clone());
        let names: Vec<Arc<str>> = corpus_names(&sources).into_iter().map(Arc::from).collect();
        let (selection, first) = (Arc::new(plan.select.clone()), plan.first);
        let open = move |i: usize| match sources[i].open_input(flag.clone()) {
            Ok(input) => cutter(input, i, names[i].clone(), &selection, first),
            Err(e) => Box::new(Some(e)),
        };
        std::thread::Builder::new()
            .name("sudoku-lab-read".into())
            .spawn(move || serve(open, &asked, &answer, &bell))?;
        Ok(Reader {
            requests,
            replies,
            ended,
        })
    }

    /// Asks for lines; the reply comes later.
    pub fn ask(&self, request: Request) {
        let _ = self.requests.send(request);
    }

    /// The reply, if it came.
    pub fn try_reply(&self) -> Option<Reply> {
        self.replies.try_recv().ok()
    }

    /// The reply, waiting for it at most `wait`.
    pub fn reply_within(&self, wait: Duration) -> Option<Reply> {
        self.replies.recv_timeout(wait).ok()
    }
}

/// The reading thread: answers each request with the chunks read from the corpus `open`
/// gives.
fn serve(
    open: impl Fn(usize) -> Box<dyn Cut>,
    asked: &Receiver<Request>,
    answer: &Sender<Reply>,
    bell: &Doorbell,
) {
    // Sends a reply and wakes the calling thread; false when nobody listens any more.
    let send = |reply| {
        let sent = answer.send(reply).is_ok();
        bell.wake();
        sent
    };
    let mut corpus: Option<(usize, Box<dyn Cut>)> = None;
    for request in asked {
        let i = request.source;
        let (_, chunker) = match corpus.take() {
            Some(c) if c.0 == i => corpus.insert(c),
            _ => corpus.insert((i, open(i))),
        };
        let Some(reply) = read(chunker.as_mut(), request, &send) else {
            return;
        };
        if reply.end.is_some() {
            corpus = None;
        }
        if !send(reply) {
            return;
        }
    }
}

/// Reads chunks for `request` until it is met, the corpus ends or the source may wait: its
/// last reply, the first [`Request::early`] chunks sent ahead (`None` when `send` finds
/// nobody listens any more).
fn read(chunker: &mut dyn Cut, request: Request, send: &dyn Fn(Reply) -> bool) -> Option<Reply> {
    let reply = |chunks, end, last| Reply { chunks, end, last };
    let (mut chunks, mut left, mut early) = (Vec::new(), request.total, request.early);
    while left > 0 {
        if early > 0 && chunks.len() == early {
            early = 0;
            if !send(reply(std::mem::take(&mut chunks), None, false)) {
                return None;
            }
        }
        let max = request
            .batch
            .min(usize::try_from(left).unwrap_or(usize::MAX));
        let end = match chunker.next_chunk(max) {
            None => ReadEnd::Eof {
                skipped: chunker.skipped(),
            },
            Some(Err(e)) => ReadEnd::Failed(e),
            Some(Ok(chunk)) => {
                left = left.saturating_sub(chunk.candidates.max(1) as u64);
                chunks.push(chunk);
                if chunker.would_block() {
                    break;
                }
                continue;
            }
        };
        return Some(reply(chunks, Some(end), true));
    }
    Some(reply(chunks, None, true))
}

/// A corpus that cannot be opened: its error is its first chunk's.
impl Cut for Option<CorpusError> {
    fn next_chunk(&mut self, _: usize) -> Option<Result<Chunk, CorpusError>> {
        self.take().map(Err)
    }

    fn would_block(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Source;

    #[test]
    fn the_first_chunks_go_ahead_of_the_rest_of_their_request() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.txt");
        std::fs::write(&path, format!("{}\n", ".".repeat(81)).repeat(40)).unwrap();
        let plan = Plan {
            sources: vec![Source::File(path)],
            ..Plan::default()
        };
        let reader = Reader::start(&plan, Arc::default()).unwrap();
        let (batch, total, early) = (4, 100, 2);
        reader.ask(Request {
            source: 0,
            batch,
            total,
            early,
        });
        let reply = || reader.reply_within(Duration::from_secs(60)).unwrap();
        let (first, rest) = (reply(), reply());
        assert_eq!((first.chunks.len(), first.last), (2, false));
        assert!(first.end.is_none());
        assert_eq!((rest.chunks.len(), rest.last), (8, true));
        assert!(matches!(rest.end, Some(ReadEnd::Eof { skipped: 0 })));
    }
}
