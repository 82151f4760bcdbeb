#pragma once

#include "model/CellRegion.h"

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <vector>

namespace rb {

// A contiguous row-major width×height array (row 0 first).
template <typename T>
class Field {
public:
    Field() = default;
    Field(int width, int height, T fill = T{})
        : width_(width), height_(height),
          values_(checkedCount(width, height), fill) {}

    int width() const { return width_; }
    int height() const { return height_; }
    std::size_t size() const { return values_.size(); }
    bool empty() const { return values_.empty(); }

    T& operator()(int x, int y) { return values_[index(x, y)]; }
    const T& operator()(int x, int y) const { return values_[index(x, y)]; }
    T& operator[](std::size_t i) { return values_[i]; }
    const T& operator[](std::size_t i) const { return values_[i]; }
    std::size_t index(int x, int y) const { return static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x); }

    T* data() { return values_.data(); }
    const T* data() const { return values_.data(); }
    std::vector<T>& values() { return values_; }
    const std::vector<T>& values() const { return values_; }

    void fill(T value) { std::fill(values_.begin(), values_.end(), value); }
    // The values over `rect` (inside the field), row-major; and writing them back.
    std::vector<T> valuesIn(const CellRegion& rect) const { return copyRegion(values_, width_, rect); }
    void setValuesIn(const CellRegion& rect, const std::vector<T>& values) { writeRegion(values_, width_, rect, values); }
    bool operator==(const Field& other) const = default;

private:
    static std::size_t checkedCount(int width, int height)
    {
        if (width < 0 || height < 0) throw std::invalid_argument("field dimensions must not be negative");
        return static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    }

    int width_ = 0;
    int height_ = 0;
    std::vector<T> values_;
};

using FloatField = Field<float>;

} // namespace rb
