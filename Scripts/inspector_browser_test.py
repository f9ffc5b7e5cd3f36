#!/usr/bin/env python3
"""The inspector page in a real browser: headless Chromium driven through chromedriver (W3C
WebDriver over HTTP, Python's standard library only).

    python3 Scripts/inspector_browser_test.py [--bin PATH] [--screenshot PATH]

Runs the Counters example with --inspect (built beforehand: Examples/Scripts/check.sh does it,
or `swift build --package-path Examples`), reads the page's URL from what it prints, and checks:

- the actions the example sends appear on the page;
- a click on an earlier entry's Jump changes the store's state (the example prints its rows at
  each state it shows), and the page then shows the state it travelled to;
- Export gives back what was sent, the example's actions and one sent from the page;
- a request without the token, or with a wrong one, is refused;
- at 1024x768 and 1440x900 the page fits the window, and each action takes one line, its full
  text in a tooltip;
- an action's text keeps its case wherever the page shows it;
- the log follows new entries while it is scrolled to the bottom, and stays put otherwise.

Saves a screenshot of the page (PNG) for the inspector's DocC article, and with --shots DIR one
at each size checked. Prints "N passed, N failed" last; exits 1 when a check failed.
"""

import argparse
import base64
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCREENSHOT = os.path.join(
    ROOT, "Sources/OneWayInspector/OneWayInspector.docc/Resources/inspector.png"
)
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"  # the W3C web element identifier

# What the Counters script sends, as the caller's actions' JSON, in order.
EXAMPLE_SENDS = (
    [{"addRow": {}}] * 3
    + [
        {"row": {"id": 2, "action": {"increment": {}}}},
        {"row": {"id": 1, "action": {"increment": {}}}},
        {"row": {"id": 1, "action": {"increment": {}}}},
        {"row": {"id": 2, "action": {"removeTapped": {}}}},
        {"row": {"id": 1, "action": {"startTimer": {}}}},
        {"row": {"id": 3, "action": {"startTimer": {}}}},
        {"openDetail": {"_0": 3}},
        {"detail": {"_0": {"closeTapped": {}}}},
        {"openDetail": {"_0": 1}},
    ]
)
PAGE_SEND = {"addRow": {}}
SIZES = [(1024, 768), (1440, 900)]

# The element that scrolls the log: the log itself or the nearest ancestor that scrolls.
LOG_SCROLLER = """
  let e = document.getElementById('log');
  while (e && !/(auto|scroll)/.test(getComputedStyle(e).overflowY)) e = e.parentElement;
  const s = e || document.scrollingElement;
"""

passed = 0
failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok   {name}")
    else:
        failed += 1
        print(f"FAIL {name}")
        if detail:
            print("     | " + str(detail).replace("\n", "\n     | "))


def wait_until(predicate, seconds=30, step=0.1):
    """Polls `predicate` until it returns something true, for at most `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        value = predicate()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(step)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def http(method, url, body=None, headers=None):
    """(status, text) of a request; HTTP errors are answers too."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


