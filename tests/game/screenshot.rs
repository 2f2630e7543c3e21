//! `--screenshot` renders offscreen (software Vulkan in CI) and the picture shows the board:
//! the three cell colours at the cells' centres, pieces where the position puts them.
#![cfg(feature = "gui")]

use std::path::{Path, PathBuf};
use std::process::Command;

use bevy::asset::RenderAssetUsages;
use bevy::image::{CompressedImageFormats, Image, ImageSampler, ImageType};
use bevy::math::UVec2;
use bevy::math::{Vec2, Vec3};
use parachess::game::board::pieces::piece_home;
use parachess::game::core::board::cell_world;
use parachess::game::core::camera::{project_2d, project_3d};
use parachess::rules::{Cell, Position, Shape, Side, board};

pub(crate) const SIZE: UVec2 = UVec2::new(800, 500);

pub(crate) fn out_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("parachess-screenshot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub(crate) fn render(args: &[&str], out: &Path) -> Vec<[f32; 3]> {
    let size = format!("{}x{}", SIZE.x, SIZE.y);
    let output = Command::new(env!("CARGO_BIN_EXE_parachess"))
        .args(["--screenshot", out.to_str().unwrap(), "--size", &size])
        .args(args)
        .env(
            "WGPU_BACKEND",
            std::env::var("WGPU_BACKEND").unwrap_or_else(|_| "vulkan".into()),
        )
        .output()
        .expect("run parachess");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "screenshot failed:\n{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let bytes = std::fs::read(out).expect("the PNG was written");
    let image = Image::from_buffer(
        &bytes,
        ImageType::Extension("png"),
        CompressedImageFormats::NONE,
        true,
        ImageSampler::Default,
        RenderAssetUsages::default(),
    )
    .expect("a PNG");
    let rgb = image.try_into_dynamic().expect("8-bit image").to_rgb8();
    assert_eq!((rgb.width(), rgb.height()), (SIZE.x, SIZE.y));
    rgb.pixels()
        .map(|p| p.0.map(|c| c as f32 / 255.0))
        .collect()
}

/// Mean colour of a 5×5 patch at a board point.
pub(crate) fn sample(pixels: &[[f32; 3]], p: [f32; 2]) -> [f32; 3] {
    sample_at(pixels, project_2d(SIZE, p))
}

/// Mean colour of a 5×5 patch around a pixel.
fn sample_at(pixels: &[[f32; 3]], at: Vec2) -> [f32; 3] {
    let mut sum = [0.0; 3];
    for dy in -2..=2 {
        for dx in -2..=2 {
            let (x, y) = (at.x as i32 + dx, at.y as i32 + dy);
            let px = pixels[(y as u32 * SIZE.x + x as u32) as usize];
            for i in 0..3 {
                sum[i] += px[i] / 25.0;
            }
        }
    }
    sum
}

fn saturation(c: [f32; 3]) -> f32 {
    let max = c.iter().cloned().fold(0.0, f32::max);
    let min = c.iter().cloned().fold(1.0, f32::min);
    if max <= 0.0 { 0.0 } else { (max - min) / max }
}

pub(crate) fn luminance(c: [f32; 3]) -> f32 {
    0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
}

