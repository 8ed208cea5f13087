/**
 * Deterministic placeholder-asset generator for the Kestrel Motors fixtures.
 *
 *   npx tsx scripts/generate-assets.ts [--manifest <path>] [--out <dir>] [--force] [--quiet]
 *
 * Reads a manifest (default `content-fixtures/assets.manifest.json`) of entries
 *   { "file": "hero-home.jpg", "width": 1920, "height": 1080,
 *     "kind": "hero"|"banner"|"tile"|"vehicle"|"thumb"|"gallery"|"icon"|"logo"|"accessory"|"colour",
 *     "title": "Text drawn on it", "colour"?: "#hex" }
 * (the manifest may also be `{ "assets": [...] }`), composes an SVG per entry and renders it
 * with sharp into `--out` (default `content-fixtures/assets`). The output format follows the
 * file extension: .jpg/.jpeg (mozjpeg, quality 78), .png, .webp, .svg (written as text).
 *
 * Idempotence: every generated file carries the hash of its manifest entry (plus the
 * renderer version): in an XMP packet for raster files, in a leading comment for SVG files.
 * A file whose stored hash equals the entry's hash is skipped unless `--force`.
 * An existing file without a generator hash, or one of HAND_AUTHORED, is treated as
 * hand-authored and never overwritten (`--force` overwrites the former, never the latter).
 *
 * Rendering is deterministic: all "random" layout choices come from a PRNG seeded by
 * the file name, and text uses the generic `sans-serif` family (DejaVu Sans on the
 * build machines; librsvg resolves it through fontconfig).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

/** Bump when the drawing code changes so every file is regenerated. */
const RENDERER_VERSION = "kestrel-assets/1";

const KINDS = [
  "hero",
  "banner",
  "tile",
  "vehicle",
  "thumb",
  "gallery",
  "icon",
  "logo",
  "accessory",
  "colour",
] as const;
type Kind = (typeof KINDS)[number];

const EXTENSIONS = ["jpg", "jpeg", "png", "webp", "svg"] as const;
type Ext = (typeof EXTENSIONS)[number];

/** Files that are written by hand or by other scripts; the generator never replaces them. */
const HAND_AUTHORED = new Set([
  "brand-logo.svg",
  "brand-logo-inverted.svg",
  "finance-logo.svg",
  "kestrel-drive.mp4",
  "kestrel-drive.webm",
  "kestrel-drive.vtt",
  "kestrel-drive-poster.jpg",
  "kestrel-brochure.pdf",
  "dealers.csv",
  "pma.csv",
  "postcodes.csv",
  "README.md",
]);

export const PALETTE = {
  teal: "#0B4F6C",
  tealDark: "#073447",
  tealLight: "#2E7A96",
  amber: "#F2A541",
  amberDark: "#C97F1E",
  charcoal: "#1F2933",
  slate: "#52606D",
  grey: "#9AA5B1",
  mist: "#E4E7EB",
  offWhite: "#F5F7FA",
  white: "#FFFFFF",
} as const;

const FONT = "DejaVu Sans, sans-serif";

export interface ManifestEntry {
  file: string;
  width: number;
  height: number;
  kind: Kind;
  title: string;
  colour?: string;
}

// ---------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------

/** 32-bit seed from a string (sha256, so similar names give unrelated seeds). */
export function seedOf(text: string): number {
  return createHash("sha256").update(text).digest().readUInt32LE(0);
}

/** mulberry32: tiny deterministic PRNG. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length) % items.length];
}

function esc(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** Round for compact SVG output. */
function r(n: number): string {
  return (Math.round(n * 100) / 100).toString();
}

/** Four decimals, for scale factors. */
function r4(n: number): string {
  return (Math.round(n * 10000) / 10000).toString();
}

function isHex(c: unknown): c is string {
  return typeof c === "string" && /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(c);
}

function normHex(c: string): string {
  if (c.length === 4) return `#${c[1]}${c[1]}${c[2]}${c[2]}${c[3]}${c[3]}`.toUpperCase();
  return c.toUpperCase();
}

function hexToRgb(c: string): [number, number, number] {
  const h = normHex(c).slice(1);
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

function rgbToHex([red, green, blue]: [number, number, number]): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, "0");
  return `#${c(red)}${c(green)}${c(blue)}`.toUpperCase();
}

/** amount > 0 lightens towards white, < 0 darkens towards black. */
function shade(c: string, amount: number): string {
  const [red, green, blue] = hexToRgb(c);
  const t = amount >= 0 ? 255 : 0;
  const k = Math.abs(amount);
  return rgbToHex([red + (t - red) * k, green + (t - green) * k, blue + (t - blue) * k]);
}

