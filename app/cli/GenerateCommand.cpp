// Placeholder until the subcommand lands; it says so instead of pretending to work.
#include "CliSupport.h"
#include "Commands.h"

int runGenerate(const QStringList&)
{
    return rb::cli::fail("'generate' is not available in this build yet");
}
