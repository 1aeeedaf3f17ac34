//! Usage errors found after clap read the command line (it contradicts itself, or asks for
//! what is not there): [`report`] prints them as clap its own (tests/conventions.rs).

/// A usage error found after parsing: exit status 2, its text the message as it is.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Usage(pub String);

/// Says the error `e` on stderr and gives its exit status: 2 for a [`Usage`] error (under any
/// context), said as clap says its own; else 1, `error: MESSAGE` with its causes.
pub fn report(e: &anyhow::Error, mut cli: clap::Command, subcommand: Option<&str>) -> u8 {
    let message = crate::ui::chain(e);
    if !e.is::<Usage>() {
        crate::ui::error(message);
        return 1;
    }
    crate::ui::hide_bar();
    cli.build();
    let command = subcommand.and_then(|name| cli.find_subcommand(name).cloned());
    // Nothing to do when stderr is closed: the status still says it.
    let _ = (command.unwrap_or(cli))
        .error(clap::error::ErrorKind::ArgumentConflict, message)
        .print();
    2
}
