#!/usr/bin/env bash
# One-off: builds the short brand clip used by the video fixtures.
#
#   content-fixtures/assets/kestrel-drive.mp4         H.264, 640x360, 25 fps, 4 s, no audio
#   content-fixtures/assets/kestrel-drive.webm        VP9,   640x360, 25 fps, 4 s, no audio
#   content-fixtures/assets/kestrel-drive-poster.jpg  640x360 poster (frame 60)
#   content-fixtures/assets/kestrel-drive.vtt         WebVTT captions (the on-screen text)
#
# These files are committed. CI never runs this script. To rebuild them you need ffmpeg
# (Debian: apt-get update && apt-get install -y ffmpeg) and the npm dependencies
# (sharp, tsx). Run from anywhere:  bash scripts/make-video.sh
#
# The frames are drawn with the same brand shapes as scripts/generate-assets.ts
# (palette, landscape, road, vehicle silhouette, stroke wordmark) and rendered with sharp.
# The videos were made with ffmpeg 5.1 (Debian 12); other ffmpeg versions produce
# slightly different bytes.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/content-fixtures/assets"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/kestrel-video.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

command -v ffmpeg >/dev/null || { echo "ffmpeg is required (apt-get install -y ffmpeg)" >&2; exit 1; }

# 1. Render 100 PNG frames (4 s at 25 fps) and the poster.
cat > "$WORK/frames.mts" <<EOF
import { createRequire } from "node:module";
import {
  PALETTE, WING_MARK, landscape, prng, road, seedOf, strokeWord, svgDoc, textBlock, vehicleGroup,
} from "$ROOT/scripts/generate-assets.ts";

const sharp = createRequire("$ROOT/package.json")("sharp") as typeof import("sharp");
const W = 640, H = 360, FPS = 25, FRAMES = 100;
const horizon = H * 0.6, roadTop = H * 0.78;
const ease = (t: number) => 1 - (1 - Math.min(1, Math.max(0, t))) ** 3;
const clamp01 = (t: number) => Math.min(1, Math.max(0, t));
// The hills are drawn 1.5 frames wide and drift slowly for parallax.
const hills = landscape(W * 1.5, H, prng(seedOf("kestrel-drive")), horizon, ["#0E5C7A", PALETTE.tealDark]);
const [wordW, wordD] = strokeWord("KESTREL");

function frame(i: number): string {
  const t = i / FPS; // seconds
  const carW = 250;
  // Car drives in from the left (0-1.8 s), then cruises; the road keeps moving.
  const carX = -carW + (W * 0.52 + carW) * ease(t / 1.8);
  const wheelAngle = t * 720;
  const hillsX = -t * 12;
  const dashOffset = t * 260;
  const title = clamp01((t - 0.5) / 0.5);
  const subtitle = clamp01((t - 1.3) / 0.5);
  const endCard = clamp01((t - 2.8) / 0.45);
  const markScale = 1.1;
  const logoW = (64 + 18 + wordW) * markScale;
  const lx = (W - logoW) / 2, ly = 110;
  const body =
    \`<rect width="\${W}" height="\${H}" fill="url(#sky)"/>\` +
    \`<circle cx="\${W * 0.78}" cy="\${horizon - 30}" r="58" fill="\${PALETTE.amber}" fill-opacity="0.9"/>\` +
    \`<g transform="translate(\${hillsX.toFixed(2)} 0)">\${hills}</g>\` +
    road(W, H, roadTop, dashOffset) +
    vehicleGroup({ body: "suv", colour: PALETTE.offWhite, x: carX, ground: roadTop + (H - roadTop) * 0.5, width: carW, wheelAngle }) +
    \`<g opacity="\${title.toFixed(3)}">\` +
    textBlock({ text: "Kestrel Motors", x: 32, y: 72, size: 34, fill: PALETTE.offWhite }) +
    \`</g><g opacity="\${subtitle.toFixed(3)}">\` +
    textBlock({ text: "Built for the long way round.", x: 32, y: 108, size: 20, fill: PALETTE.amber, weight: 600 }) +
    \`</g>\` +
    \`<g opacity="\${endCard.toFixed(3)}"><rect width="\${W}" height="\${H}" fill="\${PALETTE.tealDark}"/>\` +
    \`<g transform="translate(\${lx.toFixed(2)} \${ly}) scale(\${markScale})"><path d="\${WING_MARK}" fill="\${PALETTE.amber}"/>\` +
    \`<g transform="translate(86 12) skewX(-8)"><path d="\${wordD}" fill="none" stroke="\${PALETTE.offWhite}" stroke-width="8" stroke-miterlimit="2"/></g></g>\` +
    textBlock({ text: "Find your nearest Kestrel dealer.", x: W / 2, y: 236, size: 22, fill: PALETTE.offWhite, anchor: "middle", weight: 600 }) +
    \`<rect x="\${W / 2 - 40}" y="256" width="80" height="4" fill="\${PALETTE.amber}"/></g>\`;
  const defs =
    \`<linearGradient id="sky" x1="0" y1="0" x2="0.35" y2="1"><stop offset="0" stop-color="\${PALETTE.tealDark}"/>\` +
    \`<stop offset="0.65" stop-color="\${PALETTE.teal}"/><stop offset="1" stop-color="#2E7A96"/></linearGradient>\`;
  return svgDoc(W, H, body, defs);
}

for (let i = 0; i < FRAMES; i++) {
  const png = await sharp(Buffer.from(frame(i))).png({ compressionLevel: 1 }).toBuffer();
  await sharp(png).toFile(\`$WORK/frame\${String(i).padStart(3, "0")}.png\`);
  if (i === 60) {
    await sharp(png).jpeg({ quality: 78, mozjpeg: true }).toFile("$OUT/kestrel-drive-poster.jpg");
  }
}
console.log(\`rendered \${FRAMES} frames\`);
EOF
(cd "$ROOT" && npx tsx "$WORK/frames.mts")

# 2. Encode. -bitexact and -map_metadata -1 keep encoder strings and dates out of the files.
ffmpeg -hide_banner -loglevel error -y -framerate 25 -i "$WORK/frame%03d.png" \
  -c:v libx264 -preset veryslow -tune animation -crf 26 -pix_fmt yuv420p \
  -profile:v main -level 3.0 -movflags +faststart -an \
  -map_metadata -1 -fflags +bitexact -flags:v +bitexact \
  "$OUT/kestrel-drive.mp4"

ffmpeg -hide_banner -loglevel error -y -framerate 25 -i "$WORK/frame%03d.png" \
  -c:v libvpx-vp9 -b:v 0 -crf 38 -deadline good -cpu-used 1 -row-mt 0 -threads 1 \
  -pix_fmt yuv420p -an \
  -map_metadata -1 -fflags +bitexact -flags:v +bitexact \
  "$OUT/kestrel-drive.webm"

# 3. Captions: the clip is silent, so the cues carry the on-screen text.
cat > "$OUT/kestrel-drive.vtt" <<'EOF'
WEBVTT

1
00:00:00.500 --> 00:00:01.300
Kestrel Motors

2
00:00:01.300 --> 00:00:02.800
Built for the long way round.

3
00:00:02.800 --> 00:00:04.000
Find your nearest Kestrel dealer.
EOF

ls -l "$OUT"/kestrel-drive*
