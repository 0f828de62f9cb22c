"""The ModelHub console in a real browser (headless Debian Chromium, Selenium): the walk-through
of the issue, the bad cases (each shows a clear message and changes nothing, checked through the
JSON API), a read-only console for client keys, CSRF, and axe-core on every page."""
import base64
import os
import time

from axe_selenium_python import Axe
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

from consolekit import FIXTURES, click_and_wait_for_new_page, sign_in

MODEL = "console-demo"


def wait(driver, seconds=20):
    return WebDriverWait(driver, seconds)


def text_of(driver, element_id):
    return driver.find_element(By.ID, element_id).text


def wait_text(driver, element_id, fragment):
    wait(driver).until(EC.text_to_be_present_in_element((By.ID, element_id), fragment))
    return text_of(driver, element_id)


def check_accessibility(driver, page):
    axe = Axe(driver)
    axe.inject()
    results = axe.run()
    bad = [v for v in results["violations"] if v.get("impact") in ("serious", "critical")]
    assert not bad, f"{page}: " + "; ".join(f"{v['id']} ({v['impact']}): {v['help']}" for v in bad)


def versions(hub):
    status, body = hub.api("GET", f"/v1/models/{MODEL}/versions")
    assert status == 200, body
    return body["versions"]


def upload_with_input(driver, path):
    driver.find_element(By.ID, "upload-file").send_keys(str(path))


def upload_by_drop(driver, name, data):
    """Drops a file on the drop zone, as a person dragging it from their desktop would."""
    driver.execute_script(
        """
        const bytes = Uint8Array.from(atob(arguments[1]), (c) => c.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], arguments[0], { type: "application/octet-stream" }));
        const zone = document.getElementById("drop-zone");
        zone.dispatchEvent(new DragEvent("dragover", { dataTransfer: transfer, bubbles: true, cancelable: true }));
        zone.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
        """, name, base64.b64encode(data).decode())


def test_bad_key_shows_a_message_and_opens_no_session(hub, driver):
    sign_in(driver, hub, "tbh_admin_" + "x" * 43)
    assert "not valid" in wait_text(driver, "sign-in-error", "not valid")
    assert driver.get_cookie("tbh_console") is None
    driver.get(hub.url + "/console/models")
    assert driver.current_url.endswith("/console/sign-in"), "pages need a session"
    check_accessibility(driver, "sign-in (with an error)")


