import { useStoryMeta } from "~/content/story-context";
import { categoryLabels, COUNTRY_TIME_ZONE, formatPublishDate } from "~/features/news/format";
import { useNewsCategories } from "~/features/news/use-news-categories";
import { useSite } from "~/features/site-state/site-context";
import { ResponsiveImage } from "~/components/image";
import { Blocks } from "../blocks";
import type { NewsDetailBlok } from "./news-detail.schema";

/** A news article: banner image, categories, publish date, title and body blocks. */
export function NewsDetail({ blok }: { blok: NewsDetailBlok }) {
  const story = useStoryMeta();
  const { country } = useSite();
  const categories = categoryLabels(blok.news_categories, useNewsCategories());
  const banner = blok.banner_image?.filename ? blok.banner_image : null;
  return (
    <article className="news-detail">
      {banner ? (
        <ResponsiveImage className="news-detail__banner" asset={banner} width={1920} height={1080} priority />
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

export default NewsDetail;