#[test]
fn the_2d_screenshot_shows_the_board_and_the_pieces() {
    let text = "rsqksr/1bb1/pp1ppppp/2p2/10/4S1/10/5/PPP1PPPP/1BB1/R1QKSR b 1 1";
    let pos: Position = text.parse().unwrap();
    let out = out_dir().join("board-2d.png");
    let pixels = render(&["--view", "2d", "--position", text], &out);
    let mut by_shape: [Vec<f32>; 3] = Default::default();
    for cell in Cell::all() {
        let info = board().cell(cell);
        let colour = sample(&pixels, info.centre());
        let lum = luminance(colour);
        match pos.piece_at(cell) {
            None => {
                // Empty cells show their tile colour (names sit below the centre): warm wood.
                assert!(
                    saturation(colour) > 0.2,
                    "tile {cell} looks grey: {colour:?}"
                );
                let i = match info.shape {
                    Shape::Flat => 0,
                    Shape::Rising => 1,
                    Shape::Falling => 2,
                };
                by_shape[i].push(lum);
            }
            // Ivory and ebony symbols, unlike any tile.
            Some(p) if p.side == Side::White => {
                assert!(
                    lum > 0.6 && saturation(colour) < 0.12,
                    "white piece on {cell}: {colour:?}"
                )
            }
            Some(_) => assert!(lum < 0.3, "black piece on {cell}: {colour:?}"),
        }
    }
    let range = |v: &[f32]| {
        (
            v.iter().cloned().fold(f32::MAX, f32::min),
            v.iter().cloned().fold(f32::MIN, f32::max),
        )
    };
    let (flat, rising, falling) = (
        range(&by_shape[0]),
        range(&by_shape[1]),
        range(&by_shape[2]),
    );
    assert!(
        flat.0 > rising.1,
        "flat {flat:?} must be lighter than rising {rising:?}"
    );
    assert!(
        rising.0 > falling.1,
        "rising {rising:?} must be lighter than falling {falling:?}"
    );
    // The flat wooden frame, seen straight from above, is one even brown all round (a
    // viewer's direction taken from the camera's position would brighten one side).
    let corners: Vec<[f32; 2]> = Cell::all()
        .flat_map(|c| board().cell(c).corners_xy())
        .collect();
    let extreme = |key: fn(&[f32; 2]) -> f32, sign: f32| {
        let p = corners
            .iter()
            .copied()
            .max_by(|a, b| (sign * key(a)).total_cmp(&(sign * key(b))))
            .unwrap();
        sample(&pixels, [p[0] + sign * 0.27, p[1]])
    };
    let (left, right) = (extreme(|p| p[0], -1.0), extreme(|p| p[0], 1.0));
    for wood in [left, right] {
        assert!(
            wood[0] > wood[1] && wood[1] > wood[2] && saturation(wood) > 0.25,
            "frame: {wood:?}"
        );
    }
    assert!(
        (luminance(left) - luminance(right)).abs() < 0.03,
        "frame left {left:?}, right {right:?}"
    );
    // The panel on the right is dark, and not empty: it has text.
    let panel: Vec<f32> = (0..SIZE.y)
        .map(|y| luminance(pixels[(y * SIZE.x + SIZE.x - 100) as usize]))
        .collect();
    assert!(panel.iter().sum::<f32>() / (panel.len() as f32) < 0.25);
}

#[test]
fn the_3d_screenshot_shows_the_board_and_the_pieces() {
    let text = "rsqksr/1bb1/pp1ppppp/2p2/10/4S1/10/5/PPP1PPPP/1BB1/R1QKSR b 1 1";
    let pos: Position = text.parse().unwrap();
    let out = out_dir().join("board-3d.png");
    let pixels = render(&["--view", "3d", "--position", text], &out);
    let mut distinct = std::collections::HashSet::new();
    for p in pixels.iter().step_by(7) {
        distinct.insert(p.map(|c| (c * 31.0) as u8));
    }
    assert!(
        distinct.len() > 200,
        "only {} colours: a blank or broken frame",
        distinct.len()
    );
    // Empty cells in the middle rows, away from the pieces' shadows and the names below each
    // centre: warm wood, the three shapes in their order of lightness.
    let mut by_shape: [Vec<f32>; 3] = Default::default();
    for cell in Cell::all().filter(|c| (3..=7).contains(&c.row())) {
        if pos.piece_at(cell).is_some() {
            continue;
        }
        let at = project_3d(SIZE, cell_world(cell) + Vec3::new(0.0, 0.06, -0.12)).unwrap();
        let colour = sample_at(&pixels, at);
        assert!(
            saturation(colour) > 0.2,
            "tile {cell} looks grey: {colour:?}"
        );
        let i = match board().cell(cell).shape {
            Shape::Flat => 0,
            Shape::Rising => 1,
            Shape::Falling => 2,
        };
        by_shape[i].push(luminance(colour));
    }
    let mean = |v: &[f32]| v.iter().sum::<f32>() / v.len().max(1) as f32;
    let (flat, rising, falling) = (mean(&by_shape[0]), mean(&by_shape[1]), mean(&by_shape[2]));
    assert!(
        flat > rising && rising > falling,
        "flat {flat} > rising {rising} > falling {falling}"
    );
    // The wooden frame (drawn with the game's own material) lies round the board: a quarter
    // cell out from its leftmost corner, lit warm brown.
    let left = Cell::all()
        .flat_map(|c| board().cell(c).corners_xy())
        .fold([f32::MAX, 0.0], |a, p| if p[0] < a[0] { p } else { a });
    let at = project_3d(SIZE, Vec3::new(left[0] - 0.27, 0.03, -left[1])).unwrap();
    let wood = sample_at(&pixels, at);
    assert!(
        wood[0] > wood[1] && wood[1] > wood[2] && saturation(wood) > 0.25,
        "frame at {at}: {wood:?}"
    );
    assert!(
        (0.15..0.5).contains(&luminance(wood)),
        "frame at {at}: {wood:?}"
    );
    // Pieces stand where the position puts them: ivory and ebony at their bodies' centres.
    let mut checked = 0;
    for (cell, piece) in pos.placement() {
        let Some(at) = project_3d(SIZE, piece_home(cell) + Vec3::Y * 0.25) else {
            continue;
        };
        let colour = sample_at(&pixels, at);
        match piece.side {
            Side::White => assert!(
                luminance(colour) > 0.45 && saturation(colour) < 0.25,
                "white piece on {cell}: {colour:?}"
            ),
            Side::Black => assert!(luminance(colour) < 0.3, "black piece on {cell}: {colour:?}"),
        }
        checked += 1;
    }
    assert_eq!(checked, pos.placement().count());
}

