/** After `remix vite:build`: brotli and gzip files beside the client build's files (scripts/lib/precompress.ts). */
import path from "node:path";

import { precompressDir } from "./lib/precompress";

const dir = path.resolve(process.env.BUILD_DIR ?? "build", "client");
console.log(`Precompressed ${precompressDir(dir)} files in ${path.relative(process.cwd(), dir)} (brotli and gzip).`);
