#version 330 core
// Water: the depth (or speed) colour from the ramp WaterColourRamp fills from WaterColourScale,
// darkened on the shade side, with a Fresnel sky reflection and a sun glint. Thin films are nearly
// clear and deep water nearly opaque; dry ground (negative depth) shows no water, and shorelines
// fade out between a wet and a dry vertex.
in vec3 worldPosition;
in vec3 worldNormal;
in vec2 water; // depth (negative when dry), colour value
in vec4 dye;   // concentrations of dye channels 0–3 (0 when the dye is not shown)

out vec4 fragColor;

uniform vec3 eyePosition;
uniform vec3 sunDirection;
uniform vec3 skyColour;
uniform float hazeDistance;
uniform float dryDepth;
uniform sampler2D colourRamp; // kTexels × 1
uniform float rampRange;      // the value at the ramp's far end
uniform vec3 dyeColour0;      // each channel's tint (view/DyeColours)
uniform vec3 dyeColour1;
uniform vec3 dyeColour2;
uniform vec3 dyeColour3;

// The water's colour tinted by its dye: the channels' colours mixed by concentration, over the
// water's own colour as far as the water carries dye at all.
vec3 tinted(vec3 colour)
{
    float total = dye.r + dye.g + dye.b + dye.a;
    if (total <= 0.002)
        return colour;
    vec3 mixed = (dye.r * dyeColour0 + dye.g * dyeColour1 + dye.b * dyeColour2 + dye.a * dyeColour3) / total;
    return mix(colour, mixed, 0.9 * clamp(total, 0.0, 1.0));
}

float opacity(float depth)
{
    float edge = clamp((depth - dryDepth) / 0.25, 0.0, 1.0);
    return edge * (0.45 + 0.4 * (1.0 - exp(-depth / 6.0)));
}

void main()
{
    float alpha = opacity(water.x);
    if (alpha < 0.02)
        discard;
    float rampSize = float(textureSize(colourRamp, 0).x);
    float u = (clamp(water.y / rampRange, 0.0, 1.0) * (rampSize - 1.0) + 0.5) / rampSize; // texel centres at both ends
    vec3 colour = tinted(texture(colourRamp, vec2(u, 0.5)).rgb);
    vec3 n = normalize(worldNormal);
    vec3 toEye = normalize(eyePosition - worldPosition);
    float fresnel = 0.02 + 0.98 * pow(1.0 - max(dot(n, toEye), 0.0), 5.0);
    float glint = pow(max(dot(n, normalize(toEye + sunDirection)), 0.0), 120.0);
    vec3 body = colour * (0.55 + 0.45 * max(dot(n, sunDirection), 0.0));
    vec3 rgb = mix(body, skyColour, 0.5 * fresnel) + vec3(0.9) * glint;
    float haze = 1.0 - exp(-distance(eyePosition, worldPosition) / hazeDistance);
    fragColor = vec4(mix(rgb, skyColour, 0.35 * haze), clamp(alpha + 0.3 * fresnel + glint, 0.0, 1.0));
}
