"""Builds the package boardrules with pip (see pyproject.toml): its extension
boardrules._core is compiled from a wrapper that SWIG generates from the
interface boardrules.i, against the INSTALLED libboardrules as pkg-config
finds it (PKG_CONFIG_PATH for a library in an unusual prefix). The version of
the package is the library's (pkg-config --modversion libboardrules).

The interface is ../boardrules.i (with python/typemaps.i) in the source tree
of libboardrules; an sdist (setup.py sdist, python3 -m build --sdist) carries
a copy in swig/, and the library's LICENSE. setuptools' own intermediate
files (build/, boardrules.egg-info) go to a scratch folder, removed at the
end, so that a build leaves the source folder as it was.

`make install` builds and installs the same package without pip
(bindings/local.mk); both use the same SWIG options.
"""

import atexit
import os
import shlex
import shutil
import subprocess
import tempfile

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.sdist import sdist

HERE = os.path.dirname(os.path.abspath(__file__))
LIBRARY = "libboardrules"
# SWIG's inputs, relative to the folder that is SWIG's include path.
SWIG_INPUTS = ("boardrules.i", os.path.join("python", "typemaps.i"))
# That folder: bindings/ in the source tree, swig/ in an sdist.
SWIG_DIRS = (os.path.dirname(HERE), os.path.join(HERE, "swig"))
LICENSE = os.path.join(os.path.dirname(os.path.dirname(HERE)), "LICENSE")


def swig_dir():
    """The folder holding SWIG's inputs (None when neither has them all)."""
    for folder in SWIG_DIRS:
        if all(os.path.isfile(os.path.join(folder, f)) for f in SWIG_INPUTS):
            return folder
    return None


def pkg_config(*args):
    """The words pkg-config prints for the library (SystemExit with the reason
    when it or the library cannot be found)."""
    command = [os.environ.get("PKG_CONFIG", "pkg-config")] + list(args) + [LIBRARY]
    try:
        out = subprocess.run(command, check=True, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, universal_newlines=True)
    except FileNotFoundError:
        raise SystemExit("boardrules: pkg-config is needed to find the installed %s" % LIBRARY)
    except subprocess.CalledProcessError as e:
        raise SystemExit("boardrules: pkg-config cannot find %s (install the library first, "
                         "or set PKG_CONFIG_PATH to the folder of libboardrules.pc):\n%s"
                         % (LIBRARY, e.stderr.strip()))
    return shlex.split(out.stdout)


def flags(prefix, words):
    return [w[len(prefix):] for w in words if w.startswith(prefix)]


VERSION = pkg_config("--modversion")[0]
CFLAGS = pkg_config("--cflags")
LIBS = pkg_config("--libs")
INCLUDE_DIRS = flags("-I", CFLAGS)
# Where the library will be at run time (not the sysroot of a staged install):
# an rpath, so that the extension finds it outside the linker's default path.
LIBDIR = (pkg_config("--variable=libdir") or [""])[0]


class BuildExt(build_ext):
    """Runs SWIG first: boardrules_wrap.c in the build folder, from the
    interface and the installed headers (whose comments become docstrings)."""

    def run(self):
        interface_dir = swig_dir()
        if interface_dir is None:
            raise SystemExit("boardrules: the SWIG interface (%s) is in neither %s: build "
                             "from the source tree of libboardrules (pip install "
                             "bindings/python) or from an sdist made there"
                             % (", ".join(SWIG_INPUTS), " nor ".join(SWIG_DIRS)))
        swig = os.environ.get("SWIG") or shutil.which("swig4.0") or shutil.which("swig")
        if not swig:
            raise SystemExit("boardrules: SWIG (4.x) is needed to build the extension")
        os.makedirs(self.build_temp, exist_ok=True)
        wrapper = os.path.join(self.build_temp, "boardrules_wrap.c")
        scratch = tempfile.mkdtemp(prefix="boardrules-swig-")
        try:
            # The same options as bindings/local.mk; SWIG's .py proxy (it
            # would only re-export the extension) goes to a scratch folder.
            subprocess.run([swig, "-python", "-builtin", "-doxygen", "-interface", "_core"]
                           + ["-I" + d for d in INCLUDE_DIRS]
                           + ["-I" + interface_dir, "-outdir", scratch, "-o", wrapper,
                              os.path.join(interface_dir, "boardrules.i")],
                           check=True)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        for ext in self.extensions:
            ext.sources = [wrapper]
        super().run()


class SDist(sdist):
    """An sdist that builds on its own: SWIG's inputs from the source tree
    of libboardrules in swig/, and the library's licence."""

    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, files)
        interface_dir = swig_dir()
        if interface_dir is None:
            raise SystemExit("boardrules: make the sdist in the source tree of libboardrules "
                             "(bindings/python): the SWIG interface is missing")
        for name in SWIG_INPUTS:
            target = os.path.join(base_dir, "swig", name)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(os.path.join(interface_dir, name), target)
        license_file = LICENSE if os.path.isfile(LICENSE) else os.path.join(HERE, "LICENSE")
        if os.path.isfile(license_file):
            shutil.copyfile(license_file, os.path.join(base_dir, "LICENSE"))


# setuptools' intermediate files (build/, boardrules.egg-info) in a scratch
# folder rather than next to this file (pip builds in the source folder).
SCRATCH = tempfile.mkdtemp(prefix="boardrules-setup-")
atexit.register(shutil.rmtree, SCRATCH, ignore_errors=True)

core = Extension(
    "boardrules._core",
    sources=["boardrules_wrap.c"],        # made by BuildExt.run
    include_dirs=INCLUDE_DIRS,
    extra_compile_args=[w for w in CFLAGS if not w.startswith("-I")]
    + ["-std=c11", "-Wno-unused-parameter", "-Wno-missing-field-initializers"],
    library_dirs=flags("-L", LIBS),
    libraries=flags("-l", LIBS),
    runtime_library_dirs=[LIBDIR] if LIBDIR and LIBDIR not in ("/usr/lib", "/lib") else [],
    extra_link_args=[w for w in LIBS if not w.startswith(("-L", "-l"))],
)

setup(version=VERSION, ext_modules=[core], cmdclass={"build_ext": BuildExt, "sdist": SDist},
      options={"build": {"build_base": os.path.join(SCRATCH, "build")},
               "egg_info": {"egg_base": SCRATCH}})