function luminance(c: string): number {
  const [red, green, blue] = hexToRgb(c).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** Greedy word wrap using an average glyph width of ~0.6 em (DejaVu Sans Bold). */
function wrap(text: string, fontSize: number, maxWidth: number, maxLines: number): string[] {
  const maxChars = Math.max(4, Math.floor(maxWidth / (fontSize * 0.62)));
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= maxChars || !line) {
      line = next;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1].slice(0, Math.max(1, maxChars - 1))}…`;
    return kept;
  }
  return lines.map((l) => (l.length > maxChars ? `${l.slice(0, maxChars - 1)}…` : l));
}

/** Largest font size (<= preferred) at which the text fits in maxLines lines. */
function fitText(
  text: string,
  preferred: number,
  maxWidth: number,
  maxLines: number,
  min = 10,
): { size: number; lines: string[] } {
  let size = preferred;
  while (size > min) {
    const lines = wrap(text, size, maxWidth, maxLines + 1);
    if (lines.length <= maxLines && lines.every((l) => l.length * size * 0.62 <= maxWidth)) {
      return { size, lines };
    }
    size = Math.floor(size * 0.9);
  }
  return { size: min, lines: wrap(text, min, maxWidth, maxLines) };
}

export function textBlock(opts: {
  text: string;
  x: number;
  y: number; // baseline of the first line
  size: number;
  lines?: string[];
  fill: string;
  weight?: number | string;
  anchor?: "start" | "middle" | "end";
  lineHeight?: number;
  opacity?: number;
  letterSpacing?: number;
}): string {
  const lines = opts.lines ?? [opts.text];
  const lh = opts.lineHeight ?? 1.18;
  const tspans = lines
    .map((l, i) => `<tspan x="${r(opts.x)}" dy="${i === 0 ? 0 : r(opts.size * lh)}">${esc(l)}</tspan>`)
    .join("");
  return (
    `<text x="${r(opts.x)}" y="${r(opts.y)}" font-family="${FONT}" font-size="${r(opts.size)}"` +
    ` font-weight="${opts.weight ?? 700}" fill="${opts.fill}" text-anchor="${opts.anchor ?? "start"}"` +
    (opts.opacity !== undefined ? ` fill-opacity="${opts.opacity}"` : "") +
    (opts.letterSpacing !== undefined ? ` letter-spacing="${r(opts.letterSpacing)}"` : "") +
    `>${tspans}</text>`
  );
}

export function svgDoc(w: number, h: number, body: string, defs = ""): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    (defs ? `<defs>${defs}</defs>` : "") +
    body +
    `</svg>`
  );
}

// ---------------------------------------------------------------------------------------
// Brand mark and stroke wordmark (no font dependency)
// ---------------------------------------------------------------------------------------

/** Letters drawn as strokes on a 40-unit cap height (stroke width 8). [advance, path] */
export const STROKE_LETTERS: Record<string, [number, string]> = {
  K: [30, "M4 4V36M27 4L8 21L28 36"],
  E: [26, "M24 4H4V36H24M4 20H21"],
  S: [
    28,
    "M25 10C23 6 19 4 14.5 4C8.5 4 4.5 7 4.5 12C4.5 18 10 19 14.5 20C19.5 21 24.5 22.5 24.5 28C24.5 33 20.5 36 14 36C9.5 36 5 34.5 3 30",
  ],
  T: [28, "M0 4H28M14 4V36"],
  R: [28, "M4 36V4H16C22 4 25 8 25 12.5C25 17 22 21 16 21H4M14 21L26 36"],
  L: [24, "M4 4V36H24"],
  F: [25, "M24 4H4V36M4 20H20"],
  I: [8, "M4 4V36"],
  N: [30, "M4 36V4L26 36V4"],
  A: [30, "M2 36L15 4L28 36M7.5 25H22.5"],
  C: [28, "M26 10C23.5 6 19.5 4 15 4C8 4 4 10 4 20C4 30 8 36 15 36C19.5 36 23.5 34 26 30"],
  " ": [14, ""],
};

/** Returns [width, path data] for a word in the stroke font, letter gap `gap`. */
export function strokeWord(word: string, gap = 6): [number, string] {
  let x = 0;
  const parts: string[] = [];
  for (const ch of word.toUpperCase()) {
    const glyph = STROKE_LETTERS[ch] ?? STROKE_LETTERS[" "];
    if (glyph[1]) {
      // Translate the glyph path by x: the glyph paths use absolute commands only.
      parts.push(translatePath(glyph[1], x, 0));
    }
    x += glyph[0] + gap;
  }
  return [x - gap, parts.join("")];
}

/** Translate an absolute-command path (M L H V C only) by dx, dy. */
function translatePath(d: string, dx: number, dy: number): string {
  const tokens = d.match(/[MLHVC]|-?\d*\.?\d+/g) ?? [];
  let out = "";
  let cmd = "";
  let idx = 0;
  for (const tok of tokens) {
    if (/[MLHVC]/.test(tok)) {
      cmd = tok;
      idx = 0;
      out += tok;
      continue;
    }
    const n = parseFloat(tok);
    let v = n;
    if (cmd === "H") v = n + dx;
    else if (cmd === "V") v = n + dy;
    else v = idx % 2 === 0 ? n + dx : n + dy;
    out += (out.endsWith(cmd) ? "" : " ") + r(v);
    idx++;
  }
  return out;
}

/** The kestrel-wing mark in a 64x64 box. */
export const WING_MARK = "M4 52C18 34 36 18 62 6L46 26L53 27L38 38L45 40L28 48L34 51Q18 56 4 52Z";

function wordmarkSvg(opts: { width: number; height: number; colour: string; mark: string; sub?: string }): string {
  const [ww, wd] = strokeWord("KESTREL");
  const markW = 64;
  const gap = 18;
  const subW = opts.sub ? strokeWord(opts.sub)[0] * 0.5 : 0;
  const contentW = markW + gap + ww + (opts.sub ? 20 + subW : 0);
  const contentH = 64;
  const scale = Math.min((opts.width * 0.9) / contentW, (opts.height * 0.8) / contentH);
  const ox = (opts.width - contentW * scale) / 2;
  const oy = (opts.height - contentH * scale) / 2;
  const sub = opts.sub
    ? `<path d="${strokeWord(opts.sub)[1]}" transform="translate(${r(ww + 20)} 20) scale(0.5)" fill="none" stroke="${opts.colour}" stroke-width="8" stroke-miterlimit="2"/>`
    : "";
  return svgDoc(
    opts.width,
    opts.height,
    `<g transform="translate(${r(ox)} ${r(oy)}) scale(${r4(scale)})">` +
      `<path d="${WING_MARK}" fill="${opts.mark}"/>` +
      `<g transform="translate(${markW + gap} 12) skewX(-8)"><path d="${wd}" fill="none" stroke="${opts.colour}" stroke-width="8" stroke-miterlimit="2"/>${sub}</g>` +
      `</g>`,
  );
}

// ---------------------------------------------------------------------------------------
// Vehicle silhouettes (side view, facing right), drawn in a 1000 x 400 box, ground y=330
// ---------------------------------------------------------------------------------------

export type Body = "car" | "hatch" | "suv" | "ute";
export type View = "side" | "front34";

/** Gradient ids must be unique inside one SVG document. */
let vehicleSeq = 0;

/** Body styles of the fixture model lines, for titles that name only the model. */
const MODEL_BODIES: Record<string, Body> = {
  kordan: "ute",
  mirra: "hatch",
  corvale: "suv",
  tarrak: "suv",
  solenne: "suv",
};

function bodyFor(entry: ManifestEntry): Body {
  const t = `${entry.title} ${entry.file}`.toLowerCase();
  const model = Object.keys(MODEL_BODIES).find((m) => t.includes(m));
  if (model) return MODEL_BODIES[model];
  if (/\b(utes?|pick-?ups?|tray|dual cab|single cab|cab chassis)\b|(^|[-_ ])ute([-_. ]|$)/.test(t)) return "ute";
  if (/\b(hatch|hatchback)\b/.test(t)) return "hatch";
  if (/\b(suvs?|4wd|awd|crossover|wagon|7[- ]seat(er)?)\b/.test(t)) return "suv";
  if (/\b(sedan|car|coupe|saloon)\b/.test(t)) return "car";
  return pick(prng(seedOf(`body:${entry.file}`)), ["car", "hatch", "suv", "ute"] as const);
}

function viewFor(entry: ManifestEntry): View {
  const t = `${entry.title} ${entry.file}`.toLowerCase();
  return /three-quarter|3\/4|front34|[-_ ]front([-_. ]|$)|front view/.test(t) ? "front34" : "side";
}

interface VehicleShape {
  body: string;
  windows: string[];
  wheels: [number, number][];
  wheelR: number;
  /** Wheel-arch radius and the y of the arch centres (the sill line). */
  arch: [number, number];
  lights: { head: string; tail: string };
  details: string[];
  /** Key points of the front used by the three-quarter view. */
  front: { noseX: number; bonnetY: number; bottomY: number; wsBase: [number, number]; roofFront: [number, number] };
}

const VEHICLES: Record<Body, VehicleShape> = {
  car: {
    body:
      "M70 290L72 248Q76 222 110 214L318 190Q380 136 452 120L620 116Q684 118 738 170L818 190Q912 204 938 232L950 272L950 292Q950 305 936 305L862 305A72 72 0 0 0 718 305L314 305A72 72 0 0 0 170 305L84 305Q70 305 70 290Z",
    windows: [
      "M346 188Q396 146 456 132L552 130L546 188Z",
      "M572 130L618 130Q672 134 716 184L566 188Z",
    ],
    wheels: [
      [242, 305],
      [790, 305],
    ],
    wheelR: 60,
    arch: [72, 305],
    lights: { head: "M906 214L944 232L946 246L912 240Z", tail: "M72 234L96 226L98 254L72 256Z" },
    details: ["M330 232L930 238", "M560 194L556 300"],
    front: { noseX: 950, bonnetY: 226, bottomY: 305, wsBase: [738, 170], roofFront: [620, 116] },
  },
  hatch: {
    body:
      "M110 290L112 200Q116 150 150 118L200 92Q240 78 290 76L560 74Q620 76 668 118L736 170Q850 182 892 206L908 250L910 290Q910 304 896 304L836 304A72 72 0 0 0 692 304L324 304A72 72 0 0 0 180 304L124 304Q110 304 110 290Z",
    windows: [
      "M160 168Q168 128 200 108L236 96L300 92L300 168Z",
      "M318 92L470 90L470 168L318 168Z",
      "M488 90L560 90Q604 92 640 124L684 170L488 170Z",
    ],
    wheels: [
      [252, 304],
      [764, 304],
    ],
    wheelR: 60,
    arch: [72, 304],
    lights: { head: "M862 188L900 206L906 222L868 218Z", tail: "M112 186L136 182L138 226L112 228Z" },
    details: ["M130 232L906 236", "M480 174L478 300", "M310 172L308 300"],
    front: { noseX: 910, bonnetY: 204, bottomY: 304, wsBase: [736, 170], roofFront: [560, 74] },
  },
  suv: {
    body:
      "M70 282L70 168Q72 84 128 70L630 62Q680 64 716 100L780 150Q896 160 932 186L952 240L954 282Q954 296 940 296L880 296A86 86 0 0 0 708 296L324 296A86 86 0 0 0 152 296L84 296Q70 296 70 282Z",
    windows: [
      "M112 142Q116 92 150 84L300 80L300 142Z",
      "M320 80L500 78L500 142L320 142Z",
      "M520 78L628 76Q668 78 692 104L726 144L520 144Z",
    ],
    wheels: [
      [238, 300],
      [794, 300],
    ],
    wheelR: 72,
    arch: [86, 296],
    lights: { head: "M896 162L934 182L944 200L902 196Z", tail: "M72 148L96 146L96 192L72 194Z" },
    details: ["M100 196L950 200", "M510 150L508 292", "M310 148L308 292", "M170 64L600 58"],
    front: { noseX: 954, bonnetY: 180, bottomY: 296, wsBase: [780, 150], roofFront: [630, 62] },
  },
  ute: {
    body:
      "M58 290L58 196L470 196L472 170Q520 104 590 90L742 88Q782 90 812 132L846 178Q926 188 946 214L956 266L956 292Q956 306 942 306L876 306A74 74 0 0 0 728 306L326 306A74 74 0 0 0 178 306L72 306Q58 306 58 290Z",
    windows: ["M502 176Q540 120 596 106L680 104L680 178Z", "M698 104L742 104Q772 106 796 138L824 178L698 180Z"],
    wheels: [
      [252, 306],
      [802, 306],
    ],
    wheelR: 62,
    arch: [74, 306],
    lights: { head: "M908 194L946 210L950 230L912 222Z", tail: "M60 206L84 206L84 246L60 246Z" },
    details: ["M80 204L466 204", "M470 196L470 300", "M690 184L686 300", "M488 230L950 234"],
    front: { noseX: 956, bonnetY: 200, bottomY: 306, wsBase: [846, 178], roofFront: [742, 88] },
  },
};

/** Side-compression factor and front-face depth of the three-quarter view (1000-unit box). */
const FRONT34 = { squeeze: 0.78, depth: 190 };

/**
 * Vehicle group facing right, `width` wide (the 1000-unit drawing box scaled), left edge at x,
 * wheels standing on y = ground. view "front34" squeezes the side and adds the front face
 * (bonnet, windscreen, grille, headlights) for a pseudo three-quarter view.
 */
export function vehicleGroup(opts: {
  body: Body;
  colour: string;
  x: number;
  ground: number;
  width: number;
  shadow?: boolean;
  glass?: string;
  view?: View;
  /** Rotation of the wheel spokes in degrees (used by the video frames). */
  wheelAngle?: number;
}): string {
  const v = VEHICLES[opts.body];
  const s = opts.width / 1000;
  const dark = luminance(opts.colour) < 0.05;
  const trim = dark ? shade(opts.colour, 0.35) : shade(opts.colour, -0.35);
  const glass = opts.glass ?? "#23313D";
  const highlight = shade(opts.colour, 0.3);
  const outline = luminance(opts.colour) > 0.6 ? "#9AA5B1" : shade(opts.colour, -0.3);
  const gid = `vb${++vehicleSeq}`;
  const groundY = v.wheels[0][1] + v.wheelR;
  const [archR, archY] = v.arch;
  const wells = v.wheels
    .map(
      ([cx]) =>
        `<path d="M${r(cx - archR)} ${archY}A${archR} ${archR} 0 0 1 ${r(cx + archR)} ${archY}Z" fill="#2A333C"/>`,
    )
    .join("");
  const wheel = (cx: number, cy: number, rx = v.wheelR) =>
    `<g transform="translate(${cx} ${cy}) scale(${r4(rx / v.wheelR)} 1)">` +
    `<circle r="${v.wheelR}" fill="#14191F"/>` +
    `<circle r="${r(v.wheelR * 0.58)}" fill="#AEB7C2"/>` +
    `<circle r="${r(v.wheelR * 0.5)}" fill="#6B7785"/>` +
    `<g transform="rotate(${r(opts.wheelAngle ?? 0)})" stroke="#AEB7C2" stroke-width="${r(v.wheelR * 0.09)}">` +
    [0, 72, 144, 216, 288]
      .map((a) => {
        const rad = (a * Math.PI) / 180;
        const len = v.wheelR * 0.5;
        return `<line x1="0" y1="0" x2="${r(Math.sin(rad) * len)}" y2="${r(-Math.cos(rad) * len)}"/>`;
      })
      .join("") +
    `</g><circle r="${r(v.wheelR * 0.16)}" fill="#D5DBE1"/></g>`;
  const wheels = v.wheels.map(([cx, cy]) => wheel(cx, cy)).join("");
  const side =
    wells +
    `<path d="${v.body}" fill="url(#${gid})" stroke="${outline}" stroke-width="3" stroke-linejoin="round"/>` +
    v.windows.map((d) => `<path d="${d}" fill="${glass}"/>`).join("") +
    v.details
      .map((d) => `<path d="${d}" fill="none" stroke="${trim}" stroke-width="4" stroke-linecap="round" stroke-opacity="0.55"/>`)
      .join("") +
    `<path d="${v.lights.tail}" fill="#C8102E"/>` +
    (opts.view === "front34" ? "" : `<path d="${v.lights.head}" fill="#FFF4D6"/>`) +
    wheels;
  const grad =
    `<defs><linearGradient id="${gid}" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${highlight}"/><stop offset="0.38" stop-color="${opts.colour}"/>` +
    `<stop offset="1" stop-color="${shade(opts.colour, -0.18)}"/></linearGradient></defs>`;

  let drawing: string;
  let shadowCx = 505;
  let shadowRx = 470;
  if (opts.view === "front34") {
    const k = FRONT34.squeeze;
    const d = FRONT34.depth;
    const f = v.front;
    const nx = f.noseX * k - 24; // overlaps the squeezed side's nose curve
    const [wx, wy] = [f.wsBase[0] * k, f.wsBase[1]];
    const [rx, ry] = [f.roofFront[0] * k, f.roofFront[1]];
    const by = f.bonnetY;
    const bottom = f.bottomY;
    const drop = 10; // the far side sits slightly lower: a camera a little above the car
    const faceFill = shade(opts.colour, -0.12);
    const pt = (x: number, y: number) => `${r(x)} ${r(y)}`;
    const frontFace =
      // bonnet top
      `<path d="M${pt(wx, wy)}L${pt(nx, by)}L${pt(nx + d, by + drop)}L${pt(wx + d * 0.86, wy + drop)}Z" fill="${highlight}" stroke="${outline}" stroke-width="3" stroke-linejoin="round"/>` +
      // windscreen
      `<path d="M${pt(rx, ry)}L${pt(wx, wy)}L${pt(wx + d * 0.86, wy + drop)}L${pt(rx + d * 0.8, ry + drop)}Z" fill="${glass}" stroke="${outline}" stroke-width="3" stroke-linejoin="round"/>` +
      // front face
      `<path d="M${pt(nx, by)}L${pt(nx + d, by + drop)}L${pt(nx + d, bottom + drop - 8)}Q${pt(nx + d, bottom + drop)} ${pt(nx + d - 12, bottom + drop)}L${pt(nx, bottom)}Z" fill="${faceFill}" stroke="${outline}" stroke-width="3" stroke-linejoin="round"/>` +
      // headlights at both corners
      `<path d="M${pt(nx + 4, by + 10)}L${pt(nx + 46, by + 14)}L${pt(nx + 44, by + 30)}L${pt(nx + 4, by + 26)}Z" fill="#FFF4D6"/>` +
      `<path d="M${pt(nx + d - 46, by + drop + 14)}L${pt(nx + d - 4, by + drop + 10)}L${pt(nx + d - 4, by + drop + 26)}L${pt(nx + d - 44, by + drop + 30)}Z" fill="#FFF4D6"/>` +
      // grille and lower intake
      `<rect x="${r(nx + 56)}" y="${r(by + 16)}" width="${r(d - 112)}" height="${r((bottom - by) * 0.36)}" rx="8" fill="#1B2229"/>` +
      `<rect x="${r(nx + 40)}" y="${r(by + (bottom - by) * 0.64 + 4)}" width="${r(d - 80)}" height="${r((bottom - by) * 0.16)}" rx="6" fill="#1B2229" fill-opacity="0.8"/>` +
      // badge: the kestrel wing
      `<path d="${WING_MARK}" fill="${PALETTE.amber}" transform="translate(${r(nx + d / 2 - 13)} ${r(by + 18 + (bottom - by) * 0.09)}) scale(0.42)"/>`;
    drawing = `<g transform="scale(${k} 1)">${side}</g>` + frontFace;
    shadowCx = (60 * k + nx + d) / 2;
    shadowRx = (nx + d - 60 * k) / 2 + 20;
    // Centre the squeezed drawing in the original 1000-unit box.
    const offset = (1000 - (nx + d) - 60 * k) / 2;
    drawing = `<g transform="translate(${r(offset)} 0)">${drawing}</g>`;
    shadowCx += offset;
  } else {
    drawing = side;
  }
  const shadow =
    opts.shadow === false
      ? ""
      : `<ellipse cx="${r(shadowCx)}" cy="${groundY}" rx="${r(shadowRx)}" ry="14" fill="#000" fill-opacity="0.2"/>`;
  return (
    `<g transform="translate(${r(opts.x)} ${r(opts.ground - groundY * s)}) scale(${r4(s)})">` +
    grad +
    shadow +
    drawing +
    `</g>`
  );
}

