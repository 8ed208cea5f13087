/**
 * Writes content-fixtures/assets/kestrel-brochure.pdf: a small, valid, three-page PDF 1.4
 * (cover, model-range table, contact page) built by hand with no dependencies.
 *
 *   npx tsx scripts/make-brochure.ts [--out <file.pdf>]
 *
 * The file uses the standard Helvetica and Helvetica-Bold fonts (WinAnsiEncoding, not
 * embedded), uncompressed content streams and a classic cross-reference table whose byte
 * offsets are computed while the file is assembled. The output is byte-for-byte
 * deterministic (fixed dates and document ID).
 *
 * Kestrel Motors is a fictional brand; the prices are the fixture catalogue's "from" prices.
 */
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

// ---------------------------------------------------------------------------------------
// Brand and page constants
// ---------------------------------------------------------------------------------------

const PAGE_W = 595.28; // A4 in points
const PAGE_H = 841.89;
const MARGIN = 56;

type RGB = [number, number, number];
const hex = (h: string): RGB => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16) / 255) as RGB;
const C = {
  teal: hex("#0B4F6C"),
  tealDark: hex("#073447"),
  tealMid: hex("#0E5C7A"),
  amber: hex("#F2A541"),
  charcoal: hex("#1F2933"),
  slate: hex("#52606D"),
  mist: hex("#E4E7EB"),
  offWhite: hex("#F5F7FA"),
  white: hex("#FFFFFF"),
};

/** Kestrel wing mark (64 x 64 box, y down), as in the SVG logos. */
const WING_MARK = "M4 52C18 34 36 18 62 6L46 26L53 27L38 38L45 40L28 48L34 51Q18 56 4 52Z";
/** KESTREL stroke letters (cap height 40, stroke 8, y down), as in brand-logo.svg. */
const WORDMARK: [number, string][] = [
  [0, "M4 4V36M27 4L8 21L28 36"],
  [36, "M24 4H4V36H24M4 20H21"],
  [68, "M25 10C23 6 19 4 14.5 4C8.5 4 4.5 7 4.5 12C4.5 18 10 19 14.5 20C19.5 21 24.5 22.5 24.5 28C24.5 33 20.5 36 14 36C9.5 36 5 34.5 3 30"],
  [102, "M0 4H28M14 4V36"],
  [136, "M4 36V4H16C22 4 25 8 25 12.5C25 17 22 21 16 21H4M14 21L26 36"],
  [170, "M24 4H4V36H24M4 20H21"],
  [202, "M4 4V36H24"],
];
/** SUV side silhouette (1000-unit box, y down) from the asset generator; arcs become lines. */
const SUV_BODY =
  "M70 282L70 168Q72 84 128 70L630 62Q680 64 716 100L780 150Q896 160 932 186L952 240L954 282Q954 296 940 296L880 296L708 296L324 296L152 296L84 296Q70 296 70 282Z";
const SUV_WINDOWS = [
  "M112 142Q116 92 150 84L300 80L300 142Z",
  "M320 80L500 78L500 142L320 142Z",
  "M520 78L628 76Q668 78 692 104L726 144L520 144Z",
];

// ---------------------------------------------------------------------------------------
// Text: WinAnsi encoding and Helvetica metrics (AFM widths, 1/1000 em)
// ---------------------------------------------------------------------------------------

// prettier-ignore
const HELV = [278,278,355,556,556,889,667,191,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,278,278,584,584,584,556,1015,667,667,722,722,667,611,778,722,278,500,667,556,833,722,778,667,778,722,667,611,722,667,944,667,667,611,278,278,278,469,556,333,556,556,500,556,556,278,556,556,222,222,500,222,833,556,556,556,556,333,500,278,556,500,722,500,500,500,334,260,334,584];
// prettier-ignore
const HELV_BOLD = [278,333,474,556,556,889,722,238,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,333,333,584,584,584,611,975,722,722,722,722,667,611,778,722,278,556,722,611,833,722,778,667,778,722,667,611,722,667,944,667,667,611,333,278,333,584,556,333,556,611,556,611,556,333,611,611,278,278,556,278,889,611,611,611,611,389,556,333,611,556,778,556,556,500,389,280,389,584];

