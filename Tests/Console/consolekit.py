"""What the console's browser tests and the screenshot script share: a real `tensorbridge hub
serve` on loopback with a real SQLite data folder, its JSON API, and headless Debian Chromium
driven by Selenium."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.support.ui import WebDriverWait
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "Tests" / "Fixtures" / "models"


def binary() -> Path:
    """The built CLI: $TENSORBRIDGE_BIN, else .build/debug/tensorbridge."""
    path = Path(os.environ.get("TENSORBRIDGE_BIN", ROOT / ".build" / "debug" / "tensorbridge"))
    if not path.exists():
        raise RuntimeError(f"{path} is missing: run `swift build` first")
    return path


class Hub:
    """A hub process on 127.0.0.1 with a fresh data folder, an admin key and a client key."""

    def __init__(self, *flags: str) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="console-hub-"))
        self.data = self.folder / "data"
        self.admin_key = self.cli("hub", "keys", "create", "--data", str(self.data), "--scope", "admin").strip()
        self.client_key = self.cli("hub", "keys", "create", "--data", str(self.data), "--scope", "client").strip()
        self.log = open(self.folder / "hub.log", "w+")
        self.process = subprocess.Popen(
            [str(binary()), "hub", "serve", "--data", str(self.data), "--port", "0", "--log-level", "notice", *flags],
            stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        self.url = ""
        while time.monotonic() < deadline and not self.url:
            if self.process.poll() is not None:
                raise RuntimeError("the hub exited: " + self.log_text())
            found = re.search(r"listening on (http://[0-9.]+:[0-9]+)", self.log_text())
            self.url = found.group(1) if found else ""
            time.sleep(0.1)
        if not self.url:
            self.stop()
            raise RuntimeError("the hub did not start: " + self.log_text())

    def log_text(self) -> str:
        self.log.flush()
        return (self.folder / "hub.log").read_text(errors="replace")

    def cli(self, *arguments: str) -> str:
        """Runs the CLI against this hub (its URL and admin key in the environment)."""
        environment = dict(os.environ)
        if getattr(self, "url", ""):
            environment.update(TENSORBRIDGE_HUB_URL=self.url, TENSORBRIDGE_HUB_KEY=self.admin_key)
        done = subprocess.run([str(binary()), *arguments], capture_output=True, text=True, env=environment, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"tensorbridge {' '.join(arguments)} failed: {done.stderr}")
        return done.stdout

    def api(self, method: str, path: str, body=None, key: str | None = None, headers: dict | None = None,
            raw: bytes | None = None):
        """Calls the JSON API; returns (status, decoded JSON or None)."""
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        request = urllib.request.Request(self.url + path, data=data, method=method)
        if key is not None or headers is None or "Cookie" not in headers:
            request.add_header("Authorization", "Bearer " + (key or self.admin_key))
        if body is not None:
            request.add_header("Content-Type", "application/json")
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                text = response.read()
                return response.status, (json.loads(text) if text else None)
        except urllib.error.HTTPError as error:
            text = error.read()
            try:
                return error.code, json.loads(text)
            except ValueError:
                return error.code, None

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        shutil.rmtree(self.folder, ignore_errors=True)


def chromium(width: int = 1280, height: int = 900) -> webdriver.Chrome:
    """Headless Debian Chromium through Debian's chromedriver."""
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={width},{height}", "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(argument)
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(30)
    return driver


def sign_in(driver, hub: Hub, key: str) -> None:
    driver.get(hub.url + "/console/sign-in")
    driver.find_element("id", "key").send_keys(key)
    # The form posts and the hub answers with a new page (the console, or the sign-in page with
    # its error): wait for it, so the next navigation carries the session cookie.
    click_and_wait_for_new_page(driver, driver.find_element("id", "sign-in"))


def click_and_wait_for_new_page(driver, element) -> None:
    """Clicks `element` and waits until the browser has loaded the page that replaces this one.

    A mark is set on the old page's window; a new document has a fresh window without it. (Waiting
    for the old element to go stale races chromedriver's node lookup while the page unloads.)
    """
    driver.execute_script("window.__tensorbridgeOldPage = true")
    element.click()

    def loaded(driver) -> bool:
        try:
            return driver.execute_script(
                "return window.__tensorbridgeOldPage === undefined && document.readyState === 'complete'")
        except WebDriverException:
            return False  # between documents

    WebDriverWait(driver, 15).until(loaded)
