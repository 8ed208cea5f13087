import { useState, type MouseEvent } from "react";
import { ResponsiveImage } from "~/components/image";
import { useHydrated } from "~/islands/use-hydrated";
import type { Asset } from "~/content/schema";
import { assetDownloadUrl, downloadAsset } from "../download-client";

export interface GalleryProps {
  images: readonly Asset[];
  /** Visible label of each download link; the image's alt text completes its accessible name. */
  downloadLabel: string;
  /** Accessible name of the gallery list. */
  label: string;
}

/**
 * An image gallery with a download link per image (GET /api/download/asset?url=). Without
 * JavaScript the link downloads as an attachment; with it the file is fetched and saved in
 * place, and a failure is only logged.
 */
export function Gallery({ images, downloadLabel, label }: GalleryProps) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState<string | null>(null);
  const list = images.filter((a) => a.filename);
  if (list.length === 0) return null;
  const onClick = (event: MouseEvent, url: string) => {
    if (!hydrated || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    if (busy) return;
    setBusy(url);
    void downloadAsset(url).finally(() => setBusy(null));
  };
  return (
    <ul className="gallery" aria-label={label}>
      {list.map((image, i) => {
        const url = image.filename ?? "";
        const name = image.alt || image.title || `${i + 1}`;
        return (
          <li key={`${url}-${i}`} className="gallery__item">
            <ResponsiveImage asset={image} width={800} height={533} sizes="(min-width: 992px) 33vw, (min-width: 576px) 50vw, 100vw" />
            <a
              className="gallery__download"
              href={assetDownloadUrl(url)}
              download
              aria-busy={busy === url || undefined}
              onClick={(e) => onClick(e, url)}
            >
              {downloadLabel}
              <span className="visually-hidden">: {name}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
