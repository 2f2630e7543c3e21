// What every fragment of the game's own materials goes through last, as in Bevy's standard
// material: tone mapping and debanding when the camera does them in the shader.
#define_import_path parachess::finish

#import bevy_pbr::mesh_view_bindings::view
#ifdef TONEMAP_IN_SHADER
#import bevy_core_pipeline::tonemapping::{tone_mapping, screen_space_dither}
#import bevy_render::maths::powsafe
#endif

fn finish(colour: vec4<f32>, frag_coord: vec2<f32>) -> vec4<f32> {
    var out = colour;
#ifdef TONEMAP_IN_SHADER
    out = tone_mapping(out, view.color_grading);
#ifdef DEBAND_DITHER
    var rgb = powsafe(out.rgb, 1.0 / 2.2);
    rgb += screen_space_dither(frag_coord);
    out = vec4(powsafe(rgb, 2.2), out.a);
#endif
#endif
    return out;
}
