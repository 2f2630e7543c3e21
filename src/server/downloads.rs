//! `/download` (with `--downloads DIR`): the game's packages offered on the server's pages, so
//! a visitor who likes the web game can get the window. The page lists the plain files of that
//! one folder with their sizes and SHA-256 checksums; `/download/NAME` serves one of them.
//!
//! Only names listed are served: a request's name is looked up among the folder's entries,
//! never joined onto a path, so `..`, slashes, links and subfolders cannot reach anything else.
//! Names outside a safe set of characters are left out, which also keeps them harmless in a
//! header and a URL. Checksums are computed once per file version (name, size, modification
//! time) off the async threads.

use std::collections::HashMap;
use std::io::Read as _;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use sha2::{Digest, Sha256};

use super::web::{escape, lang, not_found, page};

/// The folder and the checksums already computed.
struct Downloads {
    dir: PathBuf,
    sums: Mutex<HashMap<(String, u64, SystemTime), String>>,
}

/// One file offered.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Entry {
    name: String,
    size: u64,
    modified: SystemTime,
}

/// The routes of `/download`, serving the files of `dir`.
pub fn routes(dir: PathBuf) -> Router {
    let state = Arc::new(Downloads {
        dir,
        sums: Mutex::new(HashMap::new()),
    });
    Router::new()
        .route("/download", get(list_page))
        .route("/download/{name}", get(file))
        .with_state(state)
        // The pages' layer: the language (and gzip) as on every other page.
        .layer(axum::middleware::from_fn(super::web::transfer))
}

/// A name served as it is: letters, digits and `.-_+~`, not starting with a dot.
fn safe_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('.')
        && name.len() <= 200
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b".-_+~".contains(&b))
}

/// The plain files of the folder with safe names, sorted by name.
fn entries(dir: &std::path::Path) -> std::io::Result<Vec<Entry>> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let Ok(name) = entry.file_name().into_string() else {
            continue;
        };
        // `DirEntry::metadata` does not follow links: a link is not a plain file.
        let Ok(meta) = entry.metadata() else {
            continue;
        };
        if !meta.file_type().is_file() || !safe_name(&name) {
            continue;
        }
        out.push(Entry {
            name,
            size: meta.len(),
            modified: meta.modified().unwrap_or(SystemTime::UNIX_EPOCH),
        });
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(out)
}

/// The SHA-256 of a file, in hex.
fn sha256(path: &std::path::Path) -> std::io::Result<String> {
    let mut file = std::fs::File::open(path)?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
    }
    Ok(hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}

/// The listing with each file's checksum (computed now for files not seen before).
fn listing(state: &Downloads) -> std::io::Result<Vec<(Entry, String)>> {
    let mut out = Vec::new();
    for e in entries(&state.dir)? {
        let key = (e.name.clone(), e.size, e.modified);
        let known = state.sums.lock().ok().and_then(|m| m.get(&key).cloned());
        let sum = match known {
            Some(s) => s,
            None => {
                let s = sha256(&state.dir.join(&e.name))?;
                if let Ok(mut m) = state.sums.lock() {
                    m.insert(key, s.clone());
                }
                s
            }
        };
        out.push((e, sum));
    }
    Ok(out)
}

/// A size as people read it.
fn human(size: u64) -> String {
    const UNITS: [&str; 4] = ["bytes", "KiB", "MiB", "GiB"];
    let mut value = size as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{size} bytes")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

async fn list_page(State(state): State<Arc<Downloads>>) -> Response {
    let worker = Arc::clone(&state);
    let files = match tokio::task::spawn_blocking(move || listing(&worker)).await {
        Ok(Ok(files)) => files,
        _ => return not_found(lang::t("downloads-unavailable")),
    };
    let mut rows = String::new();
    for (e, sum) in &files {
        let name = escape(&e.name);
        rows.push_str(&format!(
            "<tr><td><a href=\"/download/{name}\" download>{name}</a></td>\
             <td title=\"{}\">{}</td><td><code>{}</code></td></tr>",
            lang::tf("bytes", &[("n", &e.size.to_string())]),
            escape(&human(e.size)),
            escape(sum)
        ));
    }
    let title = lang::t("downloads-title");
    let body = if files.is_empty() {
        format!(
            "<section class=\"card\"><h1>{title}</h1><p>{}</p></section>",
            lang::t("downloads-none")
        )
    } else {
        format!(
            "<section class=\"card\"><h1>{title}</h1><p>{lead}</p>\
             <table class=\"downloads\"><thead><tr><th>{file}</th><th>{size}</th>\
             <th>SHA-256</th></tr></thead><tbody>{rows}</tbody></table></section>",
            lead = lang::t("downloads-lead"),
            file = lang::t("downloads-file"),
            size = lang::t("downloads-size"),
        )
    };
    page(
        StatusCode::OK,
        lang::t("downloads-nav"),
        "plain",
        &body,
        None,
    )
}

async fn file(State(state): State<Arc<Downloads>>, Path(name): Path<String>) -> Response {
    let dir = state.dir.clone();
    let wanted = name.clone();
    // Looked up among the folder's plain files, never joined onto the path as given.
    let found = tokio::task::spawn_blocking(move || {
        let entry = entries(&dir).ok()?.into_iter().find(|e| e.name == wanted)?;
        let file = std::fs::File::open(dir.join(&entry.name)).ok()?;
        Some((entry, file))
    })
    .await
    .ok()
    .flatten();
    let Some((entry, file)) = found else {
        return not_found(lang::t("downloads-no-such"));
    };
    // Read in 64 KiB pieces on the blocking threads (tokio is built without its `fs`).
    let stream = futures_util::stream::unfold(Some(file), |file| async move {
        let mut file = file?;
        let piece = tokio::task::spawn_blocking(move || {
            let mut buf = vec![0u8; 64 * 1024];
            let n = file.read(&mut buf)?;
            buf.truncate(n);
            Ok::<_, std::io::Error>((file, buf))
        })
        .await;
        match piece {
            Ok(Ok((_, buf))) if buf.is_empty() => None,
            Ok(Ok((file, buf))) => Some((Ok(Bytes::from(buf)), Some(file))),
            Ok(Err(e)) => Some((Err(e), None)),
            Err(e) => Some((Err(std::io::Error::other(e)), None)),
        }
    });
    (
        [
            (header::CONTENT_TYPE, "application/octet-stream".to_string()),
            (header::CONTENT_LENGTH, entry.size.to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{}\"", entry.name),
            ),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_string()),
        ],
        Body::from_stream(stream),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_safe_names() {
        for good in ["parachess_0.1.0-1_amd64.deb", "SHA256SUMS", "a+b~c.tar.gz"] {
            assert!(safe_name(good), "{good}");
        }
        for bad in [
            "", ".hidden", "..", "a/b", "a b", "<x>.deb", "a\"b", "é.deb", "a\\b",
        ] {
            assert!(!safe_name(bad), "{bad}");
        }
    }

    #[test]
    fn sizes_read_like_sizes() {
        assert_eq!(human(512), "512 bytes");
        assert_eq!(human(2048), "2.0 KiB");
        assert_eq!(human(5 * 1024 * 1024 + 512 * 1024), "5.5 MiB");
    }
}
