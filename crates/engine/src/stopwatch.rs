//! One solve timed, and told apart when its timing was disturbed: the rules (a hundredth
//! off its core, [`RETIMES`], [`RETIME_BELOW`], [`READ_CLOCK_ABOVE`]), each [`Check`] and
//! why the perf page (a switch told by two loads, the CPU clock read only after one) are
//! the book's "Timing you can trust".

use std::cell::RefCell;
use std::time::Instant;

use sudoku_results::{Retimed, RETIME_BELOW};

/// A disturbed solve is timed again at most this many times.
pub const RETIMES: u32 = 3;

/// A solve of this many ns or more reads the CPU clock at its end (steal time).
pub const READ_CLOCK_ABOVE: u64 = 50_000;

/// How the engine tells a disturbed timing on this platform.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    /// The thread's perf event page (Linux), and its CPU clock after a switch.
    PerfPage,
    /// The thread's CPU clock around every solve.
    CpuClock,
    /// None: every row says `-`.
    None,
}

impl Check {
    /// The name the sidecar gives it: `perf-page`, `cpu-clock`, `none`.
    pub fn name(self) -> &'static str {
        match self {
            Check::PerfPage => "perf-page",
            Check::CpuClock => "cpu-clock",
            Check::None => "none",
        }
    }
}

/// How long a solve's thread was off its core during it, ns: no check on this platform,
/// a time, or switched out for a time the clocks could not tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum OffCore {
    Unchecked,
    Known(u64),
    Unknown,
}

/// One timing of a solve: its wall time, and how long its thread was off its core.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Sample {
    pub ns: u64,
    pub off_core: OffCore,
}

impl Sample {
    /// Whether its thread was off its core for over a hundredth of it, or a time not known.
    pub fn disturbed(&self) -> bool {
        match self.off_core {
            OffCore::Unchecked => false,
            OffCore::Known(off) => off > self.ns / 100,
            OffCore::Unknown => true,
        }
    }

    /// The time its thread spent on its core, ns (its wall time when not known: never 0).
    pub fn on_core(&self) -> u64 {
        match self.off_core {
            OffCore::Known(off) => self.ns - off.min(self.ns),
            OffCore::Unchecked | OffCore::Unknown => self.ns,
        }
    }
}

/// A solve's time as a row keeps it: ns, and how it was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Timing {
    pub ns: u64,
    pub retimed: Retimed,
}

/// Runs `solve` and times it, again while the timing is disturbed (see the module): the
/// first run's result, and the solve's [`Timing`].
pub(crate) fn trusted<T>(mut solve: impl FnMut() -> T) -> (T, Timing) {
    let timed = |solve: &mut _| WATCH.with(|watch| watch.borrow_mut().time(solve));
    let (first, mut sample) = timed(&mut solve);
    let mut least = sample.on_core();
    let mut again = 0;
    while sample.disturbed() && again < RETIMES && sample.on_core() < RETIME_BELOW {
        again += 1;
        sample = timed(&mut solve).1;
        least = least.min(sample.on_core());
    }
    let (ns, retimed) = match sample.off_core {
        OffCore::Unchecked => (sample.ns, Retimed::Unchecked),
        _ if sample.disturbed() => (least, Retimed::Disturbed),
        _ => (sample.ns, Retimed::Trusted(again)),
    };
    (first, Timing { ns, retimed })
}

/// What timing a solve costs the runner (the sidecar's `timing_*` keys), measured on the
/// calling thread by timing an empty solve 2,000 times.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimingCost {
    /// The check the timings ran.
    pub check: Check,
    /// The median trusted time of an empty solve, ns: the clock's own part of every time.
    pub floor_ns: u64,
    /// The wall time of the empty timings over their count, ns.
    pub per_solve_ns: f64,
}

/// Measures [`TimingCost`] (about a tenth of a millisecond).
pub fn timing_cost() -> TimingCost {
    let start = Instant::now();
    let mut floors: Vec<u64> = (0..2_000)
        .map(|_| trusted(|| std::hint::black_box(())).1.ns)
        .collect();
    let per_solve_ns = start.elapsed().as_secs_f64() * 1e9 / floors.len() as f64;
    TimingCost {
        check: WATCH.with(|watch| watch.borrow().check()),
        floor_ns: sudoku_results::stats::median(&mut floors).unwrap_or(0),
        per_solve_ns,
    }
}

thread_local! {
    /// Each thread's stopwatch, opened at its first solve.
    static WATCH: RefCell<Stopwatch> = RefCell::new(Stopwatch::open());
}

/// The clocks of one thread.
struct Stopwatch {
    #[cfg(target_os = "linux")]
    page: Option<page::Page>,
    /// The thread's CPU clock at a moment the perf page's count was known.
    anchor: Option<Anchor>,
}

/// A reading of the thread's clocks, valid while the page's count stays `schedules`.
#[derive(Debug, Clone, Copy)]
struct Anchor {
    schedules: u32,
    wall: Instant,
    cpu: u64,
}

impl Stopwatch {
    fn open() -> Stopwatch {
        Stopwatch {
            #[cfg(target_os = "linux")]
            page: page::Page::open(),
            anchor: None,
        }
    }

