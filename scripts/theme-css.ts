/** `npm run theme:css`: writes app/ui/theme.generated.css from app/ui/theme.ts (see theme-css.ts). */
import { writeFileSync } from "node:fs";
import path from "node:path";

import { themeCss } from "../app/ui/theme-css";

const file = path.resolve("app/ui/theme.generated.css");
writeFileSync(file, themeCss());
console.log(`Wrote ${path.relative(process.cwd(), file)}.`);
