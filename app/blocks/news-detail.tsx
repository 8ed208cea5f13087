import { z } from "zod";
import { assetSchema, blokBase, bloksSchema } from "~/content/schema";
import { useStoryMeta } from "~/content/story-context";
import { categoryLabels, COUNTRY_TIME_ZONE, formatPublishDate } from "~/features/news/format";
import { useNewsCategories } from "~/features/news/use-news-categories";
import { useSite } from "~/features/site-state/site-context";
import { Blocks } from "./blocks";
import { defineBlock } from "./types";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("news-detail"),
    title: z.string().optional(),
    banner_image: assetSchema.nullish(),
    news_categories: z.array(z.string()).optional(),
    body: bloksSchema.optional(),
    navbar_solid: z.boolean().optional(),
    meta_title: z.string().optional(),
    meta_description: z.string().optional(),
    meta_image: assetSchema.nullish(),
    noindex: z.boolean().optional(),
  })
  .loose();

export type NewsDetailBlok = z.infer<typeof schema>;

/** A news article: banner image, categories, publish date, title and body blocks. */
export function NewsDetail({ blok }: { blok: NewsDetailBlok }) {
  const story = useStoryMeta();
  const { country } = useSite();
  const categories = categoryLabels(blok.news_categories, useNewsCategories());
  const banner = blok.banner_image?.filename ? blok.banner_image : null;
  return (
    <article className="news-detail">
      {banner ? (
        <img
          className="news-detail__banner"
          src={banner.filename ?? ""}
          alt={banner.alt ?? ""}
          width={1920}
          height={1080}
          fetchPriority="high"
        />
      ) : null}
      <div className="container news-detail__header">
        <p className="news-detail__meta">
          {categories ? <span className="news-detail__categories">{categories}</span> : null}
          <span className="news-detail__date">{formatPublishDate(story?.first_published_at, COUNTRY_TIME_ZONE[country])}</span>
        </p>
        <h1 className="news-detail__title">{blok.title}</h1>
      </div>
      <Blocks bloks={blok.body} />
    </article>
  );
}

export const newsDetail = defineBlock(schema, NewsDetail);