/** Unicode characters outside ASCII that WinAnsiEncoding has, with [code, width, boldWidth]. */
const WIN_ANSI_EXTRA: Record<string, [number, number, number]> = {
  "\u2013": [0x96, 556, 556], // en dash
  "\u2014": [0x97, 1000, 1000], // em dash
  "\u2019": [0x92, 222, 278], // right single quote
  "\u2022": [0x95, 350, 350], // bullet
  "\u00b7": [0xb7, 278, 278], // middle dot
  "\u00e9": [0xe9, 556, 556], // e acute
  "\u00a9": [0xa9, 737, 737], // copyright
};

type FontKey = "F1" | "F2"; // Helvetica, Helvetica-Bold

function charInfo(ch: string, bold: boolean): { code: number; width: number } {
  const cp = ch.codePointAt(0) ?? 63;
  if (cp >= 32 && cp <= 126) return { code: cp, width: (bold ? HELV_BOLD : HELV)[cp - 32] };
  const extra = WIN_ANSI_EXTRA[ch];
  if (extra) return { code: extra[0], width: bold ? extra[2] : extra[1] };
  // Fold accents (e.g. the macron in Whangārei) to the base letter; else "?".
  const base = ch.normalize("NFD")[0];
  if (base && base !== ch) return charInfo(base, bold);
  return { code: 63, width: 556 };
}

function textWidth(text: string, size: number, font: FontKey): number {
  let w = 0;
  for (const ch of text) w += charInfo(ch, font === "F2").width;
  return (w * size) / 1000;
}

/** A PDF literal string in WinAnsi bytes (kept as a latin1 JS string). */
function pdfString(text: string, font: FontKey): string {
  let out = "(";
  for (const ch of text) {
    const { code } = charInfo(ch, font === "F2");
    if (code === 0x28 || code === 0x29 || code === 0x5c) out += `\\${String.fromCharCode(code)}`;
    else out += String.fromCharCode(code);
  }
  return `${out})`;
}

function wrapText(text: string, size: number, font: FontKey, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size, font) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

// ---------------------------------------------------------------------------------------
// Content stream builder (PDF coordinates: origin bottom-left, y up)
// ---------------------------------------------------------------------------------------

const n = (v: number) => {
  const s = (Math.round(v * 100) / 100).toFixed(2);
  return s.replace(/\.?0+$/, "") || "0";
};

class Canvas {
  ops: string[] = [];

  fill(c: RGB): this {
    this.ops.push(`${c.map(n).join(" ")} rg`);
    return this;
  }

  stroke(c: RGB, width: number): this {
    this.ops.push(`${c.map(n).join(" ")} RG ${n(width)} w`);
    return this;
  }

  rect(x: number, y: number, w: number, h: number, colour: RGB): this {
    this.fill(colour);
    this.ops.push(`${n(x)} ${n(y)} ${n(w)} ${n(h)} re f`);
    return this;
  }

  polygon(points: [number, number][], colour: RGB): this {
    this.fill(colour);
    this.ops.push(
      points.map(([x, y], i) => `${n(x)} ${n(y)} ${i === 0 ? "m" : "l"}`).join(" ") + " h f",
    );
    return this;
  }

  circle(cx: number, cy: number, r: number, colour: RGB): this {
    const k = 0.5523 * r;
    this.fill(colour);
    this.ops.push(
      `${n(cx + r)} ${n(cy)} m ` +
        `${n(cx + r)} ${n(cy + k)} ${n(cx + k)} ${n(cy + r)} ${n(cx)} ${n(cy + r)} c ` +
        `${n(cx - k)} ${n(cy + r)} ${n(cx - r)} ${n(cy + k)} ${n(cx - r)} ${n(cy)} c ` +
        `${n(cx - r)} ${n(cy - k)} ${n(cx - k)} ${n(cy - r)} ${n(cx)} ${n(cy - r)} c ` +
        `${n(cx + k)} ${n(cy - r)} ${n(cx + r)} ${n(cy - k)} ${n(cx + r)} ${n(cy)} c f`,
    );
    return this;
  }

  line(x1: number, y1: number, x2: number, y2: number, colour: RGB, width: number, dash?: [number, number]): this {
    this.ops.push("q");
    this.stroke(colour, width);
    if (dash) this.ops.push(`[${n(dash[0])} ${n(dash[1])}] 0 d`);
    this.ops.push(`${n(x1)} ${n(y1)} m ${n(x2)} ${n(y2)} l S Q`);
    return this;
  }

