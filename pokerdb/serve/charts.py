"""A datasette plugin drawing the chart of a canned query above its rows: the player's
cumulative net over hands (a line), the categories against their exact odds (bars on a log
scale: each game's kind of hand, high or razz's, deuce-to-seven's and badugi's lows, then a
split game's low half). The script reads the rows from the page's own table and draws SVG; it
loads nothing."""

import json
from typing import Any, Final

from datasette import hookimpl

from pokerdb.serve.metadata import CHARTS

_SCRIPT: Final = """
(function () {
  const chart = %s;
  const table = document.querySelector("table.rows-and-columns");
  if (!table) { return; }
  const cells = (name) => Array.from(table.querySelectorAll("td.col-" + name))
    .map((cell) => cell.textContent.trim());
  const NS = "http://www.w3.org/2000/svg";
  const H = 330, L = 70, R = 20, T = 36, B = 80;
  // Wide enough for every category's pair of bars (a split game has its low half's too).
  const W = Math.max(860, L + R + 24 * cells("category").length);
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("id", "pokerdb-chart");
  svg.setAttribute("viewBox", "0 0 " + W + " " + H);
  svg.setAttribute("width", W);
  svg.setAttribute("height", H);
  svg.setAttribute("role", "img");
  const add = (tag, attributes, text) => {
    const element = document.createElementNS(NS, tag);
    for (const [key, value] of Object.entries(attributes)) { element.setAttribute(key, value); }
    if (text !== undefined) { element.textContent = text; }
    svg.appendChild(element);
    return element;
  };
  const label = (value) => value !== 0 && Math.abs(value) < 0.01 ?
    value.toExponential(0) : String(Math.round(value * 100) / 100);
  const axis = (ticks, y) => {
    add("line", {x1: L, x2: W - R, y1: H - B, y2: H - B, stroke: "#444"});
    add("line", {x1: L, x2: L, y1: T, y2: H - B, stroke: "#444"});
    for (const value of ticks) {
      add("line", {x1: L - 4, x2: L, y1: y(value), y2: y(value), stroke: "#444"});
      add("text", {x: L - 6, y: y(value) + 4, "text-anchor": "end", "font-size": 11},
          label(value));
    }
  };
  if (chart === "player_net_over_hands") {
    const hands = cells("hand").map(Number);
    const nets = cells("cumulative_net").map(Number);
    if (!hands.length) { return; }
    const low = Math.min(0, ...nets), high = Math.max(0, ...nets);
    const last = Math.max(...hands, 1);
    const x = (hand) => L + (W - L - R) * hand / last;
    const y = (net) => T + (H - T - B) * (high === low ? 0.5 : (high - net) / (high - low));
    axis([...new Set([low, 0, high])], y);
    add("line", {x1: L, x2: W - R, y1: y(0), y2: y(0), stroke: "#bbb",
                 "stroke-dasharray": "4 3"});
    const points = hands.map((hand, i) => x(hand).toFixed(1) + "," + y(nets[i]).toFixed(1));
    add("polyline", {points: [L + "," + y(0).toFixed(1), ...points].join(" "), fill: "none",
                     stroke: "#1f6feb", "stroke-width": 2, class: "net-line"});
    add("text", {x: (L + W - R) / 2, y: H - B + 30, "text-anchor": "middle",
                 "font-size": 12}, "hands (" + last + ")");
    add("text", {x: 14, y: (T + H - B) / 2, "font-size": 12,
                 transform: "rotate(-90 14 " + (T + H - B) / 2 + ")",
                 "text-anchor": "middle"}, "cumulative net");
  } else {
    const games = cells("game"), kinds = cells("kind"), names = cells("category");
    const seen = cells("observed_percent").map(Number);
    const exact = cells("exact_percent").map(Number);
    if (!names.length) { return; }
    const floor = 1e-5, top = 100;
    const y = (percent) => T + (H - T - B) *
      (Math.log10(top) - Math.log10(Math.max(percent, floor))) /
      (Math.log10(top) - Math.log10(floor));
    axis([1e-5, 1e-4, 1e-3, 0.01, 0.1, 1, 10, 100], y);
    const slot = (W - L - R) / names.length;
    names.forEach((name, i) => {
      const left = L + i * slot;
      [[seen[i], "#1f6feb", "observed"], [exact[i], "#d29922", "exact"]].forEach(
        ([value, colour, kind], k) => {
          add("rect", {x: left + slot * (0.15 + 0.35 * k), width: slot * 0.33,
                       y: y(value), height: H - B - y(value), fill: colour,
                       class: "bar " + kind, "data-kind": kinds[i]}).appendChild(
                       document.createElementNS(NS, "title")).textContent = games[i] + " " +
                       name + " (" + kinds[i] + ") " + kind + ": " + value + "%%";
        });
      add("text", {x: left + slot / 2, y: H - B + 12, "font-size": 9,
                   "text-anchor": "end",
                   transform: "rotate(-35 " + (left + slot / 2) + " " + (H - B + 12) + ")"},
          name);
    });
    // Each game's name above its categories, a rule between one game's and the next's.
    let first = 0;
    games.forEach((game, i) => {
      if (games[i + 1] === game) { return; }
      add("text", {x: L + slot * (first + i + 1) / 2, y: T - 6, "text-anchor": "middle",
                   "font-size": 11, class: "game-name"}, game);
      if (i + 1 < games.length) {
        add("line", {x1: L + slot * (i + 1), x2: L + slot * (i + 1), y1: T, y2: H - B,
                     stroke: "#ccc"});
      }
      first = i + 1;
    });
    add("rect", {x: W - 190, y: 4, width: 10, height: 10, fill: "#1f6feb"});
    add("text", {x: W - 175, y: 13, "font-size": 11}, "observed %%");
    add("rect", {x: W - 90, y: 4, width: 10, height: 10, fill: "#d29922"});
    add("text", {x: W - 75, y: 13, "font-size": 11}, "exact %%");
  }
  const wrapper = table.closest(".table-wrapper") || table;
  wrapper.parentNode.insertBefore(svg, wrapper);
})();
"""


@hookimpl  # type: ignore[untyped-decorator]
def extra_body_script(request: Any) -> str | None:
    """The chart's script on the page of a canned query that has one."""
    if request is None:
        return None
    name = request.path.rstrip("/").rpartition("/")[2]
    return _SCRIPT % json.dumps(name) if name in CHARTS else None