// ---------------------------------------------------------------------------------------
// Compositions per kind
// ---------------------------------------------------------------------------------------

const SCENE_COLOURS = ["#F5F7FA", "#F2A541", "#C8102E", "#9AA5B1", "#1F2933", "#2E7A96", "#5B8C5A"];

function accentFor(entry: ManifestEntry, fallback: string): string {
  return isHex(entry.colour) ? normHex(entry.colour) : fallback;
}

export function brandTag(x: number, y: number, size: number, colour: string): string {
  // Stroke wordmark at a given cap height (size) with baseline at y.
  const [, d] = strokeWord("KESTREL");
  const s = size / 40;
  return `<g transform="translate(${r(x)} ${r(y - size)}) scale(${r4(s)}) skewX(-8)"><path d="${d}" fill="none" stroke="${colour}" stroke-width="8" stroke-miterlimit="2"/></g>`;
}

export function landscape(w: number, h: number, rand: () => number, horizon: number, tones: string[]): string {
  // Two ridge lines of flat mountains.
  const ridge = (base: number, amp: number, colour: string, steps: number) => {
    let d = `M0 ${r(h)}L0 ${r(base)}`;
    for (let i = 1; i <= steps; i++) {
      const x = (w * i) / steps;
      const y = base - amp * (0.3 + rand() * 0.7) * (i % 2 === 0 ? 0.45 : 1);
      d += `L${r(x)} ${r(y)}`;
    }
    d += `L${r(w)} ${r(h)}Z`;
    return `<path d="${d}" fill="${colour}"/>`;
  };
  return ridge(horizon, h * 0.22, tones[0], 7) + ridge(horizon + h * 0.06, h * 0.14, tones[1], 9);
}

export function road(w: number, h: number, top: number, dashOffset = 0): string {
  const dash = Math.max(20, w / 24);
  const mid = top + (h - top) * 0.52;
  return (
    `<rect x="0" y="${r(top)}" width="${w}" height="${r(h - top)}" fill="${PALETTE.charcoal}"/>` +
    `<rect x="0" y="${r(top)}" width="${w}" height="${r(Math.max(2, (h - top) * 0.05))}" fill="#3E4C59"/>` +
    `<line x1="0" y1="${r(mid)}" x2="${w}" y2="${r(mid)}" stroke="${PALETTE.amber}" stroke-width="${r(Math.max(2, (h - top) * 0.035))}" stroke-dasharray="${r(dash)} ${r(dash)}"${dashOffset ? ` stroke-dashoffset="${r(dashOffset)}"` : ""}/>`
  );
}