#[test]
fn a_turned_camera_shows_the_pieces_where_that_camera_sees_them() {
    use parachess::game::core::camera::{CameraRig, project_3d_with};
    let pos = Position::start();
    let out = out_dir().join("board-3d-turned.png");
    let pixels = render(&["--view", "3d", "--camera", "60,35"], &out);
    let rig = CameraRig {
        turn: 60f32.to_radians(),
        pitch: 35f32.to_radians(),
        ..CameraRig::default()
    };
    // Each piece's body at the place the turned camera projects it (the nearer half of the
    // army: a piece far behind another may be hidden by it from this low angle).
    let mut checked = 0;
    let mut moved = 0;
    for (cell, piece) in pos.placement() {
        let body = piece_home(cell) + Vec3::Y * 0.25;
        let Some(at) = project_3d_with(SIZE, &rig, body) else {
            continue;
        };
        if let Some(rest) = project_3d(SIZE, body)
            && rest.distance(at) > 40.0
        {
            moved += 1;
        }
        let colour = sample_at(&pixels, at);
        let ok = match piece.side {
            Side::White => luminance(colour) > 0.45 && saturation(colour) < 0.25,
            Side::Black => luminance(colour) < 0.3,
        };
        if ok {
            checked += 1;
        }
    }
    let pieces = pos.placement().count();
    assert!(
        checked * 10 >= pieces * 8,
        "only {checked} of {pieces} pieces where the turned camera sees them"
    );
    assert!(
        moved * 2 > pieces,
        "the camera was not turned: only {moved} of {pieces} pieces moved in the picture"
    );
}

#[test]
fn bench_frames_reports_the_frame_times_of_an_animated_game() {
    let output = Command::new(env!("CARGO_BIN_EXE_parachess"))
        .args(["--bench-frames", "6", "--size", "320x200", "--view", "2d"])
        .env(
            "WGPU_BACKEND",
            std::env::var("WGPU_BACKEND").unwrap_or_else(|_| "vulkan".into()),
        )
        .env("PARACHESS_DATA_DIR", out_dir().join("bench-data"))
        .output()
        .expect("run parachess");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let number = |prefix: &str, after: &str| -> f32 {
        let line = stdout
            .lines()
            .find(|l| l.starts_with(prefix))
            .unwrap_or_else(|| panic!("no {prefix:?} line in:\n{stdout}"));
        let rest = &line[line.find(after).unwrap_or_else(|| panic!("{line}")) + after.len()..];
        rest.trim_start()
            .split([' ', ','])
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no number after {after:?} in {line:?}"))
    };
    assert_eq!(number("frames", "frames"), 6.0);
    let first = number("first frame after", "after");
    let mean = number("frame time", "mean");
    let median = number("frame time", "median");
    let p99 = number("frame time", "p99");
    assert!(first > 0.0, "{stdout}");
    assert!(mean > 0.0 && median > 0.0 && p99 >= median, "{stdout}");
}

