import type { Country } from "~/content/schema";
import { formBuildLoader } from "./build-handoff.server";
import type { FormBuildView } from "./build-handoff";
import { fieldComponent, fieldsOf, fieldType, formBlokSchema } from "./content";
import type { DealerLookup } from "./dealer-lookup";
import { lookupDealersAround } from "./dealers.server";

export interface FormBlockData {
  /** The configurator build the page's link carries (`?build=`). */
  build: FormBuildView | null;
  /**
   * The dealers around the dealer the page's link carries (`?dealer=`, from the dealer locator),
   * that dealer first: the server renders them, so the buyer sees the dealer without JavaScript.
   */
  dealers: DealerLookup | null;
}

/** Data of the `form` block (its loader.server.ts), from the page's link. */
export async function formBlockLoader(args: { blok: Record<string, unknown>; country: Country; request: Request }): Promise<FormBlockData> {
  const [{ build }, dealers] = await Promise.all([formBuildLoader(args), dealersFromLink(args)]);
  return { build, dealers };
}

async function dealersFromLink({ blok, country, request }: { blok: Record<string, unknown>; country: Country; request: Request }): Promise<DealerLookup | null> {
  const code = new URL(request.url).searchParams.get("dealer");
  if (!code) return null;
  const parsed = formBlokSchema.safeParse(blok);
  if (!parsed.success) return null;
  const selector = fieldsOf(parsed.data, country).some((f) => fieldComponent(f) === "SelectDealership" && fieldType(f) !== "hidden");
  return selector ? lookupDealersAround(code, country) : null;
}
