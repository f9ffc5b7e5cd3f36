#if Inspector
/// The inspector's page: one self-contained file, styles and script inline, so that it fetches
/// nothing but this server's API (its Content-Security-Policy forbids anything else). Every
/// value from the store is written with `textContent`, never parsed as HTML.
let inspectorPage = #"""
  <!doctype html>
  <html lang="en">
  <head>
  <meta charset="utf-8">
  <title>OneWay inspector</title>
  <style>
    html, body { height: 100%; }
    /* A column as tall as the window: the bars above take what they need, the panes the rest,
       each scrolling inside itself, so that the page never scrolls as a whole. */
    body { font: 13px system-ui, sans-serif; margin: 0; color: #222; background: #fafafa;
      display: flex; flex-direction: column; }
    header { display: flex; gap: 8px; align-items: center; padding: 8px 12px;
      background: #24292e; color: #fff; flex-wrap: wrap; }
    header h1 { font-size: 15px; margin: 0 12px 0 0; }
    #status { margin-left: auto; }
    #status.travelling { color: #ffb347; font-weight: bold; }
    button { font: inherit; padding: 2px 8px; cursor: pointer; }
    main { flex: 1; min-height: 0; display: grid;
      grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); }
    #travel { display: flex; gap: 8px; align-items: center; padding: 6px 12px; background: #eee; }
    #slider { flex: 1; }
    section { overflow: auto; padding: 8px 12px; border-right: 1px solid #ddd; }
    #actions { display: flex; flex-direction: column; overflow: hidden; padding-bottom: 0; }
    h2 { font-size: 13px; margin: 10px 0 4px; color: #555; }
    section > h2:first-child { margin-top: 0; }
    .name { font: 12px ui-monospace, monospace; color: #222; overflow-wrap: anywhere; }
    #log { list-style: none; margin: 0; padding: 0; font-family: ui-monospace, monospace;
      flex: 1; min-height: 0; overflow: auto; }
    /* One line per entry: a long action is cut with an ellipsis, its full text a tooltip. */
    .entry { display: flex; gap: 6px; align-items: center; padding: 2px 4px; cursor: pointer;
      border-bottom: 1px solid #eee; white-space: nowrap; }
    .entry:hover { background: #eef; }
    .entry.selected { background: #dde7ff; }
    .entry.shown { box-shadow: inset 4px 0 #ffb347; }
    .entry.skipped .action { text-decoration: line-through; color: #999; }
    .entry .index { color: #888; min-width: 3.5ch; }
    .entry .time { color: #555; min-width: 7ch; text-align: right; }
    .entry .origin { color: #7a4; min-width: 6ch; }
    .entry .action { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; }
    .entry button { font-size: 12px; padding: 0 6px; }
    pre { margin: 0; font: 12px ui-monospace, monospace; white-space: pre-wrap; }
    .tree { font: 12px ui-monospace, monospace; }
    .tree details { margin-left: 14px; }
    .tree .leaf { margin-left: 28px; }
    .key { color: #905; }
    .added { color: #070; background: #e6ffe6; }
    .removed { color: #a00; background: #ffe6e6; }
    textarea { width: 100%; box-sizing: border-box; font: 12px ui-monospace, monospace; }
    .files { display: flex; flex-wrap: wrap; gap: 4px 12px; align-items: center; margin-top: 4px; }
    #download { white-space: nowrap; }
    #message { padding: 4px 12px; min-height: 1.2em; }
    #message.error { color: #a00; }
  </style>
  </head>
  <body>
  <header>
    <h1>OneWay inspector</h1>
    <input id="filter" placeholder="Filter actions" size="24">
    <button id="resume">Resume</button>
    <button id="commit">Commit</button>
    <button id="export">Export</button>
    <button id="import">Import</button>
    <span id="status">live</span>
  </header>
  <div id="travel">
    <span>Travel</span><input id="slider" type="range" min="0" max="0" value="0">
    <span id="slider-label"></span>
  </div>
  <div id="message"></div>
  <main>
    <section id="actions">
      <h2>Actions</h2>
      <ol id="log"></ol>
    </section>
    <section>
      <h2 id="selected-title">State</h2>
      <div id="state" class="tree"></div>
      <h2>Diff</h2>
      <pre id="diff"></pre>
      <h2>Send an action (JSON)</h2>
      <textarea id="send-json" rows="3" placeholder='{"addRow":{}}'></textarea>
      <button id="send">Send</button>
      <h2>Recording (JSON)</h2>
      <textarea id="recording" rows="6"></textarea>
      <div class="files">
        <input id="import-file" type="file" accept="application/json,.json">
        <a id="download" download="recording.json" hidden>Download recording.json</a>
      </div>
    </section>
  </main>
  <script>
  "use strict";
  const token = new URLSearchParams(location.search).get("token") || "";
  const $ = (id) => document.getElementById(id);
  let entries = [];        // the page's copy of the history, oldest first
  let next = 0;            // the index the next entry will have
  let travelled = null;    // the entry the store shows while it travels
  let selected = null;     // the entry whose state and diff are shown
  let codable = false;

  async function api(method, path, body) {
    const response = await fetch(path, {
      method, body, headers: { "X-OneWay-Token": token, "Content-Type": "application/json" },
    });
    const text = await response.text();
    if (!response.ok) {
      let message = text;
      try { message = JSON.parse(text).error; } catch (_) {}
      throw new Error(message);
    }
    return text;
  }

  function say(text, isError) {
    $("message").textContent = text;
    $("message").className = isError ? "error" : "";
  }

  async function act(method, path, body) {
    try {
      const text = await api(method, path, body);
      say("");
      await refresh();
      return text;
    } catch (error) {
      say(error.message, true);
    }
  }

  let seen = "";           // what the last page said, to render only when it changes

  async function refresh(reset, force) {
    if (reset) { entries = []; next = 0; }
    const page = JSON.parse(await api("GET", "/api/entries?since=" + next));
    if (page.next < next) return refresh(true);  // entries were dropped (commit, import)
    const skipped = new Set(page.skipped);
    entries = entries.filter((e) => e.index >= page.first).concat(page.entries);
    entries.forEach((e) => { e.skipped = skipped.has(e.index); });
    const now = [page.first, page.next, page.travelled, page.skipped].join("/");
    const changed = now !== seen;
    seen = now;
    next = page.next;
    const travel = (page.travelled ?? null) !== travelled;
    travelled = page.travelled ?? null;  // absent when live
    codable = page.codable;
    if (changed || reset || force) render(page);
    const newest = entries.length ? entries[entries.length - 1].index : null;
    if (travel && entries.length) {
      // The panel shows what the store now shows: the entry travelled to, or the newest.
      select(travelled ?? newest);
      document.querySelector(".entry.selected")?.scrollIntoView({ block: "nearest" });
    } else if (selected === null || !entries.some((e) => e.index === selected)) {
      if (entries.length) select(travelled ?? newest);
    } else if (changed) {
      select(selected);
    }
  }

  function render(page) {
    const filter = $("filter").value.toLowerCase();
    const log = $("log");
    // Follows new entries while the log is scrolled to its end, and leaves it alone otherwise.
    const following = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
    log.replaceChildren(...entries
      .filter((e) => !filter || (e.origin + " " + e.action).toLowerCase().includes(filter))
      .map(row));
    if (following) log.scrollTop = log.scrollHeight;
    $("status").textContent = travelled === null ? "live" : "travelling at #" + travelled;
    $("status").className = travelled === null ? "" : "travelling";
    const slider = $("slider");
    slider.min = page.first;
    slider.max = Math.max(page.first, page.next - 1);
    slider.value = travelled ?? slider.max;
    $("slider-label").textContent = entries.length ? "#" + slider.value : "no actions yet";
    for (const id of ["export", "import", "send"]) $(id).disabled = !codable;
  }

  function row(entry) {
    const item = document.createElement("li");
    item.className = "entry" + (entry.index === selected ? " selected" : "")
      + (entry.index === travelled ? " shown" : "") + (entry.skipped ? " skipped" : "");
    item.dataset.index = entry.index;
    const cell = (className, text) => {
      const span = document.createElement("span");
      span.className = className;
      span.textContent = text;
      return span;
    };
    const action = cell("action", shortName(oneLine(entry.action)));
    action.title = oneLine(entry.action);
    item.append(
      cell("index", "#" + entry.index),
      cell("time", entry.time.toFixed(3) + "s"),
      cell("origin", entry.origin),
      action,
      button("Jump", "jump", () => act("POST", "/api/jump?index=" + entry.index)),
      button(entry.skipped ? "Unskip" : "Skip", "skip",
        () => act("POST", "/api/skip?index=" + entry.index)));
    item.addEventListener("click", () => select(entry.index));
    return item;
  }

  // A multi-line custom dump on one line: "Action.row(id: 2, action: .increment)".
  function oneLine(text) {
    return text.replace(/\(\s+/g, "(").replace(/,?\s*\n\s*\)/g, ")").replace(/\s*\n\s*/g, " ");
  }

  // Without the type path every entry repeats: "CountersReducer.Action.addRow" as ".addRow".
  // Only a path that ends in a case name (lower case, by Swift's convention) is cut.
  function shortName(text) {
    return text.replace(/^(?:\w+\.)+(?=[a-z_])/, ".");
  }

  function button(label, className, onClick) {
    const element = document.createElement("button");
    element.textContent = label;
    element.className = className;
    element.addEventListener("click", (event) => { event.stopPropagation(); onClick(); });
    return element;
  }

  async function select(index) {
    selected = index;
    document.querySelectorAll(".entry").forEach((item) =>
      item.classList.toggle("selected", Number(item.dataset.index) === index));
    const entry = entries.find((e) => e.index === index);
    try {
      const state = JSON.parse(await api("GET", "/api/state?index=" + index));
      const diff = JSON.parse(await api("GET", "/api/diff?index=" + index));
      if (selected !== index) return;
      // The title changes with the state and diff, so that the panel never names one entry
      // while it still shows another's.
      $("selected-title").replaceChildren("State after #" + index + " ",
        Object.assign(document.createElement("span"),
          { className: "name", textContent: entry ? oneLine(entry.action) : "" }));
      $("state").replaceChildren(state.json == null
        ? Object.assign(document.createElement("pre"), { textContent: state.dump })
        : tree(JSON.parse(state.json), "state"));
      showDiff(diff.diff);
    } catch (error) {
      say(error.message, true);
    }
  }

  // The state as nested, foldable lists: objects and arrays open, values as JSON.
  function tree(value, key) {
    if (value === null || typeof value !== "object") {
      const leaf = document.createElement("div");
      leaf.className = "leaf";
      leaf.append(Object.assign(document.createElement("span"),
        { className: "key", textContent: key + ": " }), JSON.stringify(value));
      return leaf;
    }
    const details = document.createElement("details");
    details.open = true;
    const count = Array.isArray(value) ? "[" + value.length + "]" : "{…}";
    details.append(Object.assign(document.createElement("summary"),
      { textContent: key + " " + count }));
    for (const [childKey, child] of Object.entries(value)) details.append(tree(child, childKey));
    return details;
  }

  function showDiff(text) {
    const diff = $("diff");
    if (text == null) { diff.textContent = "(no change)"; return; }
    diff.replaceChildren(...text.split("\n").map((line) => Object.assign(
      document.createElement("div"),
      { textContent: line,
        className: line.startsWith("+") ? "added" : line.startsWith("-") ? "removed" : "" })));
  }

  $("filter").addEventListener("input", () => refresh(false, true));
  $("slider").addEventListener("change", (event) =>
    act("POST", "/api/jump?index=" + event.target.value));
  $("resume").addEventListener("click", () => act("POST", "/api/resume"));
  $("commit").addEventListener("click", () => act("POST", "/api/commit"));
  $("send").addEventListener("click", async () => {
    if (await act("POST", "/api/send", $("send-json").value) !== undefined) {
      say("Sent.");
    }
  });
  $("export").addEventListener("click", async () => {
    const json = await act("GET", "/api/export");
    if (json === undefined) return;
    $("recording").value = json;
    const link = $("download");
    link.href = URL.createObjectURL(new Blob([json], { type: "application/json" }));
    link.hidden = false;
    say("Exported " + JSON.parse(json).steps.length + " steps.");
  });
  $("import").addEventListener("click", async () => {
    if (await act("POST", "/api/import", $("recording").value) !== undefined) {
      selected = null;
      await refresh(true);
      say("Imported; the store holds new actions until Resume or Commit.");
    }
  });
  $("import-file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (file) $("recording").value = await file.text();
  });

  async function poll() {
    try { await refresh(); } catch (error) { say("The inspector stopped: " + error.message, true); }
    setTimeout(poll, 500);
  }
  poll();
  </script>
  </body>
  </html>
  """#
#endif