function heroSvg(e: ManifestEntry, rand: () => number, wide: boolean): string {
  const { width: w, height: h } = e;
  // The entry colour paints the vehicle; the sun and light rays stay brand amber.
  const accent = PALETTE.amber;
  const vehicleColour = isHex(e.colour) ? normHex(e.colour) : pick(rand, SCENE_COLOURS);
  const horizon = h * (wide ? 0.62 : 0.6);
  const roadTop = h * (wide ? 0.8 : 0.78);
  // Three brand moods: teal night, charcoal-to-amber dusk, deep teal dawn.
  const moods: { sky: [string, string, string]; hills: [string, string] }[] = [
    { sky: [PALETTE.tealDark, PALETTE.teal, PALETTE.tealLight], hills: ["#0E5C7A", PALETTE.tealDark] },
    { sky: [PALETTE.charcoal, "#5A4A3A", PALETTE.amberDark], hills: ["#3E4C59", "#2A333C"] },
    { sky: [PALETTE.charcoal, PALETTE.tealDark, "#4C8FA6"], hills: ["#0B4F6C", "#083A50"] },
  ];
  const mood = pick(rand, moods);
  const defs =
    `<linearGradient id="sky" x1="0" y1="0" x2="0.35" y2="1">` +
    `<stop offset="0" stop-color="${mood.sky[0]}"/><stop offset="0.65" stop-color="${mood.sky[1]}"/><stop offset="1" stop-color="${mood.sky[2]}"/></linearGradient>` +
    `<linearGradient id="veil" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${PALETTE.charcoal}" stop-opacity="0.45"/>` +
    `<stop offset="0.6" stop-color="${PALETTE.charcoal}" stop-opacity="0"/></linearGradient>`;
  const sunR = Math.min(w, h) * (wide ? 0.3 : 0.16);
  const sun = `<circle cx="${r(w * (0.68 + rand() * 0.14))}" cy="${r(horizon - sunR * 0.35)}" r="${r(sunR)}" fill="${accent}" fill-opacity="0.9"/>`;
  const wing =
    `<path d="M${r(w * 0.42)} 0L${r(w)} 0L${r(w)} ${r(h * 0.18)}Z" fill="${accent}" fill-opacity="0.16"/>` +
    `<path d="M${r(w * 0.58)} 0L${r(w)} 0L${r(w)} ${r(h * 0.08)}Z" fill="${accent}" fill-opacity="0.22"/>`;
  const hills = landscape(w, h, rand, horizon, mood.hills);
  const carWidth = wide ? Math.min(w * 0.3, h * 1.15) : w * 0.42;
  const car = vehicleGroup({
    body: bodyFor(e),
    colour: vehicleColour,
    x: w * (wide ? 0.62 : 0.5),
    ground: roadTop + (h - roadTop) * 0.48,
    width: carWidth,
  });
  const shade2 = `<rect x="0" y="0" width="${w}" height="${h}" fill="url(#veil)"/>`;
  // No words on the picture: a hero's heading, text and buttons sit on top of it, and drawn
  // words under them read as clutter (the entry's title is its alt text).
  const body =
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>` + sun + wing + hills + road(w, h, roadTop) + car + shade2;
  return svgDoc(w, h, body, defs);
}

function bannerSvg(e: ManifestEntry, rand: () => number): string {
  // A banner is a scene like a hero (the mood, hills and the vehicle's colour vary with the
  // file), so banners that stand side by side (news cards) are told apart without drawn words.
  return heroSvg(e, rand, e.width / e.height >= 2.6);
}

function tileSvg(e: ManifestEntry, rand: () => number, compact: boolean): string {
  const { width: w, height: h } = e;
  const bgs: [string, string, string][] = [
    [PALETTE.teal, PALETTE.tealDark, PALETTE.offWhite],
    [PALETTE.charcoal, "#323F4B", PALETTE.offWhite],
    [PALETTE.amber, PALETTE.amberDark, PALETTE.charcoal],
    [PALETTE.offWhite, PALETTE.mist, PALETTE.charcoal],
  ];
  const [bg1, bg2, fg] = pick(rand, bgs);
  const accent = accentFor(e, bg1 === PALETTE.amber ? PALETTE.teal : PALETTE.amber);
  const defs = `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient>`;
  const m = Math.min(w, h);
  const circles =
    `<circle cx="${r(w * (0.75 + rand() * 0.15))}" cy="${r(h * (0.2 + rand() * 0.15))}" r="${r(m * 0.42)}" fill="${accent}" fill-opacity="0.22"/>` +
    `<circle cx="${r(w * (0.1 + rand() * 0.2))}" cy="${r(h * (0.05 + rand() * 0.1))}" r="${r(m * 0.18)}" fill="${fg}" fill-opacity="0.07"/>`;
  const carW = Math.min(w * (compact ? 0.8 : 0.72), h * 1.6);
  const car = vehicleGroup({
    body: bodyFor(e),
    colour: isHex(e.colour) ? normHex(e.colour) : bg1 === PALETTE.offWhite ? PALETTE.teal : PALETTE.offWhite,
    x: (w - carW) / 2 + w * 0.04,
    ground: h * (compact ? 0.62 : 0.58),
    width: carW,
  });
  const pad = Math.max(8, w * 0.06);
  // No words on the picture: tiles sit under the menu's and cards' own headings (see heroSvg).
  const body =
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>` +
    circles +
    `<rect x="0" y="${r(h * (compact ? 0.62 : 0.58))}" width="${w}" height="${r(h)}" fill="${fg}" fill-opacity="0.06"/>` +
    car +
    (compact ? "" : `<rect x="${r(pad)}" y="${r(pad)}" width="${r(w * 0.1)}" height="${r(Math.max(3, h * 0.012))}" fill="${accent}"/>`);
  return svgDoc(w, h, body, defs);
}

