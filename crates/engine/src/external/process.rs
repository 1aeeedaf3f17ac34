//! What the operating system does for a child of a `cmd:` solver: a process group of its
//! own, ended whole before the child is reaped (so that the signal never reaches a process
//! that took the ID over); whether it exited, without reaping it; the files left to open.

use std::io;
use std::process::{Child, Command};

/// Has `command` start its child in a process group of its own.
pub(super) fn own_group(command: &mut Command) {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        command.process_group(0);
    }
    #[cfg(not(unix))]
    let _ = command;
}

/// Ends `child`'s process group (SIGKILL; the child alone off unix) and reaps the child.
pub(super) fn end_group(child: &mut Child) -> Option<std::process::ExitStatus> {
    #[cfg(unix)]
    if let Ok(id) = libc::pid_t::try_from(child.id()) {
        // SAFETY: `kill` takes plain integers; a group that is gone is an error (ESRCH),
        // ignored. The group is the child's own (`own_group`), its leader not yet reaped.
        unsafe { libc::kill(-id, libc::SIGKILL) };
    }
    #[cfg(not(unix))]
    let _ = child.kill();
    child.wait().ok()
}

/// Whether `child` has exited (or cannot be waited for), without reaping it.
pub(super) fn exited(child: &mut Child) -> bool {
    #[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
    {
        // `id_t` is `u32` where `waitid` is looked up here.
        let id: libc::id_t = child.id();
        // SAFETY: `siginfo_t` is plain data, zeroed as `waitid` with WNOHANG wants it:
        // `si_pid` stays 0 when the child has not exited.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        let options = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
        // SAFETY: `info` is a valid `siginfo_t` to write to.
        let r = unsafe { libc::waitid(libc::P_PID, id, &mut info, options) };
        #[cfg(target_vendor = "apple")]
        let pid = info.si_pid;
        // SAFETY: `waitid` filled `info` for a child's exit, or left it zeroed.
        #[cfg(not(target_vendor = "apple"))]
        let pid = unsafe { info.si_pid() };
        r != 0 || pid != 0
    }
    #[cfg(not(any(target_os = "linux", target_os = "android", target_vendor = "apple")))]
    {
        // No look without reaping: the child is reaped here.
        !matches!(child.try_wait(), Ok(None))
    }
}

/// Whether `e`, met while starting a child, is the runner's want of files, processes or
/// memory.
pub(super) fn runner_short_of(e: &io::Error) -> bool {
    #[cfg(unix)]
    if let Some(code) = e.raw_os_error() {
        return [libc::EMFILE, libc::ENFILE, libc::EAGAIN, libc::ENOMEM].contains(&code);
    }
    e.kind() == io::ErrorKind::OutOfMemory
}

/// This process's limit of files (`ulimit -n`, soft), and how many more it may open; `None`
/// without a limit, or off unix.
pub(super) fn files_left() -> Option<(u64, u64)> {
    #[cfg(unix)]
    {
        // SAFETY: `rlimit` is plain integers, zeroed; `getrlimit` writes it.
        let mut limit: libc::rlimit = unsafe { std::mem::zeroed() };
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0
            || limit.rlim_cur == libc::RLIM_INFINITY
        {
            return None;
        }
        // `rlim_t` is `u64` here, another type elsewhere.
        #[allow(clippy::useless_conversion)]
        let limit = u64::try_from(limit.rlim_cur).ok()?;
        // The directory's own handle is one of the entries read.
        let open = std::fs::read_dir("/dev/fd").ok()?.count() as u64;
        Some((limit, limit.saturating_sub(open.saturating_sub(1))))
    }
    #[cfg(not(unix))]
    None
}
