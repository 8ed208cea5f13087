import { readFileSync, readdirSync } from "node:fs";
import { SourceMapConsumer } from "source-map-js";
const dir = "build/client/assets";
const target = process.argv[2];
for (const f of readdirSync(dir).filter((f) => f.endsWith(".js.map") && f.includes(target))) {
  const map = JSON.parse(readFileSync(`${dir}/${f}`, "utf8"));
  const code = readFileSync(`${dir}/${f.replace(/\.map$/, "")}`, "utf8");
  const lines = code.split("\n");
  const c = new SourceMapConsumer(map);
  const bytes = new Map();
  let prev = null;
  c.eachMapping((m) => {
    if (prev && prev.generatedLine === m.generatedLine) {
      const n = m.generatedColumn - prev.generatedColumn;
      bytes.set(prev.source, (bytes.get(prev.source) ?? 0) + n);
    } else if (prev) {
      const n = lines[prev.generatedLine - 1].length - prev.generatedColumn;
      bytes.set(prev.source, (bytes.get(prev.source) ?? 0) + n);
    }
    prev = m;
  });
  const agg = new Map();
  for (const [s, n] of bytes) {
    const key = (s ?? "?").replace(/.*node_modules\//, "nm:").replace(/^(nm:(@[^/]+\/)?[^/]+).*/, "$1").replace(/.*\/app\//, "app/");
    agg.set(key, (agg.get(key) ?? 0) + n);
  }
  console.log(f, code.length);
  for (const [k, n] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 70)) console.log(String(n).padStart(8), k);
}
