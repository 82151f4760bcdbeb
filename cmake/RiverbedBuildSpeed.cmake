# Build speed: precompiled headers (RIVERBED_PCH, on by default).
#
# Half of a test file's compile time is parsing GoogleTest and Qt's headers, a third of an editor
# file's is Qt's: each target parses them once into a precompiled header (PCH) that its files
# load instead. riverbed_apply_build_speed() runs once, after every target exists, and gives each
# of our targets outside core/ (core's get none, below) the headers it can use: the standard
# library's common ones, Qt Core's, Widgets' and Qt Test's when the target links those modules,
# GoogleTest's when it links GoogleTest. The
# single-file GUI tests share the PCH of riverbed_gui_test_support (same flags) instead of each
# building its own.
#
# A PCH can hide a missing #include (the header is there anyway): the CI builds the minimal build
# and the fuzzers with -DRIVERBED_PCH=OFF, so every library and program file is compiled without it.
#
# ccache: GCC's PCH needs ccache's sloppiness pch_defines,time_macros (and include_file_mtime,
# include_file_ctime, since the PCH is younger than the files that use it). When the compiler
# launcher is ccache, the targets given a PCH run it with CCACHE_SLOPPINESS set to those four;
# nothing to set by hand.
option(RIVERBED_PCH "Precompiled headers for GoogleTest, Qt and the standard library (faster cold builds)" ON)

# Unity builds (RIVERBED_UNITY, off by default): a target's files are compiled RIVERBED_UNITY_BATCH
# at a time, as one file that includes them, so the headers they share are parsed once per batch
# instead of once per file. ALL: every target (the CI's sanitizer build); OUTSIDE_CORE: every target
# but the core libraries' (the CI's release build, which reuses the core objects of the minimal
# build: compiled as single files in both, their command lines match). The minimal and fuzz builds
# stay OFF, so every file is still compiled on its own includes. Files with options of their own
# (core's floating-point flags) are never batched (CMake leaves them out), nor files marked
# SKIP_UNITY_BUILD_INCLUSION. Names local to a file (anonymous namespaces, static functions) must
# not clash with those of the other files of its target.
set(RIVERBED_UNITY OFF CACHE STRING "Unity builds: OFF, ALL (every target) or OUTSIDE_CORE (all but core/'s)")
set_property(CACHE RIVERBED_UNITY PROPERTY STRINGS OFF ALL OUTSIDE_CORE)
set(RIVERBED_UNITY_BATCH 8 CACHE STRING "Files per unity batch (RIVERBED_UNITY)")
if(NOT RIVERBED_UNITY MATCHES "^(OFF|ALL|OUTSIDE_CORE)$")
  message(FATAL_ERROR "RIVERBED_UNITY is '${RIVERBED_UNITY}': it takes OFF, ALL or OUTSIDE_CORE")
endif()

set(riverbed_pch_std <algorithm> <array> <cmath> <cstdint> <functional> <limits> <memory> <optional> <string>
                     <string_view> <utility> <vector>)
set(riverbed_pch_qt_core <QByteArray> <QCoreApplication> <QDir> <QFile> <QFileInfo> <QJsonArray> <QJsonDocument>
                         <QJsonObject> <QObject> <QString> <QStringList>)
set(riverbed_pch_qt_widgets <QAction> <QApplication> <QCheckBox> <QComboBox> <QDoubleSpinBox> <QHBoxLayout> <QImage>
                            <QLabel> <QPushButton> <QTimer> <QUndoCommand> <QUndoStack> <QVBoxLayout> <QWidget>)
set(riverbed_pch_qt_test <QSignalSpy> <QTemporaryDir> <QTest>)
set(riverbed_pch_gtest <gtest/gtest.h>)

# Every target defined in DIR and below, into OUT.
function(riverbed_targets_below dir out)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(subdir ${subdirs})
    riverbed_targets_below(${subdir} below)
    list(APPEND targets ${below})
  endforeach()
  set(${out} ${targets} PARENT_SCOPE)
endfunction()

# Every library TARGET links, directly or through the libraries it links (their public side), into OUT.
function(riverbed_link_closure target out)
  set(seen "")
  set(pending ${target})
  while(pending)
    list(POP_FRONT pending current)
    if(current IN_LIST seen)
      continue()
    endif()
    # Imported targets found in a subdirectory (Qt's Widgets, Test) are not visible here: named, not followed.
    list(APPEND seen ${current})
    if(NOT TARGET ${current})
      continue()
    endif()
    get_target_property(imported ${current} IMPORTED)
    get_target_property(type ${current} TYPE)
    set(links "")
    if(NOT imported AND NOT type STREQUAL "INTERFACE_LIBRARY")
      get_target_property(links ${current} LINK_LIBRARIES)
    endif()
    get_target_property(interface_links ${current} INTERFACE_LINK_LIBRARIES)
    foreach(link IN LISTS links interface_links)
      # $<LINK_ONLY:X> names a library that adds nothing to the compile; other expressions are skipped.
      if(link AND NOT link MATCHES "^\\$<" AND NOT link MATCHES "-NOTFOUND$")
        list(APPEND pending ${link})
      endif()
    endforeach()
  endwhile()
  set(${out} ${seen} PARENT_SCOPE)
endfunction()