  /**
   * Draws an SVG path (absolute M L H V C Q Z only; y down) placed with its origin at
   * (x, y) in page space, scaled by s, optionally skewed like SVG skewX(deg).
   */
  svgPath(
    d: string,
    x: number,
    y: number,
    s: number,
    mode: { fill: RGB } | { stroke: RGB; width: number },
    skewDeg = 0,
  ): this {
    const tan = Math.tan((skewDeg * Math.PI) / 180);
    // SVG point (px, py) -> page (x + s*(px + tan*py), y - s*py)
    const P = (px: number, py: number) => `${n(x + s * (px + tan * py))} ${n(y - s * py)}`;
    const tokens = d.match(/[MLHVCQZ]|-?\d*\.?\d+/g) ?? [];
    let i = 0;
    let cx = 0;
    let cy = 0;
    let cmd = "";
    const num = () => parseFloat(tokens[i++]);
    const out: string[] = [];
    while (i < tokens.length) {
      if (/[MLHVCQZ]/.test(tokens[i])) cmd = tokens[i++];
      switch (cmd) {
        case "M":
          cx = num();
          cy = num();
          out.push(`${P(cx, cy)} m`);
          cmd = "L";
          break;
        case "L":
          cx = num();
          cy = num();
          out.push(`${P(cx, cy)} l`);
          break;
        case "H":
          cx = num();
          out.push(`${P(cx, cy)} l`);
          break;
        case "V":
          cy = num();
          out.push(`${P(cx, cy)} l`);
          break;
        case "C": {
          const a = [num(), num(), num(), num(), num(), num()];
          out.push(`${P(a[0], a[1])} ${P(a[2], a[3])} ${P(a[4], a[5])} c`);
          cx = a[4];
          cy = a[5];
          break;
        }
        case "Q": {
          // Quadratic to cubic: control points at 2/3 of the way to the quadratic control.
          const [qx, qy, ex, ey] = [num(), num(), num(), num()];
          const c1: [number, number] = [cx + (2 / 3) * (qx - cx), cy + (2 / 3) * (qy - cy)];
          const c2: [number, number] = [ex + (2 / 3) * (qx - ex), ey + (2 / 3) * (qy - ey)];
          out.push(`${P(...c1)} ${P(...c2)} ${P(ex, ey)} c`);
          cx = ex;
          cy = ey;
          break;
        }
        case "Z":
          out.push("h");
          cmd = "";
          break;
        default:
          i++; // unknown token: skip
      }
    }
    if ("fill" in mode) {
      this.fill(mode.fill);
      this.ops.push(`${out.join(" ")} f`);
    } else {
      this.ops.push("q");
      this.stroke(mode.stroke, mode.width * s);
      this.ops.push("2 M 0 J 0 j");
      this.ops.push(`${out.join(" ")} S Q`);
    }
    return this;
  }

  text(
    str: string,
    x: number,
    y: number,
    opts: { size: number; font?: FontKey; colour?: RGB; align?: "left" | "center" | "right" },
  ): this {
    const font = opts.font ?? "F1";
    const w = textWidth(str, opts.size, font);
    const dx = opts.align === "center" ? -w / 2 : opts.align === "right" ? -w : 0;
    this.fill(opts.colour ?? C.charcoal);
    this.ops.push(`BT /${font} ${n(opts.size)} Tf ${n(x + dx)} ${n(y)} Td ${pdfString(str, font)} Tj ET`);
    return this;
  }

  /** Wrapped paragraph; returns the y below the last line. */
  paragraph(str: string, x: number, y: number, maxWidth: number, size: number, colour: RGB = C.charcoal, font: FontKey = "F1", leading = 1.4): number {
    let yy = y;
    for (const l of wrapText(str, size, font, maxWidth)) {
      this.text(l, x, yy, { size, font, colour });
      yy -= size * leading;
    }
    return yy;
  }

  toString(): string {
    return this.ops.join("\n") + "\n";
  }
}

function logo(cv: Canvas, x: number, yTop: number, scale: number, wordColour: RGB, markColour: RGB): void {
  cv.svgPath(WING_MARK, x, yTop, scale, { fill: markColour });
  for (const [dx, d] of WORDMARK) {
    cv.svgPath(d, x + (86 + dx) * scale, yTop - 12 * scale, scale, { stroke: wordColour, width: 8 }, -8);
  }
}

function footer(cv: Canvas, page: number, total: number, dark = false): void {
  const colour = dark ? C.mist : C.slate;
  cv.text("Kestrel Motors \u00b7 Model range brochure \u00b7 kestrel-motors.example", MARGIN, 32, { size: 8, colour });
  cv.text(`${page} / ${total}`, PAGE_W - MARGIN, 32, { size: 8, colour, align: "right" });
}