function gallerySvg(e: ManifestEntry, rand: () => number): string {
  const { width: w, height: h } = e;
  const moods: { sky: [string, string]; sun: string; hills: [string, string]; ground: string }[] = [
    { sky: ["#F7C77E", "#F2A541"], sun: "#FFF1D0", hills: ["#C97F1E", "#8A5A1A"], ground: "#5E4A2E" }, // outback dusk
    { sky: ["#9FD3E6", "#DDEFF5"], sun: "#FFFFFF", hills: ["#5B8C5A", "#3F6B45"], ground: "#6F8F4E" }, // green hills
    { sky: ["#0B4F6C", "#2E7A96"], sun: "#F2A541", hills: ["#073447", "#0E5C7A"], ground: "#1F2933" }, // teal night
    { sky: ["#C9D6DF", "#F5F7FA"], sun: "#F2A541", hills: ["#9AA5B1", "#7B8794"], ground: "#52606D" }, // alpine
  ];
  const mood = pick(rand, moods);
  const colour = isHex(e.colour) ? normHex(e.colour) : pick(rand, SCENE_COLOURS);
  const horizon = h * (0.5 + rand() * 0.1);
  const roadTop = h * 0.76;
  const defs = `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mood.sky[0]}"/><stop offset="1" stop-color="${mood.sky[1]}"/></linearGradient>`;
  const carW = Math.min(w * 0.5, h * 1.1);
  const flip = rand() < 0.5;
  const car = vehicleGroup({
    body: bodyFor(e),
    colour,
    x: flip ? w * 0.12 : w * 0.88 - carW,
    ground: roadTop + (h - roadTop) * 0.5,
    width: carW,
  });
  const carFlipped = flip ? `<g transform="translate(${w} 0) scale(-1 1)">${car}</g>` : car;
  const pad = Math.max(10, w * 0.035);
  const { size, lines } = fitText(e.title, h * 0.05, w * 0.6, 1, 9);
  const body =
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>` +
    `<circle cx="${r(w * (0.2 + rand() * 0.6))}" cy="${r(horizon * 0.55)}" r="${r(Math.min(w, h) * 0.09)}" fill="${mood.sun}"/>` +
    landscape(w, h, rand, horizon, mood.hills) +
    `<rect x="0" y="${r(roadTop - h * 0.04)}" width="${w}" height="${r(h * 0.05)}" fill="${mood.ground}"/>` +
    road(w, h, roadTop) +
    carFlipped +
    `<rect x="${r(pad * 0.6)}" y="${r(pad * 0.6)}" width="${r(lines[0].length * size * 0.62 + pad * 0.8)}" height="${r(size * 1.6)}" rx="${r(size * 0.3)}" fill="${PALETTE.charcoal}" fill-opacity="0.72"/>` +
    textBlock({ text: e.title, lines, x: pad, y: pad * 0.6 + size * 1.15, size, fill: PALETTE.offWhite, weight: 600 });
  return svgDoc(w, h, body, defs);
}

function vehicleSvg(e: ManifestEntry): string {
  const { width: w, height: h } = e;
  const colour = accentFor(e, "#C8102E");
  const defs = `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#FFFFFF"/><stop offset="1" stop-color="${PALETTE.offWhite}"/></linearGradient>`;
  const carW = Math.min(w * 0.9, (h * 0.82 * 1000) / 300);
  const ground = h / 2 + (carW * 0.3) / 2 + carW * 0.03;
  const body =
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>` +
    vehicleGroup({ body: bodyFor(e), colour, x: (w - carW) / 2, ground, width: carW, view: viewFor(e) });
  return svgDoc(w, h, body, defs);
}

function thumbSvg(e: ManifestEntry, rand: () => number): string {
  if (/interior|upholster|\btrim\b|seat/.test(`${e.title} ${e.file}`.toLowerCase())) return interiorSvg(e);
  return tileSvg(e, rand, true);
}

/** Line icons on a 60x60 grid, chosen by keywords in the title or file name. */
const ICONS: [RegExp, string][] = [
  [/camera|reversing|parking/, "M8 20h10l4-6h16l4 6h10v26H8zM30 24a9 9 0 1 1 0 18a9 9 0 1 1 0-18"],
  [/screen|display|infotain|carplay|wireless/, "M8 12h44v30H8zM22 50h16M30 42v8"],
  [/fuel|petrol|diesel|economy/, "M14 48V14a3 3 0 0 1 3-3h16a3 3 0 0 1 3 3v34M10 48h30M19 18h12v9H19zM36 22l7 6v14a3 3 0 0 0 6 0V24l-6-7"],
  [/hybrid|electric|\bev\b|battery|charge/, "M8 20h40v22H8zM48 26h4v10h-4M30 23l-7 9h8l-6 9"],
  [/engine|power|motor|turbo|kw/, "M10 26h6v-6h8v-4h12v4h6l5 6h3v12h-3l-5 6H24l-6-6h-2v-6h-6zM30 26l-4 7h6l-4 7"],
  [/seat|passenger|family/, "M22 10a5 5 0 1 1 0 10a5 5 0 1 1 0-10M18 24h10l4 14h10l3 12M18 24l-2 16h16"],
  [/safe|star|ancap|shield|protect/, "M30 8l18 7v13c0 11-8 19-18 24c-10-5-18-13-18-24V15zM22 30l6 6l11-12"],
  [/tow|trailer|haul|load/, "M6 36h30V22h-8l-6 8H6zM36 36h6M42 36v-6h6v6M46 36v4M14 42a4 4 0 1 0 0.1 0M30 42a4 4 0 1 0 0.1 0"],
  [/drive|4x4|awd|4wd|wheel|steer/, "M30 10a20 20 0 1 1 0 40a20 20 0 1 1 0-40M30 24a6 6 0 1 1 0 12a6 6 0 1 1 0-12M11 27h13M36 27h13M30 36v14"],
  [/warrant|year|guarantee/, "M30 8a14 14 0 1 1 0 28a14 14 0 1 1 0-28M22 34l-5 18l13-6l13 6l-5-18M25 22l4 4l7-8"],
  [/phone|call|contact/, "M18 8h10l4 12l-6 4c3 6 7 10 12 12l4-6l12 4v10c0 3-3 6-6 6C27 50 10 33 10 14c0-3 3-6 6-6z"],
  [/locat|dealer|map|pin|find/, "M30 52S14 36 14 24a16 16 0 0 1 32 0c0 12-16 28-16 28zM30 18a6 6 0 1 1 0 12a6 6 0 1 1 0-12"],
  [/calendar|test|book|date|event/, "M10 14h40v36H10zM10 24h40M20 8v10M40 8v10M18 32h6v6h-6zM28 32h6v6h-6z"],
  [/financ|dollar|price|offer|\$/, "M30 8a22 22 0 1 1 0 44a22 22 0 1 1 0-44M37 22c-2-3-5-4-8-4c-4 0-7 2-7 5c0 7 16 4 16 12c0 3-3 6-8 6c-4 0-7-2-8-4M30 14v4M30 41v5"],
  [/service|spanner|wrench|maint/, "M40 10a10 10 0 0 0-9 14L12 43a4 4 0 0 0 6 6l19-19a10 10 0 0 0 14-9l-6 6l-6-2l-2-6l6-6z"],
  [/download|brochure|pdf|document/, "M16 8h20l10 10v34H16zM36 8v10h10M31 24v16M24 34l7 7l7-7"],
  [/chat|enquir|message|question|help/, "M10 12h40v26H26l-10 10V38h-6zM20 22h20M20 29h14"],
  [/cargo|boot|space|litre/, "M8 22l22-10l22 10v22L30 54L8 44zM8 22l22 10l22-10M30 32v22"],
  [/clearance|ground|terrain|off-?road|mountain/, "M4 48l16-24l10 12l8-10l18 22zM40 12a5 5 0 1 1 0 10a5 5 0 1 1 0-10"],
  [/speed|performance|fast/, "M10 42a20 20 0 1 1 40 0M30 42l10-14M16 34l3 2M44 34l-3 2M30 22v4"],
  [/social|share|facebook|instagram|youtube/, "M42 10a6 6 0 1 1 0 12a6 6 0 1 1 0-12M18 24a6 6 0 1 1 0 12a6 6 0 1 1 0-12M42 38a6 6 0 1 1 0 12a6 6 0 1 1 0-12M23 27l14-7M23 33l14 7"],
];

function iconSvg(e: ManifestEntry): string {
  // The file name says what the icon is (icon-fuel.svg); the title is only the fallback.
  const name = e.file.toLowerCase().replace(/\.[a-z]+$/, "");
  const found = ICONS.find(([re]) => re.test(name)) ?? ICONS.find(([re]) => re.test(e.title.toLowerCase()));
  const d = found ? found[1] : "M30 8a22 22 0 1 1 0 44a22 22 0 1 1 0-44M20 30l7 7l14-14";
  const colour = accentFor(e, PALETTE.teal);
  const { width: w, height: h } = e;
  // Scale the 60x60 drawing to the requested size (normally 60x60).
  const s = Math.min(w, h) / 60;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${r(w / s)} ${r(h / s)}" fill="none" role="img" aria-label="${esc(e.title)}">` +
    `<title>${esc(e.title)}</title>` +
    `<path d="${d}" stroke="${colour}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>` +
    `</svg>`
  );
}

function logoSvg(e: ManifestEntry): string {
  const t = `${e.title} ${e.file}`.toLowerCase();
  const inverted = /invert|white|reverse/.test(t);
  const colour = inverted ? PALETTE.white : accentFor(e, PALETTE.charcoal);
  const sub = /financ/.test(t) ? "FINANCE" : undefined;
  return wordmarkSvg({ width: e.width, height: e.height, colour, mark: inverted ? PALETTE.white : PALETTE.amber, sub });
}

/** Accessory drawings in a 400x300 box, chosen by keywords (first match wins). */
const METAL = "#B8C0C8";
const RUBBER = "#2B3138";

function wheelProduct(t: string): string {
  const rim = /black|dark/.test(t) ? "#2B2F33" : /steel/.test(t) ? "#8A939E" : "#C9CED6";
  const spokeColour = /two-tone/.test(t) ? "#D5DBE1" : rim;
  const face = /two-tone/.test(t) ? "#2B2F33" : "#3A4047";
  const tread = /all-terrain|\bat\b|mud/.test(t)
    ? `<circle cx="200" cy="150" r="121" fill="none" stroke="#30363D" stroke-width="18" stroke-dasharray="16 10"/>`
    : `<circle cx="200" cy="150" r="121" fill="none" stroke="#23282E" stroke-width="6"/>`;
  let spokes: string;
  if (/steel/.test(t)) {
    spokes =
      `<circle cx="200" cy="150" r="80" fill="${rim}"/>` +
      [0, 1, 2, 3, 4, 5, 6, 7]
        .map((k) => {
          const a = (k * Math.PI) / 4;
          return `<circle cx="${r(200 + Math.sin(a) * 52)}" cy="${r(150 - Math.cos(a) * 52)}" r="10" fill="${face}"/>`;
        })
        .join("");
  } else {
    const n = /sport|aero/.test(t) ? 10 : 5;
    const width = n === 10 ? 8 : 16;
    spokes =
      `<circle cx="200" cy="150" r="80" fill="${face}"/>` +
      Array.from({ length: n }, (_, k) => {
        const a = (k * 2 * Math.PI) / n;
        return `<line x1="200" y1="150" x2="${r(200 + Math.sin(a) * 80)}" y2="${r(150 - Math.cos(a) * 80)}" stroke="${spokeColour}" stroke-width="${width}" stroke-linecap="round"/>`;
      }).join("");
  }
  const nuts = [0, 1, 2, 3, 4]
    .map((k) => {
      const a = (k * 2 * Math.PI) / 5;
      return `<circle cx="${r(200 + Math.sin(a) * 16)}" cy="${r(150 - Math.cos(a) * 16)}" r="3.5" fill="#6B7785"/>`;
    })
    .join("");
  return (
    `<circle cx="200" cy="150" r="130" fill="#16191D"/>` +
    tread +
    `<circle cx="200" cy="150" r="90" fill="${rim}"/>` +
    spokes +
    `<circle cx="200" cy="150" r="84" fill="none" stroke="${rim}" stroke-width="8"/>` +
    `<circle cx="200" cy="150" r="26" fill="${rim}"/>${nuts}<circle cx="200" cy="150" r="8" fill="${PALETTE.teal}"/>`
  );
}

