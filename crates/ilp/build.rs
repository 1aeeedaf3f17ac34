//! With the `cbc` feature, stops the build at once when COIN-OR CBC is not installed,
//! saying what to install. `coin_cbc_sys` asks pkg-config for CBC too, but goes on when
//! it is not found: the build would then fail only when the first binary is linked,
//! after every crate is compiled, on `unable to find library -lCbcSolver`.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    #[cfg(feature = "cbc")]
    if let Err(e) = pkg_config::Config::new().cargo_metadata(false).probe("cbc") {
        eprintln!(
            "CBC is missing (the `cbc` feature links COIN-OR CBC, which pkg-config does not \
             find): `cargo xtask setup` installs it, or `apt-get install -y \
             coinor-libcbc-dev`\n\n{e}"
        );
        std::process::exit(1);
    }
}
