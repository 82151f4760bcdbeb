#version 330 core
// Terrain and water from height textures on the level-of-detail mesh (LodMesh, LodTiles): each
// instance is one grid patch at cells tile.xy + vertex·2^level. Towards the far end of its level's
// range a vertex morphs onto the next coarser level's vertex (odd patch coordinates slide to the
// even one before them), so neighbouring tiles of different levels meet without cracks.
in vec3 vertexPosition; // patch grid coordinates (i, 0, j)
in vec4 tile;           // first cell x, y; level

out vec3 worldPosition;
out vec3 worldNormal;
out vec2 water; // depth (negative when dry) and colour value; terrain: unused
out vec4 dye;   // water: the concentrations of dye channels 0–3 when shown, else 0

uniform mat4 mvp;
uniform sampler2D bedHeights;  // R: bed (m)
uniform sampler2D waterValues; // R: depth (m), G: colour value (water only)
uniform sampler2D dyeValues;   // RGBA: dye channels 0–3 (water only, read when dyeShown)
uniform int dyeShown;
uniform int isWater;
uniform float dryDepth;
uniform vec2 mapCells;    // width, height
uniform vec2 cellStep;    // metres between columns, between rows
uniform float rowShift;   // 0.5 on the triangle lattice (odd rows sit half a cell east), else 0
uniform vec3 lodEye;      // eye x, z and its distance to the band of heights (LodEye)
uniform float lodRange0;  // level 0's range (m); level L's is lodRange0·2^L
uniform float lodMorphStart;
uniform float lodTopLevel;

ivec2 clampCell(vec2 cell)
{
    return clamp(ivec2(cell + 0.5), ivec2(0), ivec2(mapCells) - 1);
}

float bedAt(ivec2 c)
{
    return texelFetch(bedHeights, c, 0).r;
}

// The drawn height at a cell: the bed, or the water surface (dry water sinks under the bed).
float surfaceAt(ivec2 c)
{
    float bed = bedAt(c);
    if (isWater == 0)
        return bed;
    float depth = texelFetch(waterValues, c, 0).r;
    return depth >= dryDepth ? bed + depth : bed - 0.25;
}

// Central differences `step` cells apart.
vec3 normalAt(ivec2 c, int step)
{
    ivec2 dx = ivec2(step, 0), dy = ivec2(0, step);
    ivec2 hi = ivec2(mapCells) - 1;
    float gx = (surfaceAt(min(c + dx, hi)) - surfaceAt(max(c - dx, ivec2(0)))) / (2.0 * float(step) * cellStep.x);
    float gz = (surfaceAt(min(c + dy, hi)) - surfaceAt(max(c - dy, ivec2(0)))) / (2.0 * float(step) * cellStep.y);
    return normalize(vec3(-gx, 1.0, -gz));
}

vec2 worldXZ(vec2 cell, float shift)
{
    return vec2((cell.x + 0.5 + shift) * cellStep.x, (cell.y + 0.5) * cellStep.y);
}

float morphFactor(vec2 xz, float level)
{
    if (level >= lodTopLevel)
        return 0.0;
    float range = lodRange0 * exp2(level);
    float d = length(vec3(xz - lodEye.xy, lodEye.z));
    return clamp((d - lodMorphStart * range) / ((1.0 - lodMorphStart) * range), 0.0, 1.0);
}

void main()
{
    float level = tile.z;
    float spacing = exp2(level);
    vec2 own = tile.xy + vertexPosition.xz * spacing;
    vec2 coarse = own - mod(vertexPosition.xz, 2.0) * spacing; // the next level's vertex it collapses onto
    float ownShift = rowShift * mod(own.y, 2.0);
    float morph = morphFactor(worldXZ(min(own, mapCells - 1.0), ownShift), level);

    ivec2 a = clampCell(own), b = clampCell(coarse);
    vec2 cell = min(mix(own, coarse, morph), mapCells - 1.0);
    float shift = mix(ownShift, rowShift * mod(coarse.y, 2.0), morph);
    float height = mix(surfaceAt(a), surfaceAt(b), morph);
    // Only the water needs a vertex normal (terrain.frag takes the full-resolution bed's per
    // pixel), and one, not a blend of two: fewer fetches in a software renderer's single-threaded
    // vertex stage. It switches to the coarse vertex's at half morph, so a fully morphed vertex
    // is lit exactly as the coarser neighbouring tile lights it.
    int step = int(spacing);
    worldNormal = isWater == 0 ? vec3(0.0, 1.0, 0.0) : morph < 0.5 ? normalAt(a, step) : normalAt(b, 2 * step);
    if (isWater != 0) {
        vec2 va = texelFetch(waterValues, a, 0).rg, vb = texelFetch(waterValues, b, 0).rg;
        vec2 wa = vec2(va.r >= dryDepth ? va.r : -1.0, va.g), wb = vec2(vb.r >= dryDepth ? vb.r : -1.0, vb.g);
        water = mix(wa, wb, morph);
        dye = dyeShown != 0 ? mix(texelFetch(dyeValues, a, 0), texelFetch(dyeValues, b, 0), morph) : vec4(0.0);
    } else {
        water = vec2(0.0);
        dye = vec4(0.0);
    }
    vec2 xz = worldXZ(cell, shift);
    worldPosition = vec3(xz.x, height, xz.y);
    gl_Position = mvp * vec4(worldPosition, 1.0);
}
