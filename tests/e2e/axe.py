"""axe-core run in the page, for the browser tests: `serious_violations(page)` lists the
rules it finds broken with a serious or critical impact, one line each (the rule, its help
and where).

axe-core is a development dependency of the web client (`web/package.json`), read from
`web/node_modules`. It is evaluated in the page through the browser's debugging protocol,
which the page's Content-Security-Policy (no inline script) does not apply to, so the page
is tested exactly as it is served.
"""

from pathlib import Path
from typing import Any

AXE = Path(__file__).parents[2] / "web" / "node_modules" / "axe-core" / "axe.min.js"
IMPACTS = ("serious", "critical")
RUN = """async (impacts) => {
  const found = await axe.run(document, { resultTypes: ["violations"] });
  return found.violations
    .filter((violation) => impacts.includes(violation.impact))
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help}; at `
      + violation.nodes.slice(0, 4).map((node) => node.target.join(" ")).join(", "));
}"""


def serious_violations(page: Any) -> list[str]:
    """What axe-core finds of serious or critical impact in the page as it stands."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text())
    violations: list[str] = page.evaluate(RUN, list(IMPACTS))
    return violations
