#version 330 core
// Water: the depth (or speed) colour, darkened on the shade side, with a Fresnel sky reflection
// and a sun glint. Alpha comes from the vertex (0 on dry vertices, which are discarded).
in vec3 worldPosition;
in vec3 worldNormal;
in vec4 colour;

out vec4 fragColor;

uniform vec3 eyePosition;
uniform vec3 sunDirection;
uniform vec3 skyColour;
uniform float hazeDistance;

void main()
{
    if (colour.a < 0.02)
        discard;
    vec3 n = normalize(worldNormal);
    vec3 toEye = normalize(eyePosition - worldPosition);
    float fresnel = 0.02 + 0.98 * pow(1.0 - max(dot(n, toEye), 0.0), 5.0);
    float glint = pow(max(dot(n, normalize(toEye + sunDirection)), 0.0), 120.0);
    vec3 body = colour.rgb * (0.55 + 0.45 * max(dot(n, sunDirection), 0.0));
    vec3 rgb = mix(body, skyColour, 0.5 * fresnel) + vec3(0.9) * glint;
    float haze = 1.0 - exp(-distance(eyePosition, worldPosition) / hazeDistance);
    fragColor = vec4(mix(rgb, skyColour, 0.35 * haze), clamp(colour.a + 0.3 * fresnel + glint, 0.0, 1.0));
}
