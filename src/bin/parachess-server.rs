//! `parachess-server`: the game server (see docs/SERVER.md). All the work is in
//! [`parachess::server`]; this only hands it the command line.

fn main() -> std::process::ExitCode {
    parachess::server::cli::main()
}
