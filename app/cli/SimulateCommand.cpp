// Placeholder until the subcommand lands; it says so instead of pretending to work.
#include "CliSupport.h"
#include "Commands.h"

int runSimulate(const QStringList&)
{
    return rb::cli::fail("'simulate' is not available in this build yet");
}
