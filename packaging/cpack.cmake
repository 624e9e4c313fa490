# SPDX-License-Identifier: MIT
# The Debian package: `cpack -G DEB` in the build folder (or ./run.sh package) writes
# loaderscope_<version>_<arch>.deb. Included from the top-level CMakeLists.txt, after every
# install() rule. Depends on shared libraries are computed by dpkg-shlibdeps from the installed
# binaries; only what no binary links is named here.

set(LOADERSCOPE_MAINTAINER "Loaderscope maintainers <maintainers@loaderscope.invalid>"
    CACHE STRING "Maintainer of the Debian package (name <email>)")

set(CPACK_GENERATOR "DEB")
set(CPACK_PACKAGE_NAME "loaderscope")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_CONTACT "${LOADERSCOPE_MAINTAINER}")
set(CPACK_PACKAGE_VENDOR "Loaderscope maintainers")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
set(CPACK_STRIP_FILES ON)            # debug symbols stay in the build tree
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "DataLoader worker pool with a live timeline")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
"Loaderscope configures and launches a real worker-pool engine that behaves
like PyTorch's torch.utils.data.DataLoader: worker processes (fork and
spawn), batches collated in place into shared memory, DataLoader's
prefetching and in-order delivery, a pin-memory thread, and host-to-device
copies overlapping the training step on a CUDA GPU or on a simulated one.
The desktop app draws a live timeline of every fetch, the queue, the copies
and the kernels, says whether the GPU is starved and which knob to turn,
runs parameter sweeps, imports PyTorch profiler traces and has a workshop
mode with lessons in English and Turkish.
.
This package holds the app (loaderscope), the engine's command line
(loaderscope-engine) and the Python package that watches a real training
script's DataLoader (python3 -m loaderscope, which needs python3-torch).")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)   # loaderscope_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION "devel")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The probe's native part is a plain C library loaded with ctypes (python/src/capi.cpp): any
# Python 3 from 3.9 on.
if(LOADERSCOPE_BUILD_PROBE)
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "python3 (>= 3.9)")
  # The probe watches real PyTorch jobs; the app and the engine run without it.
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3-torch, qt6-translations-l10n")
  # Its byte code is compiled at install and removed before removal (py3compile/py3clean, from
  # python3-minimal), so a python3 run as root leaves no __pycache__ behind.
  set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA
      "${CMAKE_CURRENT_SOURCE_DIR}/packaging/debian/postinst;${CMAKE_CURRENT_SOURCE_DIR}/packaging/debian/prerm")
else()
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-translations-l10n")
endif()
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# Directories 0755 whatever the umask of whoever builds the package.
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
include(CPack)