// ---------------------------------------------------------------------------------------
// Pages
// ---------------------------------------------------------------------------------------

interface ModelRow {
  model: string;
  body: string;
  engine: string;
  drive: string;
  seats: string;
  au: string;
  nz: string;
  tagline: string;
}

/** "From" prices follow the fixture catalogue (content-fixtures/stories/car-configurator). */
const RANGE: ModelRow[] = [
  { model: "Mirra", body: "Small hatch", engine: "1.5L petrol / 1.5L turbo", drive: "FWD", seats: "5", au: "$27,990", nz: "$29,990", tagline: "Small car. Big personality." },
  { model: "Corvale", body: "Medium SUV", engine: "2.0L petrol / 2.0L turbo", drive: "FWD, AWD", seats: "5", au: "$35,990", nz: "$41,990", tagline: "City-smart. Weekend-ready." },
  { model: "Solenne", body: "Hybrid SUV", engine: "2.5L self-charging hybrid", drive: "FWD, AWD", seats: "5", au: "$46,990", nz: "$49,990", tagline: "Self-charging hybrid. Effortlessly efficient." },
  { model: "Kordan", body: "Dual cab ute", engine: "2.8L turbo-diesel", drive: "4x2, 4x4", seats: "5", au: "$44,990", nz: "$52,990", tagline: "Built for the back blocks." },
  { model: "Tarrak", body: "Large 7-seat SUV", engine: "2.4L turbo / 2.8L twin-turbo diesel", drive: "AWD", seats: "7", au: "$52,990", nz: "$57,990", tagline: "Seven seats. Every road." },
];

const TOTAL_PAGES = 3;

function coverPage(): string {
  const cv = new Canvas();
  cv.rect(0, 0, PAGE_W, PAGE_H, C.teal);
  cv.polygon([[PAGE_W * 0.35, PAGE_H], [PAGE_W, PAGE_H], [PAGE_W, PAGE_H * 0.82]], C.tealMid);
  cv.polygon([[PAGE_W * 0.62, PAGE_H], [PAGE_W, PAGE_H], [PAGE_W, PAGE_H * 0.9]], C.amber);
  // Sun, hills and road
  cv.circle(PAGE_W * 0.74, 330, 74, C.amber);
  cv.polygon([[0, 210], [0, 300], [90, 352], [190, 300], [300, 372], [420, 296], [520, 340], [PAGE_W, 300], [PAGE_W, 210]], C.tealMid);
  cv.polygon([[0, 200], [0, 262], [120, 318], [240, 270], [360, 318], [470, 262], [PAGE_W, 290], [PAGE_W, 200]], C.tealDark);
  cv.rect(0, 120, PAGE_W, 96, C.charcoal);
  cv.line(0, 160, PAGE_W, 160, C.amber, 4, [22, 22]);
  // SUV on the road (wheels sit on y = 150)
  const s = 0.34;
  const vx = 250;
  const vy = 150 + 372 * s; // SVG y 372 (wheel bottom) lands on the road
  cv.svgPath(SUV_BODY, vx, vy, s, { fill: C.offWhite });
  for (const w of SUV_WINDOWS) cv.svgPath(w, vx, vy, s, { fill: hex("#23313D") });
  for (const wx of [238, 794]) {
    cv.circle(vx + wx * s, vy - 300 * s, 72 * s, hex("#14191F"));
    cv.circle(vx + wx * s, vy - 300 * s, 40 * s, hex("#AEB7C2"));
    cv.circle(vx + wx * s, vy - 300 * s, 12 * s, hex("#D5DBE1"));
  }
  // Brand and titles
  logo(cv, MARGIN, PAGE_H - 70, 0.9, C.white, C.amber);
  cv.text("The Kestrel range", MARGIN, 600, { size: 40, font: "F2", colour: C.white });
  cv.text("Model range brochure \u2014 Australia and New Zealand", MARGIN, 568, { size: 15, colour: C.offWhite });
  cv.rect(MARGIN, 548, 72, 4, C.amber);
  cv.text("Model year 2026", MARGIN, 520, { size: 12, font: "F2", colour: C.amber });
  cv.text("Hatch \u00b7 SUV \u00b7 Hybrid \u00b7 Ute", MARGIN, 500, { size: 12, colour: C.offWhite });
  footer(cv, 1, TOTAL_PAGES, true);
  return cv.toString();
}

