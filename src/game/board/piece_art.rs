//! Dresses piece entities with their look: a modelled piece in 3D, a flat symbol in 2D.

use bevy::prelude::*;

use crate::game::board::models;
pub(crate) use crate::game::board::plain_material::PictureMaterial;
use crate::game::board::plain_material::PlainMaterial;
use crate::game::board::symbol_picture::BoardCoverage;
use crate::game::core::board::PieceView;
use crate::game::core::board::{BoardTheme, colour};
use crate::game::core::camera::CameraRig;
use crate::game::core::state::ChessGame;
use crate::game::core::{GameSet, ViewMode};
use crate::rules::{Look, PieceKind, Side, Variant};
use crate::theme::{ModelColours, SymbolColours};
use bevy::platform::collections::HashMap;

/// One look's meshes and symbol pictures.
#[derive(Clone)]
pub(crate) struct LookArt {
    model: Handle<Mesh>,
    /// The flat quad the symbol picture is drawn on.
    pub(crate) symbol: Handle<Mesh>,
    /// The symbol's picture per side.
    pub(crate) symbol_material: [Handle<PictureMaterial>; 2],
    /// The pictures those materials show, repainted when the colouring changes.
    symbol_image: [Handle<Image>; 2],
    /// Where the symbol covers its pictures, kept for repainting.
    coverage: std::sync::Arc<BoardCoverage>,
}

/// The meshes and materials every piece shares (the Pieces panel's board draws with them too):
/// the fixed looks made at start, a generic piece's the first time its letter is needed.
#[derive(Resource)]
pub(crate) struct PieceArt {
    looks: HashMap<Look, LookArt>,
    /// Model materials per side.
    model_material: [Handle<PlainMaterial>; 2],
    /// The colouring the models have now.
    models: ModelColours,
    /// The colouring the symbol pictures are painted in now.
    symbols: SymbolColours,
}

/// The asset stores a system passes to [`PieceArt::look`], as one system parameter.
pub(crate) type ArtAssetsParam<'w> = (
    ResMut<'w, Assets<Mesh>>,
    ResMut<'w, Assets<PictureMaterial>>,
    ResMut<'w, Assets<Image>>,
);

/// Where a look's new meshes, pictures and materials go.
pub(crate) type ArtAssets<'a> = (
    &'a mut Assets<Mesh>,
    &'a mut Assets<PictureMaterial>,
    &'a mut Assets<Image>,
);

impl PieceArt {
    /// The art of `look`, made now if it is a generic letter not seen before.
    pub(crate) fn look(&mut self, look: Look, assets: ArtAssets) -> LookArt {
        let (meshes, pictures, images) = assets;
        let style = self.symbols;
        self.looks
            .entry(look)
            .or_insert_with(|| make_look(look, &style, meshes, pictures, images))
            .clone()
    }
}

fn make_look(
    look: Look,
    style: &SymbolColours,
    meshes: &mut Assets<Mesh>,
    pictures: &mut Assets<PictureMaterial>,
    images: &mut Assets<Image>,
) -> LookArt {
    let coverage = BoardCoverage::of(look);
    let symbol_image = coverage.pictures(style).map(|picture| images.add(picture));
    LookArt {
        model: meshes.add(models::piece_mesh(look)),
        symbol: meshes.add(models::piece_symbol_quad(look)),
        symbol_material: symbol_image
            .clone()
            .map(|image| pictures.add(PictureMaterial::new(image))),
        symbol_image,
        coverage: std::sync::Arc::new(coverage),
    }
}

/// The models' materials per side in a colouring.
fn model_materials(style: &ModelColours) -> [PlainMaterial; 2] {
    [
        PlainMaterial::new(colour(style.white), 0.35, 0.5),
        PlainMaterial::new(colour(style.black), 0.3, 0.5),
    ]
}

/// Models are drawn a little larger than their modelled size so they read well from the
/// default camera distance.
const MODEL_SCALE: f32 = 1.2;

