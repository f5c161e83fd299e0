"""Two folders of the repository ship inside the package as data: models/ and web/.

They stay where they are kept and worked on (models/ beside its training scripts and configs, web/ the phones'
page), and install as ``companion.models`` and ``companion.web.page``, so an installed package finds its dice
models and its page with no configuration (companion/vision/shipped.py, companion/web/app.py). The build takes
from them only the data files pyproject.toml's package-data names, never a module. Everything else about the
package is declared in pyproject.toml.
"""

from setuptools import find_namespace_packages, setup
from setuptools.command.build_py import build_py

DATA_PACKAGES = {"companion.models": "models", "companion.web.page": "web"}


class BuildPy(build_py):
    """Builds every package's modules but the data folders' (models/ holds the training scripts)."""

    def find_package_modules(self, package, package_dir):
        if package in DATA_PACKAGES:
            return []
        return super().find_package_modules(package, package_dir)


setup(
    packages=[*find_namespace_packages(include=["companion*"]), *DATA_PACKAGES],
    package_dir=DATA_PACKAGES,
    cmdclass={"build_py": BuildPy},
)
