//! Dresses piece entities with their look: a modelled piece in 3D, a flat symbol in 2D.

use bevy::prelude::*;

use crate::game::board::camera::CameraRig;
use crate::game::board::models;
use crate::game::board::pieces::PieceView;
use crate::game::board::plain_material::{PictureMaterial, PlainMaterial};
use crate::game::board::symbol_picture;
use crate::game::{GameSet, ViewMode};
use crate::rules::{PieceKind, Side};

/// The meshes and materials every piece shares (the Pieces panel's board draws with them too).
#[derive(Resource)]
pub(crate) struct PieceArt {
    model: [Handle<Mesh>; 6],
    /// The flat quad each kind's symbol picture is drawn on.
    pub(crate) symbol: [Handle<Mesh>; 6],
    /// Model materials per side.
    model_material: [Handle<PlainMaterial>; 2],
    /// Symbol materials (the pictures), `[side][kind]`.
    pub(crate) symbol_material: [[Handle<PictureMaterial>; 6]; 2],
}

/// Models are drawn a little larger than their modelled size so they read well from the
/// default camera distance.
const MODEL_SCALE: f32 = 1.2;

/// The 3D model child of a piece.
#[derive(Component, Debug)]
pub struct PieceModel;

/// The 2D symbol child of a piece (its picture on a flat quad).
#[derive(Component, Debug)]
pub struct PieceSymbol;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, load_art)
        .add_observer(dress_piece)
        .add_systems(Update, show_for_view.in_set(GameSet::View));
}

fn load_art(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut plain: ResMut<Assets<PlainMaterial>>,
    mut pictures: ResMut<Assets<PictureMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    let model = PieceKind::ALL.map(|k| meshes.add(models::piece_mesh(k)));
    let symbol = PieceKind::ALL.map(|k| meshes.add(models::piece_symbol_quad(k)));
    let model_material = [
        plain.add(PlainMaterial::new(models::WHITE_PIECE, 0.35, 0.5)),
        plain.add(PlainMaterial::new(models::BLACK_PIECE, 0.3, 0.5)),
    ];
    let symbol_material = symbol_picture::board_symbol_pictures()
        .map(|side| side.map(|picture| pictures.add(PictureMaterial::new(images.add(picture)))));
    commands.insert_resource(PieceArt {
        model,
        symbol,
        model_material,
        symbol_material,
    });
}

/// Gives a piece entity its children; runs again when a promotion changes the piece.
fn dress_piece(
    insert: On<Insert, PieceView>,
    views: Query<&PieceView>,
    children: Query<&Children>,
    art: Option<Res<PieceArt>>,
    rig: Option<Res<CameraRig>>,
    mut commands: Commands,
) {
    let (Ok(view), Some(art)) = (views.get(insert.entity), art) else {
        return;
    };
    if let Ok(old) = children.get(insert.entity) {
        for child in old.iter() {
            commands.entity(child).despawn();
        }
    }
    // Kinds beyond Parachess's six (other variants' armies) have no art of their own in the
    // window yet: they are drawn as a Sorcerer rather than crash it.
    let k = match view.piece.kind.index() {
        k if k < PieceKind::ALL.len() => k,
        _ => PieceKind::Sorcerer.index(),
    };
    let s = view.piece.side.index();
    let view_mode = rig.as_ref().map_or(ViewMode::ThreeD, |r| r.view);
    let flipped = rig.is_some_and(|r| r.flipped);
    let visible = |on: bool| {
        if on {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        }
    };
    // Knights face the opponent; here the model faces the viewer of its own side.
    let facing = match view.piece.side {
        Side::White => Quat::IDENTITY,
        Side::Black => Quat::from_rotation_y(std::f32::consts::PI),
    };
    commands.entity(insert.entity).with_children(|parent| {
        parent.spawn((
            PieceModel,
            Mesh3d(art.model[k].clone()),
            MeshMaterial3d(art.model_material[s].clone()),
            Transform::from_rotation(facing).with_scale(Vec3::splat(MODEL_SCALE)),
            visible(view_mode == ViewMode::ThreeD),
        ));
        parent.spawn((
            PieceSymbol,
            Mesh3d(art.symbol[k].clone()),
            MeshMaterial3d(art.symbol_material[s][k].clone()),
            symbol_transform(flipped),
            visible(view_mode == ViewMode::TwoD),
            // A click on a symbol's clear corners belongs to the cell beneath, as does a
            // click on the symbol itself: the tile under it answers for both.
            Pickable::IGNORE,
        ));
    });
}

/// Symbols stand upright for whoever sits at the bottom of the screen, nudged up a little to
/// leave the cell's name readable beneath them.
pub(crate) fn symbol_transform(flipped: bool) -> Transform {
    let rotation = if flipped {
        Quat::from_rotation_y(std::f32::consts::PI)
    } else {
        Quat::IDENTITY
    };
    Transform::from_rotation(rotation).with_translation(rotation * Vec3::new(0.0, 0.01, -0.07))
}

#[allow(clippy::type_complexity)]
fn show_for_view(
    rig: Res<CameraRig>,
    mut models: Query<&mut Visibility, (With<PieceModel>, Without<PieceSymbol>)>,
    mut symbols: Query<(&mut Visibility, &mut Transform), (With<PieceSymbol>, Without<PieceModel>)>,
) {
    if !rig.is_changed() {
        return;
    }
    let three_d = rig.view == ViewMode::ThreeD;
    for mut v in &mut models {
        v.set_if_neq(if three_d {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
    for (mut v, mut t) in &mut symbols {
        v.set_if_neq(if three_d {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        });
        *t = symbol_transform(rig.flipped);
    }
}
