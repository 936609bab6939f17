// Builds the web client into one folder: app.js (one ES module: the client and Preact),
// app.css, and the static files (index.html, icon). esbuild is deterministic, so the same
// sources give the same bytes; tests/api/test_typescript_client.py relies on it.
// Usage: node build.mjs [out folder, ../api/site by default]
import { build } from "esbuild";
import { cp, mkdir, rm } from "node:fs/promises";

const out = process.argv[2] ?? "../api/site";
await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
await build({
  entryPoints: { app: "src/main.tsx" },
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: true,
  legalComments: "none",
  charset: "utf8",
  outdir: out,
  logLevel: "warning",
});
await cp("static", out, { recursive: true });
