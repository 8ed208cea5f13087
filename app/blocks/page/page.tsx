import { Blocks } from "../blocks";
import type { PageBlok } from "./page.schema";

export function Page({ blok }: { blok: PageBlok }) {
  return (
    <div className="page">
      <Blocks bloks={blok.body} />
    </div>
  );
}

export default Page;