    fn check(&self) -> Check {
        #[cfg(target_os = "linux")]
        if self.page.is_some() {
            return Check::PerfPage;
        }
        cpu::now().map_or(Check::None, |_| Check::CpuClock)
    }

    fn time<T>(&mut self, solve: &mut impl FnMut() -> T) -> (T, Sample) {
        #[cfg(target_os = "linux")]
        if let Stopwatch {
            page: Some(page),
            anchor,
        } = self
        {
            return time_by_page(page, anchor, solve);
        }
        let before = cpu::now();
        let start = Instant::now();
        let out = solve();
        let ns = nanos(start.elapsed());
        let off_core = match before.zip(cpu::now()) {
            Some((b, a)) => known(ns, ns.saturating_sub(a.saturating_sub(b))),
            None => OffCore::Unchecked,
        };
        (out, Sample { ns, off_core })
    }
}

/// [`Stopwatch::time`] by the perf page, `anchor` the stopwatch's (see the module).
#[cfg(target_os = "linux")]
fn time_by_page<T>(
    page: &page::Page,
    anchor: &mut Option<Anchor>,
    solve: &mut impl FnMut() -> T,
) -> (T, Sample) {
    let before = page.schedules();
    if anchor.is_none_or(|a| a.schedules != before) {
        *anchor = read_anchor(page);
    }
    let start = Instant::now();
    let out = solve();
    let ns = nanos(start.elapsed());
    let switched = page.schedules() != before;
    if !switched && ns < READ_CLOCK_ABOVE {
        let off_core = OffCore::Known(0);
        return (out, Sample { ns, off_core });
    }
    // Switched out, or long enough to pay a clock read: the CPU clock now less the
    // anchor's carried to the start (taken while the count was `before`).
    let now = read_anchor(page);
    let off_core = match (*anchor, now) {
        (Some(start_anchor), Some(now)) if start_anchor.schedules == before => {
            known(ns, off_core(start_anchor, start, now))
        }
        _ => OffCore::Unknown,
    };
    *anchor = now;
    (out, Sample { ns, off_core })
}

/// The thread's clocks read while the page's count holds still (`None` without a CPU
/// clock, or when the thread is switched out at every try).
#[cfg(target_os = "linux")]
fn read_anchor(page: &page::Page) -> Option<Anchor> {
    for _ in 0..3 {
        let schedules = page.schedules();
        let cpu = cpu::now()?;
        let wall = Instant::now();
        if page.schedules() == schedules {
            return Some(Anchor {
                schedules,
                wall,
                cpu,
            });
        }
    }
    None
}

/// `off` ns off its core in a solve of `ns`, unless that leaves no time on its core: a
/// solve takes some, so the clocks were wrong (steal between the anchor and the start).
fn known(ns: u64, off: u64) -> OffCore {
    Some(off)
        .filter(|&off| off < ns)
        .map_or(OffCore::Unknown, OffCore::Known)
}

/// The time off its core between `start` and the reading `now`: the wall time less the
/// CPU time, the CPU clock at `start` being `anchor`'s carried forward by the wall clock
/// (no switch since the anchor: the thread was on its core, running the runner).
fn off_core(anchor: Anchor, start: Instant, now: Anchor) -> u64 {
    let cpu_start = anchor.cpu + nanos(start.saturating_duration_since(anchor.wall));
    let wall = nanos(now.wall.saturating_duration_since(start));
    wall.saturating_sub(now.cpu.saturating_sub(cpu_start))
}

/// Nanoseconds of a duration, saturated.
pub(crate) fn nanos(d: std::time::Duration) -> u64 {
    u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
}

/// The calling thread's CPU clock.
mod cpu {
    /// The calling thread's CPU time, ns (`None` where there is no such clock).
    #[cfg(unix)]
    pub fn now() -> Option<u64> {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `t` is a valid, writable timespec; the call writes it or fails.
        let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
        let secs = u64::try_from(t.tv_sec).ok()?;
        let nanos = u64::try_from(t.tv_nsec).ok()?;
        ok.then(|| secs * 1_000_000_000 + nanos)
    }

    /// No CPU clock off Unix.
    #[cfg(not(unix))]
    pub fn now() -> Option<u64> {
        None
    }
}

/// The perf event page of the calling thread (Linux).
#[cfg(target_os = "linux")]
mod page {
    use std::ptr::NonNull;

    /// `perf_event_attr` as its first version (`PERF_ATTR_SIZE_VER0`, 64 bytes), the
    /// fields left 0 unnamed: the kernel takes the rest of a smaller struct as zero.
    #[repr(C)]
    #[derive(Default)]
    struct Attr {
        kind: u32,
        size: u32,
        config: u64,
        sample: [u64; 3],
        flags: u64,
        rest: [u64; 2],
    }

    /// The offset of `lock` in `perf_event_mmap_page`: a count the kernel bumps each time
    /// it schedules the event in, with the thread.
    const LOCK: usize = 8;

    /// The event and its first page, mapped read-only.
    pub struct Page {
        fd: libc::c_int,
        map: NonNull<u8>,
        len: usize,
    }

