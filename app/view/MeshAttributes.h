#pragma once

#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>

#include <QByteArray>

#include <vector>

namespace rb::view {

// What every geometry of the view builds the same way: the bytes of a vector for a Qt 3D buffer,
// and the attribute that reads 32-bit triangle indices from one.
template <typename T>
QByteArray bytesOf(const std::vector<T>& values)
{
    return QByteArray(reinterpret_cast<const char*>(values.data()), static_cast<qsizetype>(values.size() * sizeof(T)));
}

inline Qt3DCore::QAttribute* indexAttribute(Qt3DCore::QBuffer* buffer, uint count)
{
    auto* attribute = new Qt3DCore::QAttribute;
    attribute->setAttributeType(Qt3DCore::QAttribute::IndexAttribute);
    attribute->setVertexBaseType(Qt3DCore::QAttribute::UnsignedInt);
    attribute->setBuffer(buffer);
    attribute->setCount(count);
    return attribute;
}

} // namespace rb::view
