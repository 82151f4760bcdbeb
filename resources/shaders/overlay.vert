#version 330 core
// Overlay lines (brush footprint, boundary, springs and drains): world positions and colours as given.
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
