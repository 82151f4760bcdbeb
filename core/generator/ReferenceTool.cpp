// Prints the generated section of docs/generator.md (the parameter tables), so the docs can be
// refreshed from the one table in ParamSpec.cpp; generator_tests fails while they disagree.
#include "generator/ParameterReference.h"

#include <cstdio>

int main()
{
    std::fputs(rb::gen::parameterReferenceMarkdown().c_str(), stdout);
    return 0;
}
