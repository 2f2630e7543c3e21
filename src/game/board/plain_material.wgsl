// A plain non-metal surface (the board's frame, the pieces): the sun's light with its shadows,
// diffuse and specular, and the ambient light, by the same formulas as Bevy's standard
// material for one directional light, and nothing else. Its uniform is `PlainUniform` in
// plain_material.rs.

#import bevy_pbr::{
    forward_io::VertexOutput,
    mesh_view_bindings::{lights, view},
    mesh_view_types::DIRECTIONAL_LIGHT_FLAGS_SHADOWS_ENABLED_BIT,
    shadows,
}
#import parachess::finish::finish

struct Plain {
    // Linear base colour.
    colour: vec4<f32>,
    perceptual_roughness: f32,
    // Reflectance at normal incidence (0.16 × reflectance²).
    f0: f32,
}

@group(#{MATERIAL_BIND_GROUP}) @binding(0) var<uniform> plain: Plain;

const PI: f32 = 3.141592653589793;

// The split-sum environment terms, Karis' analytic fit.
fn f_ab(perceptual_roughness: f32, n_dot_v: f32) -> vec2<f32> {
    let c0 = vec4(-1.0, -0.0275, -0.572, 0.022);
    let c1 = vec4(1.0, 0.0425, 1.04, -0.04);
    let r = perceptual_roughness * c0 + c1;
    let a004 = min(r.x * r.x, exp2(-9.28 * n_dot_v)) * r.x + r.y;
    return max(vec2(-1.04, 1.04) * a004 + r.zw, vec2(0.00005));
}

fn schlick(f0: f32, f90: f32, cos_theta: f32) -> f32 {
    return f0 + (f90 - f0) * pow(1.0 - cos_theta, 5.0);
}

@fragment
fn fragment(in: VertexOutput) -> @location(0) vec4<f32> {
    let n = normalize(in.world_normal);
    // Toward the viewer: one direction for an orthographic camera (the 2D view from above).
    var v = normalize(view.world_position.xyz - in.world_position.xyz);
    if view.clip_from_view[3].w == 1.0 {
        v = normalize(vec3(view.clip_from_world[0].z, view.clip_from_world[1].z, view.clip_from_world[2].z));
    }
    let n_dot_v = max(dot(n, v), 0.0001);
    let perceptual = clamp(plain.perceptual_roughness, 0.089, 1.0);
    let roughness = perceptual * perceptual;
    let diffuse = plain.colour.rgb;
    let f0 = plain.f0;

    // Ambient: the diffuse and specular parts of a uniform sky.
    let rough_env = f_ab(1.0, n_dot_v);
    let diffuse_ambient = diffuse * rough_env.x + vec3(rough_env.y);
    let env = f_ab(perceptual, n_dot_v);
    let specular_ambient = (f0 * env.x + env.y) * saturate(f0 * 50.0);
    var light = (diffuse_ambient + vec3(specular_ambient)) * lights.ambient_color.rgb;

    if lights.n_directional_lights > 0u {
        let sun = &lights.directional_lights[0];
        let l = (*sun).direction_to_light;
        let n_dot_l = saturate(dot(n, l));
        if n_dot_l > 0.0 {
            var shadow = 1.0;
            if ((*sun).flags & DIRECTIONAL_LIGHT_FLAGS_SHADOWS_ENABLED_BIT) != 0u {
                let view_z = dot(vec4(
                    view.view_from_world[0].z,
                    view.view_from_world[1].z,
                    view.view_from_world[2].z,
                    view.view_from_world[3].z,
                ), in.world_position);
                shadow = shadows::fetch_directional_shadow(0u, in.world_position, n, view_z, in.position.xy);
            }
            let h = normalize(l + v);
            let n_dot_h = saturate(dot(n, h));
            let l_dot_h = saturate(dot(l, h));
            // Burley diffuse, GGX distribution, correlated Smith visibility, Schlick Fresnel.
            let f90 = 0.5 + 2.0 * roughness * l_dot_h * l_dot_h;
            let burley = schlick(1.0, f90, n_dot_l) * schlick(1.0, f90, n_dot_v) / PI;
            let a = n_dot_h * roughness;
            let k = roughness / (1.0 - n_dot_h * n_dot_h + a * a);
            let d = k * k / PI;
            let a2 = roughness * roughness;
            let lambda_v = n_dot_l * sqrt((n_dot_v - a2 * n_dot_v) * n_dot_v + a2);
            let lambda_l = n_dot_v * sqrt((n_dot_l - a2 * n_dot_l) * n_dot_l + a2);
            let vis = 0.5 / (lambda_v + lambda_l);
            let fresnel = schlick(f0, saturate(f0 * 50.0), l_dot_h);
            let direct = diffuse * burley + vec3(d * vis * fresnel);
            light += direct * n_dot_l * shadow * (*sun).color.rgb;
        }
    }
    return finish(vec4(light * view.exposure, 1.0), in.position.xy);
}
