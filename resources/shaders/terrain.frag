#version 330 core
// Terrain: coloured by height and slope (sand near the sea, grass, forest, rock on steep slopes
// and high up, snow on the highest gentle ground), lit by a warm sun low in the west plus a
// sky/ground hemisphere ambient, so slopes facing away from the sun stay readable; distant ground
// fades a little into the sky colour.
in vec3 worldPosition;

out vec4 fragColor;

uniform vec3 eyePosition;
uniform vec3 sunDirection; // towards the sun, normalised
uniform vec3 skyColour;
uniform float hazeDistance;
uniform float seaLevel;
uniform float landTop; // the highest land's height above the sea (at least 1 m)
uniform sampler2D bedSlopes; // the bed's gradient per cell (∂/∂x, ∂/∂z), linearly filtered
uniform vec2 mapCells;
uniform vec2 cellStep;
uniform float rowShift;
// The erosion views (view/ErosionColours): 0 natural colours, 1 by net erosion, 2 by erodibility.
uniform int terrainColouring;
uniform sampler2D erosionValues; // R: net deposition (m), G: erodibility (0…1), linearly filtered
uniform float depositionScale;   // the largest |deposition| on the map: full colour there
uniform vec3 erodedColour;
uniform vec3 unchangedColour;
uniform vec3 depositedColour;
uniform vec3 bedrockColour;
uniform vec3 looseSoilColour;

// The normal of the full-resolution bed under this pixel, whatever the level of detail of the
// triangle drawn: its gradient, bilinearly filtered. (On the triangle lattice, rows are taken at
// their mean half-cell shift: a normal, not a position.)
vec2 cellCoordinate()
{
    vec2 cell = vec2(worldPosition.x / cellStep.x - 0.5 - 0.5 * rowShift, worldPosition.z / cellStep.y - 0.5);
    return (cell + 0.5) / mapCells;
}

vec3 detailNormal()
{
    vec2 slope = texture(bedSlopes, cellCoordinate()).rg;
    return normalize(vec3(-slope.x, 1.0, -slope.y));
}

// The same ramps as view/ErosionColours.cpp (erosionColour, erodibilityColour).
vec3 erosionViewColour()
{
    vec2 values = texture(erosionValues, cellCoordinate()).rg;
    if (terrainColouring == 2)
        return mix(bedrockColour, looseSoilColour, clamp(values.g, 0.0, 1.0));
    float t = depositionScale > 0.0 ? clamp(values.r / depositionScale, -1.0, 1.0) : 0.0;
    return t >= 0.0 ? mix(unchangedColour, depositedColour, t) : mix(unchangedColour, erodedColour, -t);
}

vec3 terrainColour(float above, float relative, float steepness)
{
    const vec3 seabed = vec3(0.42, 0.40, 0.30), sand = vec3(0.86, 0.79, 0.56), grass = vec3(0.36, 0.55, 0.22),
               forest = vec3(0.20, 0.38, 0.16), rock = vec3(0.50, 0.46, 0.42), snow = vec3(0.96, 0.96, 0.98);
    if (above < 0.0)
        return mix(sand, seabed, smoothstep(0.0, 25.0, -above));
    vec3 colour = mix(sand, grass, smoothstep(1.5, 4.0, above));
    colour = mix(colour, forest, smoothstep(0.15, 0.45, relative));
    colour = mix(colour, rock, max(smoothstep(0.12, 0.30, steepness), smoothstep(0.50, 0.70, relative)));
    return mix(colour, snow, smoothstep(0.78, 0.90, relative) * (1.0 - smoothstep(0.25, 0.45, steepness)));
}

void main()
{
    vec3 n = detailNormal();
    float above = worldPosition.y - seaLevel;
    vec3 albedo = terrainColouring == 0 ? terrainColour(above, above / landTop, 1.0 - n.y) : erosionViewColour();
    float sun = max(dot(n, sunDirection), 0.0);
    vec3 ambient = mix(vec3(0.30, 0.27, 0.22), vec3(0.62, 0.70, 0.82), 0.5 + 0.5 * n.y);
    vec3 lit = albedo * (0.55 * ambient + 0.85 * vec3(1.0, 0.96, 0.88) * sun);
    float haze = 1.0 - exp(-distance(eyePosition, worldPosition) / hazeDistance);
    fragColor = vec4(mix(lit, skyColour, 0.35 * haze), 1.0);
}
