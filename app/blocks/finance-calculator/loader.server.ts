import { pageCalculatorData, type PageCalculatorData } from "~/features/finance/page-calculator.server";
import { buyerContextFromRequest } from "~/features/site-state/cookies.server";
import type { BlockLoaderArgs } from "../types";
import { vehicleBlockLoader } from "../vehicle-data.server";

/** Every line's quotable models (AU; the calculator is AU only), the calculator content and the URL's quote. */
export async function loader(args: BlockLoaderArgs): Promise<PageCalculatorData | null> {
  if (args.country !== "au") return null;
  // Every line (the blok names none), without card quotes.
  const { lines } = await vehicleBlockLoader({ ...args, blok: { _uid: args.blok._uid, component: args.blok.component } });
  return pageCalculatorData(lines, new URL(args.request.url).searchParams, buyerContextFromRequest(args.request, args.country));
}
