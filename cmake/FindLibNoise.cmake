# libnoise ships neither a CMake config nor a pkg-config file on Debian:
# header <libnoise/noise.h>, library libnoise.so in the plain lib folder.
find_path(LibNoise_INCLUDE_DIR noise.h PATH_SUFFIXES libnoise)
find_library(LibNoise_LIBRARY NAMES noise)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(LibNoise REQUIRED_VARS LibNoise_LIBRARY LibNoise_INCLUDE_DIR)
if(LibNoise_FOUND AND NOT TARGET LibNoise::LibNoise)
  add_library(LibNoise::LibNoise UNKNOWN IMPORTED)
  # The include dir is the parent of libnoise/ so that code writes #include <libnoise/noise.h>.
  get_filename_component(_libnoise_parent "${LibNoise_INCLUDE_DIR}" DIRECTORY)
  set_target_properties(LibNoise::LibNoise PROPERTIES
    IMPORTED_LOCATION "${LibNoise_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${_libnoise_parent}")
endif()
mark_as_advanced(LibNoise_INCLUDE_DIR LibNoise_LIBRARY)
