//! Reading on a thread of its own, so that the run never waits on its input: a source that
//! gives nothing (an idle stdin, a FIFO with no writer yet, a line without end such as
//! `/dev/zero`) keeps only this thread waiting, while the calling thread still watches for
//! interrupts, hands out the work, and lets the sink write what is done.
//!
//! The calling thread asks for the lines of one corpus at a time ([`Request`]); the
//! thread opens the corpus when first asked for it, cuts what it reads into chunks
//! ([`crate::chunk`]) and sends them back in one [`Reply`], then rings the doorbell (the
//! first few chunks may go ahead in a reply of their own, see [`Request::early`]). One
//! request is out at a time, so that the calling thread keeps its count of the lines
//! handed out (`first` is kept without reading a line too many).
//!
//! A run that selects or permutes ([`crate::select`]) has its corpora read here puzzle by
//! puzzle ([`crate::indexed`]): the chunks then hold puzzles parsed and numbered, and the
//! corpus's end says how many puzzles the selection left out.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;
use std::time::Duration;

use sudoku_core::CorpusError;

use crate::chunk::Chunk;
use crate::doorbell::Doorbell;
use crate::indexed::Reader as CorpusChunks;
use crate::pipeline::Plan;
use crate::select::Selection;
use crate::source::{corpus_names, Input, Source};

/// Lines wanted from one corpus.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Request {
    /// The corpus's position among the run's sources.
    pub source: usize,
    /// At most this many lines that may hold a puzzle per chunk.
    pub batch: usize,
    /// At most this many in all (a grid file's rows may overshoot).
    pub total: u64,
    /// Once this many chunks are cut, they are sent at once, ahead of the rest (0: the
    /// whole answer in one reply).
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
    /// Chunks of the corpus asked for, in order (fewer than asked when the source may
    /// wait, or at its end).
    pub chunks: Vec<Chunk>,
    /// The corpus's end, when it came.
    pub end: Option<ReadEnd>,
    /// Whether this is the request's last reply (see [`Request::early`]).
    pub last: bool,
}

impl Reply {
    /// The last reply to a request: `chunks`, and the corpus's `end` if it came.
    fn last(chunks: Vec<Chunk>, end: Option<ReadEnd>) -> Reply {
        Reply {
            chunks,
            end,
            last: true,
        }
    }
}

/// The calling thread's side of the reading thread.
pub(crate) struct Reader {
    requests: Sender<Request>,
    replies: Receiver<Reply>,
    /// Set when the run is over: the thread reads no more (a source without end, such as
    /// `/dev/zero`, is left at once; one that gives nothing keeps it until the process
    /// ends).
    ended: Arc<AtomicBool>,
}

impl Drop for Reader {
    fn drop(&mut self) {
        self.ended.store(true, Ordering::Relaxed);
    }
}