    impl Page {
        /// The calling thread's page (`None` when perf events are not allowed here).
        pub fn open() -> Option<Page> {
            let attr = Attr {
                kind: 1, // PERF_TYPE_SOFTWARE
                size: std::mem::size_of::<Attr>() as u32,
                config: 1, // PERF_COUNT_SW_TASK_CLOCK
                // exclude_kernel and exclude_hv, as an unprivileged process may ask.
                flags: 1 << 5 | 1 << 6,
                ..Attr::default()
            };
            // SAFETY: `attr` is a valid `perf_event_attr` of the size it says; pid 0 and
            // cpu -1 are the calling thread on any CPU; no group.
            let fd = unsafe {
                libc::syscall(
                    libc::SYS_perf_event_open,
                    &attr as *const Attr,
                    0,
                    -1,
                    -1,
                    8 as libc::c_ulong, // PERF_FLAG_FD_CLOEXEC
                )
            };
            let fd = libc::c_int::try_from(fd).ok().filter(|&fd| fd >= 0)?;
            // SAFETY: sysconf takes no pointer.
            let len = usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).ok()?;
            // SAFETY: maps the event's first page (its metadata page, no ring buffer)
            // read-only from a valid perf event descriptor.
            let map = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    len,
                    libc::PROT_READ,
                    libc::MAP_SHARED,
                    fd,
                    0,
                )
            };
            match NonNull::new(map.cast::<u8>()).filter(|_| map != libc::MAP_FAILED) {
                Some(map) => Some(Page { fd, map, len }),
                None => {
                    // SAFETY: `fd` is ours and not used again.
                    unsafe { libc::close(fd) };
                    None
                }
            }
        }

        /// The page's sequence count: it changes when the thread was scheduled in again.
        #[inline(always)]
        pub fn schedules(&self) -> u32 {
            // SAFETY: `LOCK` is within the page, mapped while `self` lives, and aligned for
            // a `u32`; the kernel writes the count, so it is read as volatile memory.
            unsafe { std::ptr::read_volatile(self.map.as_ptr().add(LOCK).cast::<u32>()) }
        }
    }

    impl Drop for Page {
        fn drop(&mut self) {
            // SAFETY: the mapping and the descriptor are ours, made in `open`.
            unsafe {
                libc::munmap(self.map.as_ptr().cast(), self.len);
                libc::close(self.fd);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_timing_is_disturbed_beyond_a_hundredth_off_its_core() {
        let s = |ns, off_core| Sample { ns, off_core };
        assert!(!s(10_000, OffCore::Known(100)).disturbed());
        assert!(s(10_000, OffCore::Known(101)).disturbed());
        assert!(!s(10_000, OffCore::Unchecked).disturbed());
        assert_eq!(s(10_000, OffCore::Known(4_000)).on_core(), 6_000);
        // Off its core for a time not known, or for all of it: disturbed, and its time on
        // its core is taken as its wall time, never 0.
        for off in [OffCore::Unknown, known(10, 40), known(10, 10)] {
            assert!(s(10, off).disturbed());
            assert_eq!(s(10, off).on_core(), 10);
        }
    }

    /// The anchor's CPU clock is carried to the start by the wall clock; what the thread's
    /// CPU clock then gained falls short of the wall time by the time off its core.
    #[test]
    fn the_time_off_its_core_is_the_wall_time_less_the_cpu_time() {
        let t0 = Instant::now();
        let at = |us: u64| t0 + std::time::Duration::from_micros(us);
        let reading = |wall_us, cpu| Anchor {
            schedules: 7,
            wall: at(wall_us),
            cpu,
        };
        let off = |cpu| off_core(reading(0, 1_000), at(10), reading(110, cpu));
        // On its core for 60 of the solve's 100 µs; all along; a CPU clock ahead of the
        // wall clock (a coarse clock) counts nothing off.
        assert_eq!([off(71_000), off(111_000), off(200_000)], [40_000, 0, 0]);
    }

    /// A thread that sleeps in its "solve" is off its core for all of it: its timing is
    /// disturbed whatever the check, and the row keeps the least time on its core.
    #[test]
    fn a_solve_that_waits_is_told_disturbed() {
        if timing_cost().check == Check::None {
            return;
        }
        let mut runs = 0;
        let (_, timing) = trusted(|| {
            runs += 1;
            std::thread::sleep(std::time::Duration::from_millis(2));
        });
        assert_eq!(timing.retimed, Retimed::Disturbed);
        assert_eq!(runs, RETIMES + 1);
        assert!(timing.ns < 1_000_000, "{timing:?}: its time on its core");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_perf_page_sees_a_switch() {
        let cost = timing_cost();
        assert!(cost.per_solve_ns > 0.0, "{cost:?}");
        let Some(page) = page::Page::open() else {
            // Perf events not allowed here: the CPU clock stands in.
            assert_eq!(cost.check, Check::CpuClock);
            return;
        };
        let before = page.schedules();
        std::thread::sleep(std::time::Duration::from_millis(1));
        assert_ne!(page.schedules(), before, "a sleep switches the thread out");
    }
}