/// A lesson stage rendered offscreen: the stars stand on their cells in gold, and the panel
/// beside the board is filled with the stage's text and its three stars.
#[test]
fn a_lesson_screenshot_shows_the_stars_and_the_panel() {
    // Lesson 2, stage 5: the King on e5 walks to the stars on g6 and h4.
    let out = out_dir().join("lesson-2-5.png");
    let pixels = render(&["--view", "2d", "--lesson", "2:5"], &out);
    let gold = |c: [f32; 3]| c[0] > 0.75 && c[1] > 0.5 && c[2] < 0.35 && saturation(c) > 0.6;
    for name in ["g6", "h4"] {
        let colour = sample(&pixels, board().cell(name.parse().unwrap()).centre());
        assert!(gold(colour), "no gold star on {name}: {colour:?}");
    }
    for name in ["e4", "f3", "h3"] {
        let colour = sample(&pixels, board().cell(name.parse().unwrap()).centre());
        assert!(!gold(colour), "a star on {name}? {colour:?}");
    }
    // The panel: light text on the dark panel, and the gold of the goal and the stars.
    let panel_x = SIZE.x - (parachess::game::core::board::panel_width(SIZE.x as f32) as u32);
    let (mut light, mut golden) = (0, 0);
    for y in 0..SIZE.y {
        for x in panel_x + 4..SIZE.x {
            let p = pixels[(y * SIZE.x + x) as usize];
            if luminance(p) > 0.75 {
                light += 1;
            }
            if gold(p) {
                golden += 1;
            }
        }
    }
    assert!(
        light > 800,
        "hardly any text in the panel: {light} light pixels"
    );
    assert!(
        golden > 150,
        "no stars or goal in the panel: {golden} gold pixels"
    );
}

/// Whether a colour is the honey of rising cells (the palette's squares stand on it).
fn honey(c: [f32; 3]) -> bool {
    (c[0] - 0.80).abs() < 0.08 && (c[1] - 0.60).abs() < 0.08 && (c[2] - 0.38).abs() < 0.08
}

/// The board editor rendered offscreen: the palette's twelve pieces on their squares in the
/// panel, in both sides' colours, and the board showing the position.
#[test]
fn an_editor_screenshot_shows_the_palette_and_the_position() {
    let text = "6/4/8/5/10/6/R3k5/5/8/4/K5 b 0 1";
    let pos: Position = text.parse().unwrap();
    let out = out_dir().join("editor.png");
    let pixels = render(&["--view", "2d", "--editor", "--position", text], &out);
    let panel_x = SIZE.x - (parachess::game::core::board::panel_width(SIZE.x as f32) as u32);
    // The palette's rows are those crossed by its honey squares; the pieces on them have
    // ivory and ebony in them (each with the other as its outline).
    let (mut squares, mut bright, mut dark) = (0, 0, 0);
    for y in 0..SIZE.y {
        let row: Vec<[f32; 3]> = (panel_x + 4..SIZE.x)
            .map(|x| pixels[(y * SIZE.x + x) as usize])
            .collect();
        let honeyed = row.iter().filter(|&&p| honey(p)).count();
        squares += honeyed;
        if honeyed > 40 {
            bright += row
                .iter()
                .filter(|&&p| luminance(p) > 0.6 && saturation(p) < 0.12)
                .count();
            dark += row.iter().filter(|&&p| luminance(p) < 0.2).count();
        }
    }
    assert!(
        squares > 4000,
        "no palette squares in the panel: {squares} honey pixels"
    );
    assert!(bright > 150, "no ivory in the palette: {bright}");
    assert!(dark > 150, "no ebony in the palette: {dark}");
    // The board: the Kings on a1 and e5 and the Rook on e1 are drawn, an empty cell is not.
    for (name, side) in [
        ("e1", Side::White),
        ("e5", Side::Black),
        ("a1", Side::White),
    ] {
        let cell: Cell = name.parse().unwrap();
        assert_eq!(pos.piece_at(cell).map(|p| p.side), Some(side));
        let c = sample(&pixels, board().cell(cell).centre());
        let ok = match side {
            Side::White => luminance(c) > 0.6 && saturation(c) < 0.12,
            Side::Black => luminance(c) < 0.3,
        };
        assert!(ok, "no {side} piece on {name}: {c:?}");
    }
    let empty = sample(&pixels, board().cell("e8".parse().unwrap()).centre());
    assert!(
        saturation(empty) > 0.25,
        "e8 should show its cell: {empty:?}"
    );
}