/// The 3D model child of a piece.
#[derive(Component, Debug)]
pub struct PieceModel;

/// A model that carries a letter: it turns to face whoever sits at the bottom of the screen
/// (a letter seen from behind reads mirrored), where other models face their own side's player.
#[derive(Component, Debug)]
pub struct FacesViewer;

/// The 2D symbol child of a piece (its picture on a flat quad).
#[derive(Component, Debug)]
pub struct PieceSymbol;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardTheme>()
        .add_systems(PreStartup, load_art)
        .add_observer(dress_piece)
        .add_systems(
            Update,
            (restyle_pieces, show_for_view).in_set(GameSet::View),
        );
}

fn load_art(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut plain: ResMut<Assets<PlainMaterial>>,
    mut pictures: ResMut<Assets<PictureMaterial>>,
    mut images: ResMut<Assets<Image>>,
    board_theme: Res<BoardTheme>,
) {
    let symbols = *board_theme.symbols();
    let models = *board_theme.models();
    let looks = models::FIXED_LOOKS
        .into_iter()
        .map(|look| {
            (
                look,
                make_look(look, &symbols, &mut meshes, &mut pictures, &mut images),
            )
        })
        .collect();
    let model_material = model_materials(&models).map(|m| plain.add(m));
    commands.insert_resource(PieceArt {
        looks,
        model_material,
        models,
        symbols,
    });
}

/// A new theme or piece colouring recolours the models' materials and repaints the symbols'
/// pictures in place: every piece keeps its entities and handles.
fn restyle_pieces(
    board_theme: Res<BoardTheme>,
    art: Option<ResMut<PieceArt>>,
    mut plain: ResMut<Assets<PlainMaterial>>,
    mut pictures: ResMut<Assets<PictureMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    let Some(mut art) = art else { return };
    if !board_theme.is_changed() {
        return;
    }
    let models = *board_theme.models();
    if art.models != models {
        for (handle, material) in art.model_material.iter().zip(model_materials(&models)) {
            if let Some(mut m) = plain.get_mut(handle) {
                *m = material;
            }
        }
        art.models = models;
    }
    let symbols = *board_theme.symbols();
    if art.symbols != symbols {
        for look in art.looks.values() {
            let painted = look.coverage.pictures(&symbols);
            for ((image, material), picture) in look
                .symbol_image
                .iter()
                .zip(&look.symbol_material)
                .zip(painted)
            {
                // An image that is gone has no piece showing it: nothing to repaint.
                let _ = images.insert(image, picture);
                // Touching the material re-makes its binding with the new picture.
                let _ = pictures.get_mut(material);
            }
        }
        art.symbols = symbols;
    }
}

/// The look of a piece kind in the game on the board (Parachess's when there is no game).
pub(crate) fn look_in_game(game: Option<&ChessGame>, kind: PieceKind) -> Look {
    let variant = game.map_or(Variant::parachess(), |g| g.board().position().variant());
    variant.look(kind)
}

