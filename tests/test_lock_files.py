"""The lock files (requirements/*.lock, refreshed by requirements/refresh.sh) pin, with hashes, a version of every
dependency pyproject.toml names that satisfies its range; the README's commands install from them."""

from __future__ import annotations

import re
import tomllib

import pytest
from packaging.requirements import Requirement

from tests.conftest import ROOT

PIN = re.compile(r"^([A-Za-z0-9._-]+)==([^\s\\]+)", re.M)


def pins(lock: str) -> dict[str, str]:
    text = (ROOT / "requirements" / lock).read_text(encoding="utf-8")
    return {name.lower().replace("_", "-"): version for name, version in PIN.findall(text)}


def declared(extra: str | None) -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = project["dependencies"] + (project["optional-dependencies"][extra] if extra else [])
    return [Requirement(name) for name in names]


@pytest.mark.parametrize("lock, extra", [("build.lock", None), ("test.lock", "test")])
def test_the_lock_pins_every_declared_dependency_within_its_range(lock, extra):
    pinned = pins(lock)
    for requirement in declared(extra):
        name = requirement.name.lower().replace("_", "-")
        assert name in pinned, f"{lock} lacks {name}: run bash requirements/refresh.sh"
        assert requirement.specifier.contains(pinned[name], prereleases=True), (
            f"{lock} pins {name}=={pinned[name]}, outside {requirement.specifier}: run bash requirements/refresh.sh"
        )


@pytest.mark.parametrize("lock", ["build.lock", "test.lock", "installer.lock"])
def test_every_pin_has_a_hash(lock):
    text = (ROOT / "requirements" / lock).read_text(encoding="utf-8")
    blocks = re.split(r"\n(?=[A-Za-z0-9._-]+==)", text.split("\n", 2)[2])
    assert blocks and all("--hash=sha256:" in block for block in blocks if "==" in block.split("\n")[0])


def test_the_readme_installs_from_the_locks():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "pip install --require-hashes -r requirements/installer.lock" in readme
    assert "--require-hashes -r requirements/build.lock" in readme
    assert "--require-hashes -r requirements/test.lock" in readme


def test_the_installer_lock_pins_uv_alone():
    assert list(pins("installer.lock")) == ["uv"]