impl Reader {
    /// Starts the reading thread over `plan`'s corpora, read as its selection needs them;
    /// it rings `bell` after each reply. The thread ends when this is dropped, at its next
    /// read.
    pub fn start(plan: &Plan, bell: Arc<Doorbell>) -> std::io::Result<Reader> {
        let (requests, asked) = mpsc::channel();
        let (answer, replies) = mpsc::channel();
        let corpora = Corpora {
            names: corpus_names(&plan.sources)
                .into_iter()
                .map(Arc::from)
                .collect(),
            sources: plan.sources.clone(),
            selection: Arc::new(plan.select.clone()),
            first: plan.first,
        };
        let ended = Arc::new(AtomicBool::new(false));
        let flag = ended.clone();
        std::thread::Builder::new()
            .name("sudoku-lab-read".into())
            .spawn(move || serve(&corpora, &asked, &answer, &bell, &flag))?;
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

/// What the reading thread reads, and how.
struct Corpora {
    sources: Vec<Source>,
    /// The corpora's names, as rows give them.
    names: Vec<Arc<str>>,
    selection: Arc<Selection>,
    first: Option<u64>,
}

/// The reading thread: answers each request with the chunks read.
fn serve(
    corpora: &Corpora,
    asked: &Receiver<Request>,
    answer: &Sender<Reply>,
    bell: &Doorbell,
    ended: &Arc<AtomicBool>,
) {
    let Corpora { sources, names, .. } = corpora;
    // Sends a reply and wakes the calling thread; false when nobody listens any more.
    let send = |reply| {
        let sent = answer.send(reply).is_ok();
        bell.wake();
        sent
    };
    let mut open: Option<(usize, CorpusChunks<Input>)> = None;
    for request in asked {
        let i = request.source;
        if open.as_ref().map(|o| o.0) != Some(i) {
            open = match sources[i].open_input(ended.clone()) {
                Ok(input) => {
                    let (name, selection) = (names[i].clone(), &corpora.selection);
                    Some((
                        i,
                        CorpusChunks::new(input, i, name, selection, corpora.first),
                    ))
                }
                Err(e) => match send(Reply::last(Vec::new(), Some(ReadEnd::Failed(e)))) {
                    true => continue,
                    false => return,
                },
            };
        }
        let Some((_, chunker)) = open.as_mut() else {
            continue;
        };
        let early = |chunks| {
            send(Reply {
                chunks,
                end: None,
                last: false,
            })
        };
        let Some(reply) = read(chunker, request, &names[i], early) else {
            return;
        };
        if reply.end.is_some() {
            open = None;
        }
        if !send(reply) {
            return;
        }
    }
}

/// Reads chunks for `request`, until it is met, the corpus ends, or the source may wait:
/// its last reply. The first [`Request::early`] chunks go to `early` as soon as they are
/// cut; `None` when it says that nobody listens any more.
fn read(
    chunker: &mut CorpusChunks<Input>,
    request: Request,
    name: &str,
    early: impl FnOnce(Vec<Chunk>) -> bool,
) -> Option<Reply> {
    let mut chunks = Vec::new();
    let mut left = request.total;
    let mut early = Some(early);
    while left > 0 {
        if request.early > 0 && chunks.len() == request.early {
            if let Some(send) = early.take() {
                if !send(std::mem::take(&mut chunks)) {
                    return None;
                }
            }
        }
        let max = request
            .batch
            .min(usize::try_from(left).unwrap_or(usize::MAX));
        let end = match chunker.next_chunk(max) {
            None => ReadEnd::Eof {
                skipped: chunker.skipped(),
            },
            Some(Err(reason)) => ReadEnd::Failed(CorpusError::Read {
                path: name.to_string(),
                line: chunker.line() + 1,
                reason,
            }),
            Some(Ok(chunk)) => {
                left = left.saturating_sub(chunk.candidates.max(1) as u64);
                chunks.push(chunk);
                if chunker.would_block() {
                    break;
                }
                continue;
            }
        };
        return Some(Reply::last(chunks, Some(end)));
    }
    Some(Reply::last(chunks, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_chunks_go_ahead_of_the_rest_of_their_request() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.txt");
        let line = ".".repeat(81);
        std::fs::write(&path, format!("{line}\n").repeat(40)).unwrap();
        let bell = Arc::new(Doorbell::default());
        let plan = Plan {
            sources: vec![Source::File(path)],
            ..Plan::default()
        };
        let reader = Reader::start(&plan, bell).unwrap();
        reader.ask(Request {
            source: 0,
            batch: 4,
            total: 100,
            early: 2,
        });
        let wait = Duration::from_secs(60);
        let first = reader.reply_within(wait).expect("the early chunks");
        assert_eq!((first.chunks.len(), first.last), (2, false));
        assert!(first.end.is_none());
        let rest = reader.reply_within(wait).expect("the rest");
        assert_eq!((rest.chunks.len(), rest.last), (8, true));
        assert!(matches!(rest.end, Some(ReadEnd::Eof { skipped: 0 })));
        let lines = |r: &Reply| r.chunks.iter().map(|c| c.candidates).sum::<usize>();
        assert_eq!(lines(&first) + lines(&rest), 40);
    }
}
