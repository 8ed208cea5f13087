import { isRecord } from "~/lib/object";

/**
 * The query parameters each block reads (its loader on the server, its component in the render),
 * declared once beside its schema: `export const queryParams = ["model", "dealer"] as const;` in
 * app/blocks/<name>/<name>.schema.ts. A page is cached per value of the parameters its story's
 * bloks read and no others (app/features/page-keys/page-keys.ts), so an undeclared read would
 * serve one visitor's page to another: tests/unit/blocks/query-params.test.ts checks each block's
 * code against its list.
 */
// Whole modules: most schemas export no list, and the bundler refuses a named import that is missing.
const modules = import.meta.glob<{ queryParams?: readonly string[] }>("./*/*.schema.ts", { eager: true });

export const blockQueryParams: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(modules).flatMap(([file, module]) => {
    const [, folder, base] = file.split("/");
    return base === `${folder}.schema.ts` && Array.isArray(module.queryParams) ? [[folder!, module.queryParams]] : [];
  }),
);

/**
 * The query parameters the bloks in `content` read, at any depth (nested bloks, rich-text bloks,
 * resolved relations): the union of their blocks' declarations.
 */
export function queryParamsOf(content: unknown, declared: Readonly<Record<string, readonly string[]>> = blockQueryParams): Set<string> {
  const read = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
      return;
    }
    if (!isRecord(value)) return;
    const { component } = value;
    if (typeof component === "string" && Object.prototype.hasOwnProperty.call(declared, component)) {
      for (const name of declared[component]!) read.add(name);
    }
    for (const child of Object.values(value)) walk(child);
  };
  walk(content);
  return read;
}
