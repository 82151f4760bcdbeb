#version 330 core
// Terrain: a warm sun low in the west plus a sky/ground hemisphere ambient, so slopes facing
// away from the sun stay readable; distant ground fades a little into the sky colour.
in vec3 worldPosition;
in vec3 worldNormal;
in vec4 colour;

out vec4 fragColor;

uniform vec3 eyePosition;
uniform vec3 sunDirection; // towards the sun, normalised
uniform vec3 skyColour;
uniform float hazeDistance;

void main()
{
    vec3 n = normalize(worldNormal);
    float sun = max(dot(n, sunDirection), 0.0);
    vec3 ambient = mix(vec3(0.30, 0.27, 0.22), vec3(0.62, 0.70, 0.82), 0.5 + 0.5 * n.y);
    vec3 lit = colour.rgb * (0.55 * ambient + 0.85 * vec3(1.0, 0.96, 0.88) * sun);
    float haze = 1.0 - exp(-distance(eyePosition, worldPosition) / hazeDistance);
    fragColor = vec4(mix(lit, skyColour, 0.35 * haze), 1.0);
}
