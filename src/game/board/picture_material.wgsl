// A picture drawn as it is, blended over what lies beneath (the 2D board's piece symbols):
// what Bevy's unlit standard material does with a texture, without its lighting branches,
// which a software renderer runs for every pixel even when unlit.

#import bevy_pbr::forward_io::VertexOutput
#import parachess::finish::finish

@group(#{MATERIAL_BIND_GROUP}) @binding(0) var picture: texture_2d<f32>;
@group(#{MATERIAL_BIND_GROUP}) @binding(1) var picture_sampler: sampler;

@fragment
fn fragment(in: VertexOutput) -> @location(0) vec4<f32> {
#ifdef VERTEX_UVS_A
    let colour = textureSample(picture, picture_sampler, in.uv);
#else
    let colour = vec4(1.0, 0.0, 1.0, 1.0);
#endif
    return finish(colour, in.position.xy);
}
