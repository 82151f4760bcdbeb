#pragma once

namespace rb {

// Adds `change` (m) to a bed value, carrying what the float cannot hold in `remainder`: the bed
// moves by whole float steps and the remainder keeps the rest for the next change, so the bed plus
// its remainder changes by exactly `change` up to the remainder's own (tiny) rounding. Returns the
// true change of bed + remainder.
inline float changeBed(float& bed, float& remainder, float change)
{
    const float wanted = change + remainder;
    const float before = bed, remainderBefore = remainder;
    bed = before + wanted;
    remainder = wanted - (bed - before); // bed − before is exact (Sterbenz) for changes small beside the bed
    return (bed - before) + (remainder - remainderBefore);
}

} // namespace rb
