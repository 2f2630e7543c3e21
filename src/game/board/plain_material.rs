//! A light-weight lit material for the board's frame and the pieces.

use bevy::asset::embedded_asset;
use bevy::pbr::{Material, MaterialPlugin};
use bevy::prelude::*;
use bevy::render::render_resource::{AsBindGroup, ShaderType};
use bevy::shader::ShaderRef;

/// A plain non-metal surface lit by the sun (with shadows) and the ambient light, by the
/// formulas of Bevy's `StandardMaterial` for one directional light (`plain_material.wgsl`).
///
/// The standard shader handles every kind of light, texture and effect, and a software
/// renderer runs all its branches for every pixel: the frame alone, `unlit` or not, cost a
/// fifth of a frame with it. This one does only what the game's scene asks of it.
#[derive(Asset, TypePath, AsBindGroup, Debug, Clone)]
pub(crate) struct PlainMaterial {
    #[uniform(0)]
    plain: PlainUniform,
}

#[derive(Debug, Clone, Copy, ShaderType)]
struct PlainUniform {
    /// Linear base colour.
    colour: Vec4,
    perceptual_roughness: f32,
    /// Reflectance at normal incidence.
    f0: f32,
}

impl PlainMaterial {
    /// `colour` with the standard material's `perceptual_roughness` and `reflectance` (0 to 1;
    /// 0.5 is the usual 4 %).
    pub(crate) fn new(colour: Color, perceptual_roughness: f32, reflectance: f32) -> PlainMaterial {
        PlainMaterial {
            plain: PlainUniform {
                colour: colour.to_linear().to_vec4(),
                perceptual_roughness,
                f0: 0.16 * reflectance * reflectance,
            },
        }
    }
}

impl Material for PlainMaterial {
    fn fragment_shader() -> ShaderRef {
        "embedded://parachess/game/board/plain_material.wgsl".into()
    }
}

pub(super) fn plugin(app: &mut App) {
    embedded_asset!(app, "plain_material.wgsl");
    app.add_plugins(MaterialPlugin::<PlainMaterial>::default());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_materials_take_the_standard_parameters() {
        let m = PlainMaterial::new(Color::WHITE, 0.4, 0.5);
        assert_eq!(m.plain.colour, Vec4::ONE);
        assert_eq!(m.plain.perceptual_roughness, 0.4);
        assert!((m.plain.f0 - 0.04).abs() < 1e-6, "4 % at reflectance 0.5");
    }
}