# The headers worth precompiling for TARGET, from what it links, into OUT.
function(riverbed_pch_headers target out)
  riverbed_link_closure(${target} closure)
  set(headers ${riverbed_pch_std})
  # The core libraries get none: their files parse only the standard library and a little Qt Core
  # (cheap), every Qt header defines the macros emit, signals and slots (core names functions
  # emit), and with a PCH of the standard headers GCC 12 raised false -Warray-bounds errors on
  # std::string moves inlined at -O3 (core/generator/ParameterReference.cpp,
  # core/distributed/DistributedScope.cpp) that the same files do not raise without it.
  riverbed_in_core(${target} in_core)
  if(in_core)
    set(${out} "" PARENT_SCOPE)
    return()
  endif()
  if(Qt6::Core IN_LIST closure)
    list(APPEND headers ${riverbed_pch_qt_core})
  endif()
  if(Qt6::Widgets IN_LIST closure)
    list(APPEND headers ${riverbed_pch_qt_widgets})
  endif()
  if(Qt6::Test IN_LIST closure)
    list(APPEND headers ${riverbed_pch_qt_test})
  endif()
  if(GTest::gtest IN_LIST closure OR GTest::gtest_main IN_LIST closure)
    list(APPEND headers ${riverbed_pch_gtest})
  endif()
  set(${out} ${headers} PARENT_SCOPE)
endfunction()

# Files compiled with options of their own (core's floating-point flags) cannot load a PCH built
# without them: they parse their headers themselves.
function(riverbed_pch_skip_own_options target)
  get_target_property(sources ${target} SOURCES)
  get_target_property(source_dir ${target} SOURCE_DIR)
  foreach(source ${sources})
    # Relative names are the target's directory's (here they would be read as the top directory's).
    cmake_path(ABSOLUTE_PATH source BASE_DIRECTORY ${source_dir})
    get_source_file_property(options ${source} DIRECTORY ${source_dir} COMPILE_OPTIONS)
    if(options)
      set_source_files_properties(${source} DIRECTORY ${source_dir} PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
    endif()
  endforeach()
endfunction()

# ccache caches PCH builds and their users only with these sloppiness settings (see the top).
function(riverbed_pch_ccache target)
  get_target_property(launcher ${target} CXX_COMPILER_LAUNCHER)
  if(launcher MATCHES "ccache" AND NOT launcher MATCHES "CCACHE_SLOPPINESS")
    set_target_properties(${target} PROPERTIES CXX_COMPILER_LAUNCHER
      "${CMAKE_COMMAND};-E;env;CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime;${launcher}")
  endif()
endfunction()

# Whether TARGET is defined in core/ or below, into OUT.
function(riverbed_in_core target out)
  get_target_property(source_dir ${target} SOURCE_DIR)
  string(FIND "${source_dir}/" "${PROJECT_SOURCE_DIR}/core/" core_at)
  if(core_at EQUAL 0)
    set(${out} TRUE PARENT_SCOPE)
  else()
    set(${out} FALSE PARENT_SCOPE)
  endif()
endfunction()

# Unity batches for the targets RIVERBED_UNITY names (see the top).
function(riverbed_apply_unity targets)
  if(RIVERBED_UNITY STREQUAL "OFF")
    return()
  endif()
  foreach(target ${targets})
    get_target_property(type ${target} TYPE)
    if(NOT type MATCHES "^(STATIC_LIBRARY|SHARED_LIBRARY|OBJECT_LIBRARY|EXECUTABLE)$")
      continue()
    endif()
    riverbed_in_core(${target} in_core)
    if(in_core AND RIVERBED_UNITY STREQUAL "OUTSIDE_CORE")
      continue()
    endif()
    # A single file gains nothing (the single-file GUI tests).
    get_target_property(sources ${target} SOURCES)
    list(FILTER sources INCLUDE REGEX "\\.cpp$")
    list(LENGTH sources source_count)
    if(source_count LESS 2)
      continue()
    endif()
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE ${RIVERBED_UNITY_BATCH})
  endforeach()
endfunction()

# Gives every C++ library and executable of the project its PCH and, with RIVERBED_UNITY, its
# unity batches (called once, at the end of the top-level CMakeLists.txt).
function(riverbed_apply_build_speed)
  riverbed_targets_below(${PROJECT_SOURCE_DIR} targets)
  riverbed_apply_unity("${targets}")
  if(NOT RIVERBED_PCH)
    return()
  endif()
  set(reusing "")
  foreach(target ${targets})
    get_target_property(type ${target} TYPE)
    if(NOT type MATCHES "^(STATIC_LIBRARY|SHARED_LIBRARY|EXECUTABLE)$")
      continue()
    endif()
    get_target_property(links ${target} LINK_LIBRARIES)
    if(links AND riverbed_gui_test_support IN_LIST links AND TARGET riverbed_gui_test_support)
      list(APPEND reusing ${target})
      continue()
    endif()
    # Building a PCH costs about what parsing its headers twice does: it pays from three files on
    # (riverbed_gui_test_support's is every GUI test's).
    get_target_property(sources ${target} SOURCES)
    list(FILTER sources INCLUDE REGEX "\\.cpp$")
    list(LENGTH sources source_count)
    if(source_count LESS 3 AND NOT target STREQUAL "riverbed_gui_test_support")
      continue()
    endif()
    riverbed_pch_headers(${target} headers)
    if(NOT headers)
      continue()
    endif()
    target_precompile_headers(${target} PRIVATE ${headers})
    riverbed_pch_skip_own_options(${target})
    riverbed_pch_ccache(${target})
  endforeach()
  # The GUI tests are one file each, built with riverbed_gui_test_support's flags: one PCH for all.
  foreach(target ${reusing})
    target_precompile_headers(${target} REUSE_FROM riverbed_gui_test_support)
    riverbed_pch_ccache(${target})
  endforeach()
endfunction()
