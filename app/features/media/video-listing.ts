import { slugify } from "./video";

/**
 * The video listing's selection (pure): `?model=` and `?video=` hold slugified headings. No
 * (or an unknown) model gives the category cards view; a model gives its view with one video
 * selected: the one `?video=` names, else the model's hero video, else its first video.
 */

export interface ListingVideoLike {
  heading?: string | null;
  video?: { filename?: string | null } | null;
}

export interface ListingModelLike<V extends ListingVideoLike> {
  heading?: string | null;
  heroVideo?: { filename?: string | null } | null;
  videoCategories?: readonly { videos?: readonly V[] | null }[] | null;
}

export interface VideoSelection<M, V> {
  model: M | null;
  /** The selected video of the model; null with the hero video (or nothing) playing. */
  video: V | null;
  /** Slugs for the URL. */
  modelSlug: string;
  videoSlug: string;
}

/** Videos of a model in category order, only those with a video file or link. */
export function modelVideos<V extends ListingVideoLike>(model: ListingModelLike<V>): V[] {
  return (model.videoCategories ?? []).flatMap((c) => c.videos ?? []).filter((v) => v.video?.filename);
}

export function selectVideo<V extends ListingVideoLike, M extends ListingModelLike<V>>(
  models: readonly M[],
  query: { model?: string | null; video?: string | null },
): VideoSelection<M, V> {
  const model = query.model ? (models.find((m) => slugify(m.heading) === query.model) ?? null) : null;
  if (!model) return { model: null, video: null, modelSlug: "", videoSlug: "" };
  const videos = modelVideos<V>(model);
  const named = query.video ? videos.find((v) => slugify(v.heading) === query.video) : undefined;
  const video = named ?? (model.heroVideo?.filename ? null : (videos[0] ?? null));
  return { model, video, modelSlug: slugify(model.heading), videoSlug: video ? slugify(video.heading) : "" };
}

/** `?model=&video=` for links (other parameters kept); `video` left out when empty. */
export function videoListingSearch(modelSlug: string, videoSlug: string, base?: URLSearchParams): string {
  const params = new URLSearchParams(base);
  params.delete("model");
  params.delete("video");
  if (modelSlug) params.set("model", modelSlug);
  if (modelSlug && videoSlug) params.set("video", videoSlug);
  const s = params.toString();
  return s ? `?${s}` : "?";
}