function rangePage(): string {
  const cv = new Canvas();
  cv.rect(0, PAGE_H - 110, PAGE_W, 110, C.teal);
  logo(cv, MARGIN, PAGE_H - 40, 0.45, C.white, C.amber);
  cv.text("Model range", MARGIN, PAGE_H - 92, { size: 24, font: "F2", colour: C.white });
  let y = PAGE_H - 150;
  y = cv.paragraph(
    "Five model lines, one idea: vehicles built for the long way round. Every Kestrel comes with Kestrel Sense active safety, a seven-year warranty and capped-price servicing.",
    MARGIN,
    y,
    PAGE_W - MARGIN * 2,
    11,
    C.charcoal,
  );
  // Table
  const cols: { key: keyof ModelRow; title: string; w: number; align?: "right" }[] = [
    { key: "model", title: "Model", w: 62 },
    { key: "body", title: "Body", w: 84 },
    { key: "engine", title: "Engine", w: 150 },
    { key: "drive", title: "Drive", w: 56 },
    { key: "seats", title: "Seats", w: 34 },
    { key: "au", title: "AU from*", w: 48, align: "right" },
    { key: "nz", title: "NZ from*", w: 49, align: "right" },
  ];
  const tableW = cols.reduce((a, c) => a + c.w, 0);
  const x0 = MARGIN;
  const rowH = 30;
  y -= 18;
  cv.rect(x0, y - rowH, tableW, rowH, C.charcoal);
  let x = x0;
  for (const c of cols) {
    const tx = c.align === "right" ? x + c.w - 6 : x + 6;
    cv.text(c.title, tx, y - 19, { size: 9, font: "F2", colour: C.white, align: c.align ?? "left" });
    x += c.w;
  }
  y -= rowH;
  RANGE.forEach((row, idx) => {
    const engineLines = wrapText(row.engine, 9, "F1", cols[2].w - 12);
    const h = Math.max(rowH, 14 + engineLines.length * 12);
    cv.rect(x0, y - h, tableW, h, idx % 2 === 0 ? C.offWhite : C.white);
    let cx = x0;
    for (const c of cols) {
      const font: FontKey = c.key === "model" ? "F2" : "F1";
      const tx = c.align === "right" ? cx + c.w - 6 : cx + 6;
      if (c.key === "engine") {
        engineLines.forEach((l, li) => cv.text(l, tx, y - 19 - li * 12, { size: 9, font }));
      } else {
        cv.text(String(row[c.key]), tx, y - 19, { size: 9, font, align: c.align ?? "left", colour: c.key === "model" ? C.teal : C.charcoal });
      }
      cx += c.w;
    }
    y -= h;
  });
  cv.line(x0, y, x0 + tableW, y, C.amber, 2);
  y -= 22;
  y = cv.paragraph(
    "* AU: driveaway price for private buyers, lowest-priced variant, including on-road costs. NZ: recommended retail price inc GST + ORC, including any Clean Car fee or rebate. Prices are fictional fixture data for a demonstration website.",
    MARGIN,
    y,
    PAGE_W - MARGIN * 2,
    8.5,
    C.slate,
  );
  // Taglines
  y -= 20;
  cv.text("At a glance", MARGIN, y, { size: 14, font: "F2", colour: C.teal });
  y -= 22;
  for (const row of RANGE) {
    cv.rect(MARGIN, y - 1, 6, 6, C.amber);
    cv.text(`${row.model}:`, MARGIN + 14, y, { size: 11, font: "F2" });
    cv.text(row.tagline, MARGIN + 14 + textWidth(`${row.model}: `, 11, "F2"), y, { size: 11 });
    y -= 20;
  }
  footer(cv, 2, TOTAL_PAGES);
  return cv.toString();
}