const ACCESSORIES: [RegExp, (c: string, l: string, t: string) => string][] = [
  [/wheel|tyre|\brims?\b/, (_c, _l, t) => wheelProduct(t)],
  [
    /bike|bicycle/,
    (c) =>
      `<rect x="40" y="250" width="320" height="12" rx="6" fill="${RUBBER}"/><rect x="90" y="238" width="14" height="14" fill="${METAL}"/><rect x="296" y="238" width="14" height="14" fill="${METAL}"/>` +
      `<g fill="none" stroke="${c}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round">` +
      `<circle cx="110" cy="180" r="58"/><circle cx="290" cy="180" r="58"/>` +
      `<path d="M110 180L170 112H262L290 180M170 112L200 180H110M200 180L262 112M170 112L160 90M146 88h30M262 112L254 86h22"/></g>`,
  ],
  [
    /bonnet|bug|stone ?guard/,
    () =>
      `<path d="M30 176Q200 108 370 176L360 214Q200 150 40 214Z" fill="${RUBBER}" fill-opacity="0.85"/>` +
      `<path d="M40 176Q200 116 360 176" fill="none" stroke="#FFFFFF" stroke-opacity="0.35" stroke-width="5"/>`,
  ],
  [
    /canopy/,
    (c) =>
      `<path d="M50 110H320L360 156V232H50Z" fill="${c}"/><path d="M72 132H190V190H72ZM206 132H312L338 162V190H206Z" fill="#23313D"/>` +
      `<rect x="40" y="232" width="330" height="14" rx="4" fill="${RUBBER}"/><rect x="60" y="206" width="40" height="8" rx="4" fill="${METAL}"/>`,
  ],
  [
    /liner|tub\b/,
    () =>
      `<path d="M50 80H350L380 246H20Z" fill="${RUBBER}"/><path d="M74 98H326L350 230H50Z" fill="#3A4047"/>` +
      `<g stroke="${RUBBER}" stroke-width="7">${[0, 1, 2, 3, 4, 5, 6].map((k) => `<line x1="${104 + k * 32}" y1="104" x2="${r(84 + k * 39)}" y2="224"/>`).join("")}</g>`,
  ],
  [
    /\bmats?\b|floor/,
    (c, l) =>
      `<path d="M90 60h220l30 190H60z" fill="${c}"/><path d="M110 90h180M105 130h190M100 170h200M95 210h210" stroke="${l}" stroke-width="8"/>`,
  ],
  [
    /dash ?cam|camera/,
    () =>
      `<ellipse cx="200" cy="66" rx="62" ry="12" fill="#3A4047"/><rect x="184" y="66" width="32" height="56" fill="#3A4047"/>` +
      `<rect x="110" y="118" width="180" height="100" rx="20" fill="${RUBBER}"/>` +
      `<circle cx="200" cy="168" r="38" fill="#14191F" stroke="#6B7785" stroke-width="8"/><circle cx="200" cy="168" r="15" fill="${PALETTE.tealLight}"/>` +
      `<circle cx="268" cy="136" r="7" fill="#C8102E"/>`,
  ],
  [
    /sill/,
    () => {
      const [ww, wd] = strokeWord("KESTREL");
      const k = 0.7;
      return (
        `<rect x="20" y="116" width="360" height="68" rx="12" fill="${METAL}"/><rect x="40" y="130" width="320" height="40" rx="6" fill="${RUBBER}"/>` +
        `<g transform="translate(${r(200 - (ww * k) / 2)} 136) scale(${k})"><path d="${wd}" fill="none" stroke="#7FD3F0" stroke-width="8" stroke-miterlimit="2"/></g>`
      );
    },
  ],
  [
    /first[- ]aid|medical/,
    () =>
      `<path d="M160 92V72Q160 58 174 58H226Q240 58 240 72V92" fill="none" stroke="#8E0B20" stroke-width="12"/>` +
      `<rect x="90" y="90" width="220" height="160" rx="24" fill="#C8102E"/>` +
      `<rect x="180" y="125" width="40" height="90" fill="#FFFFFF"/><rect x="155" y="150" width="90" height="40" fill="#FFFFFF"/>`,
  ],
  [
    /mud ?flaps?/,
    () =>
      [90, 220]
        .map(
          (x) =>
            `<rect x="${x - 8}" y="44" width="106" height="14" rx="4" fill="#8A939E"/><rect x="${x}" y="56" width="90" height="190" rx="8" fill="${PALETTE.charcoal}"/>` +
            `<path d="${WING_MARK}" fill="${PALETTE.amber}" transform="translate(${x + 22} 170) scale(0.72)"/>`,
        )
        .join(""),
  ],
  [
    /pet|barrier/,
    () =>
      `<g stroke="#6B7785" stroke-width="4">` +
      [0, 1, 2, 3, 4, 5, 6, 7, 8].map((k) => `<line x1="${88 + k * 28}" y1="56" x2="${88 + k * 28}" y2="244"/>`).join("") +
      [0, 1, 2, 3, 4, 5].map((k) => `<line x1="66" y1="${80 + k * 28}" x2="334" y2="${80 + k * 28}"/>`).join("") +
      `</g><rect x="60" y="50" width="280" height="200" rx="14" fill="none" stroke="${RUBBER}" stroke-width="14"/>`,
  ],
  [
    /spoiler/,
    (c) =>
      `<path d="M40 150Q200 104 360 128L352 164Q200 146 50 180Z" fill="${c}"/>` +
      `<rect x="170" y="140" width="60" height="7" rx="3" fill="#C8102E"/>`,
  ],
  [
    /snorkel|air intake/,
    () =>
      `<rect x="80" y="246" width="64" height="20" rx="4" fill="${RUBBER}"/>` +
      `<path d="M112 250V124Q112 78 158 78H262" fill="none" stroke="${PALETTE.charcoal}" stroke-width="38"/>` +
      `<rect x="252" y="44" width="96" height="66" rx="16" fill="${RUBBER}"/><path d="M268 60v34M284 60v34M300 60v34M316 60v34M332 60v34" stroke="#4B5560" stroke-width="5"/>`,
  ],
  [
    /pedal/,
    () => {
      const dots = (x0: number, y0: number, cols: number, rows: number) =>
        Array.from({ length: cols * rows }, (_, k) => `<circle cx="${x0 + (k % cols) * 22}" cy="${y0 + Math.floor(k / cols) * 22}" r="5" fill="${RUBBER}"/>`).join("");
      return (
        `<rect x="70" y="116" width="130" height="116" rx="16" fill="${METAL}"/>${dots(92, 138, 5, 4)}` +
        `<rect x="236" y="50" width="92" height="200" rx="16" fill="${METAL}"/>${dots(260, 74, 3, 8)}`
      );
    },
  ],
  [
    /sports? ?bar|roll ?bar/,
    () =>
      `<path d="M60 252V124Q60 82 102 82H298Q340 82 340 124V252M60 176H340" fill="none" stroke="${METAL}" stroke-width="20"/>` +
      `<path d="M56 250V124Q56 78 102 78H298" fill="none" stroke="#FFFFFF" stroke-opacity="0.5" stroke-width="4"/>` +
      `<rect x="40" y="246" width="40" height="12" fill="${RUBBER}"/><rect x="320" y="246" width="40" height="12" fill="${RUBBER}"/>`,
  ],
  [
    /tonneau/,
    () =>
      `<path d="M40 136H360L382 196H18Z" fill="${PALETTE.charcoal}"/>` +
      `<g stroke="#3E4C59" stroke-width="5">${[0, 1, 2, 3, 4].map((k) => `<line x1="${100 + k * 50}" y1="138" x2="${r(86 + k * 57)}" y2="194"/>`).join("")}</g>` +
      `<rect x="14" y="196" width="372" height="12" rx="4" fill="${METAL}"/>`,
  ],
  [
    /tow|hitch/,
    (c, l) =>
      `<rect x="40" y="130" width="240" height="36" rx="6" fill="${c}"/><rect x="270" y="138" width="60" height="20" fill="${l}"/><circle cx="346" cy="120" r="24" fill="${c}"/><rect x="338" y="120" width="16" height="38" fill="${c}"/>`,
  ],
  [
    /weather ?shields?|visor|deflector/,
    () =>
      `<path d="M40 176Q110 104 214 92L216 114Q128 124 62 186Z" fill="${RUBBER}" fill-opacity="0.8"/>` +
      `<path d="M236 90L362 84L356 104L238 112Z" fill="${RUBBER}" fill-opacity="0.8"/>`,
  ],
  [
    /wireless|charg/,
    () =>
      `<rect x="80" y="130" width="240" height="116" rx="22" fill="${RUBBER}"/>` +
      `<rect x="150" y="60" width="100" height="168" rx="16" fill="${PALETTE.charcoal}" stroke="#6B7785" stroke-width="4"/><rect x="160" y="74" width="80" height="134" rx="6" fill="${PALETTE.tealLight}"/>` +
      `<path d="M272 104q18 22 0 44M290 94q28 32 0 64" fill="none" stroke="${PALETTE.amber}" stroke-width="7" stroke-linecap="round"/>`,
  ],
  [
    /light ?bar|lamp|\bled\b/,
    (c) =>
      `<rect x="40" y="120" width="320" height="60" rx="30" fill="${c}"/><g fill="#FFF4D6">${[0, 1, 2, 3, 4, 5, 6].map((k) => `<circle cx="${80 + k * 40}" cy="150" r="14"/>`).join("")}</g>`,
  ],
  [
    /nudge|bull|guard|bash|protect/,
    (c, l) =>
      `<path d="M60 80h280v40l-30 110H90L60 120z" fill="none" stroke="${c}" stroke-width="20" stroke-linejoin="round"/><path d="M100 120h200M110 170h180" stroke="${l}" stroke-width="12"/>`,
  ],
  [
    /rack|roof|cross ?bar|carrier/,
    (c, l) =>
      `<rect x="40" y="150" width="320" height="18" rx="9" fill="${c}"/><rect x="60" y="110" width="280" height="14" rx="7" fill="${l}"/><path d="M80 124v26M320 124v26M90 168l-20 50h40zM310 168l-20 50h40z" stroke="${c}" stroke-width="10" fill="${c}"/>`,
  ],
  [
    /awning|shade/,
    (c, l) =>
      `<path d="M40 90h320l-30 70H70z" fill="${c}"/><path d="M70 160v90M330 160v90" stroke="${l}" stroke-width="10"/><rect x="40" y="78" width="320" height="16" rx="8" fill="${l}"/>`,
  ],
];

