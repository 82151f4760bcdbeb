# Writes a program's manual page from its own --help, so the page cannot drift from the program.
# cmake -DPROGRAM=path -DNAME=riverbed-cli -DSUMMARY=text -DVERSION=x.y.z -DSEE_ALSO=other
#       -DSUBCOMMANDS=ON|OFF -DGZIP=path -DOUTPUT=NAME.1.gz -P ManPage.cmake
# With SUBCOMMANDS, the commands are read from the "Commands:" list of `PROGRAM --help` and each
# gets a section with `PROGRAM COMMAND --help`. The page is compressed with gzip -9n (no name or
# time stamp in the header: the same input gives the same bytes, as Debian asks).

function(help_of output_var)
  execute_process(COMMAND ${PROGRAM} ${ARGN} --help OUTPUT_VARIABLE text RESULT_VARIABLE status ERROR_VARIABLE errors)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${PROGRAM} ${ARGN} --help failed (${status}): ${errors}")
  endif()
  # QCommandLineParser names the program by the path it was started with.
  string(REPLACE "${PROGRAM}" "${NAME}" text "${text}")
  set(${output_var} "${text}" PARENT_SCOPE)
endfunction()

# The text as roff, kept line for line (no filling): backslashes and minus signs escaped, and lines
# that would read as requests (a leading dot or quote) guarded.
function(as_roff output_var text)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  string(REGEX REPLACE "\n+$" "" text "${text}")
  set(${output_var} ".nf\n${text}\n.fi\n" PARENT_SCOPE)
endfunction()

string(TOUPPER "${NAME}" title)
string(REPLACE "-" "\\-" name_roff "${NAME}")
help_of(main_help)
as_roff(main_roff "${main_help}")
set(page ".TH ${title} 1 \"\" \"Riverbed ${VERSION}\" \"User Commands\"\n")
string(APPEND page ".SH NAME\n${name_roff} \\- ${SUMMARY}\n")
string(APPEND page ".SH DESCRIPTION\n${main_roff}")

if(SUBCOMMANDS)
  string(REGEX MATCH "Commands:\n(([ ]+[^\n]*\n)+)" list "${main_help}")
  string(REGEX MATCHALL "\n  [a-z]+" commands "\n${CMAKE_MATCH_1}")
  if(NOT commands)
    message(FATAL_ERROR "no \"Commands:\" list in `${NAME} --help`")
  endif()
  string(APPEND page ".SH COMMANDS\n")
  foreach(command IN LISTS commands)
    string(STRIP "${command}" command)
    help_of(help ${command})
    as_roff(roff "${help}")
    string(APPEND page ".SS \"${name_roff} ${command}\"\n${roff}")
  endforeach()
  string(APPEND page ".SH EXIT STATUS\n0 success, 1 failure while working (the message is on standard error), 2 bad usage.\n")
endif()
string(REPLACE "-" "\\-" see_also "${SEE_ALSO}")
string(APPEND page ".SH SEE ALSO\n.BR ${see_also} (1)\n")
string(APPEND page ".PP\nThe user guide and the reference documents are in /usr/share/doc/riverbed.\n")

get_filename_component(page_path "${OUTPUT}" DIRECTORY)
string(REGEX REPLACE "\\.gz$" "" plain "${OUTPUT}")
file(WRITE "${plain}" "${page}")
execute_process(COMMAND ${GZIP} -9nf "${plain}" RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "gzip failed on ${plain}")
endif()
