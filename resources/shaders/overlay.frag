#version 330 core
// Overlay lines (brush footprint, boundary, springs and drains): unlit, in their own colour.
in vec3 worldPosition;
in vec3 worldNormal;
in vec4 colour;

out vec4 fragColor;

void main()
{
    fragColor = colour;
}