function accessorySvg(e: ManifestEntry, rand: () => number): string {
  const { width: w, height: h } = e;
  const t = `${e.title} ${e.file}`.toLowerCase();
  const metal = /alloy|stainless|alumin|chrome/.test(t) && !/wheel/.test(t);
  const colour = accentFor(e, metal ? "#9AA5B1" : /colour-coded/.test(t) ? PALETTE.teal : PALETTE.charcoal);
  const light = shade(colour, 0.35);
  const defs = `<radialGradient id="bg" cx="0.5" cy="0.45" r="0.7"><stop offset="0" stop-color="#FFFFFF"/><stop offset="1" stop-color="${PALETTE.mist}"/></radialGradient>`;
  // Match the title first (the product name), then the file name.
  const title = e.title.toLowerCase();
  const found = ACCESSORIES.find(([re]) => re.test(title)) ?? ACCESSORIES.find(([re]) => re.test(t));
  const product = found
    ? found[1](colour, light, t)
    : `<rect x="90" y="80" width="220" height="160" rx="16" fill="${colour}"/><path d="M90 130h220" stroke="${light}" stroke-width="10"/><rect x="170" y="60" width="60" height="30" rx="8" fill="${light}"/>`;
  const s = Math.min(w / 400, (h * 0.74) / 300);
  const pad = Math.max(8, w * 0.04);
  const { size, lines } = fitText(e.title, h * 0.055, w - pad * 2, 1, 8);
  const body =
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>` +
    `<ellipse cx="${r(w / 2)}" cy="${r(h * 0.06 + 280 * s)}" rx="${r(w * 0.3)}" ry="${r(h * 0.025)}" fill="#000" fill-opacity="0.1"/>` +
    `<g transform="translate(${r((w - 400 * s) / 2)} ${r(h * 0.05 + rand() * 0.001)}) scale(${r4(s)})">${product}</g>` +
    textBlock({ text: e.title, lines, x: w / 2, y: h - pad, size, fill: PALETTE.charcoal, anchor: "middle", weight: 600 });
  return svgDoc(w, h, body, defs);
}

/** Trim colour from words in an interior title. */
function trimColour(t: string): string {
  if (/tan|saddle|cognac|brown/.test(t)) return "#A8764A";
  if (/ebony|black/.test(t)) return "#24272B";
  if (/charcoal/.test(t)) return "#36393D";
  if (/slate/.test(t)) return "#4F5B66";
  if (/grey|gray|silver/.test(t)) return "#72787F";
  if (/beige|sand|cream|stone/.test(t)) return "#CDBB9E";
  if (/red/.test(t)) return "#8E1B22";
  return "#3A3D40";
}

function interiorSvg(e: ManifestEntry): string {
  const { width: w, height: h } = e;
  const t = `${e.title}`.toLowerCase();
  const base = accentFor(e, trimColour(t));
  const light = shade(base, 0.22);
  const insert = /two-tone/.test(t) ? "#8A939E" : shade(base, 0.1);
  const stitch = /sport|two-tone/.test(t) ? PALETTE.amber : shade(base, 0.45);
  const leather = /leather|nappa|vinyl/.test(t);
  const tex = leather
    ? `<pattern id="tex" width="14" height="14" patternUnits="userSpaceOnUse"><circle cx="7" cy="7" r="1.6" fill="#000" fill-opacity="0.28"/></pattern>`
    : `<pattern id="tex" width="8" height="8" patternUnits="userSpaceOnUse"><path d="M0 8L8 0M-2 2L2 -2M6 10L10 6" stroke="#FFFFFF" stroke-opacity="0.09" stroke-width="2"/></pattern>`;
  const defs =
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${PALETTE.offWhite}"/><stop offset="1" stop-color="${PALETTE.mist}"/></linearGradient>` +
    tex;
  // Seat side view in a 400x300 box.
  const seat =
    `<rect x="150" y="232" width="150" height="18" rx="4" fill="${RUBBER}"/>` +
    `<path d="M96 30Q92 6 116 6H146Q166 6 164 26L162 34Q160 44 146 44H110Q98 44 96 34Z" fill="${base}"/>` +
    `<path d="M118 186L92 62Q88 42 108 40L150 38Q168 38 170 56L182 178Z" fill="${base}"/>` +
    `<path d="M110 64L148 62L160 170L128 172Z" fill="${insert}"/>` +
    `<path d="M120 200Q118 176 140 172L300 168Q326 168 328 190L326 214Q324 230 300 230L140 232Q120 232 120 214Z" fill="${base}"/>` +
    `<path d="M150 182L300 180Q312 180 312 192V204Q312 214 300 214L150 216Z" fill="${insert}"/>` +
    `<path d="M110 64L148 62L160 170L128 172ZM150 182L300 180Q312 180 312 192V204Q312 214 300 214L150 216Z" fill="url(#tex)"/>` +
    `<path d="M110 64L148 62L160 170L128 172ZM150 182L300 180Q312 180 312 192V204Q312 214 300 214L150 216Z" fill="none" stroke="${stitch}" stroke-width="2" stroke-dasharray="5 4"/>`;
  const s = Math.min((w * 0.55) / 400, (h * 0.8) / 300);
  const sw = Math.min(w * 0.3, h * 0.55);
  const pad = Math.max(8, w * 0.04);
  const { size, lines } = fitText(e.title, h * 0.06, w - pad * 2, 1, 8);
  const body =
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>` +
    `<g transform="translate(${r(w * 0.06)} ${r(h * 0.06)}) scale(${r4(s)})">${seat}</g>` +
    `<rect x="${r(w * 0.62)}" y="${r(h * 0.16)}" width="${r(sw)}" height="${r(sw)}" rx="${r(sw * 0.08)}" fill="${light}"/>` +
    `<rect x="${r(w * 0.62)}" y="${r(h * 0.16)}" width="${r(sw)}" height="${r(sw)}" rx="${r(sw * 0.08)}" fill="url(#tex)"/>` +
    `<rect x="${r(w * 0.62 + sw * 0.08)}" y="${r(h * 0.16 + sw * 0.08)}" width="${r(sw * 0.84)}" height="${r(sw * 0.84)}" rx="${r(sw * 0.05)}" fill="none" stroke="${stitch}" stroke-width="2" stroke-dasharray="6 5"/>` +
    textBlock({ text: e.title, lines, x: pad, y: h - pad, size, fill: PALETTE.charcoal, weight: 600 });
  return svgDoc(w, h, body, defs);
}

function colourSvg(e: ManifestEntry): string {
  const { width: w, height: h } = e;
  const c = accentFor(e, PALETTE.teal);
  const defs =
    `<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="#FFFFFF" stop-opacity="0.35"/><stop offset="0.5" stop-color="#FFFFFF" stop-opacity="0"/>` +
    `<stop offset="1" stop-color="#000000" stop-opacity="0.2"/></linearGradient>`;
  const m = Math.min(w, h);
  const body =
    `<rect width="${w}" height="${h}" fill="${c}"/>` +
    `<rect width="${w}" height="${h}" fill="url(#sheen)"/>` +
    `<path d="M0 ${r(h * 0.62)}Q${r(w * 0.5)} ${r(h * 0.38)} ${r(w)} ${r(h * 0.5)}L${r(w)} ${r(h * 0.56)}Q${r(w * 0.5)} ${r(h * 0.46)} 0 ${r(h * 0.7)}Z" fill="#FFFFFF" fill-opacity="0.16"/>` +
    `<rect x="${r(m * 0.02)}" y="${r(m * 0.02)}" width="${r(w - m * 0.04)}" height="${r(h - m * 0.04)}" fill="none" stroke="#000" stroke-opacity="0.08" stroke-width="${r(Math.max(1, m * 0.02))}"/>`;
  return svgDoc(w, h, body, defs);
}

export function composeSvg(e: ManifestEntry): string {
  vehicleSeq = 0;
  const rand = prng(seedOf(e.file));
  switch (e.kind) {
    case "hero":
      return heroSvg(e, rand, e.width / e.height >= 2.6);
    case "banner":
      return bannerSvg(e, rand);
    case "tile":
      return tileSvg(e, rand, false);
    case "thumb":
      return thumbSvg(e, rand);
    case "gallery":
      return gallerySvg(e, rand);
    case "vehicle":
      return vehicleSvg(e);
    case "icon":
      return iconSvg(e);
    case "logo":
      return logoSvg(e);
    case "accessory":
      return accessorySvg(e, rand);
    case "colour":
      return colourSvg(e);
  }
}

// ---------------------------------------------------------------------------------------
// Hashing, rendering, I/O
// ---------------------------------------------------------------------------------------

export function entryHash(e: ManifestEntry): string {
  const canonical = JSON.stringify({
    v: RENDERER_VERSION,
    file: e.file,
    width: e.width,
    height: e.height,
    kind: e.kind,
    title: e.title,
    colour: e.colour ?? null,
  });
  return createHash("sha256").update(canonical).digest("hex").slice(0, 16);
}

const HASH_NS = "https://kestrel-motors.example/ns/asset/1.0/";

function xmpPacket(hash: string, title: string): string {
  return (
    `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>` +
    `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
    `<rdf:Description rdf:about="" xmlns:ka="${HASH_NS}" ka:hash="${hash}" ka:generator="${RENDERER_VERSION}" ka:title="${esc(title)}"/>` +
    `</rdf:RDF></x:xmpmeta><?xpacket end="w"?>`
  );
}

