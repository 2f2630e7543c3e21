//! What the packages rely on: `--config FILE`, `/download` (`--downloads DIR`), `--version`
//! and the generated man pages and completions.

use std::process::Command;

use crate::server_support::{Backend, Server, TempDir, database, run};

/// SHA-256 of `hello`.
const HELLO_SUM: &str = "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824";

#[test]
fn downloads_lists_and_serves_only_the_plain_files_of_the_folder() {
    run(Backend::Sqlite, 60, |backend| async move {
        let db = database(backend);
        let files = TempDir::new("downloads");
        let dir = &files.0;
        std::fs::write(dir.join("parachess_0.1.0-1_amd64.deb"), "hello").expect("write");
        std::fs::write(dir.join(".hidden"), "secret").expect("write");
        std::fs::write(dir.join("<b>x.deb"), "odd").expect("write");
        std::fs::create_dir(dir.join("sub")).expect("mkdir");
        std::fs::write(dir.join("sub").join("inner.deb"), "inner").expect("write");
        std::os::unix::fs::symlink("/etc/passwd", dir.join("link.deb")).expect("symlink");
        // The folder comes from the configuration file, as the packaged server gets it.
        let conf = TempDir::new("config");
        let conf_file = conf.0.join("config.toml");
        let toml = format!(
            "downloads = {:?}\nsend_queue = 64\n",
            dir.display().to_string()
        );
        std::fs::write(&conf_file, toml).expect("write");
        let conf_arg = conf_file.display().to_string();
        let server = Server::start_with(&db.url, &["--config", &conf_arg]);
        let get = |path: &'static str| {
            let url = server.url.clone();
            async move {
                parachess::server::client::http_get(&url, path)
                    .await
                    .expect("GET")
            }
        };
        let (status, page) = get("/download").await;
        assert_eq!(status, 200, "{page}");
        assert!(
            page.contains("href=\"/download/parachess_0.1.0-1_amd64.deb\""),
            "{page}"
        );
        assert!(
            page.contains("5 bytes") && page.contains(HELLO_SUM),
            "{page}"
        );
        for hidden in [".hidden", "&lt;b&gt;", "<b>", "inner.deb", "link.deb"] {
            assert!(!page.contains(hidden), "{hidden} listed: {page}");
        }
        let (status, body) = get("/download/parachess_0.1.0-1_amd64.deb").await;
        assert_eq!((status, body.as_str()), (200, "hello"));
        for path in [
            "/download/.hidden",
            "/download/link.deb",
            "/download/..%2F..%2F..%2Fetc%2Fpasswd",
            "/download/sub%2Finner.deb",
            "/download/sub",
            "/download/%3Cb%3Ex.deb",
        ] {
            let (status, body) = get(path).await;
            assert_eq!(status, 404, "{path}: {body}");
            assert!(
                !body.contains("root:") && !body.contains("inner"),
                "{path}: {body}"
            );
        }
    });
}

#[test]
fn a_bad_configuration_file_is_refused_naming_its_line() {
    let conf = TempDir::new("config");
    let file = conf.0.join("config.toml");
    std::fs::write(&file, "listen = \"127.0.0.1:0\"\nmessage_rate = \"fast\"\n").expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_parachess-server"))
        .arg("--config")
        .arg(&file)
        .output()
        .expect("run parachess-server");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("config.toml:2: ") && err.contains("fast"),
        "{err}"
    );
}

#[test]
fn version_names_the_commit() {
    let out = Command::new(env!("CARGO_BIN_EXE_parachess-server"))
        .arg("--version")
        .output()
        .expect("run parachess-server");
    let text = String::from_utf8_lossy(&out.stdout);
    let rest = text
        .trim()
        .strip_prefix(concat!(
            "parachess-server ",
            env!("CARGO_PKG_VERSION"),
            " ("
        ))
        .and_then(|r| r.strip_suffix(')'));
    assert!(
        rest.is_some_and(|c| !c.is_empty() && !c.contains(' ')),
        "{text}"
    );
}

#[test]
fn man_pages_and_completions_are_generated() {
    let dir = TempDir::new("docs");
    let status = Command::new(env!("CARGO_BIN_EXE_parachess-server"))
        .arg("generate-docs")
        .arg(&dir.0)
        .status()
        .expect("run parachess-server");
    assert!(status.success());
    let man = std::fs::read_to_string(dir.0.join("man1/parachess-server.1")).expect("man page");
    assert!(
        man.starts_with(".ie") || man.contains(".TH parachess-server"),
        "{man}"
    );
    assert!(man.contains("config") && man.contains("downloads"), "{man}");
    assert!(dir.0.join("man1/parachess-server-bots.1").is_file());
    assert!(!dir.0.join("man1/parachess-server-generate-docs.1").exists());
    let bash = std::fs::read_to_string(dir.0.join("completions/parachess-server.bash"))
        .expect("bash completions");
    assert!(
        bash.contains("--listen") && !bash.contains("generate-docs"),
        "{bash}"
    );
    assert!(dir.0.join("completions/_parachess-server").is_file());
    assert!(dir.0.join("completions/parachess-server.fish").is_file());
}
