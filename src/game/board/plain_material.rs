//! Light-weight materials: a lit one for the board's frame and the pieces, a picture one for
//! the 2D board's piece symbols.

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

impl PlainMaterial {
    /// The base colour, linear.
    #[cfg(test)]
    pub(crate) fn linear_colour(&self) -> Vec4 {
        self.plain.colour
    }

    /// Gives it another base colour (a theme's), keeping its finish.
    pub(crate) fn set_colour(&mut self, colour: Color) {
        self.plain.colour = colour.to_linear().to_vec4();
    }
}

impl Material for PlainMaterial {
    fn fragment_shader() -> ShaderRef {
        "embedded://parachess/game/board/plain_material.wgsl".into()
    }
}

/// A picture drawn unlit and blended over what lies beneath: the unlit standard material with
/// a texture, without the standard shader's cost (`picture_material.wgsl`).
#[derive(Asset, TypePath, AsBindGroup, Debug, Clone)]
pub(crate) struct PictureMaterial {
    #[texture(0)]
    #[sampler(1)]
    picture: Handle<Image>,
}

impl PictureMaterial {
    pub(crate) fn new(picture: Handle<Image>) -> PictureMaterial {
        PictureMaterial { picture }
    }
}

impl Material for PictureMaterial {
    fn fragment_shader() -> ShaderRef {
        "embedded://parachess/game/board/picture_material.wgsl".into()
    }

    fn alpha_mode(&self) -> AlphaMode {
        AlphaMode::Blend
    }
}

pub(super) fn plugin(app: &mut App) {
    // Imported by both shaders as `parachess::finish`.
    bevy::shader::load_shader_library!(app, "shader_finish.wgsl");
    embedded_asset!(app, "plain_material.wgsl");
    embedded_asset!(app, "picture_material.wgsl");
    app.add_plugins((
        MaterialPlugin::<PlainMaterial>::default(),
        MaterialPlugin::<PictureMaterial>::default(),
    ));
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