function contactPage(): string {
  const cv = new Canvas();
  cv.rect(0, PAGE_H - 110, PAGE_W, 110, C.teal);
  logo(cv, MARGIN, PAGE_H - 40, 0.45, C.white, C.amber);
  cv.text("Talk to Kestrel", MARGIN, PAGE_H - 92, { size: 24, font: "F2", colour: C.white });
  let y = PAGE_H - 150;
  y = cv.paragraph(
    "Ready for a test drive? Our dealer network covers every Australian state and territory and both islands of New Zealand. Use the dealer locator on our website to find your nearest Kestrel dealer, book a test drive or ask about finance.",
    MARGIN,
    y,
    PAGE_W - MARGIN * 2,
    11,
  );
  const block = (title: string, lines: string[], x: number, top: number) => {
    cv.rect(x, top - 150, 225, 150, C.offWhite);
    cv.rect(x, top - 4, 225, 4, C.amber);
    cv.text(title, x + 14, top - 28, { size: 13, font: "F2", colour: C.teal });
    lines.forEach((l, i) => cv.text(l, x + 14, top - 52 - i * 17, { size: 10 }));
  };
  y -= 24;
  block(
    "Australia",
    ["Customer care: 1800 160 401", "care@kestrel-motors.example", "Monday to Friday, 8:30am - 5:30pm AEST", "Find a dealer: /au/dealer-locator"],
    MARGIN,
    y,
  );
  block(
    "New Zealand",
    ["Customer care: 0800 555 010", "care.nz@kestrel-motors.example", "Monday to Friday, 8:30am - 5:30pm NZST", "Find a dealer: /nz/dealer-locator"],
    MARGIN + 243,
    y,
  );
  y -= 180;
  cv.text("Kestrel Finance", MARGIN, y, { size: 14, font: "F2", colour: C.teal });
  y -= 20;
  y = cv.paragraph(
    "Competitive rates, flexible terms and a quote in minutes. Ask your Kestrel dealer about Kestrel Finance, or request a quote online. Finance is subject to approval; fees and charges apply.",
    MARGIN,
    y,
    PAGE_W - MARGIN * 2,
    11,
  );
  y -= 16;
  cv.text("About this brochure", MARGIN, y, { size: 14, font: "F2", colour: C.teal });
  y -= 20;
  cv.paragraph(
    "Kestrel Motors is a fictional vehicle brand. This brochure is placeholder content for a demonstration website; names, prices, phone numbers and specifications are invented. \u00a9 2026 Kestrel Motors.",
    MARGIN,
    y,
    PAGE_W - MARGIN * 2,
    9,
    C.slate,
  );
  footer(cv, 3, TOTAL_PAGES);
  return cv.toString();
}

// ---------------------------------------------------------------------------------------
// PDF assembly with byte-exact cross-reference offsets
// ---------------------------------------------------------------------------------------

function buildPdf(pageContents: string[]): Buffer {
  // Objects 1: catalog, 2: pages, 3-4: fonts, 5: info, then per page: page, content.
  const objects: string[] = [];
  const pageIds = pageContents.map((_, i) => 6 + i * 2);
  objects[1] = "<< /Type /Catalog /Pages 2 0 R /PageMode /UseNone /Lang (en-AU) >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
  objects[4] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>";
  objects[5] =
    "<< /Title (Kestrel Motors - Model range brochure) /Author (Kestrel Motors) " +
    "/Subject (Model range, Australia and New Zealand) /Keywords (Kestrel, brochure, fictional) " +
    "/Creator (scripts/make-brochure.ts) /Producer (scripts/make-brochure.ts) " +
    "/CreationDate (D:20260101000000Z) /ModDate (D:20260101000000Z) >>";
  pageContents.forEach((content, i) => {
    const pageId = pageIds[i];
    const contentId = pageId + 1;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${n(PAGE_W)} ${n(PAGE_H)}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> /ProcSet [/PDF /Text] >> /Contents ${contentId} 0 R >>`;
    const len = Buffer.byteLength(content, "latin1");
    objects[contentId] = `<< /Length ${len} >>\nstream\n${content}endstream`;
  });

  let out = "%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n"; // binary comment marks the file as binary
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, "latin1");
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefOffset = Buffer.byteLength(out, "latin1");
  const size = objects.length;
  out += `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let id = 1; id < size; id++) out += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  const docId = createHash("md5").update(out, "latin1").digest("hex").toUpperCase();
  out += `trailer\n<< /Size ${size} /Root 1 0 R /Info 5 0 R /ID [<${docId}> <${docId}>] >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

function main(): void {
  const args = process.argv.slice(2);
  const outIdx = args.indexOf("--out");
  const out = path.resolve(
    outIdx >= 0 && args[outIdx + 1] ? args[outIdx + 1] : path.join("content-fixtures", "assets", "kestrel-brochure.pdf"),
  );
  const pdf = buildPdf([coverPage(), rangePage(), contactPage()]);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, pdf);
  console.log(`make-brochure: wrote ${path.relative(process.cwd(), out)} (${pdf.length} bytes, ${TOTAL_PAGES} pages)`);
}

main();
