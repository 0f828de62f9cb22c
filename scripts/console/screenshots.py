"""Screenshots of every console page at desktop (1280 px) and phone (390 px) widths into
docs/console/, from a real hub with a few models (`make console-screenshots`). Uses the browser
tests' own setup (Tests/Console/consolekit.py)."""
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "Console"))
from consolekit import FIXTURES, Hub, chromium, sign_in  # noqa: E402

OUT = ROOT / "docs" / "console"
WIDTHS = {"desktop": 1280, "phone": 390}


def populate(hub: Hub) -> None:
    models = FIXTURES
    hub.cli("hub", "deploy", "flowers", str(models / "metadata_classifier.tflite"), "--tags", "vision", "--publish")
    hub.cli("hub", "deploy", "flowers", str(models / "metadata_classifier_uint8.tflite"), "--publish")
    hub.cli("hub", "deploy", "flowers", str(models / "metadata_classifier.tflite"))
    hub.cli("hub", "deploy", "sentiment", str(models / "token_classifier.tflite"), "--tags", "text", "--publish")
    hub.cli("hub", "deploy", "linear", str(models / "linear.tflite"), "--tags", "demo", "--publish")
    hub.cli("hub", "rollout", "flowers", "1=90", "2=10")
    for installation in range(40):
        hub.api("GET", "/v1/models/flowers:download", key=hub.client_key,
                headers={"X-Installation-Id": f"installation-{installation}"})


def shoot(driver, name: str, width: int, kind: str) -> None:
    driver.set_window_size(width, 900)
    time.sleep(0.3)
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(width, min(max(height, 600), 4000))
    time.sleep(0.3)
    path = OUT / f"{name}-{kind}.png"
    driver.save_screenshot(str(path))
    print(path.relative_to(ROOT))


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    hub = Hub()
    driver = chromium()
    try:
        populate(hub)
        for kind, width in WIDTHS.items():
            driver.delete_all_cookies()
            driver.set_window_size(width, 900)
            driver.get(hub.url + "/console/sign-in")
            shoot(driver, "sign-in", width, kind)
            sign_in(driver, hub, hub.admin_key)
            time.sleep(0.5)
            for name, path in (("models", "/console/models"), ("model", "/console/models/flowers"),
                               ("keys", "/console/keys")):
                driver.get(hub.url + path)
                shoot(driver, name, width, kind)
    finally:
        driver.quit()
        hub.stop()


if __name__ == "__main__":
    main()