async function readStoredHash(file: string, ext: Ext): Promise<string | null> {
  try {
    if (ext === "svg") {
      const head = readFileSync(file, "utf8").slice(0, 300);
      return /<!-- kestrel-asset-hash: ([0-9a-f]+) -->/.exec(head)?.[1] ?? null;
    }
    const meta = await sharp(file).metadata();
    const xmp = meta.xmpAsString ?? meta.xmp?.toString("utf8") ?? "";
    return /ka:hash="([0-9a-f]+)"/.exec(xmp)?.[1] ?? null;
  } catch {
    return null;
  }
}

export async function renderEntry(e: ManifestEntry): Promise<Buffer> {
  const ext = extOf(e.file);
  const svg = composeSvg(e);
  const hash = entryHash(e);
  if (ext === "svg") {
    return Buffer.from(`<!-- kestrel-asset-hash: ${hash} -->\n${svg}\n`, "utf8");
  }
  // Flat vector art: a 256-colour palette halves PNG sizes without visible banding.
  const flat = e.kind !== "gallery" && e.kind !== "hero";
  let img = sharp(Buffer.from(svg), { density: 72 }).resize(e.width, e.height, { fit: "fill" });
  img = img.withXmp(xmpPacket(hash, e.title));
  switch (ext) {
    case "jpg":
    case "jpeg":
      return img.flatten({ background: PALETTE.offWhite }).jpeg({ quality: 78, mozjpeg: true, chromaSubsampling: "4:2:0" }).toBuffer();
    case "png":
      return img
        .png({ compressionLevel: 9, adaptiveFiltering: true, palette: flat, quality: 90, dither: 0.5, effort: 8 })
        .toBuffer();
    case "webp":
      return img.webp({ quality: 78, effort: 5 }).toBuffer();
  }
}

function extOf(file: string): Ext {
  const ext = path.extname(file).slice(1).toLowerCase();
  return ext as Ext;
}

function validateEntry(raw: unknown, index: number): { entry?: ManifestEntry; error?: string } {
  const where = `entry ${index}`;
  if (!raw || typeof raw !== "object") return { error: `${where}: not an object` };
  const o = raw as Record<string, unknown>;
  const file = o.file;
  if (typeof file !== "string" || !file) return { error: `${where}: "file" missing` };
  if (file !== path.basename(file) || file.startsWith(".") || /[\\/]/.test(file)) {
    return { error: `${where} (${file}): "file" must be a plain file name` };
  }
  const ext = path.extname(file).slice(1).toLowerCase();
  if (!(EXTENSIONS as readonly string[]).includes(ext)) {
    return { error: `${where} (${file}): unsupported extension ".${ext}" (use ${EXTENSIONS.join(", ")})` };
  }
  const width = o.width;
  const height = o.height;
  if (!Number.isInteger(width) || (width as number) < 1 || (width as number) > 8000) {
    return { error: `${where} (${file}): "width" must be an integer 1..8000` };
  }
  if (!Number.isInteger(height) || (height as number) < 1 || (height as number) > 8000) {
    return { error: `${where} (${file}): "height" must be an integer 1..8000` };
  }
  if (typeof o.kind !== "string" || !(KINDS as readonly string[]).includes(o.kind)) {
    return { error: `${where} (${file}): "kind" must be one of ${KINDS.join(", ")}` };
  }
  if (typeof o.title !== "string") return { error: `${where} (${file}): "title" must be a string` };
  if (o.colour !== undefined && o.colour !== null && !isHex(o.colour)) {
    return { error: `${where} (${file}): "colour" must be #rgb or #rrggbb` };
  }
  return {
    entry: {
      file,
      width: width as number,
      height: height as number,
      kind: o.kind as Kind,
      title: o.title,
      colour: typeof o.colour === "string" ? o.colour : undefined,
    },
  };
}

function parseArgs(argv: string[]): { manifest: string; out: string; force: boolean; quiet: boolean } {
  const root = process.cwd();
  let manifest = path.join(root, "content-fixtures", "assets.manifest.json");
  let out = path.join(root, "content-fixtures", "assets");
  let force = false;
  let quiet = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--force" || a === "-f") force = true;
    else if (a === "--quiet" || a === "-q") quiet = true;
    else if (a === "--manifest" && argv[i + 1]) manifest = path.resolve(argv[++i]);
    else if (a.startsWith("--manifest=")) manifest = path.resolve(a.slice("--manifest=".length));
    else if (a === "--out" && argv[i + 1]) out = path.resolve(argv[++i]);
    else if (a.startsWith("--out=")) out = path.resolve(a.slice("--out=".length));
    else if (a === "--help" || a === "-h") {
      console.log("Usage: tsx scripts/generate-assets.ts [--manifest <path>] [--out <dir>] [--force] [--quiet]");
      process.exit(0);
    } else {
      console.error(`Unknown argument: ${a}`);
      process.exit(2);
    }
  }
  return { manifest, out, force, quiet };
}

function fmtBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(2)} MB`;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const rel = (p: string) => path.relative(process.cwd(), p) || ".";
  if (!existsSync(args.manifest)) {
    console.error(`generate-assets: manifest not found: ${rel(args.manifest)}`);
    process.exit(1);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(args.manifest, "utf8"));
  } catch (err) {
    console.error(`generate-assets: cannot parse ${rel(args.manifest)}: ${(err as Error).message}`);
    process.exit(1);
  }
  const list: unknown[] = Array.isArray(parsed)
    ? parsed
    : parsed && typeof parsed === "object" && Array.isArray((parsed as { assets?: unknown }).assets)
      ? ((parsed as { assets: unknown[] }).assets)
      : [];
  if (!list.length) {
    console.error(`generate-assets: ${rel(args.manifest)} holds no entries (expected an array or { "assets": [...] })`);
    process.exit(1);
  }

  mkdirSync(args.out, { recursive: true });
  const errors: string[] = [];
  const seen = new Set<string>();
  const counts = { generated: 0, skipped: 0, kept: 0 };
  let bytesWritten = 0;
  let bytesTotal = 0;
  const started = Date.now();

  for (let i = 0; i < list.length; i++) {
    const { entry, error } = validateEntry(list[i], i);
    if (!entry) {
      errors.push(error ?? `entry ${i}: invalid`);
      continue;
    }
    if (seen.has(entry.file.toLowerCase())) {
      errors.push(`entry ${i} (${entry.file}): duplicate file name`);
      continue;
    }
    seen.add(entry.file.toLowerCase());
    const target = path.join(args.out, entry.file);
    const ext = extOf(entry.file);
    const hash = entryHash(entry);
    const exists = existsSync(target);

    if (exists && HAND_AUTHORED.has(entry.file)) {
      counts.kept++;
      bytesTotal += statSync(target).size;
      if (!args.quiet) console.log(`  kept      ${entry.file}  (hand-authored file, not generated)`);
      continue;
    }
    if (exists) {
      const stored = await readStoredHash(target, ext);
      if (stored === hash && !args.force) {
        counts.skipped++;
        bytesTotal += statSync(target).size;
        if (!args.quiet) console.log(`  current   ${entry.file}`);
        continue;
      }
      if (stored === null && !args.force) {
        counts.kept++;
        bytesTotal += statSync(target).size;
        console.warn(`  kept      ${entry.file}  (exists without a generator hash; use --force to replace)`);
        continue;
      }
    }
    try {
      const buf = await renderEntry(entry);
      writeFileSync(target, buf);
      counts.generated++;
      bytesWritten += buf.length;
      bytesTotal += buf.length;
      if (!args.quiet) {
        console.log(
          `  generated ${entry.file}  ${entry.kind} ${entry.width}x${entry.height}  ${fmtBytes(buf.length)}`,
        );
      }
      if ((ext === "jpg" || ext === "jpeg") && entry.width * entry.height >= 1920 * 1000 && buf.length > 150 * 1024) {
        console.warn(`  warning   ${entry.file} is ${fmtBytes(buf.length)} (budget 150 KB)`);
      }
    } catch (err) {
      errors.push(`${entry.file}: render failed: ${(err as Error).message}`);
    }
  }

  const secs = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `\ngenerate-assets: ${list.length} entries in ${rel(args.manifest)} -> ${rel(args.out)}\n` +
      `  generated ${counts.generated} (${fmtBytes(bytesWritten)}), up-to-date ${counts.skipped}, kept ${counts.kept}, ` +
      `errors ${errors.length}; ${fmtBytes(bytesTotal)} in manifest files; ${secs}s`,
  );
  if (errors.length) {
    for (const e of errors) console.error(`  error: ${e}`);
    process.exit(1);
  }
}

const invokedDirectly = (() => {
  const arg = process.argv[1];
  if (!arg) return false;
  const self = new URL(import.meta.url).pathname;
  return path.resolve(arg) === self || path.resolve(arg).replace(/\.ts$/, "") === self.replace(/\.ts$/, "");
})();

if (invokedDirectly) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
