#version 330 core
// Shared by terrain and water: world-space position and normal for lighting, per-vertex colour.
in vec3 vertexPosition;
in vec3 vertexNormal;
in vec4 vertexColor;

out vec3 worldPosition;
out vec3 worldNormal;
out vec4 colour;

uniform mat4 modelMatrix;
uniform mat3 modelNormalMatrix;
uniform mat4 mvp;

void main()
{
    worldPosition = (modelMatrix * vec4(vertexPosition, 1.0)).xyz;
    worldNormal = normalize(modelNormalMatrix * vertexNormal);
    colour = vertexColor;
    gl_Position = mvp * vec4(vertexPosition, 1.0);
}