/// Gives a piece entity its children; runs again when a promotion changes the piece.
fn dress_piece(
    insert: On<Insert, PieceView>,
    views: Query<&PieceView>,
    children: Query<&Children>,
    art: Option<ResMut<PieceArt>>,
    game: Option<Res<ChessGame>>,
    rig: Option<Res<CameraRig>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut pictures: ResMut<Assets<PictureMaterial>>,
    mut images: ResMut<Assets<Image>>,
    mut commands: Commands,
) {
    let (Ok(view), Some(mut art)) = (views.get(insert.entity), art) else {
        return;
    };
    if let Ok(old) = children.get(insert.entity) {
        for child in old.iter() {
            commands.entity(child).despawn();
        }
    }
    let look = look_in_game(game.as_deref(), view.piece.kind);
    let look_art = art.look(look, (&mut meshes, &mut pictures, &mut images));
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
    // Knights face the opponent; here the model faces the viewer of its own side. A letter
    // faces whoever sits at the bottom of the screen.
    let letter = matches!(look, Look::Generic(_));
    let facing = if letter {
        model_facing(flipped)
    } else {
        match view.piece.side {
            Side::White => Quat::IDENTITY,
            Side::Black => Quat::from_rotation_y(std::f32::consts::PI),
        }
    };
    commands.entity(insert.entity).with_children(|parent| {
        let mut model = parent.spawn((
            PieceModel,
            Mesh3d(look_art.model.clone()),
            MeshMaterial3d(art.model_material[s].clone()),
            Transform::from_rotation(facing).with_scale(Vec3::splat(MODEL_SCALE)),
            visible(view_mode == ViewMode::ThreeD),
        ));
        if letter {
            model.insert(FacesViewer);
        }
        parent.spawn((
            PieceSymbol,
            Mesh3d(look_art.symbol.clone()),
            MeshMaterial3d(look_art.symbol_material[s].clone()),
            symbol_transform(flipped),
            visible(view_mode == ViewMode::TwoD),
            // A click on a symbol's clear corners belongs to the cell beneath, as does a
            // click on the symbol itself: the tile under it answers for both.
            Pickable::IGNORE,
        ));
    });
}

/// The turn of a model that faces the player at the bottom of the screen.
fn model_facing(flipped: bool) -> Quat {
    if flipped {
        Quat::from_rotation_y(std::f32::consts::PI)
    } else {
        Quat::IDENTITY
    }
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

fn show_for_view(
    rig: Res<CameraRig>,
    mut models: Query<
        (&mut Visibility, &mut Transform, Has<FacesViewer>),
        (With<PieceModel>, Without<PieceSymbol>),
    >,
    mut symbols: Query<(&mut Visibility, &mut Transform), (With<PieceSymbol>, Without<PieceModel>)>,
) {
    if !rig.is_changed() {
        return;
    }
    let three_d = rig.view == ViewMode::ThreeD;
    for (mut v, mut t, faces_viewer) in &mut models {
        v.set_if_neq(if three_d {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
        if faces_viewer {
            t.rotation = model_facing(rig.flipped);
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::core::board::BoardTheme;

    /// A new piece colouring recolours the models' materials and repaints the symbols'
    /// pictures behind the same handles: pieces on the board need no new entities.
    #[test]
    fn a_new_colouring_restyles_models_and_symbols_in_place() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::asset::AssetPlugin::default()))
            .init_asset::<Mesh>()
            .init_asset::<Image>()
            .init_asset::<PlainMaterial>()
            .init_asset::<PictureMaterial>()
            .init_resource::<BoardTheme>()
            .add_systems(PreStartup, load_art)
            .add_systems(Update, restyle_pieces);
        app.update();
        let (model, symbol_image) = {
            let art = app.world().resource::<PieceArt>();
            let queen = &art.looks[&Look::Queen];
            (art.model_material.clone(), queen.symbol_image.clone())
        };
        let black_model = |app: &App| {
            let plain = app.world().resource::<Assets<PlainMaterial>>();
            plain.get(&model[1]).map(|m| m.linear_colour())
        };
        let black_picture = |app: &App| {
            let images = app.world().resource::<Assets<Image>>();
            images.get(&symbol_image[1]).and_then(|i| i.data.clone())
        };
        let (ebony, ebony_picture) = (black_model(&app), black_picture(&app));
        let linear = |c: crate::theme::Rgb| Some(colour(c).to_linear().to_vec4());
        assert_eq!(ebony, linear(crate::theme::WOOD.models[0].black));
        app.world_mut().resource_mut::<BoardTheme>().pieces = 1;
        app.update();
        assert_eq!(
            black_model(&app),
            linear(crate::theme::WOOD.models[1].black)
        );
        let crimson_picture = black_picture(&app);
        assert!(crimson_picture.is_some() && crimson_picture != ebony_picture);
        let art = app.world().resource::<PieceArt>();
        assert_eq!(art.model_material, model);
        assert_eq!(art.looks[&Look::Queen].symbol_image, symbol_image);
    }
}
