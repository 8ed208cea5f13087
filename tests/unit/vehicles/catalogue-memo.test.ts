import { describe, expect, it } from "vitest";
import { deepFreeze } from "~/content/cache.server";
import type { Story } from "~/content/schema";
import { catalogueOf } from "~/features/vehicles/vehicles.server";

/** The country catalogue is built once per content version (issue 26 item 6), the same as fresh. */

type Rec = Record<string, unknown>;
const story = (id: number, slug: string, content: Rec): Story<Rec> => ({ id, uuid: `u${id}`, slug, full_slug: `car-configurator/models/${slug}`, content }) as unknown as Story<Rec>;

function lists() {
  const line = story(1, "tarrak", { component: "model-line", name: "Tarrak" });
  const colour = story(2, "white", { component: "colour", name: "White" });
  const price = story(3, "p", { component: "vehicle-price", nsw: 1 });
  const model = story(4, "gx", { component: "model-au", model_line: "u1", colours: ["u2"], driveaway_state_prices: ["u3"] });
  return [[line], [model], [colour], [], [price]] as const;
}

describe("catalogueOf", () => {
  it("resolves references as before, and is kept with the cached (frozen) lists", () => {
    const [l, m, c, d, p] = lists();
    const fresh = catalogueOf(l, m, c, d, p);
    expect(fresh.models[0]!.content.colours).toEqual([c[0]]);
    expect(fresh.models[0]!.content.model_line).toBe(l[0]);
    expect(catalogueOf(l, m, c, d, p)).not.toBe(fresh);

    const [fl, fm, fc, fd, fp] = deepFreeze(lists());
    const kept = catalogueOf(fl, fm, fc, fd, fp);
    expect(kept).toEqual(fresh);
    expect(catalogueOf(fl, fm, fc, fd, fp)).toBe(kept);
    expect(Object.isFrozen(kept.models[0]!.content)).toBe(true);
    // Another list (a new content version of the prices) builds a new one.
    const [, , , , newPrices] = deepFreeze(lists());
    expect(catalogueOf(fl, fm, fc, fd, newPrices)).not.toBe(kept);
  });
});