def test_walk_through(hub, driver):
    sign_in(driver, hub, hub.admin_key)
    wait(driver).until(EC.url_contains("/console/models"))
    cookie = driver.get_cookie("tbh_console")
    assert cookie and cookie["httpOnly"] and cookie.get("sameSite") == "Strict"
    assert hub.admin_key not in driver.page_source, "the console never shows the key it was opened with"
    check_accessibility(driver, "models (empty)")

    # A new model, from the models page.
    driver.find_element(By.ID, "new-name").send_keys(MODEL)
    driver.find_element(By.ID, "new-display").send_keys("Console <demo> & co")
    driver.find_element(By.ID, "new-tags").send_keys("vision, demo")
    driver.find_element(By.CSS_SELECTOR, "#create-model button[type=submit]").click()
    wait(driver).until(EC.url_contains(f"/console/models/{MODEL}"))
    assert driver.find_element(By.TAG_NAME, "h1").text == "Console <demo> & co", "user text is escaped, not markup"

    # Upload: progress to 100%, the validation report before publishing, nothing published yet.
    upload_with_input(driver, FIXTURES / "linear.tflite")
    wait_text(driver, "upload-message", "version 1")
    assert driver.find_element(By.ID, "upload-progress").get_attribute("value") == "100"
    report = text_of(driver, "upload-report")
    assert "Inputs" in report and "Outputs" in report and "float32" in report and "Operators" in report
    assert [v["published"] for v in versions(hub)] == [False]
    driver.find_element(By.ID, "publish-uploaded").click()
    wait(driver).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#version-1 .badge.ok")))
    assert "published" in text_of(driver, "version-1")
    assert [v["published"] for v in versions(hub)] == [True]
    check_accessibility(driver, "model")

    # A second version, published from its card.
    upload_with_input(driver, FIXTURES / "linear.tflite")
    wait_text(driver, "upload-message", "version 2")
    driver.get(driver.current_url)
    driver.find_element(By.CSS_SELECTOR, 'button[data-action="publish"][data-version="2"]').click()
    wait(driver).until(EC.presence_of_element_located((By.CSS_SELECTOR, 'button[data-action="unpublish"][data-version="2"]')))
    assert sorted(v["version"] for v in versions(hub) if v["published"]) == [1, 2]

    # A 90/10 rollout, previewed before it is saved.
    set_variants(driver, [(1, 90), (2, 10)])
    assert "90% version 1, 10% version 2" in text_of(driver, "rollout-preview")
    click_and_wait_for_new_page(driver, driver.find_element(By.ID, "save-rollout"))  # the page reloads on save
    status, rollout = hub.api("GET", f"/v1/models/{MODEL}/rollout")
    assert status == 200 and rollout["variants"] == [{"version": 1, "weight": 90}, {"version": 2, "weight": 10}]
    assert "90% version 1, 10% version 2" in wait_text(driver, "rollout-preview", "90%")

    # Downloads are counted per version and charted.
    for installation in range(6):
        status, _ = hub.api("GET", f"/v1/models/{MODEL}:download", key=hub.client_key,
                            headers={"X-Installation-Id": f"install-{installation}"})
        assert status == 200
    driver.get(driver.current_url)
    assert "6 downloads in the last 30 days" in text_of(driver, "downloads-summary")
    lines = hub.cli("hub", "downloads", MODEL).splitlines()
    assert sum(int(line.split()[-1]) for line in lines if line[:2] == "20") == 6, lines

    # API keys: create one (secret shown once), then revoke it.
    driver.find_element(By.LINK_TEXT, "API keys").click()
    wait(driver).until(EC.url_contains("/console/keys"))
    check_accessibility(driver, "keys")
    Select(driver.find_element(By.ID, "key-scope")).select_by_value("client")
    driver.find_element(By.CSS_SELECTOR, "#create-key button[type=submit]").click()
    wait(driver).until(EC.visibility_of_element_located((By.ID, "new-key-secret")))
    secret = driver.find_element(By.ID, "new-key-secret").get_attribute("value")
    key_id = text_of(driver, "new-key-id")
    assert secret.startswith("tbh_client_")
    assert hub.api("GET", f"/v1/models/{MODEL}:download", key=secret)[0] == 200, "the new key works"
    driver.get(hub.url + "/console/keys")
    assert secret not in driver.page_source, "a secret is shown once only"
    driver.find_element(By.CSS_SELECTOR, f'button[data-revoke="{key_id}"]').click()
    wait_text(driver, "key-message", "Revoked")
    keys = {k["id"]: k for k in hub.api("GET", "/v1/keys")[1]["keys"]}
    assert keys[key_id].get("revokeTime"), "revoked through the API"
    assert hub.api("GET", f"/v1/models/{MODEL}:download", key=secret)[0] == 401

    # Sign out: the session is gone server-side, not only in this browser.
    old_cookie = driver.get_cookie("tbh_console")["value"]
    driver.find_element(By.ID, "sign-out").click()
    wait(driver).until(EC.url_contains("/console/sign-in"))
    assert "signed out" in driver.page_source
    status, _ = hub.api("GET", "/v1/keys", headers={"Cookie": f"tbh_console={old_cookie}"})
    assert status == 401
    driver.get(hub.url + "/console/keys")
    assert driver.current_url.endswith("/console/sign-in")


def set_variants(driver, variants):
    for button in driver.find_elements(By.CSS_SELECTOR, "#variant-rows [data-remove-row]"):
        button.click()
    for _ in variants:
        driver.find_element(By.ID, "add-variant").click()
    rows = driver.find_elements(By.CSS_SELECTOR, "#variant-rows .variant")
    for row, (version, weight) in zip(rows, variants):
        Select(row.find_element(By.NAME, "version")).select_by_value(str(version))
        field = row.find_element(By.NAME, "weight")
        field.clear()
        field.send_keys(str(weight))


def test_weights_not_adding_up_to_100_are_refused(hub, driver):
    sign_in(driver, hub, hub.admin_key)
    driver.get(hub.url + f"/console/models/{MODEL}")
    before = hub.api("GET", f"/v1/models/{MODEL}/rollout")[1]
    set_variants(driver, [(1, 60), (2, 30)])
    assert "add up to 90, not 100" in text_of(driver, "rollout-preview")
    driver.find_element(By.ID, "save-rollout").click()
    message = wait_text(driver, "rollout-message", "not saved")
    assert "add up to 90" in message
    assert hub.api("GET", f"/v1/models/{MODEL}/rollout")[1] == before


