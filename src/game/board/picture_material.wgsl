// A picture drawn as it is, blended over what lies beneath (the 2D board's piece symbols):
// what Bevy's unlit standard material does with a texture, without its lighting branches,
// which a software renderer runs for every pixel even when unlit.

#import bevy_pbr::{forward_io::VertexOutput, mesh_view_bindings::view}
#ifdef TONEMAP_IN_SHADER
#import bevy_core_pipeline::tonemapping::{tone_mapping, screen_space_dither}
#import bevy_render::maths::powsafe
#endif

@group(#{MATERIAL_BIND_GROUP}) @binding(0) var picture: texture_2d<f32>;
@group(#{MATERIAL_BIND_GROUP}) @binding(1) var picture_sampler: sampler;

@fragment
fn fragment(in: VertexOutput) -> @location(0) vec4<f32> {
#ifdef VERTEX_UVS_A
    var colour = textureSample(picture, picture_sampler, in.uv);
#else
    var colour = vec4(1.0, 0.0, 1.0, 1.0);
#endif
#ifdef TONEMAP_IN_SHADER
    colour = tone_mapping(colour, view.color_grading);
#ifdef DEBAND_DITHER
    var rgb = powsafe(colour.rgb, 1.0 / 2.2);
    rgb += screen_space_dither(in.position.xy);
    colour = vec4(powsafe(rgb, 2.2), colour.a);
#endif
#endif
    return colour;
}
