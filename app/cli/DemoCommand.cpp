// Placeholder until the subcommand lands; it says so instead of pretending to work.
#include "CliSupport.h"
#include "Commands.h"

int runDemo(const QStringList&)
{
    return rb::cli::fail("'demo' is not available in this build yet");
}