def test_corrupt_model_is_refused(hub, driver):
    driver.get(hub.url + f"/console/models/{MODEL}")
    before = versions(hub)
    upload_by_drop(driver, "corrupt.tflite", b"TFL3 but not a flatbuffer at all " * 40)
    message = wait_text(driver, "upload-message", "refused")
    assert "not a valid TensorFlow Lite model" in message
    assert driver.find_element(By.ID, "publish-uploaded").get_attribute("hidden") is not None
    assert versions(hub) == before


def test_oversize_upload_is_refused(hub, driver, tmp_path):
    driver.get(hub.url + f"/console/models/{MODEL}")
    before = versions(hub)
    big = tmp_path / "big.tflite"
    big.write_bytes(os.urandom(3 * 1024 * 1024 // 2))
    upload_with_input(driver, big)
    message = wait_text(driver, "upload-message", "limit")
    assert "over the hub's upload limit of 1048576 bytes" in message
    # The hub refuses it too when a client skips the console's check.
    status, body = hub.api("POST", f"/v1/models/{MODEL}/versions", raw=big.read_bytes(),
                           headers={"Content-Type": "application/octet-stream"})
    assert status == 413 and body["error"]["code"] == "PAYLOAD_TOO_LARGE"
    assert versions(hub) == before


def test_changes_with_the_cookie_need_the_csrf_token(hub, driver):
    cookie = driver.get_cookie("tbh_console")["value"]
    before = hub.api("GET", f"/v1/models/{MODEL}/rollout")[1]
    status, body = hub.api("DELETE", f"/v1/models/{MODEL}/rollout", headers={"Cookie": f"tbh_console={cookie}"})
    assert status == 403 and body["error"]["code"] == "CSRF_TOKEN_INVALID"
    assert hub.api("GET", f"/v1/models/{MODEL}/rollout")[1] == before


def test_rollout_by_alias_keeps_what_the_editor_does_not_show(hub, driver):
    before = hub.api("GET", f"/v1/models/{MODEL}/rollout")[1]
    assert hub.api("PUT", f"/v1/models/{MODEL}/aliases/canary", {"version": 2})[0] == 200
    rules = [{"version": 1, "installationIds": ["tester-1", "tester-2"]}]
    assert hub.api("PUT", f"/v1/models/{MODEL}/rollout", {"variants": before["variants"], "rules": rules})[0] == 200
    driver.get(hub.url + f"/console/models/{MODEL}")
    # The menus offer the alias beside the versions; the preview says where it points.
    set_variants(driver, [("alias:canary", 10), (1, 90)])
    assert "10% alias canary (v2), 90% version 1" in text_of(driver, "rollout-preview")
    check_accessibility(driver, "model (rollout by alias)")
    click_and_wait_for_new_page(driver, driver.find_element(By.ID, "save-rollout"))
    status, rollout = hub.api("GET", f"/v1/models/{MODEL}/rollout")
    assert status == 200
    assert rollout["variants"] == [{"alias": "canary", "weight": 10}, {"version": 1, "weight": 90}]
    assert rollout["rules"] == rules, "the rule's installation ids, not shown in the editor, were kept"
    assert "10% alias canary (v2), 90% version 1" in wait_text(driver, "rollout-preview", "canary")
    # Back to the walk-through's rollout; the alias goes once nothing names it.
    assert hub.api("PUT", f"/v1/models/{MODEL}/rollout", before)[0] == 200
    assert hub.api("DELETE", f"/v1/models/{MODEL}/aliases/canary")[0] == 200


def test_client_key_gets_a_read_only_console(hub, driver):
    driver.find_element(By.ID, "sign-out").click()
    wait(driver).until(EC.url_contains("/console/sign-in"))
    check_accessibility(driver, "sign-in (signed out)")
    sign_in(driver, hub, hub.client_key)
    wait(driver).until(EC.url_contains("/console/models"))
    assert "Read-only console" in driver.page_source
    assert not driver.find_elements(By.ID, "create-model")
    driver.get(hub.url + f"/console/models/{MODEL}")
    assert not driver.find_elements(By.ID, "upload")
    assert not driver.find_elements(By.ID, "rollout-form")
    assert not driver.find_elements(By.CSS_SELECTOR, "button[data-action]")
    assert "90% version 1, 10% version 2" in text_of(driver, "rollout-preview")
    check_accessibility(driver, "model (read-only)")
    driver.get(hub.url + "/console/keys")
    assert "Error 403" in driver.page_source
    check_accessibility(driver, "error")
    driver.get(hub.url + "/console/models/no-such-model")
    assert "No model named" in driver.page_source