/// A puzzle rendered offscreen: Black solves puzzle 1, so the board is turned with Black at
/// the bottom, and the panel holds the task.
#[test]
fn a_puzzle_screenshot_turns_the_board_for_the_solver() {
    let puzzle = parachess::study::builtin().unwrap().remove(0);
    assert_eq!(puzzle.solver(), Side::Black);
    let out = out_dir().join("puzzle-1.png");
    let pixels = render(&["--view", "2d", "--puzzle", "1"], &out);
    // Turned: a board point p is drawn where -p would be unturned.
    let turned = |cell: Cell| {
        let [x, y] = board().cell(cell).centre();
        sample(&pixels, [-x, -y])
    };
    let mut checked = 0;
    for (cell, piece) in puzzle.position.placement() {
        let c = turned(cell);
        let ok = match piece.side {
            Side::White => luminance(c) > 0.6 && saturation(c) < 0.12,
            Side::Black => luminance(c) < 0.3,
        };
        assert!(
            ok,
            "no {} {} on {cell} (turned): {c:?}",
            piece.side, piece.kind
        );
        checked += 1;
    }
    assert!(checked >= 4);
    let panel_x = SIZE.x - (parachess::game::core::board::panel_width(SIZE.x as f32) as u32);
    let light = (0..SIZE.y)
        .flat_map(|y| (panel_x + 4..SIZE.x).map(move |x| (x, y)))
        .filter(|&(x, y)| luminance(pixels[(y * SIZE.x + x) as usize]) > 0.75)
        .count();
    assert!(light > 800, "hardly any text in the panel: {light}");
}

/// Where the texts of a screen rendered offscreen at `size` lie: (top, bottom, whether a
/// button's label, text), and
/// whether the strip saying the side panel scrolls shows (the game's `PARACHESS_LAYOUT`
/// report, written with the picture).
fn layout(args: &[&str], size: &str, name: &str) -> (Vec<(f32, f32, bool, String)>, bool) {
    let dir = out_dir();
    let report = dir.join(format!("{name}.layout"));
    let data = dir.join(format!("{name}-data"));
    std::fs::create_dir_all(&data).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_parachess"))
        .args([
            "--screenshot",
            dir.join(format!("{name}.png")).to_str().unwrap(),
        ])
        .args(["--size", size])
        .args(args)
        .env("PARACHESS_LAYOUT", &report)
        .env("PARACHESS_DATA_DIR", &data)
        .env(
            "WGPU_BACKEND",
            std::env::var("WGPU_BACKEND").unwrap_or_else(|_| "vulkan".into()),
        )
        .output()
        .expect("run parachess");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "screenshot failed:\n{stderr}");
    let text = std::fs::read_to_string(&report).expect("the layout report was written");
    let mut more_below = false;
    let mut texts = Vec::new();
    for line in text.lines() {
        if line == "more-below" {
            more_below = true;
            continue;
        }
        let mut parts = line.splitn(4, ' ');
        let top: f32 = parts.next().unwrap().parse().unwrap();
        let bottom: f32 = parts.next().unwrap().parse().unwrap();
        let button = parts.next() == Some("button");
        texts.push((top, bottom, button, parts.next().unwrap_or("").to_string()));
    }
    (texts, more_below)
}

/// At 1024×600, in English and in German (the longer words), every button of the board
/// editor's panel and of the play panel lies within the window, and whatever runs on below
/// is announced by the strip that says the panel scrolls; the play panel fits whole in both
/// languages, its key line included.
#[test]
fn the_editor_and_the_play_panel_fit_a_1024x600_window() {
    for (args, name, whole) in [
        (&["--editor", "--lang", "en"][..], "editor-en", false),
        (&["--editor", "--lang", "de"][..], "editor-de", false),
        (&["--lang", "de"][..], "play-de", true),
        (&["--lang", "en"][..], "play-en", true),
    ] {
        let (texts, more_below) = layout(args, "1024x600", name);
        assert!(
            texts.iter().filter(|t| t.2).count() > 8,
            "{name}: too few buttons: {texts:?}"
        );
        let cut: Vec<_> = texts.iter().filter(|t| t.1 > 600.5).collect();
        let cut_buttons: Vec<_> = cut.iter().filter(|t| t.2).collect();
        assert!(
            cut_buttons.is_empty(),
            "{name}: buttons below the window: {cut_buttons:?}"
        );
        assert!(
            cut.is_empty() || more_below,
            "{name}: cut at the window's foot and nothing says so: {cut:?}"
        );
        if whole {
            assert!(
                cut.is_empty() && !more_below,
                "{name}: the panel does not fit: {texts:?}"
            );
        }
    }
}