class Browser:
    """A headless Chromium session, through chromedriver's W3C WebDriver endpoint."""

    def __init__(self, driver, binary):
        self.port = free_port()
        self.process = subprocess.Popen(
            [driver, f"--port={self.port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        self.base = f"http://127.0.0.1:{self.port}"
        wait_until(lambda: self._ready(), seconds=20)
        self.profile = tempfile.mkdtemp(prefix="oneway-chromium.")
        options = {
            "binary": binary,
            "args": [
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--window-size=1280,800",
                f"--user-data-dir={self.profile}",
            ],
        }
        capabilities = {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": options}}
        session = self.call("POST", "/session", {"capabilities": capabilities})
        self.session = f"/session/{session['sessionId']}"

    def _ready(self):
        try:
            status, _ = http("GET", self.base + "/status")
            return status == 200
        except OSError:
            return False

    def call(self, method, path, body=None):
        status, text = http(method, self.base + path, body if body is not None else (
            {} if method == "POST" else None))
        answer = json.loads(text)
        if status != 200:
            raise RuntimeError(f"WebDriver {method} {path}: {status} {answer}")
        return answer["value"]

    def open(self, url):
        self.call("POST", self.session + "/url", {"url": url})

    def script(self, source, *args):
        return self.call(
            "POST", self.session + "/execute/sync", {"script": source, "args": list(args)}
        )

    def find(self, css):
        found = self.call(
            "POST", self.session + "/element", {"using": "css selector", "value": css}
        )
        if ELEMENT not in found:
            raise RuntimeError(f"no element {css}: {found}")
        return found[ELEMENT]

    def click(self, css):
        self.call("POST", f"{self.session}/element/{self.find(css)}/click")

    def type(self, css, text):
        element = self.find(css)
        self.call("POST", f"{self.session}/element/{element}/clear")
        self.call("POST", f"{self.session}/element/{element}/value", {"text": text})

    def text(self, css):
        return self.script(
            "const e = document.querySelector(arguments[0]); return e ? e.textContent : null;", css
        )

    def resize(self, width, height):
        """Makes the viewport (not the window) `width` by `height` CSS pixels."""
        rect = {"width": width, "height": height}
        viewport = lambda: self.script("return [innerWidth, innerHeight]")
        for _ in range(3):
            self.call("POST", self.session + "/window/rect", rect)
            # The viewport may follow the window a moment later.
            if wait_until(lambda: viewport() == [width, height], seconds=2):
                return True
            inner = viewport()
            rect = {"width": rect["width"] + width - inner[0],
                    "height": rect["height"] + height - inner[1]}
        return False

    def screenshot(self, path):
        png = base64.b64decode(self.call("GET", self.session + "/screenshot"))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as file:
            file.write(png)
        return len(png)

    def close(self):
        try:
            self.call("DELETE", self.session)
        except Exception:  # the session may already be gone; the driver is stopped anyway
            pass
        self.process.terminate()
        self.process.wait(timeout=10)
        shutil.rmtree(self.profile, ignore_errors=True)


class Example:
    """The Counters example with --inspect; what it prints is collected in a file."""

    def __init__(self, binary):
        self.log = tempfile.NamedTemporaryFile(prefix="oneway-counters.", delete=False)
        self.process = subprocess.Popen(
            [binary, "--inspect"], stdin=subprocess.DEVNULL, stdout=self.log,
            stderr=subprocess.STDOUT
        )

    def output(self):
        with open(self.log.name) as file:
            return file.read()

    def lines_after(self, marker):
        output = self.output()
        return output[output.index(marker) + len(marker):].splitlines() if marker in output else []

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        os.unlink(self.log.name)


def squeezed(text):
    """`text` without its whitespace, to compare a description with its one-line form."""
    return "".join((text or "").split()).replace(",)", ")")


# Each log row's geometry: how many lines its action takes, whether its cells share one row,
# whether the action is clipped, and the action's text and tooltip.
ROWS = """
  return [...document.querySelectorAll('#log .entry')].map((entry) => {
    const action = entry.querySelector('.action');
    const range = document.createRange();
    range.selectNodeContents(action);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    const cells = [...entry.children].map((c) => c.getBoundingClientRect());
    const oneRow = Math.max(...cells.map((c) => c.top)) < Math.min(...cells.map((c) => c.bottom));
    return { index: Number(entry.dataset.index), lines, oneRow, text: action.textContent,
      title: action.title, clipped: action.scrollWidth > action.clientWidth };
  });
"""


def check_layout(browser, width, height, actions, shots):
    """The page fits a `width` by `height` window, and each action fits its row."""
    size = f"{width}x{height}"
    if not browser.resize(width, height):
        check(f"the viewport can be made {size}", False,
              browser.script("return [innerWidth, innerHeight]"))
        return
    over = browser.script(
        "const d = document.scrollingElement;"
        "return [d.scrollWidth - innerWidth, d.scrollHeight - innerHeight];")
    check(f"at {size} the page fits the window (no scrollbar of its own)",
          over[0] <= 0 and over[1] <= 0, f"{over[0]} px too wide, {over[1]} px too tall")
    rows = browser.script(ROWS)
    spread = [f"#{r['index']}: {r['lines']} lines, {r['text']!r}" for r in rows
              if r["lines"] != 1 or not r["oneRow"]]
    check(f"at {size} each action takes one line, on one row with its buttons",
          rows and not spread, "\n".join(spread[:8]))
    hidden = [f"#{r['index']}: {r['text']!r}, tooltip {r['title']!r}" for r in rows
              if (r["clipped"] or squeezed(r["text"]) != squeezed(actions.get(r["index"])))
              and squeezed(r["title"]) != squeezed(actions.get(r["index"]))]
    check(f"at {size} an action shown in part has its full text as a tooltip",
          rows and not hidden, "\n".join(hidden[:8]))
    if shots:
        browser.screenshot(os.path.join(shots, f"inspector-{size}.png"))


def check_case(browser, index):
    """The page shows an action's text in the case it was written in."""
    if index is None:
        check("the log shows the fact the example loaded (\"5 is odd\")", False)
        return
    browser.click(f'#log .entry[data-index="{index}"] .index')
    wait_until(lambda: "5 is odd" in (browser.text("#selected-title") or "").lower())
    # innerText is the text as rendered, after CSS's text-transform.
    title = browser.script("return document.getElementById('selected-title').innerText")
    check("the state panel's title keeps the action's case (\"5 is odd\")",
          "5 is odd" in title, title)
    changed = browser.script("""
      return [...document.querySelectorAll('#log .action')]
        .filter((a) => a.innerText.replace(/\\s+/g, '') !== a.textContent.replace(/\\s+/g, ''))
        .map((a) => a.innerText);""")
    check("the log keeps each action's case", not changed, changed[:5])


def check_follow(browser, send, count):
    """At 1024x768, the log scrolled to the bottom shows each new entry; scrolled up, it stays."""
    browser.resize(1024, 768)
    geometry = lambda: browser.script(
        LOG_SCROLLER + "return [s.scrollTop, s.clientHeight, s.scrollHeight];")

    def send_one():
        before = count()
        return send() and wait_until(lambda: count() == before + 1, seconds=10)

    for _ in range(100):  # enough entries that the log scrolls by more than a few rows
        _, client, total = geometry()
        if total > client + 200 or not send_one():
            break
    browser.script(LOG_SCROLLER + "s.scrollTop = s.scrollHeight;")
    at_bottom = lambda: browser.script(LOG_SCROLLER + """
      const last = document.querySelector('#log .entry:last-child').getBoundingClientRect();
      return s.scrollTop + s.clientHeight >= s.scrollHeight - 2
        && last.bottom <= s.getBoundingClientRect().bottom + 1;""")
    check("scrolled to the bottom, the log follows a new entry",
          send_one() and wait_until(at_bottom, seconds=3), geometry())
    browser.script(LOG_SCROLLER + "s.scrollTop = 0;")
    appeared = send_one()
    moved = wait_until(lambda: geometry()[0] != 0, seconds=2)
    check("scrolled up, the log stays where it is when an entry arrives",
          appeared and not moved, geometry())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", help="the Examples package's bin folder")
    parser.add_argument("--screenshot", default=SCREENSHOT)
    parser.add_argument("--shots", help="a folder for a screenshot at each size checked")
    options = parser.parse_args()
    bin_path = options.bin or subprocess.check_output(
        ["swift", "build", "--package-path", os.path.join(ROOT, "Examples"), "--show-bin-path"],
        text=True,
    ).strip()
    driver = shutil.which("chromedriver")
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if not driver or not binary:
        print("error: needs chromium and chromedriver (apt-get install chromium chromium-driver)")
        return 1

    example = Example(os.path.join(bin_path, "Counters"))
    browser = None
    try:
        url = wait_until(lambda: next((line.split(": ", 1)[1] for line in
                                      example.output().splitlines()
                                      if line.startswith("OneWay inspector: ")), None))
        if not url:
            print("error: the example printed no inspector URL:\n" + example.output())
            return 1
        serving = "> serving the inspector until stopped"
        check("the example runs its script, then serves",
              wait_until(lambda: serving in example.output(), seconds=60), example.output())
        base = url.split("/?", 1)[0]
        token = url.split("token=", 1)[1]

        status, _ = http("GET", base + "/api/entries")
        check("a request without the token is refused (401)", status == 401, status)
        status, _ = http("GET", base + "/api/entries?token=" + "0" * len(token))
        check("a request with a wrong token is refused (401)", status == 401, status)
        status, _ = http("GET", url, headers={"Origin": "http://evil.example"})
        check("a request from another origin is refused (403)", status == 403, status)

        browser = Browser(driver, binary)
        browser.open(url)
        count = lambda: browser.script("return document.querySelectorAll('#log .entry').length")
        status, text = http("GET", f"{base}/api/entries?token={token}")
        recorded = len(json.loads(text)["entries"])
        check(f"the {recorded} actions the example sent appear on the page",
              wait_until(lambda: count() == recorded) and recorded >= len(EXAMPLE_SENDS),
              f"page shows {count()}")
        log = browser.text("#log") or ""
        check("the page names the example's actions",
              all(name in log for name in ["addRow", "removeTapped", "openDetail", "tick"]), log)

        browser.type("#send-json", json.dumps(PAGE_SEND))
        browser.click("#send")
        check("an action sent from the page appears in the log",
              wait_until(lambda: count() == recorded + 1), f"page shows {count()}")

        browser.click("#export")
        exported = wait_until(lambda: browser.script("return document.getElementById('recording').value"))
        try:
            recording = json.loads(exported)
            sent = [step["action"] for step in recording["steps"] if step["origin"] == "send"]
        except (TypeError, ValueError, KeyError) as error:
            sent = f"not a recording: {error}: {exported!r}"
        check("export gives back what was sent (the example's actions, then the page's)",
              sent == EXAMPLE_SENDS + [PAGE_SEND], sent)

        actions = {entry["index"]: entry["action"] for entry in
                   json.loads(http("GET", f"{base}/api/entries?token={token}")[1])["entries"]}
        for width, height in SIZES:
            check_layout(browser, width, height, actions, options.shots)

        odd = browser.script("""
          const entry = [...document.querySelectorAll('#log .entry')]
            .find((e) => e.querySelector('.action').textContent.includes('5 is odd'));
          return entry ? entry.dataset.index : null;""")
        check_case(browser, odd)

        browser.click('#log .entry[data-index="4"] .index')
        wait_until(lambda: "#4" in (browser.text("#selected-title") or ""))
        before = len(example.lines_after(serving))
        browser.click('#log .entry[data-index="0"] button.jump')
        check("a click on an earlier entry's Jump makes the store show that state",
              wait_until(lambda: "  rows: #1 0" in example.lines_after(serving)[before:]),
              example.lines_after(serving))
        check("the page says it travels",
              wait_until(lambda: browser.text("#status") == "travelling at #0"),
              browser.text("#status"))
        # #4 was picked before the jump: the panel must leave it for #0, which has one row.
        shows_jumped = lambda: (
            "#0" in (browser.text("#selected-title") or "")
            and "#4" not in (browser.text("#selected-title") or "")
            and "rows [1]" in (browser.text("#state") or ""))
        check("after a Jump the state panel shows the state travelled to",
              wait_until(shows_jumped, seconds=5),
              f"{browser.text('#selected-title')!r}: {browser.text('#state')!r}")

        browser.resize(1280, 800)
        browser.click('#log .entry[data-index="4"] .index')
        # #4 added one to row #1, and three rows stand after it.
        check("a click on an entry shows its state and diff",
              wait_until(lambda: "#4" in (browser.text("#selected-title") or "")
                         and "rows [3]" in (browser.text("#state") or "")
                         and re.search(r"\+\s*count: 1,", browser.text("#diff") or "")),
              f"{browser.text('#selected-title')!r}: {browser.text('#diff')!r}")
        browser.script("document.querySelectorAll('section, #log').forEach((s) => s.scrollTop = 0)")
        size = browser.screenshot(options.screenshot)
        check(f"a screenshot is saved ({os.path.relpath(options.screenshot, ROOT)})", size > 1000)

        before = len(example.lines_after(serving))
        browser.click("#resume")
        check("Resume brings the newest state back",
              wait_until(lambda: "  rows: #1 5 | #3 5 | #4 0" in
                         example.lines_after(serving)[before:]),
              example.lines_after(serving))

        check_follow(browser, lambda: http(
            "POST", f"{base}/api/send?token={token}", PAGE_SEND)[0] == 200, count)
    finally:
        if browser:
            browser.close()
        example.close()
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
