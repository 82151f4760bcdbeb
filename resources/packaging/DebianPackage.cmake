# The Debian package, by CPack: `cpack --config CPackConfig.cmake -G DEB` in the build folder
# (docs/packaging.md). Library dependencies come from dpkg-shlibdeps; the Qt plugins the editor
# loads (xcb, Qt 3D's renderers) ship in the same packages as the libraries it links, so they come
# along. No maintainer scripts: Debian's triggers refresh the icon, desktop and MIME caches.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME riverbed)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "Riverbed contributors")
set(CPACK_PACKAGE_CONTACT "${RIVERBED_MAINTAINER}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # riverbed_VERSION_ARCH.deb
set(CPACK_DEBIAN_PACKAGE_SECTION graphics)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${RIVERBED_HOMEPAGE}")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Without a device driver the OpenCL loader finds no device and the CPU solver runs: PoCL gives
# every machine one (on its CPU).
if(RIVERBED_OPENCL)
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "pocl-opencl-icd | opencl-icd")
endif()
# The Blender add-on (File › Import › Riverbed bundle) is installed with the package; Blender is
# what it is for, not what Riverbed needs.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "blender")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "terrain and water editor for game levels")
# The extended description (CPack puts the summary above it, indents it and keeps "." lines as
# Debian's paragraph breaks).
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "Riverbed is an editor in which game level designers author terrain with water
on it. Water flows over the terrain while it is raised, lowered, smoothed and
dug, simulated with the virtual-pipes or shallow-water equations on the CPU or
an OpenCL device.
.
Terrain comes from island, river, archipelago and lake generators or from
imported heightmaps (PNG, EXR, GeoTIFF and more); maps are saved as .rbmap
files and exported for Unity, Unreal or Godot. The package holds the editor
(riverbed) and the command-line tool (riverbed-cli).")
include(CPack)
