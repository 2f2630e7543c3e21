//! The signals that ask a process to stop: SIGTERM (systemd, `kill`) or Ctrl-C. The server
//! and the worker then give back what they hold before they exit.

/// Waits for SIGTERM or Ctrl-C.
pub async fn stop_asked() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = term.recv() => {}
                _ = tokio::signal::ctrl_c() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}
