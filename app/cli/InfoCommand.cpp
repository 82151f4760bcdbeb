// Placeholder until the subcommand lands; it says so instead of pretending to work.
#include "CliSupport.h"
#include "Commands.h"

int runInfo(const QStringList&)
{
    return rb::cli::fail("'info' is not available in this build yet");
}
