// ModelHub console: every change goes through the hub's JSON API with the session cookie and
// the page's CSRF token. No framework, no build step. User-supplied text is only ever set with
// textContent, never as HTML.
"use strict";

(function () {
  const csrfMeta = document.querySelector('meta[name="csrf-token"]');
  const csrf = csrfMeta ? csrfMeta.getAttribute("content") : "";

  function say(id, text, isError) {
    const element = document.getElementById(id);
    if (!element) return;
    element.textContent = text;
    element.classList.toggle("error", Boolean(isError));
  }

  function failure(status, text) {
    try {
      const body = JSON.parse(text);
      if (body && body.error) return body.error.message + " (" + body.error.code + ")";
    } catch (ignored) { /* not JSON */ }
    return "The hub answered " + status + ".";
  }

  async function api(method, path, body) {
    const headers = { "X-CSRF-Token": csrf };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetch(path, {
      method: method, headers: headers, credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(failure(response.status, text));
    return text ? JSON.parse(text) : {};
  }

  function element(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  // New model (models page).
  const createModel = document.getElementById("create-model");
  if (createModel) {
    createModel.addEventListener("submit", async function (event) {
      event.preventDefault();
      const data = new FormData(createModel);
      const name = String(data.get("name") || "").trim();
      const tags = String(data.get("tags") || "").split(",").map((t) => t.trim()).filter((t) => t);
      const body = { name: name, tags: tags };
      const display = String(data.get("displayName") || "").trim();
      if (display) body.displayName = display;
      try {
        await api("POST", "/v1/models", body);
        window.location.assign("/console/models/" + encodeURIComponent(name));
      } catch (error) {
        say("create-model-message", error.message, true);
      }
    });
  }

  // Publish / unpublish buttons (model page).
  document.querySelectorAll("button[data-action]").forEach(function (button) {
    button.addEventListener("click", async function () {
      const model = button.dataset.model, version = button.dataset.version, verb = button.dataset.action;
      button.disabled = true;
      try {
        await api("POST", "/v1/models/" + encodeURIComponent(model) + "/versions/" + version + ":" + verb);
        window.location.reload();
      } catch (error) {
        say("page-message", error.message, true);
        button.disabled = false;
      }
    });
  });

  // Upload with drag and drop and a real progress bar (model page).
  const upload = document.getElementById("upload");
  if (upload) {
    const model = upload.dataset.model;
    const maxBytes = Number(upload.dataset.maxBytes);
    const progress = document.getElementById("upload-progress");
    const report = document.getElementById("upload-report");
    const publish = document.getElementById("publish-uploaded");
    const drop = document.getElementById("drop-zone");
    const input = document.getElementById("upload-file");

    function tensorTable(title, tensors) {
      report.appendChild(element("h4", title));
      const table = element("table");
      const head = table.createTHead().insertRow();
      ["Name", "Type", "Shape"].forEach(function (label) {
        const cell = element("th", label);
        cell.scope = "col";
        head.appendChild(cell);
      });
      const body = table.createTBody();
      tensors.forEach(function (tensor) {
        const row = body.insertRow();
        row.insertCell().appendChild(element("code", tensor.name));
        row.insertCell().textContent = tensor.dtype;
        row.insertCell().textContent = "[" + tensor.shape.map((d) => (d < 0 ? "?" : String(d))).join(", ") + "]";
      });
      report.appendChild(table);
    }

    function showReport(version) {
      report.replaceChildren();
      report.appendChild(element("h3", "Validation report of version " + version.version));
      const v = version.validation;
      tensorTable("Inputs", v.inputs);
      tensorTable("Outputs", v.outputs);
      report.appendChild(element("h4", "Operators"));
      report.appendChild(element("p", v.operators.join(", ") || "none"));
      report.appendChild(element("h4", "Metadata"));
      report.appendChild(element("p", v.hasMetadata ? "TFLite metadata: " + (v.metadataNames.join(", ") || "present") : "No TFLite metadata."));
      report.appendChild(element("p", "SHA-256 " + version.modelHash + ", " + version.sizeBytes + " bytes."));
      report.hidden = false;
      publish.textContent = "Publish version " + version.version;
      publish.dataset.version = String(version.version);
      publish.hidden = false;
    }

    function send(file) {
      report.hidden = true;
      publish.hidden = true;
      progress.value = 0;
      if (file.size > maxBytes) {
        say("upload-message", file.name + " is " + file.size + " bytes, over the hub's upload limit of " + maxBytes + " bytes: nothing was uploaded.", true);
        return;
      }
      say("upload-message", "Uploading " + file.name + "…", false);
      const request = new XMLHttpRequest();
      request.open("POST", "/v1/models/" + encodeURIComponent(model) + "/versions");
      request.setRequestHeader("X-CSRF-Token", csrf);
      request.setRequestHeader("Content-Type", "application/octet-stream");
      request.upload.addEventListener("progress", function (event) {
        if (event.lengthComputable) progress.value = Math.round((event.loaded / event.total) * 100);
      });
      request.addEventListener("load", function () {
        if (request.status === 201) {
          progress.value = 100;
          const version = JSON.parse(request.responseText);
          say("upload-message", "Uploaded and validated as version " + version.version + " (not published yet).", false);
          showReport(version);
        } else {
          progress.value = 0;
          say("upload-message", "Upload refused: " + failure(request.status, request.responseText), true);
        }
      });
      request.addEventListener("error", function () {
        progress.value = 0;
        say("upload-message", "The upload failed: the connection closed before the hub answered.", true);
      });
      request.send(file);
    }

    input.addEventListener("change", function () { if (input.files.length) send(input.files[0]); });
    ["dragenter", "dragover"].forEach(function (name) {
      drop.addEventListener(name, function (event) { event.preventDefault(); drop.classList.add("over"); });
    });
    ["dragleave", "drop"].forEach(function (name) {
      drop.addEventListener(name, function () { drop.classList.remove("over"); });
    });
    drop.addEventListener("drop", function (event) {
      event.preventDefault();
      if (event.dataTransfer && event.dataTransfer.files.length) send(event.dataTransfer.files[0]);
    });
    publish.addEventListener("click", async function () {
      try {
        await api("POST", "/v1/models/" + encodeURIComponent(model) + "/versions/" + publish.dataset.version + ":publish");
        window.location.reload();
      } catch (error) {
        say("upload-message", error.message, true);
      }
    });
  }

  // Rollout editor with a live preview (model page).
  const rolloutForm = document.getElementById("rollout-form");
  if (rolloutForm) {
    const model = rolloutForm.dataset.model;

    // A menu's choice: {version: 3}, or {alias: "canary"} for an option valued "alias:canary".
    function target(row) {
      const value = row.querySelector('[name="version"]').value;
      return value.startsWith("alias:") ? { alias: value.slice(6) } : { version: Number(value) };
    }
    // "version 3", or "alias canary (v3)" from the menu's label.
    function describe(row) {
      const select = row.querySelector('[name="version"]');
      const option = select.options[select.selectedIndex];
      if (!option) return "no version";
      return option.value.startsWith("alias:") ? "alias " + option.textContent : "version " + option.value;
    }
    function variantRows() { return Array.from(rolloutForm.querySelectorAll(".variant")); }
    function ruleRows() { return Array.from(rolloutForm.querySelectorAll(".rule")); }

    function collect() {
      const variants = variantRows().map(function (row) {
        return Object.assign(target(row), { weight: Number(row.querySelector('[name="weight"]').value) });
      });
      const rules = ruleRows().map(function (row) {
        const rule = target(row);
        // Installation ids are not edited here; a saved rule's list is kept as it was.
        if (row.dataset.installationIds) rule.installationIds = JSON.parse(row.dataset.installationIds);
        const platforms = row.querySelector('[name="platforms"]').value.split(",").map((p) => p.trim()).filter((p) => p);
        if (platforms.length) rule.platforms = platforms;
        const low = row.querySelector('[name="minAppVersion"]').value.trim();
        const high = row.querySelector('[name="maxAppVersion"]').value.trim();
        if (low) rule.minAppVersion = low;
        if (high) rule.maxAppVersion = high;
        return rule;
      });
      return { variants: variants, rules: rules };
    }

    function preview() {
      const rollout = collect();
      const total = rollout.variants.reduce((sum, v) => sum + v.weight, 0);
      const output = document.getElementById("weight-total");
      output.textContent = String(total);
      output.classList.toggle("error", rollout.variants.length > 0 && total !== 100);
      const list = document.getElementById("rollout-preview");
      list.replaceChildren();
      const rows = ruleRows(), shareRows = variantRows();
      rollout.rules.forEach(function (rule, index) {
        const who = [];
        if (rule.platforms) who.push(rule.platforms.join(" or "));
        if (rule.minAppVersion && rule.maxAppVersion) who.push("app " + rule.minAppVersion + " to " + rule.maxAppVersion);
        else if (rule.minAppVersion) who.push("app " + rule.minAppVersion + " or later");
        else if (rule.maxAppVersion) who.push("app " + rule.maxAppVersion + " or earlier");
        list.appendChild(element("li", "Rule " + (index + 1) + ": " + (who.length ? who.join(", ") : "every installation") + " gets " + describe(rows[index]) + "."));
      });
      const others = rollout.rules.length ? "Every other installation" : "Every installation";
      if (rollout.variants.length) {
        const shares = rollout.variants.map((v, index) => v.weight + "% " + describe(shareRows[index])).join(", ");
        list.appendChild(element("li", others + ": " + shares + " (sticky per installation)."));
        if (total !== 100) list.appendChild(element("li", "The weights add up to " + total + ", not 100: the hub will refuse this rollout.", "error"));
      } else {
        list.appendChild(element("li", others + ": the latest published version."));
      }
      drawBar(rollout.variants);
    }

    rolloutForm.addEventListener("input", preview);
    rolloutForm.addEventListener("click", function (event) {
      const target = event.target;
      if (target instanceof HTMLElement && target.hasAttribute("data-remove-row")) {
        target.closest(".row").remove();
        preview();
      }
    });
    function addRow(templateId, containerId) {
      const template = document.getElementById(templateId);
      document.getElementById(containerId).appendChild(template.content.cloneNode(true));
      preview();
    }
    document.getElementById("add-variant").addEventListener("click", () => addRow("variant-template", "variant-rows"));
    document.getElementById("add-rule").addEventListener("click", () => addRow("rule-template", "rule-rows"));
    rolloutForm.addEventListener("submit", async function (event) {
      event.preventDefault();
      try {
        await api("PUT", "/v1/models/" + encodeURIComponent(model) + "/rollout", collect());
        say("rollout-message", "Rollout saved.", false);
        window.location.reload();
      } catch (error) {
        say("rollout-message", "Rollout not saved: " + error.message, true);
      }
    });
    document.getElementById("clear-rollout").addEventListener("click", async function () {
      try {
        await api("DELETE", "/v1/models/" + encodeURIComponent(model) + "/rollout");
        window.location.reload();
      } catch (error) {
        say("rollout-message", error.message, true);
      }
    });
  }

  // The variant shares as a bar (SVG attributes, not inline styles: the page's policy forbids those).
  function drawBar(variants) {
    const bar = document.getElementById("rollout-bar");
    if (!bar) return;
    bar.replaceChildren();
    let x = 0;
    variants.forEach(function (variant, index) {
      const rect = document.createElementNS("http://www.w3.org/2000/svg", "rect");
      rect.setAttribute("x", String(x));
      rect.setAttribute("y", "0");
      rect.setAttribute("width", String(Math.max(0, variant.weight)));
      rect.setAttribute("height", "6");
      rect.setAttribute("class", "series-" + (index % 6));
      bar.appendChild(rect);
      x += Math.max(0, variant.weight);
    });
  }
  if (document.getElementById("rollout-bar")) {
    const items = Array.from(document.querySelectorAll("#rollout-preview li")).map((li) => li.textContent).join(" ");
    const shares = Array.from(items.matchAll(/(\d+)% (?:version|alias) /g)).map((m) => ({ weight: Number(m[1]) }));
    drawBar(shares);
  }

  // API keys page.
  const createKey = document.getElementById("create-key");
  if (createKey) {
    createKey.addEventListener("submit", async function (event) {
      event.preventDefault();
      const scope = document.getElementById("key-scope").value;
      try {
        const key = await api("POST", "/v1/keys", { scope: scope });
        document.getElementById("new-key-id").textContent = key.id;
        const secret = document.getElementById("new-key-secret");
        secret.value = key.key;
        document.getElementById("new-key").hidden = false;
        secret.select();
        say("key-message", "Created " + key.scope + " key " + key.id + ". Reload the page to see it in the list (without its secret).", false);
      } catch (error) {
        say("key-message", error.message, true);
      }
    });
  }
  document.querySelectorAll("button[data-revoke]").forEach(function (button) {
    button.addEventListener("click", async function () {
      const id = button.dataset.revoke;
      button.disabled = true;
      try {
        await api("POST", "/v1/keys/" + encodeURIComponent(id) + ":revoke");
        const row = document.getElementById("key-" + id);
        row.cells[3].textContent = "revoked just now";
        button.remove();
        say("key-message", "Revoked key " + id + ": it is refused from the next request on.", false);
      } catch (error) {
        say("key-message", error.message, true);
        button.disabled = false;
      }
    });
  });
})();
