"""Fixtures: one hub (max upload 1 MiB, so an oversize file is small) and one headless Chromium
for the whole session; the tests run in file order and build on each other's state."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from consolekit import Hub, chromium  # noqa: E402


@pytest.fixture(scope="session")
def hub():
    hub = Hub("--max-upload-mb", "1")
    yield hub
    hub.stop()


@pytest.fixture(scope="session")
def driver():
    driver = chromium()
    yield driver
    driver.quit()
